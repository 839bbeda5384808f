import { useEffect } from 'react';
import { BookOpen, ClipboardCheck, FolderTree, Hand, RefreshCw, Users } from 'lucide-react';
import { DASHBOARD_MESSAGES } from '@common/schemas/dashboards';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../ui/Button';
import { StatCards } from '../../ui/StatCard';
import { Toast, useNotify } from '../../ui/Toast';
import { useTeacherDashboard } from './api';
import { Welcome } from './Welcome';
import styles from './dashboard.module.css';

/**
 * The teacher dashboard: the greeting, the teacher's own figures (Pending Reviews: submitted tests of their
 * students awaiting release), the three activity items, and the transient toast: red when the figures fail, green when a refresh works.
 */
export function TeacherDashboard() {
  const { user } = useAuth();
  const firstName = user?.teacherProfile?.firstName || user?.firstName || '';
  const figures = useTeacherDashboard();
  const notifier = useNotify();
  const { error } = notifier;
  useEffect(() => {
    if (figures.isError) error(errorMessage(figures.error, DASHBOARD_MESSAGES.loadFailed));
  }, [figures.isError, figures.error, error]);
  const refresh = async () => {
    const result = await figures.refetch();
    if (result.isSuccess) notifier.success('Your figures are up to date.');
  };
  const figure = (value: number | null | undefined) =>
    value === undefined ? (figures.isError ? '--' : '…') : value === null ? '--' : value.toLocaleString('en-US');
  return (
    <div className={styles.page}>
      <Toast notice={notifier.notice} corner />
      <Welcome title={`Welcome back, ${firstName}!`}>Your classes, students and content in one place.</Welcome>
      <StatCards
        stats={[
          {
            label: 'Active Courses',
            value: figure(figures.data?.activeCourses),
            icon: BookOpen,
            hint: 'assigned to your students',
          },
          {
            label: 'Total Students',
            value: figure(figures.data?.totalStudents),
            icon: Users,
            hint: 'your own students',
          },
          {
            label: 'Pending Reviews',
            value: figure(figures.data?.pendingReviews),
            icon: ClipboardCheck,
            hint: 'submitted tests awaiting release',
          },
        ]}
      />
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void refresh()}
          disabled={figures.isFetching}
          icon={RefreshCw}
        >
          {figures.isFetching ? 'Refreshing...' : 'Refresh figures'}
        </Button>
      </div>
      <section className={styles.panel}>
        <h2>Recent Activity</h2>
        <ul className={styles.activity}>
          <li>
            <Hand size={20} aria-hidden="true" />
            <div>
              <strong>Welcome to your teaching dashboard</strong>
              <span>Use the menu to manage students, courses and questions.</span>
            </div>
          </li>
          <li>
            <Users size={20} aria-hidden="true" />
            <div>
              <strong>Student Management</strong>
              <span>View and manage all students in the system</span>
            </div>
          </li>
          <li>
            <FolderTree size={20} aria-hidden="true" />
            <div>
              <strong>Course Management</strong>
              <span>Create and organize your course content</span>
            </div>
          </li>
        </ul>
      </section>
    </div>
  );
}
