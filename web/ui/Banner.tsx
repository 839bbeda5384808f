import type { ReactNode } from 'react';
import styles from './Banner.module.css';

export interface BannerProps {
  title: string;
  children?: ReactNode;
  /** 'bold' greets on a dashboard; 'soft' heads a public content page. */
  tone?: 'bold' | 'soft';
  /** A small drawing of our own beside the words (hidden on narrow screens). */
  art?: ReactNode;
}

/** The band at the top of a page: its title, a sentence, and optionally a drawing. */
export function Banner({ title, children, tone = 'soft', art }: BannerProps) {
  return (
    <section className={`${styles.banner} ${styles[tone]}`}>
      <div className={styles.words}>
        <h1>{title}</h1>
        {children ? <p>{children}</p> : null}
      </div>
      {art ? <div className={styles.art}>{art}</div> : null}
    </section>
  );
}
