import type { ReactNode } from 'react';
import styles from './account.module.css';

/** The frame every account screen shares: a calm card beside a math-themed illustration. */
export function AuthCard({
  title,
  subtitle,
  wide,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={styles.art} aria-hidden="true">
        <svg viewBox="0 0 240 240" width="100%" height="100%">
          <circle cx="120" cy="120" r="96" fill="#e8ebfb" />
          <path d="M60 170 L120 60 L180 170 Z" fill="none" stroke="#2f3fb8" strokeWidth="8" strokeLinejoin="round" />
          <circle cx="120" cy="135" r="22" fill="#ffb547" />
          <text
            x="120"
            y="143"
            textAnchor="middle"
            fontFamily="Georgia, serif"
            fontSize="22"
            fontWeight="700"
            fill="#1b1f3b"
          >
            π
          </text>
        </svg>
      </div>
      <section className={`${styles.card} ${wide ? styles.wide : ''}`}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
      </section>
    </div>
  );
}
