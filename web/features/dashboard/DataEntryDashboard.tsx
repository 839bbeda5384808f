import { useAuth } from '../../auth/AuthProvider';
import { Welcome, firstNameOf } from './Welcome';
import styles from './dashboard.module.css';

/** Data-entry dashboard: a welcome; the sidebar leads to the question bank and course management. */
export function DataEntryDashboard() {
  const { user } = useAuth();
  return (
    <div className={styles.page}>
      <Welcome title={`Welcome, ${firstNameOf(user)}!`}>
        Add and organize questions and course content from the menu. Other sections are coming soon.
      </Welcome>
    </div>
  );
}
