import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import styles from './StatCard.module.css';

export interface Stat {
  label: string;
  value: string;
  icon: LucideIcon;
  /** A line under the value, such as '3 of 4 checks correct'. */
  hint?: string;
}

/** One figure of a dashboard; screen readers hear it as 'Average Grade: 75%'. */
export function StatCard({ label, value, icon: Icon, hint }: Stat) {
  return (
    <li className={styles.stat}>
      <span className={styles.icon}>
        <Icon size={24} aria-hidden="true" />
      </span>
      <span className={styles.text}>
        <span className={styles.value} aria-label={`${label}: ${value}`}>
          {value}
        </span>
        <span className={styles.label}>{label}</span>
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </span>
    </li>
  );
}

/** A row of stat cards under one name ('At a glance'). */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

/** The dashboards' row of figures. */
export function StatCards({ stats, label = 'At a glance' }: { stats: readonly Stat[]; label?: string }) {
  return (
    <StatGrid label={label}>
      {stats.map((stat) => (
        <StatCard key={stat.label} {...stat} />
      ))}
    </StatGrid>
  );
}
