import { lazy, Suspense } from 'react';
import styles from './Chart.module.css';

/** A chart's rows: one per point of the horizontal axis, a field per series. */
export type ChartRow = Record<string, string | number | null>;

export interface ChartSeries {
  /** The row field drawn. */
  key: string;
  label: string;
  /** Bars by default; a line for a rate drawn over counts. */
  kind?: 'bar' | 'line';
  /** A number's unit in the table and the tooltip, such as "%". */
  unit?: string;
  /** The right-hand axis, for a second scale (a percentage beside counts). */
  rightAxis?: boolean;
  /** Bars of series sharing a stack id are drawn on top of each other. */
  stack?: string;
  /** One of the kit's chart colors, by position; by default the series' own position. */
  color?: number;
}

export interface ChartProps<Row extends ChartRow> {
  /** The chart's name: its figure's label and its table's caption. */
  title: string;
  /** One sentence of what the chart shows, read before the figures. */
  summary?: string;
  rows: Row[];
  x: { key: keyof Row & string; label: string; format?: (value: Row[keyof Row]) => string };
  series: ChartSeries[];
  /** A level to reach (a target score), drawn as a dashed line. */
  target?: { value: number; label: string; unit?: string; rightAxis?: boolean };
  height?: number;
}
/** The drawing library comes with the first chart a page shows, never with the pages that show none. */
const ChartDrawing = lazy(() => import('./ChartDrawing'));

const cellText = (value: ChartRow[string], unit = '') =>
  value === null || value === undefined
    ? '–'
    : `${typeof value === 'number' ? value.toLocaleString('en-US') : value}${unit}`;

/**
 * A chart with its figures beside it: the drawing is for the eye (hidden from screen readers), the summary and the
 * table under "Show the figures" say the same in words, so nothing is learned from the picture alone. The table is
 * drawn at once; the picture appears when the drawing library has loaded, in a box of the same height meanwhile.
 */
export function Chart<Row extends ChartRow>(props: ChartProps<Row>) {
  const { title, summary, rows, x, series, target, height = 260 } = props;
  return (
    <figure className={styles.chart} aria-label={title}>
      {summary ? <figcaption className={styles.summary}>{summary}</figcaption> : null}
      <div className={styles.drawing} style={{ height }} aria-hidden="true">
        {rows.length ? (
          <Suspense fallback={null}>
            <ChartDrawing {...(props as unknown as ChartProps<ChartRow>)} height={height} />
          </Suspense>
        ) : null}
      </div>
      <details className={styles.figures}>
        <summary>Show the figures</summary>
        <table className={styles.table}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{x.label}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
              {target ? <th scope="col">{target.label}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                <th scope="row">{x.format ? x.format(row[x.key]) : cellText(row[x.key])}</th>
                {series.map((s) => (
                  <td key={s.key}>{cellText(row[s.key], s.unit)}</td>
                ))}
                {target ? <td>{cellText(target.value, target.unit)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
