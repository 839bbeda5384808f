import type { LucideIcon } from 'lucide-react';
import styles from './dashboard.module.css';

export interface Stat {
  label: string;
  value: string;
  icon: LucideIcon;
}

export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <ul className={styles.stats} aria-label="At a glance" style={{ listStyle: 'none', padding: 0 }}>
      {stats.map((stat) => (
        <li key={stat.label} className={styles.stat}>
          <span className={styles.statIcon}>
            <stat.icon size={24} aria-hidden="true" />
          </span>
          <span>
            <span className={styles.statValue}>{stat.value}</span>
            <span className={styles.statLabel}>{stat.label}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
