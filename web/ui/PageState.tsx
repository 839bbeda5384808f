import type { ReactNode } from 'react';
import { AlertTriangle, Loader2, Lock, Inbox } from 'lucide-react';
import styles from './PageState.module.css';

interface PageStateProps {
  kind: 'loading' | 'empty' | 'error' | 'denied';
  title: string;
  text?: ReactNode;
  action?: ReactNode;
}

const icons = { loading: Loader2, empty: Inbox, error: AlertTriangle, denied: Lock };

/** The one look for loading, empty, error and access-denied states: an icon, a sentence and the next action. */
export function PageState({ kind, title, text, action }: PageStateProps) {
  const Icon = icons[kind];
  return (
    <div
      className={`${styles.state} ${styles[kind]}`}
      role={kind === 'error' || kind === 'denied' ? 'alert' : 'status'}
      aria-live="polite"
    >
      <Icon className={kind === 'loading' ? styles.spin : undefined} size={36} aria-hidden="true" />
      <h2 className={styles.title}>{title}</h2>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
