import type { ReactNode } from 'react';
import styles from './MeterList.module.css';

export interface MeterRow {
  key: string;
  label: ReactNode;
  /** 0 to 100. */
  percent: number;
  /** The meter's name for screen readers, such as 'Reasoning accuracy'. */
  meterLabel: string;
  /** What is written after the meter; the percentage when absent. */
  text?: ReactNode;
}

/** Rows of a name, a meter and a figure: accuracy per focus area, per category, per question. */
export function MeterList({ rows }: { rows: readonly MeterRow[] }) {
  return (
    <ul className={styles.list}>
      {rows.map((row) => (
        <li key={row.key}>
          <span>{row.label}</span>
          <meter min={0} max={100} value={row.percent} aria-label={row.meterLabel} />
          <span>{row.text ?? `${row.percent}%`}</span>
        </li>
      ))}
    </ul>
  );
}
