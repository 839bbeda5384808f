import Papa from 'papaparse';
import type { TestResults } from '@common/schemas/test-taking';
import { STATUS_TEXT, timeUsed } from './format';

/**
 * A cell a spreadsheet would run as a formula: one starting with = + - @, a tab or a carriage return, once the
 * spaces and line or paragraph separators before it are skipped (as spreadsheets skip them). Papa's own test
 * looks at the first character only, so "\u2028=HYPERLINK(...)" went out as a formula.
 */
export const FORMULA_CELL = /^\s*[=+\-@\t\r]/;

/**
 * The results table as CSV, built in the browser. A cell that could be a formula is escaped (a quote before it),
 * so a student's name cannot become one.
 */
export function resultsCsv(results: TestResults): string {
  const rows = results.students.map((s) => ({
    Student: s.studentName,
    Email: s.email,
    Status: STATUS_TEXT[s.status],
    'Time used': s.timeUsed === null ? '' : timeUsed(s.timeUsed),
    Marks: s.score ? s.score.marks : '',
    'Out of': s.score ? s.score.maxMarks : '',
    Percentage: s.score ? s.score.percentage : '',
    Scaled: s.score?.scaled ?? '',
    Released: s.released ? 'yes' : 'no',
  }));
  return Papa.unparse(rows, {
    escapeFormulae: FORMULA_CELL,
    columns: ['Student', 'Email', 'Status', 'Time used', 'Marks', 'Out of', 'Percentage', 'Scaled', 'Released'],
  });
}

/** Saves text as a file through a temporary link. */
export function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
