import type { ReactNode } from 'react';
import styles from './Badge.module.css';

export type BadgeTone = 'info' | 'success' | 'muted' | 'danger' | 'warning' | 'special';

/** A short status word in a pill ('New', 'Contacted', 'Unsubscribed'); the tone carries its meaning at a glance. */
export function Badge({ tone = 'info', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
