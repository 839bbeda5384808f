/**
 * A gradebook's cells in words, the same on the screen, on the printed page and in the CSV export.
 */
import { toCsv } from './csv';
import {
  CELL_STATE_LABELS,
  type GradebookReply,
  type GradebookSection,
  type SectionCell,
  type TestCell,
} from './schemas/gradebook';

/** A share as a whole percent; null when there is nothing to share. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 100) : null;

export const sectionLabel = (s: Pick<GradebookSection, 'unitNumber' | 'sectionNumber' | 'title'>) =>
  `${s.unitNumber}.${s.sectionNumber} ${s.title}`;

/** "3/5" solved of the section's exercises. */
export const solvedText = (cell: SectionCell, section: Pick<GradebookSection, 'exercises'>) =>
  `${cell.solved}/${section.exercises}`;

/** "80%" of the questions tried right at the first check, or an en dash when none were tried. */
export const firstTryText = (cell: SectionCell) => {
  const share = percent(cell.firstTry, cell.tried);
  return share === null ? '–' : `${share}%`;
};

/** "7/10" once submitted, else the state in words. */
export const testScoreText = (cell: TestCell) =>
  cell.score !== null && cell.maxMarks !== null ? `${cell.score}/${cell.maxMarks}` : CELL_STATE_LABELS[cell.state];

export const averageText = (value: number | null) => (value === null ? '–' : `${value}%`);

/**
 * The gradebook as CSV: a row per student, then the class's averages; per section its solved count, first-try
 * accuracy and state, per test its score and state. Through toCsv, so a name cannot become a formula.
 */
export function gradebookCsv(book: GradebookReply): string {
  const columns: string[] = ['Student'];
  for (const s of book.sections) {
    const name = sectionLabel(s);
    columns.push(`${name}: solved`, `${name}: first try`, `${name}: state`);
  }
  for (const t of book.tests) columns.push(`${t.title}: score`, `${t.title}: status`);
  // Two columns of the same name would merge: a section or test title repeated gets a number.
  const unique = columns.map((c, i) => (columns.indexOf(c) === i ? c : `${c} (${i})`));
  const rows = book.students.map((student) => {
    const cells: string[] = [student.name];
    student.sections.forEach((cell, i) =>
      cells.push(solvedText(cell, book.sections[i]), firstTryText(cell), CELL_STATE_LABELS[cell.state]),
    );
    for (const cell of student.tests)
      cells.push(
        cell.score !== null && cell.maxMarks !== null ? testScoreText(cell) : '',
        CELL_STATE_LABELS[cell.state],
      );
    return cells;
  });
  const averages: string[] = ['Class average'];
  for (const a of book.averages.sections)
    averages.push(averageText(a.solvedPercent), averageText(a.firstTryPercent), '');
  for (const a of book.averages.tests) averages.push(averageText(a.scorePercent), '');
  return toCsv(
    [...rows, averages].map((cells) => Object.fromEntries(unique.map((c, i) => [c, cells[i]]))),
    unique,
  );
}
