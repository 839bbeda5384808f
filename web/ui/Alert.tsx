import type { ReactNode } from 'react';
import styles from './Alert.module.css';

/** A message that stays: errors are announced at once, the rest politely. */
export function Alert({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
