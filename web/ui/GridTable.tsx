import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './GridTable.module.css';

export type SortDirection = 'asc' | 'desc';
export interface GridSort {
  key: string;
  direction: SortDirection;
}

export interface GridColumn<T> {
  key: string;
  /** The header's content (a text, or a link with it). */
  header: ReactNode;
  /** What the sort button says it sorts by, such as "Sort by Section 1.2". */
  sortLabel: string;
  cell(row: T): ReactNode;
  /** The summary row's cell (a class average). */
  footer?: ReactNode;
}

export interface GridTableProps<T> {
  /** Names the table for screen readers. */
  label: string;
  rows: readonly T[];
  rowKey(row: T): string;
  /** The column that names each row: held in view while the grid scrolls sideways. */
  lead: GridColumn<T>;
  columns: ReadonlyArray<GridColumn<T>>;
  /** The summary row's name, shown when any column has a footer. */
  footerLabel?: string;
  sort: GridSort | null;
  onSort(key: string): void;
}

/**
 * A wide grid of figures (a gradebook): it scrolls both ways inside its frame, with its header row and its first
 * column held in view at every width, and a sort button in every header, which says its order (aria-sort).
 */
export function GridTable<T>({ label, rows, rowKey, lead, columns, footerLabel, sort, onSort }: GridTableProps<T>) {
  const header = (column: GridColumn<T>, isLead: boolean) => {
    const sorted = sort?.key === column.key ? sort.direction : null;
    const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
    return (
      <th
        key={column.key}
        scope="col"
        className={isLead ? styles.lead : undefined}
        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      >
        <div className={styles.head}>
          <span className={styles.headText}>{column.header}</span>
          <button
            type="button"
            className={styles.sort}
            aria-label={column.sortLabel}
            onClick={() => onSort(column.key)}
          >
            <Icon size={14} aria-hidden="true" />
          </button>
        </div>
      </th>
    );
  };
  const hasFooter = columns.some((c) => c.footer !== undefined);
  return (
    <div className={styles.frame} tabIndex={0} role="region" aria-label={`${label}, scrolls both ways`}>
      <table className={styles.grid} aria-label={label}>
        <thead>
          <tr>
            {header(lead, true)}
            {columns.map((c) => header(c, false))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row" className={styles.lead}>
                {lead.cell(row)}
              </th>
              {columns.map((c) => (
                <td key={c.key}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {hasFooter ? (
          <tfoot>
            <tr>
              <th scope="row" className={styles.lead}>
                {footerLabel}
              </th>
              {columns.map((c) => (
                <td key={c.key}>{c.footer}</td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
