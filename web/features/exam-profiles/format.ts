import type { ScaledRow } from '@common/rules/exams';

/** The students a score table is for: a grade, or any grade. */
export const gradeText = (grade: number | null) =>
  grade === null ? 'Any grade' : grade === 0 ? 'Kindergarten' : `Grade ${grade}`;

const scaled = (row: ScaledRow) => (row.low === row.high ? String(row.low) : `${row.low}-${row.high}`);

/** A glance at a table: its first rows as "raw → scaled", then "…" when it has more. */
export function tablePreview(rows: readonly ScaledRow[], shown = 3): string {
  const head = rows.slice(0, shown).map((row) => `${row.raw} → ${scaled(row)}`);
  return `${head.join(' · ')}${rows.length > shown ? ' …' : ''}`;
}
