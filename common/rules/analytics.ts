/**
 * The admin's analytics: its date range (UTC days, like the day tables it reads), what a program narrows, and its
 * messages, word for word.
 */

/** Days shown when no range is given: the last 30, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range, in days counted inclusively: a leap year. */
export const ANALYTICS_MAX_DAYS = 366;

/** A day as the filters, the URL and the server write it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `YYYY-MM-DD` names a real day of the calendar (not 2026-02-30). */
export function isRealDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** The day `days` after (or before, negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The Monday of a day's week (UTC), as PostgreSQL's date_trunc('week') gives it. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** A day as the charts' axes and tables name it: "Mar 9". */
export const dayLabel = (day: unknown) =>
  new Date(`${String(day)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const ANALYTICS_MESSAGES = {
  dayInvalid: 'Dates must be real days written YYYY-MM-DD',
  toBeforeFrom: 'The end date must be on or after the start date',
  rangeTooLong: `The range may span at most ${ANALYTICS_MAX_DAYS} days`,
  programUnknown: 'Choose a program from the list',
  loadFailed: 'Failed to load the analytics',
  nothingInRange: 'Nothing happened in this range',
  nothingInRangeText: 'No checks, enrollments or test results between these dates. Try a longer range.',
  /** Beside the category chart when a program is chosen: category_days count every student's checks. */
  categoriesNotNarrowed:
    'Accuracy by category and grade counts every student: it is kept per day, not per student, so the program does not narrow it.',
  /** What a program means for the figures, shown under the filters when one is chosen. */
  programMeaning:
    'Students, checks and test results count the students with an active enrollment in an offering of this program; enrollments count those in its offerings.',
} as const;

/**
 * The range a query asks for, with the defaults filled in (the end today, the start 30 days before the end), or
 * the message saying what is wrong with it. The server and the page's filters both judge a range through here.
 */
export function resolveRange(
  query: { from?: string; to?: string },
  today: string,
): { ok: true; from: string; to: string } | { ok: false; message: string } {
  const given = (value?: string) => (value === undefined || value.trim() === '' ? undefined : value.trim());
  const from = given(query.from);
  const to = given(query.to) ?? today;
  if ((from !== undefined && !isRealDay(from)) || !isRealDay(to))
    return { ok: false, message: ANALYTICS_MESSAGES.dayInvalid };
  const start = from ?? addDays(to, 1 - ANALYTICS_DEFAULT_DAYS);
  if (to < start) return { ok: false, message: ANALYTICS_MESSAGES.toBeforeFrom };
  if (daysBetween(start, to) > ANALYTICS_MAX_DAYS) return { ok: false, message: ANALYTICS_MESSAGES.rangeTooLong };
  return { ok: true, from: start, to };
}
