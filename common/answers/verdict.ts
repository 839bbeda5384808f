/**
 * The verdicts a question type gives from the matcher's results: a set of chosen letters against the correct ones,
 * and entries against the accepted answers of each blank, with the feedback a student reads.
 */
import type { MatchResult } from './match';

/**
 * The math engine's comparison of one entry with one accepted answer, handed in by the caller: the verdicts stay
 * free of the engine, so screens that show or encode answers load none of it.
 */
export type EntryMatcher = (entry: string, accepted: string) => MatchResult;

/** Whether the student is right, and what to tell them. */
export interface CheckResult {
  isCorrect: boolean;
  feedback: string;
}

const CORRECT: CheckResult = { isCorrect: true, feedback: 'Correct!' };
const WRONG = 'Not quite. Try again.';
const UNREADABLE = 'We could not read your answer. Check the math and try again.';

/** Right when the chosen letters are exactly the correct ones; unreadable when nothing or something other than a letter is chosen. */
export function checkChoices(correct: string[], entries: string[] | null): CheckResult {
  const chosen = (entries ?? [])
    .flatMap((e) => e.split(/[\s,;]+/))
    .map((e) => e.trim().toUpperCase())
    .filter((e) => e !== '');
  if (chosen.length === 0 || chosen.some((c) => !/^[A-Z]$/.test(c))) return { isCorrect: false, feedback: UNREADABLE };
  const want = new Set(correct.map((c) => c.trim().toUpperCase()));
  const got = new Set(chosen);
  const same = want.size === got.size && [...want].every((c) => got.has(c));
  return same ? CORRECT : { isCorrect: false, feedback: WRONG };
}

/** Right when every blank is; otherwise the feedback names the blanks that are wrong and those that could not be read. */
export function checkBlanks(blanks: string[][], entries: string[] | null, match: EntryMatcher): CheckResult {
  const results = blanks.map((accepted, i) => matchBlank(entries?.[i] ?? '', accepted, match));
  if (results.every((r) => r === 'equal')) return CORRECT;
  if (blanks.length === 1) return { isCorrect: false, feedback: results[0] === 'unreadable' ? UNREADABLE : WRONG };
  const wrong = numbersWhere(results, 'different');
  const unreadable = numbersWhere(results, 'unreadable');
  const parts: string[] = [];
  if (wrong.length > 0)
    parts.push(
      WRONG,
      `${wrong.length === 1 ? 'Blank' : 'Blanks'} ${listing(wrong)} ${wrong.length === 1 ? 'is' : 'are'} not correct.`,
    );
  if (unreadable.length > 0)
    parts.push(
      `We could not read your answer to ${unreadable.length === 1 ? 'blank' : 'blanks'} ${listing(unreadable)}. Check the math and try again.`,
    );
  return { isCorrect: false, feedback: parts.join(' ') };
}

/** How many blanks the entries get right. */
export const blanksRight = (blanks: string[][], entries: string[] | null, match: EntryMatcher): number =>
  blanks.filter((accepted, i) => matchBlank(entries?.[i] ?? '', accepted, match) === 'equal').length;

/** Right if any accepted answer matches; unreadable only if none does and the entry could not be read. */
function matchBlank(entry: string, accepted: string[], match: EntryMatcher): MatchResult {
  const results = accepted.map((a) => match(entry, a));
  if (results.includes('equal')) return 'equal';
  return results.includes('unreadable') ? 'unreadable' : 'different';
}

function numbersWhere(results: MatchResult[], wanted: MatchResult): number[] {
  return results.flatMap((r, i) => (r === wanted ? [i + 1] : []));
}

/** "2", "1 and 3", "1, 2 and 4". */
function listing(numbers: number[]): string {
  return numbers.length === 1
    ? String(numbers[0])
    : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}
