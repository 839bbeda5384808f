import type { ReactNode } from 'react';
import styles from './Disclosure.module.css';

/**
 * A summary line that opens to show more (a native `<details>`: keyboard and screen readers know it), for settings
 * most people leave as they are.
 */
export function Disclosure({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <details className={styles.disclosure}>
      <summary className={styles.summary}>{summary}</summary>
      <div className={styles.body}>{children}</div>
    </details>
  );
}
