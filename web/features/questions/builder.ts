/** The Test Builder's state: entries in order, numbered by their place, with marks per question. */
import { DEFAULT_MARKS, MARKS_MAX, MARKS_MIN, parseWholeNumber } from '@common/rules';
import type { BuilderQuestion, TestDetail } from '@common/schemas/tests';

export interface BuilderEntry {
  key: string;
  /** Null: the question was deleted from the bank after the test was saved (a gap the author removes). */
  question: BuilderQuestion | null;
  /** As typed; `marksOf` reads it. */
  marks: string;
}

export const marksOf = (entry: BuilderEntry) => parseWholeNumber(entry.marks, MARKS_MIN, MARKS_MAX) ?? DEFAULT_MARKS;
export const totalMarks = (entries: readonly BuilderEntry[]) =>
  entries.reduce((sum, e) => sum + (e.question ? marksOf(e) : 0), 0);
export const newEntry = (question: BuilderQuestion): BuilderEntry => ({
  key: question.id,
  question,
  marks: String(DEFAULT_MARKS),
});

export function entriesOf(test: TestDetail): BuilderEntry[] {
  return test.questions.map((e) => ({
    key: e.question?.id ?? `gap-${e.order}`,
    question: e.question,
    marks: String(e.marks),
  }));
}

/** Moves the entry at `from` to `to`; the numbers follow the places. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
