/**
 * The verdicts a question type gives from the matcher's results: a set of chosen letters against the correct ones,
 * and entries against the accepted answers of each blank, with the feedback a student reads.
 */
import { formFeedback, type AnswerForm } from '../rules/answer-forms';
import type { MatchResult } from './match';

/**
 * The comparison of one entry with one accepted answer of a blank (numbered from 0): equal, different, unreadable,
 * or equal but not in the form the blank asks (the form missed).
 */
export type EntryResult = MatchResult | AnswerForm;

/**
 * The math engine's comparison, handed in by the caller with the blanks' forms: the verdicts stay free of the engine,
 * so screens that show or encode answers load none of it.
 */
export type EntryMatcher = (entry: string, accepted: string, blank: number) => EntryResult;

/** Whether the student is right, and what to tell them. */
export interface CheckResult {
  isCorrect: boolean;
  feedback: string;
  /** Wrong only in form: every blank not right has the right value, written otherwise than asked. */
  formMissed?: true;
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

/**
 * Right when every blank is; otherwise the feedback names the blanks that are wrong, those that could not be read,
 * and why those right in value are not in their form.
 */
export function checkBlanks(blanks: string[][], entries: string[] | null, match: EntryMatcher): CheckResult {
  const results = blanks.map((accepted, i) => matchBlank(entries?.[i] ?? '', accepted, i, match));
  if (results.every((r) => r === 'equal')) return CORRECT;
  const formMissed = results.every((r) => r === 'equal' || typeof r === 'object')
    ? ({ formMissed: true } as const)
    : {};
  if (blanks.length === 1) {
    const [result] = results;
    const feedback = typeof result === 'object' ? formFeedback(result) : result === 'unreadable' ? UNREADABLE : WRONG;
    return { isCorrect: false, feedback, ...formMissed };
  }
  const wrong = numbersWhere(results, (r) => r === 'different');
  const unreadable = numbersWhere(results, (r) => r === 'unreadable');
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
  results.forEach((r, i) => {
    if (typeof r === 'object') parts.push(`Blank ${i + 1}: ${formFeedback(r)}.`);
  });
  return { isCorrect: false, feedback: parts.join(' '), ...formMissed };
}

/** How many blanks the entries get right (in value and form). */
export const blanksRight = (blanks: string[][], entries: string[] | null, match: EntryMatcher): number =>
  blanks.filter((accepted, i) => matchBlank(entries?.[i] ?? '', accepted, i, match) === 'equal').length;

/**
 * Right if any accepted answer matches; else the form missed if any is equal in value; unreadable only if none is
 * and the entry could not be read.
 */
function matchBlank(entry: string, accepted: string[], blank: number, match: EntryMatcher): EntryResult {
  const results = accepted.map((a) => match(entry, a, blank));
  if (results.includes('equal')) return 'equal';
  const missed = results.find((r) => typeof r === 'object');
  if (missed !== undefined) return missed;
  return results.includes('unreadable') ? 'unreadable' : 'different';
}

function numbersWhere(results: EntryResult[], wanted: (result: EntryResult) => boolean): number[] {
  return results.flatMap((r, i) => (wanted(r) ? [i + 1] : []));
}

/** "2", "1 and 3", "1, 2 and 4". */
function listing(numbers: number[]): string {
  return numbers.length === 1
    ? String(numbers[0])
    : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}
