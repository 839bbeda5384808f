import Papa from 'papaparse';

/**
 * A cell a spreadsheet would run as a formula: one starting with = + - @, a tab or a carriage return, once the
 * spaces and line or paragraph separators before it are skipped (as spreadsheets skip them). Papa's own test
 * looks at the first character only, so "\u2028=HYPERLINK(...)" went out as a formula.
 */
export const FORMULA_CELL = /^\s*[=+\-@\t\r]/;

/**
 * Rows as CSV, with the header in `columns`' order. Every export of the academy goes through here: a cell that
 * could be a formula is escaped (a quote before it), so a name a visitor typed cannot become one.
 */
export function toCsv<C extends string>(
  rows: ReadonlyArray<Record<C, string | number>>,
  columns: readonly C[],
): string {
  return Papa.unparse(rows as Array<Record<C, string | number>>, {
    escapeFormulae: FORMULA_CELL,
    columns: [...columns],
  });
}
