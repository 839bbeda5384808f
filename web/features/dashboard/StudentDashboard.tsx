import { useQuery } from '@tanstack/react-query';
import { BookOpen, ClipboardList, GraduationCap, Sparkles } from 'lucide-react';
import { api } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { StatCards } from './StatCards';
import { Welcome, firstNameOf } from './Welcome';
import styles from './dashboard.module.css';

/** The spec fixes these two until assignments and grades exist. */
const ASSIGNMENTS_DUE = 0;
const AVERAGE_GRADE = '85%';

/** Student dashboard: welcome, enrolled count from the student's courses, and the spec's fixed figures. */
export function StudentDashboard() {
  const { user } = useAuth();
  const enrolled = useQuery({
    queryKey: ['dashboard', 'enrolled-count'],
    queryFn: () => api.get<{ courses?: unknown[] }>('/student/courses', 'Failed to load courses'),
    select: (reply) => reply?.courses?.length ?? 0,
    retry: false,
  });
  const count = enrolled.data;
  return (
    <div className={styles.page}>
      <Welcome title={`Welcome back, ${firstNameOf(user)}!`}>Ready for today&apos;s math? Pick up where you left off.</Welcome>
      <StatCards
        stats={[
          { label: 'Enrolled Courses', value: count === undefined ? '--' : String(count), icon: BookOpen },
          { label: 'Assignments Due', value: String(ASSIGNMENTS_DUE), icon: ClipboardList },
          { label: 'Average Grade', value: AVERAGE_GRADE, icon: GraduationCap },
        ]}
      />
      <section className={styles.panel}>
        <h2>Recent Activity</h2>
        <ul className={styles.activity}>
          <li>
            <Sparkles size={20} aria-hidden="true" />
            <div>
              <strong>
                {count === undefined
                  ? 'Your courses will appear here.'
                  : `You are enrolled in ${count} ${count === 1 ? 'course' : 'courses'}.`}
              </strong>
              <span>Open My Courses in the menu to continue learning.</span>
            </div>
          </li>
        </ul>
      </section>
    </div>
  );
}
