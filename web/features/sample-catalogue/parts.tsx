import { CheckCircle2, Circle } from 'lucide-react';
import type { Difficulty } from '../../content/catalogue';
import styles from './learn.module.css';

/** Beginner green, Intermediate orange, Advanced red, Mixed purple, anything else grey. */
export function DifficultyBadge({ difficulty }: { difficulty: Difficulty | string }) {
  const tone = (styles as Record<string, string>)[difficulty] ?? '';
  return <span className={`${styles.badge} ${tone}`}>{difficulty}</span>;
}

export function ProgressBar({ value, label = 'Progress' }: { value: number; label?: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={styles.progress}>
      <span>
        {label}: {pct}%
      </span>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={label}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

export function CompletionMark({ done }: { done: boolean }) {
  return done ? (
    <CheckCircle2 size={18} className={styles.done} aria-label="Completed" role="img" />
  ) : (
    <Circle size={18} className={styles.todo} aria-label="Not completed" role="img" />
  );
}

export function Tags({ label, items }: { label: string; items: string[] }) {
  return (
    <div>
      <p className={styles.label}>{label}</p>
      <ul className={styles.tags}>
        {items.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </div>
  );
}
