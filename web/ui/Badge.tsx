import type { ReactNode } from 'react';
import styles from './Badge.module.css';

/** A short status word in a pill: green for a state that is live (Published), grey for one that is not (Draft). */
export function Badge({ tone = 'muted', children }: { tone?: 'success' | 'muted'; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
