import { BookOpen, CheckCircle2, ClipboardCheck, MessageSquareText, Sparkles, Target } from 'lucide-react';
import type { StudentCourse, StudentStats } from '@common/schemas/learning';
import { useFamilyEnrollments } from '../../api/cart';
import { useAuth } from '../../auth/AuthProvider';
import { Button, ButtonLink } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { PageState } from '../../ui/PageState';
import { StatCard, StatGrid, StatLinkCard } from '../../ui/StatCard';
import { paths } from '../../paths';
import { NoteList } from '../../ui/NoteList';
import { useMyNotes, useStudentCourses, useStudentStats } from './api';
import { courseProgressText, plural } from '@common/rules';
import { sectionHref } from './progress';
import { LearningIllustration } from './LearningIllustration';
import { InviteParentCard } from './InviteParentCard';
import { JoinClassCard } from './JoinClassCard';
import { StudentEnrollments } from './StudentEnrollments';
import styles from './student.module.css';

/**
 * The student's Dashboard: a welcome (a first visit is told what happens next; a returning student picks up the
 * section they last practiced), their figures, and how far they are in each course. Figures reward learning: a
 * question solved after a few tries counts as solved, and first-try accuracy says how often the first check was right.
 * The page shows once its figures and courses are in (or failed): the welcome differs in height between a first
 * visit and a return, and a page drawn before it knew would jump under the reader (CLS 0.31 on a phone).
 */
export function StudentDashboard({ onOpenCourses }: { onOpenCourses(): void }) {
  const { user } = useAuth();
  const courses = useStudentCourses();
  const stats = useStudentStats();
  // Read here too so the page shows once its enrollments are in, like its figures: a card arriving late would push
  // the rest down.
  const enrollments = useFamilyEnrollments();
  const notes = useMyNotes();
  const name = user?.firstName || 'student';
  if (stats.isPending || courses.isPending || enrollments.isPending || notes.isPending)
    return <PageState kind="loading" title="Loading your dashboard..." />;
  const enrolled = courses.data?.length ?? stats.data?.enrolledCourses;
  // Nobody is "back" before their first check.
  const returning = (stats.data?.attempts ?? 0) > 0;

  return (
    <div className={styles.stack}>
      <section className={styles.welcome}>
        <div>
          <h1 className={styles.title}>{returning ? `Welcome back, ${name}!` : `Welcome, ${name}!`}</h1>
          {stats.data && !returning ? <WhatHappensNext enrolled={enrolled ?? 0} onOpenCourses={onOpenCourses} /> : null}
          {returning ? <PickUp stats={stats.data!} onOpenCourses={onOpenCourses} /> : null}
        </div>
        <LearningIllustration className={styles.welcomeArt} />
      </section>
      <Figures stats={stats.data} enrolled={enrolled} />
      {notes.data && notes.data.length > 0 ? (
        <section className={styles.card} aria-labelledby="teacher-notes">
          <h2 className={styles.cardTitle} id="teacher-notes">
            <MessageSquareText size={18} aria-hidden="true" /> Notes from your teacher
          </h2>
          <NoteList notes={notes.data} label="Notes from your teacher" />
        </section>
      ) : null}
      {courses.data && courses.data.length > 0 && stats.data ? (
        <CourseProgressList courses={courses.data} stats={stats.data} />
      ) : null}
      <JoinClassCard />
      <StudentEnrollments />
      <section className={styles.card}>
        <h2 className={styles.cardTitle}>
          <Sparkles size={18} aria-hidden="true" /> Recent Activity
        </h2>
        <p className={styles.muted}>
          {enrolled === undefined
            ? 'Your activity could not be loaded.'
            : enrolled === 0
              ? 'You are not enrolled in any course yet. Your teacher will assign your first course soon.'
              : `You are enrolled in ${plural(enrolled, 'course')}. Keep up the great work!`}
        </p>
      </section>
      <InviteParentCard />
    </div>
  );
}

/** A first visit: what the academy will do, and what the student does next. */
function WhatHappensNext({ enrolled, onOpenCourses }: { enrolled: number; onOpenCourses(): void }) {
  if (enrolled === 0) {
    return (
      <>
        <p className={styles.lead}>We are glad you are here. Here is what happens next:</p>
        <ol className={styles.nextSteps}>
          <li>Your teacher assigns your first course. It appears in My Courses.</li>
          <li>You open a section and read its lesson.</li>
          <li>You try its exercises: each answer is checked at once, and you can try again until you solve it.</li>
        </ol>
        <Button onClick={onOpenCourses}>Go to My Courses</Button>
      </>
    );
  }
  return (
    <>
      <p className={styles.lead}>Your {enrolled === 1 ? 'course is' : 'courses are'} ready. Here is how to start:</p>
      <ol className={styles.nextSteps}>
        <li>Open My Courses and choose a course.</li>
        <li>Pick a section and read its lesson.</li>
        <li>Try its exercises: each answer is checked at once, and you can try again until you solve it.</li>
      </ol>
      <Button onClick={onOpenCourses}>Go to My Courses</Button>
    </>
  );
}

/** A returning student: the section of their latest check, opened by one click. */
function PickUp({ stats, onOpenCourses }: { stats: StudentStats; onOpenCourses(): void }) {
  const last = stats.lastSection;
  if (!last) {
    return (
      <>
        <p className={styles.lead}>
          Pick up where you left off: every lesson comes with practice that tells you at once how you did.
        </p>
        <Button onClick={onOpenCourses}>Go to My Courses</Button>
      </>
    );
  }
  return (
    <>
      <p className={styles.lead}>
        Pick up where you left off: Section {last.unitNumber}.{last.sectionNumber} {last.sectionTitle}, in{' '}
        {last.courseName}.
      </p>
      <ButtonLink to={sectionHref(last)}>
        Continue Section {last.unitNumber}.{last.sectionNumber}
      </ButtonLink>
    </>
  );
}

/** The student's figures; a dash where they could not be loaded. */
function Figures({ stats, enrolled }: { stats: StudentStats | undefined; enrolled: number | undefined }) {
  const accuracy = stats?.firstTryAccuracy == null ? '—' : `${stats.firstTryAccuracy}%`;
  return (
    <StatGrid label="Your figures">
      <StatCard icon={BookOpen} label="Enrolled Courses" value={enrolled === undefined ? '—' : String(enrolled)} />
      <StatLinkCard
        icon={ClipboardCheck}
        label="Assignments Due"
        value={String(stats?.assignmentsDue ?? '—')}
        to={paths.dashboardSection('assignments')}
      />
      <StatCard
        icon={CheckCircle2}
        label="Questions Solved"
        value={String(stats?.questionsSolved ?? '—')}
        hint={
          stats
            ? stats.questionsTried === 0
              ? 'Solve your first question in a lesson'
              : `of ${stats.questionsTried} tried`
            : undefined
        }
      />
      <StatCard
        icon={Target}
        label="First-Try Accuracy"
        value={accuracy}
        hint={
          stats
            ? stats.questionsTried === 0
              ? 'Right at the first check'
              : `${stats.solvedFirstTry} of ${stats.questionsTried} right at the first check`
            : undefined
        }
      />
    </StatGrid>
  );
}

function CourseProgressList({ courses, stats }: { courses: StudentCourse[]; stats: StudentStats }) {
  return (
    <section className={styles.card} aria-labelledby="course-progress">
      <h2 className={styles.cardTitle} id="course-progress">
        <BookOpen size={18} aria-hidden="true" /> Your progress
      </h2>
      <ul className={styles.progressList}>
        {courses.map((course) => {
          const progress = stats.courses.find((c) => c.courseId === course.id);
          return (
            <li key={course.id}>
              <strong>{course.name}</strong>
              <ProgressBar
                label={`${course.name} progress`}
                value={progress?.sectionsDone ?? 0}
                max={progress?.sectionsWithExercises ?? 0}
                text={courseProgressText(progress)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
