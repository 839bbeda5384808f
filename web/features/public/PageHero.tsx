import type { ReactNode } from 'react';
import styles from './public.module.css';

/** The calm title band at the top of the public content pages. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={styles.pageHero}>
      <div>
        <h1>{title}</h1>
        {children ? <p>{children}</p> : null}
      </div>
    </section>
  );
}
