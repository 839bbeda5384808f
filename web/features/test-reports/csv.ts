import { toCsv } from '@common/csv';
import type { TestResults } from '@common/schemas/test-taking';
import { STATUS_TEXT, timeUsed } from './format';

/** The results table as CSV, built in the browser through the academy's one CSV writer (common/csv.ts). */
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
  return toCsv(rows, [
    'Student',
    'Email',
    'Status',
    'Time used',
    'Marks',
    'Out of',
    'Percentage',
    'Scaled',
    'Released',
  ]);
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
