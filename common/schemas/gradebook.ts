/**
 * A class's gradebook, as the server sends it: its students down, the class's sections and tests across, a cell
 * per student and column, and the class's averages per column.
 */
import { z } from 'zod';
import { CLASS_MESSAGES } from '../rules/classes';

export const GRADEBOOK_MESSAGES = {
  badId: 'Not found',
  range: 'The end of the date range must come after its start',
  instant: 'Dates must be ISO 8601 date-times',
  loadFailed: 'Failed to load the gradebook',
  classesFailed: 'Failed to load your classes',
} as const;

/**
 * A section's cell: not started (nothing tried), in progress, done (every exercise solved, by its due date if it
 * has one), late (solved after it) or missing (not solved when it passed).
 */
export const SECTION_CELL_STATES = ['not-started', 'in-progress', 'done', 'late', 'missing'] as const;
export type SectionCellState = (typeof SECTION_CELL_STATES)[number];

/**
 * A test's cell: not given (the student has no sitting of it: joined after, or taken off), not started, in progress,
 * submitted, late (submitted after the window closed: only when the window was shortened after the sitting began,
 * since a sitting's deadline never passes its window's close) or missing (the window closed and it was never begun).
 */
export const TEST_CELL_STATES = ['not-given', 'not-started', 'in-progress', 'submitted', 'late', 'missing'] as const;
export type TestCellState = (typeof TEST_CELL_STATES)[number];

export const CELL_STATE_LABELS: Record<SectionCellState | TestCellState, string> = {
  'not-given': 'Not given',
  'not-started': 'Not started',
  'in-progress': 'In progress',
  submitted: 'Submitted',
  done: 'Done',
  late: 'Late',
  missing: 'Missing',
};

const instant = z.iso.datetime({ offset: true, error: GRADEBOOK_MESSAGES.instant });

/**
 * The filters. `unit` keeps the sections of one unit, `test` one test's column. `from` (inclusive) and `to`
 * (exclusive) are instants: a section's figures then count only the questions first tried (tried, first try) or
 * first solved (solved) within them, and a test's column is shown only when its window meets them (it opens before
 * `to`, counting from when it was given when it has no opening, and closes at or after `from`, or never). A cell's
 * state (done, late, missing, submitted...) is always the state now: a range changes what is counted, not what is due.
 */
export const gradebookQuery = z
  .object({
    unit: z.uuid(GRADEBOOK_MESSAGES.badId).optional(),
    test: z.uuid(GRADEBOOK_MESSAGES.badId).optional(),
    from: instant.optional(),
    to: instant.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['to'],
    message: GRADEBOOK_MESSAGES.range,
  });
export type GradebookQuery = z.infer<typeof gradebookQuery>;

export const classIdParam = z.object({ id: z.uuid(CLASS_MESSAGES.notFound) });

export const gradebookSection = z.object({
  id: z.string(),
  courseTitle: z.string(),
  unitId: z.string(),
  unitNumber: z.number(),
  unitTitle: z.string(),
  sectionNumber: z.number(),
  title: z.string(),
  /** Its exercises: the total a student's solved count is out of. */
  exercises: z.number(),
});
export type GradebookSection = z.infer<typeof gradebookSection>;

export const gradebookTest = z.object({
  id: z.string(),
  title: z.string(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
});
export type GradebookTest = z.infer<typeof gradebookTest>;

export const sectionCell = z.object({
  /** Exercises solved (any correct check), tried, and right at their first check. */
  solved: z.number(),
  tried: z.number(),
  firstTry: z.number(),
  state: z.enum(SECTION_CELL_STATES),
});
export type SectionCell = z.infer<typeof sectionCell>;

export const testCell = z.object({
  state: z.enum(TEST_CELL_STATES),
  /** Marks and out of how many, once submitted: a teacher sees them before they are released to the student. */
  score: z.number().nullable(),
  maxMarks: z.number().nullable(),
  submittedAt: z.string().nullable(),
});
export type TestCell = z.infer<typeof testCell>;

export const gradebookStudent = z.object({
  id: z.string(),
  name: z.string(),
  /** Aligned with the reply's `sections` and `tests`. */
  sections: z.array(sectionCell),
  tests: z.array(testCell),
});
export type GradebookStudent = z.infer<typeof gradebookStudent>;

export const gradebookReply = z.object({
  class: z.object({ id: z.string(), name: z.string() }),
  /** The columns, in course, unit and section order, and tests by window. */
  sections: z.array(gradebookSection),
  tests: z.array(gradebookTest),
  /** What the filters may pick, whatever is picked. */
  units: z.array(z.object({ id: z.string(), courseTitle: z.string(), unitNumber: z.number(), title: z.string() })),
  allTests: z.array(z.object({ id: z.string(), title: z.string() })),
  /** By name. */
  students: z.array(gradebookStudent),
  /** The class's averages, aligned with the columns; null where no student counts yet. */
  averages: z.object({
    sections: z.array(z.object({ solvedPercent: z.number().nullable(), firstTryPercent: z.number().nullable() })),
    tests: z.array(z.object({ scorePercent: z.number().nullable() })),
  }),
});
export type GradebookReply = z.infer<typeof gradebookReply>;
