import { BookOpen, ClipboardCheck, Sparkles, Target } from 'lucide-react';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../ui/Button';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { useStudentCourses, useStudentStats } from './api';
import { LearningIllustration } from './LearningIllustration';
import styles from './student.module.css';

/** Welcome, three stat cards and the recent-activity note. The average is the share of correct answer checks. */
export function StudentDashboard({ onOpenCourses }: { onOpenCourses(): void }) {
  const { user } = useAuth();
  const courses = useStudentCourses();
  const stats = useStudentStats();
  const enrolled = courses.data?.length ?? stats.data?.enrolledCourses;
  const average = stats.data?.averageGrade;

  return (
    <div className={styles.stack}>
      <section className={styles.welcome}>
        <div>
          <h1 className={styles.title}>Welcome back, {user?.firstName || 'student'}!</h1>
          <p className={styles.lead}>Pick up where you left off: every lesson comes with practice that tells you at once how you did.</p>
          <Button onClick={onOpenCourses}>Go to My Courses</Button>
        </div>
        <LearningIllustration className={styles.welcomeArt} />
      </section>
      <StatGrid label="Your figures">
        <StatCard icon={BookOpen} label="Enrolled Courses" value={enrolled === undefined ? '…' : String(enrolled)} />
        <StatCard icon={ClipboardCheck} label="Assignments Due" value="0" />
        <StatCard icon={Target} label="Average Grade" value={stats.isPending ? '…' : average === null || average === undefined ? '—' : `${average}%`} hint={average === null ? 'Check an answer to see your average' : stats.data ? `${stats.data.correctAttempts} of ${stats.data.attempts} checks correct` : undefined} />
      </StatGrid>
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>
          <Sparkles size={18} aria-hidden="true" /> Recent Activity
        </h2>
        <p className={styles.muted}>
          {enrolled === undefined ? 'Loading your activity...' : enrolled === 0 ? 'You are not enrolled in any course yet. Your teacher will assign your first course soon.' : `You are enrolled in ${enrolled} ${enrolled === 1 ? 'course' : 'courses'}. Keep up the great work!`}
        </p>
      </section>
    </div>
  );
}

