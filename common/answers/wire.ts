/**
 * A student's answer as it travels to the checker: Multiple Choice as the chosen letters joined by commas (`A,C`),
 * Fill in the Blank as a JSON array string with one entry per blank, every other type as the text typed. Each
 * type's rules (common/question-types) name the pair they use; the screens encode with these and the checker
 * decodes with them, so the two cannot drift.
 */

/** The chosen letters, sorted, as `A,C`. */
export const encodeChoices = (letters: readonly string[]): string => [...letters].sort().join(',');

/** The letters a screen shows as chosen (the inverse of encodeChoices; nothing for an empty answer). */
export const decodeChoices = (answer: string): string[] => (answer ? answer.split(',') : []);

/** One entry per blank, as a JSON array string. */
export const encodeBlanks = (entries: readonly string[]): string => JSON.stringify(entries);

/** The blanks a screen shows: the answer's entries, or `count` empty ones before anything is typed. */
export function decodeBlanks(answer: string, count: number): string[] {
  const entries = answer ? studentEntries(answer) : null;
  return entries ?? Array<string>(count).fill('');
}

/** A JSON array string gives one entry per blank; anything else is the only entry. Null if unreadable. */
export function studentEntries(answer: string): string[] | null {
  if (!answer.trimStart().startsWith('[')) return [answer];
  try {
    const parsed: unknown = JSON.parse(answer);
    if (Array.isArray(parsed))
      return parsed.map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''));
  } catch {
    // Not JSON after all: `[0, 1)` or `[1,2]` typed as math.
  }
  return [answer];
}
