import type { ReactNode } from 'react';
import { AlertTriangle, Loader2, Lock, Inbox } from 'lucide-react';
import styles from './PageState.module.css';

interface PageStateProps {
  kind: 'loading' | 'empty' | 'error' | 'denied';
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  /**
   * A card's state rather than a page's: less room, and the title a sentence, not a heading, so the card's own
   * heading stays the one that names it.
   */
  compact?: boolean;
}

const icons = { loading: Loader2, empty: Inbox, error: AlertTriangle, denied: Lock };

/** The one look for loading, empty, error and access-denied states: an icon, a sentence and the next action. */
export function PageState({ kind, title, text, action, compact = false }: PageStateProps) {
  const Icon = icons[kind];
  const Title = compact ? 'p' : 'h2';
  return (
    <div
      className={`${styles.state} ${styles[kind]}${compact ? ` ${styles.compact}` : ''}`}
      role={kind === 'error' || kind === 'denied' ? 'alert' : 'status'}
      aria-live="polite"
    >
      <Icon className={kind === 'loading' ? styles.spin : undefined} size={compact ? 24 : 36} aria-hidden="true" />
      <Title className={styles.title}>{title}</Title>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
