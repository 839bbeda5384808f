import { BookOpen, ClipboardList, Inbox, Users, ChartColumn } from 'lucide-react';
import { useAuth } from '../../auth/AuthProvider';
import { StatCards } from '../../ui/StatCard';
import { Welcome, firstNameOf } from './Welcome';
import styles from './dashboard.module.css';

/** Admin dashboard of staff.md 2.3: welcome, placeholder stats, an empty activity area, coming-soon reports. */
export function AdminDashboard() {
  const { user } = useAuth();
  return (
    <div className={styles.page}>
      <Welcome title={`Welcome back, ${firstNameOf(user)}!`}>Here is what is happening across the academy.</Welcome>
      <StatCards
        stats={[
          { label: 'Total Users', value: '245', icon: Users },
          { label: 'Active Courses', value: '12', icon: BookOpen },
          { label: 'System Tasks', value: '5', icon: ClipboardList },
          { label: 'Reports', value: '--', icon: ChartColumn },
        ]}
      />
      <div className={styles.grid2}>
        <section className={styles.panel}>
          <h2>Recent Activity</h2>
          <p className={styles.muted}>
            <Inbox size={18} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> No recent activity yet.
          </p>
        </section>
        <section className={styles.panel}>
          <h2>Analytics and Reports</h2>
          <p className={styles.muted}>This section is coming soon!</p>
        </section>
      </div>
    </div>
  );
}
