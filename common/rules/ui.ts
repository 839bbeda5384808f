/** Timings and sizes the web app's screens share. */

export const REDIRECT_DELAY_MS = 2000;
export const MESSAGE_CLEAR_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * A count with its noun, singular for exactly 1: "1 question", "3 questions", "0 questions". Every text where a
 * count meets a noun goes through here, so none reads "1 minutes". `many` is for nouns (or phrases) whose plural is
 * not the singular plus "s": plural(n, 'question is', 'questions are').
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The lists' search box: a case-insensitive substring of any of the fields, the query trimmed; an empty query
 * matches everything.
 */
export function matchesSearch(query: string, ...fields: Array<string | null | undefined>): boolean {
  const needle = query.trim().toLowerCase();
  return !needle || fields.some((field) => field?.toLowerCase().includes(needle));
}
