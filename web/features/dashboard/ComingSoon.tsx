import { Sparkles } from 'lucide-react';
import styles from './dashboard.module.css';

/** A section of a dashboard that is not built yet: its label and the coming-soon text. */
export function ComingSoonSection({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <section className={`${styles.panel} ${styles.soon}`}>
        <Sparkles size={40} aria-hidden="true" color="var(--color-accent-strong)" />
        <h1>{label}</h1>
        <p>This section is coming soon!</p>
      </section>
    </div>
  );
}
