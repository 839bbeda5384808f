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
