import { ChartColumn } from 'lucide-react';
import { useAuth } from '../../auth/AuthProvider';
import { Welcome, firstNameOf } from './Welcome';
import styles from './dashboard.module.css';

/** Parent dashboard: a welcome and the 'View Student Progress' card, whose reports are not built yet. */
export function ParentDashboard() {
  const { user } = useAuth();
  return (
    <div className={styles.page}>
      <Welcome title={`Welcome, ${firstNameOf(user)}!`}>Follow your child&apos;s learning with the academy.</Welcome>
      <section className={`${styles.panel} ${styles.actionCard}`} aria-labelledby="progress-card">
        <span className={styles.statIcon}>
          <ChartColumn size={24} aria-hidden="true" />
        </span>
        <div>
          <h2 id="progress-card">View Student Progress</h2>
          <p>Progress reports for your children are coming soon. We will e-mail you as soon as they are ready.</p>
        </div>
      </section>
    </div>
  );
}
