import { Sparkles } from 'lucide-react';
import { useLocation } from 'react-router';
import styles from './dashboard.module.css';

/** The "Coming Soon!" staff page: admin analytics. */
const titles: Record<string, string> = {
  '/admin-analytics': 'Analytics',
};

export default function ComingSoonPage() {
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <section className={`${styles.panel} ${styles.soon}`}>
        <Sparkles size={40} aria-hidden="true" color="var(--color-accent-strong)" />
        <h1>{titles[pathname] ?? 'This page'}</h1>
        <p>Coming Soon!</p>
      </section>
    </div>
  );
}
