import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
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

/** The icon, figure, name and optional line that every kind of stat card shows. */
function StatFace({ label, value, icon: Icon, hint }: Stat) {
  return (
    <>
      <span className={styles.icon}>
        <Icon size={24} aria-hidden="true" />
      </span>
      <span className={styles.text}>
        <span className={styles.value}>{value}</span>
        <span className={styles.label}>{label}</span>
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </span>
    </>
  );
}

/** A stat card that opens the page behind its figure (the student's Assignments Due opens their assignments). */
export function StatLinkCard({ to, ...stat }: Stat & { to: string }) {
  return (
    <li className={styles.filterItem}>
      <Link
        to={to}
        className={`${styles.stat} ${styles.filter} ${styles.link}`}
        aria-label={`${stat.label}: ${stat.value}`}
      >
        <StatFace {...stat} />
      </Link>
    </li>
  );
}

/**
 * A row of stat cards under one name ('At a glance'); `compact` fits two to a phone's row inside a card, `dense`
 * fits six in a row beside a staff table.
 */
export function StatGrid({
  label,
  children,
  compact = false,
  dense = false,
}: {
  label: string;
  children: ReactNode;
  compact?: boolean;
  dense?: boolean;
}) {
  return (
    <ul className={`${styles.grid} ${compact ? styles.compact : ''} ${dense ? styles.dense : ''}`} aria-label={label}>
      {children}
    </ul>
  );
}

/** The dashboards' row of figures. */
export function StatCards({
  stats,
  label = 'At a glance',
  compact = false,
}: {
  stats: readonly Stat[];
  label?: string;
  compact?: boolean;
}) {
  return (
    <StatGrid label={label} compact={compact}>
      {stats.map((stat) => (
        <StatCard key={stat.label} {...stat} />
      ))}
    </StatGrid>
  );
}

/**
 * A stat card that is also a filter (the student manager's groups): pressing it shows that group, and it says
 * whether it is the one shown (`aria-pressed`). Put it in a StatGrid.
 */
export function StatFilterCard({ pressed, onPress, ...stat }: Stat & { pressed: boolean; onPress(): void }) {
  return (
    <li className={styles.filterItem}>
      <button
        type="button"
        className={`${styles.stat} ${styles.filter} ${pressed ? styles.pressed : ''}`}
        aria-pressed={pressed}
        onClick={onPress}
      >
        <StatFace {...stat} />
      </button>
    </li>
  );
}
