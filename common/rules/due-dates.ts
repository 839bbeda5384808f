/**
 * Due dates of sections (a section's exercises), the one home of their states. A section is finished when every one
 * of its exercises is solved; it is finished at the moment its last unsolved exercise was first answered right.
 */

export const DUE_STATES = ['open', 'done', 'late', 'missing'] as const;
/**
 * - open: not finished, and not yet due;
 * - done: finished on or before the due date (or finished with no due date);
 * - late: finished after the due date;
 * - missing: not finished when the due date passed.
 */
export type DueState = (typeof DUE_STATES)[number];

export const DUE_STATE_LABELS: Record<DueState, string> = {
  open: 'Due',
  done: 'Done',
  late: 'Late',
  missing: 'Missing',
};

/** A section's state for one student: `finishedAt` null while unfinished; `dueAt` null when nothing is due. */
export function dueState(dueAt: Date | null, finishedAt: Date | null, now: Date): DueState {
  if (finishedAt) return dueAt && finishedAt.getTime() > dueAt.getTime() ? 'late' : 'done';
  return dueAt && now.getTime() > dueAt.getTime() ? 'missing' : 'open';
}

/** What the due-date and calendar routes refuse with, the same words on the server and the screens. */
export const DUE_DATE_MESSAGES = {
  dueAtRequired: 'Due date is required',
  dueAtInvalid: 'Due date must be a real date and time',
  dueAtRange: 'Due date must be between the years 2000 and 2100',
  sectionNotInClass: 'This section is not one of the class’s sections',
  studentNotInClass: 'This student is not in the class',
  studentNotFound: 'Student not found',
  notYourStudent: 'You cannot set due dates for this student',
  sectionNotAssigned: 'This section is not assigned to the student on their own',
  rangeInvalid: 'The calendar range must be two real date-times, the end after the start',
  rangeTooLong: 'The calendar shows at most 62 days at once',
  feedNotFound: 'This calendar link is unknown or was revoked',
} as const;

export const CALENDAR_LIMITS = {
  /** The longest range one calendar read covers: a month grid with the days of its neighbors. */
  maxRangeDays: 62,
  /** What the iCalendar feed covers, around its moment: calendar apps keep what they have already read. */
  feedPastDays: 90,
  feedFutureDays: 366,
  /** Calendar apps poll a feed every few hours; this bounds guessing at tokens from one address. */
  feedReadsPerHour: 120,
} as const;

/** A given test's place on a due list: not yet open, open now, submitted, or closed without being submitted. */
export const TEST_WINDOW_STATES = ['upcoming', 'open', 'done', 'missing'] as const;
export type TestWindowState = (typeof TEST_WINDOW_STATES)[number];

export const TEST_WINDOW_LABELS: Record<TestWindowState, string> = {
  upcoming: 'Opens soon',
  open: 'Open',
  done: 'Done',
  missing: 'Missing',
};

/** A given test's state at `now` from its window and whether it was submitted. */
export function testWindowState(
  opensAt: Date | null,
  closesAt: Date | null,
  submitted: boolean,
  now: Date,
): TestWindowState {
  if (submitted) return 'done';
  if (closesAt && now.getTime() >= closesAt.getTime()) return 'missing';
  if (opensAt && now.getTime() < opensAt.getTime()) return 'upcoming';
  return 'open';
}
