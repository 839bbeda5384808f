import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styles from './PageFrame.module.css';

export interface PageFrameProps {
  /** The page's one heading (its h1). */
  title: ReactNode;
  /** A small word over the title: the area the page belongs to ("Administration"). */
  eyebrow?: ReactNode;
  /** A sentence under the title saying what the page is for. */
  lead?: ReactNode;
  /** The page's main actions, on the right of the title (under it on a phone). */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame every signed-in page shares: the content's width and padding, then the header row (eyebrow, title, lead
 * and actions), then the page. One place for these, so the pages line up with each other.
 */
export function PageFrame({ title, eyebrow, lead, actions, children }: PageFrameProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.titles}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 className={eyebrow ? styles.title : `${styles.title} ${styles.eyebrowless}`}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A card of a page: a section on the academy's raised surface; name it (`aria-labelledby` its h2, or `aria-label`). */
export function PageCard({ className, ...rest }: ComponentPropsWithoutRef<'section'>) {
  return <section className={className ? `${styles.card} ${className}` : styles.card} {...rest} />;
}
