import type { ReactNode } from 'react';
import { toneClass, type BadgeTone } from './Badge';
import styles from './HeatMap.module.css';

/** One step of the scale a heat map's cells take: its word, shown in every cell of that step, and its tone. */
export interface HeatStep {
  label: string;
  tone: BadgeTone;
}

export interface HeatColumn {
  key: string;
  header: ReactNode;
}

export interface HeatRow {
  key: string;
  /** The row's name, its header cell. */
  name: ReactNode;
  /** The step of each column, in the columns' order (an index into `steps`). */
  values: readonly number[];
}

export interface HeatMapProps {
  /** Names the table for screen readers. */
  label: string;
  /** The header of the rows' names ("Student"). */
  leadHeader: string;
  columns: readonly HeatColumn[];
  rows: readonly HeatRow[];
  steps: readonly HeatStep[];
}

/**
 * A grid of levels, rows down and columns across, each cell colored by its step and saying its step's word (color is
 * never the only sign), with a legend of the steps. A real table with row and column headers; it scrolls sideways
 * inside its frame on a narrow screen, the rows' names held in view.
 */
export function HeatMap({ label, leadHeader, columns, rows, steps }: HeatMapProps) {
  return (
    <div className={styles.heatMap}>
      <ul className={styles.legend} aria-label={`Legend of ${label}`}>
        {steps.map((step) => (
          <li key={step.label}>
            <span className={`${styles.swatch} ${toneClass(step.tone)}`} aria-hidden="true" />
            {step.label}
          </li>
        ))}
      </ul>
      {/* Focusable, so a keyboard can scroll the grid sideways: its cells hold no control. */}
      <div className={styles.frame} tabIndex={0} role="region" aria-label={`${label}, scrolls sideways`}>
        <table className={styles.grid} aria-label={label}>
          <thead>
            <tr>
              <th scope="col" className={styles.lead}>
                {leadHeader}
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={styles.lead}>
                  {row.name}
                </th>
                {columns.map((column, i) => {
                  const step = steps[row.values[i]] ?? steps[0];
                  return (
                    <td key={column.key} className={`${styles.cell} ${toneClass(step.tone)}`}>
                      {step.label}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
