import {
  Activity,
  BookOpen,
  CalendarCheck,
  ClipboardCheck,
  GraduationCap,
  Inbox,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { ACTIVITY_WINDOW_DAYS, DASHBOARD_MESSAGES, type RecentActivity } from '@common/schemas/dashboards';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../ui/Button';
import { PageState } from '../../ui/PageState';
import { paths } from '../../paths';
import { StatCards, StatGrid, StatLinkCard } from '../../ui/StatCard';
import { useAdminDashboard, useDeskSummary } from './api';
import { typeLabel, when } from './format';
import { Welcome, firstNameOf } from './Welcome';
import styles from './dashboard.module.css';

/** The admin dashboard, with the academy's real figures and its latest registrations and assignments. */
export function AdminDashboard() {
  const { user } = useAuth();
  const dashboard = useAdminDashboard();
  const desk = useDeskSummary();
  const stats = dashboard.data?.stats;
  const figure = (value: number | undefined) =>
    value === undefined ? (dashboard.isError ? '--' : '…') : value.toLocaleString('en-US');
  return (
    <div className={styles.page}>
      <Welcome title={`Welcome back, ${firstNameOf(user)}!`}>Here is what is happening across the academy.</Welcome>
      {dashboard.isError ? (
        <PageState
          kind="error"
          title={DASHBOARD_MESSAGES.loadFailed}
          text={errorMessage(dashboard.error, 'Please try again.')}
          action={<Button onClick={() => void dashboard.refetch()}>Try Again</Button>}
        />
      ) : null}
      <StatCards
        stats={[
          {
            label: 'Total Users',
            value: figure(stats?.users),
            icon: Users,
            hint: stats ? `${stats.students.toLocaleString('en-US')} students` : undefined,
          },
          {
            label: 'Active Courses',
            value: figure(stats?.activeCourses),
            icon: BookOpen,
            hint: stats ? `assigned, of ${stats.courses.toLocaleString('en-US')} courses` : undefined,
          },
          {
            label: 'Active Students',
            value: figure(stats?.activeStudents),
            icon: Activity,
            hint: `practiced in the last ${ACTIVITY_WINDOW_DAYS} days`,
          },
          {
            label: 'Answers Checked',
            value: figure(stats?.checksThisWeek),
            icon: ClipboardCheck,
            hint: `in the last ${ACTIVITY_WINDOW_DAYS} days`,
          },
        ]}
      />
      <StatGrid label="Front desk">
        <StatLinkCard
          to={paths.adminInbox}
          label="New Bookings"
          value={desk.data ? desk.data.newBookings.toLocaleString('en-US') : desk.isError ? '--' : '…'}
          icon={CalendarCheck}
          hint="waiting in the inbox"
        />
        <StatLinkCard
          to={paths.adminInboxTab('enrollments')}
          label="New Enrollments"
          value={desk.data ? desk.data.newEnrollments.toLocaleString('en-US') : desk.isError ? '--' : '…'}
          icon={GraduationCap}
          hint={
            desk.data
              ? `in the last 7 days; ${desk.data.awaitingPayment.toLocaleString('en-US')} awaiting payment`
              : 'in the last 7 days'
          }
        />
      </StatGrid>
      <div className={styles.grid2}>
        <section className={styles.panel} aria-labelledby="recent-activity">
          <h2 id="recent-activity">Recent Activity</h2>
          {dashboard.isPending ? (
            <p className={styles.muted} role="status">
              Loading recent activity...
            </p>
          ) : !dashboard.data?.recent.length ? (
            <p className={styles.muted}>
              <Inbox size={18} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> No recent activity yet.
            </p>
          ) : (
            <ul className={styles.activity}>
              {dashboard.data.recent.map((item, i) => (
                <ActivityItem key={i} item={item} />
              ))}
            </ul>
          )}
        </section>
        <section className={styles.panel}>
          <h2>Analytics and Reports</h2>
          <p className={styles.muted}>This section is coming soon!</p>
        </section>
      </div>
    </div>
  );
}

function ActivityItem({ item }: { item: RecentActivity }) {
  const [Icon, title, detail]: [LucideIcon, string, string] =
    item.kind === 'registration'
      ? [UserPlus, `${item.name} joined`, `New ${typeLabel(item.userType)} account`]
      : [
          BookOpen,
          `${item.studentName} was assigned ${item.courseName}`,
          item.assignedBy ? `Course assignment by ${item.assignedBy}` : 'Course assignment',
        ];
  return (
    <li>
      <Icon size={20} aria-hidden="true" />
      <div>
        <strong>{title}</strong>
        <span>
          {detail} · <time dateTime={item.at}>{when(item.at)}</time>
        </span>
      </div>
    </li>
  );
}
