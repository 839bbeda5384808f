import { Fragment, type ReactNode } from 'react';
import styles from './Table.module.css';

export interface RowState {
  expanded: boolean;
  /** Opens or closes the row's detail. */
  toggle(): void;
}

export interface Column<T> {
  header: string;
  cell(row: T, state: RowState): ReactNode;
  className?: string;
  /** Cells whose clicks must not toggle the row (buttons, links). */
  interactive?: boolean;
  /** A secondary column, left out below the 768 px breakpoint. */
  hideWhenNarrow?: boolean;
}

export interface TableProps<T> {
  /** Names the table for screen readers. */
  label: string;
  rows: readonly T[];
  rowKey(row: T): string;
  columns: ReadonlyArray<Column<T>>;
  /** Selectable rows: a checkbox per row and one for the page. */
  selection?: {
    selected: readonly string[];
    onChange(keys: string[]): void;
    /** The checkbox's name for a row, such as 'Select question: ...'. */
    rowLabel(row: T): string;
    allLabel: string;
  };
  /** Expandable rows: a click on the row (or its toggle) opens its detail below it. */
  expansion?: {
    expanded: readonly string[];
    onToggle(key: string): void;
    detail(row: T): ReactNode;
  };
}

/** The first column names its row: it (and the checkbox before it) stays in view when a narrow table scrolls. */
const cellClass = (column: Column<unknown>, index: number, selectable: boolean) =>
  [
    column.className,
    column.hideWhenNarrow ? styles.secondary : '',
    index === 0 ? styles.lead : '',
    index === 0 && selectable ? styles.afterCheck : '',
  ]
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * A dense staff table: sticky header, optional selectable and expandable rows; when narrow it scrolls sideways with
 * its first column held in view.
 */
export function Table<T>({ label, rows, rowKey, columns, selection, expansion }: TableProps<T>) {
  const keys = rows.map(rowKey);
  const allChosen = selection ? keys.length > 0 && keys.every((k) => selection.selected.includes(k)) : false;
  const chooseAll = () => {
    if (!selection) return;
    const others = selection.selected.filter((k) => !keys.includes(k));
    selection.onChange(allChosen ? others : [...others, ...keys]);
  };
  const width = columns.length + (selection ? 1 : 0);
  return (
    // Focusable, so a keyboard can scroll the table sideways on a narrow screen when no cell holds a control.
    <div className={styles.wrap} tabIndex={0}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            {selection ? (
              <th scope="col" className={`${styles.checkCell} ${styles.lead}`}>
                <input type="checkbox" aria-label={selection.allLabel} checked={allChosen} onChange={chooseAll} />
              </th>
            ) : null}
            {columns.map((column, index) => (
              <th key={column.header} scope="col" className={cellClass(column, index, !!selection)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const key = keys[i];
            const expanded = expansion?.expanded.includes(key) ?? false;
            const state: RowState = { expanded, toggle: () => expansion?.onToggle(key) };
            const chosen = selection?.selected.includes(key) ?? false;
            return (
              <Fragment key={key}>
                <tr
                  className={`${expansion ? styles.expandable : ''} ${expanded ? styles.open : ''} ${chosen ? styles.chosen : ''}`}
                  onClick={expansion ? state.toggle : undefined}
                >
                  {selection ? (
                    <td className={`${styles.checkCell} ${styles.lead}`} onClick={(e) => e.stopPropagation()}>
                      <input
                        type="checkbox"
                        aria-label={selection.rowLabel(row)}
                        checked={chosen}
                        onChange={(e) =>
                          selection.onChange(
                            e.target.checked
                              ? [...selection.selected, key]
                              : selection.selected.filter((k) => k !== key),
                          )
                        }
                      />
                    </td>
                  ) : null}
                  {columns.map((column, index) => (
                    <td
                      key={column.header}
                      className={cellClass(column, index, !!selection)}
                      onClick={column.interactive ? (e) => e.stopPropagation() : undefined}
                    >
                      {column.cell(row, state)}
                    </td>
                  ))}
                </tr>
                {expansion && expanded ? (
                  <tr className={styles.detailRow}>
                    <td colSpan={width}>{expansion.detail(row)}</td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The button that opens a row's detail, announcing whether it is open; put it in the row's main cell. */
export function RowToggle({ state, children }: { state: RowState; children: ReactNode }) {
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-expanded={state.expanded}
      onClick={(e) => {
        e.stopPropagation();
        state.toggle();
      }}
    >
      {children}
    </button>
  );
}
