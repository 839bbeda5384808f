/** Comparing one student entry with one accepted answer. */
import { MAX_INPUT_LENGTH, textKey } from './normalize';
import { OverBudgetError, withinBudget } from './numbers';
import { readingImaginaryUnit } from './expressions';
import { equivalent, parseAnswer, type Answer } from './structure';

/** Outcome of comparing one entry: equal, different, or not readable as math. */
export type MatchResult = 'equal' | 'different' | 'unreadable';

/**
 * Compares a student's entry with one accepted answer mathematically
 * (numbers by value, expressions and equations by equivalence, units by conversion);
 * answers made of words compare as text. Never throws, and gives up as unreadable
 * rather than outlive the check's time budget.
 */
export function matchesAccepted(student: string, accepted: string): MatchResult {
  return withinBudget(() => compare(student, accepted));
}

function compare(student: string, accepted: string): MatchResult {
  if (typeof student !== 'string' || typeof accepted !== 'string') return 'different';
  if (student.length > MAX_INPUT_LENGTH) return 'unreadable';
  if (student.trim() === '') return 'different';
  const key = parsedAccepted(accepted);
  // Words match ignoring case and spacing (`isosceles` for `Isosceles`); math does not: `X` is not `x`.
  const sameText = textKey(student) === textKey(accepted);
  if (sameText && (key === null || key.kind === 'text' || sameLetters(student, accepted))) return 'equal';
  // An accepted answer that we cannot read only matches as text.
  if (key === null) return 'different';
  const entry = tryParse(student);
  if (entry === null) return key.kind === 'text' ? 'different' : 'unreadable';
  try {
    return equivalent(key, entry) ? 'equal' : 'different';
  } catch (error) {
    // Evaluation problems (e.g. runaway recursion) on readable input are a mismatch.
    return error instanceof OverBudgetError ? 'unreadable' : 'different';
  }
}

/** An entry without its spaces and final period, letter case kept. */
const squeezed = (s: string) => s.replace(/\s+/g, '').replace(/\.$/, '');
/** The same text but for spacing: `x + 1` for `x+1`, not `X+1`. */
const sameLetters = (a: string, b: string) => squeezed(a) === squeezed(b);

/**
 * Accepted answers are the staff's and few, and every check of a question reads the same ones: each is parsed
 * once (the parse is a third of a check) and kept, up to ACCEPTED_KEPT of them; the cache starts over when full.
 * A parsed answer is only read, never changed, by `equivalent`.
 */
const ACCEPTED_KEPT = 5_000;
const acceptedParses = new Map<string, Answer | null>();
/** Starts the kept key of a parse made reading `i` as the imaginary unit: no accepted answer starts so. */
const IMAGINARY_KEY = '\u0000';

function parsedAccepted(accepted: string): Answer | null {
  // `i` read as the imaginary unit makes another parse of the same text.
  const key = readingImaginaryUnit() ? `${IMAGINARY_KEY}${accepted}` : accepted;
  const kept = acceptedParses.get(key);
  if (kept !== undefined) return kept;
  let parsed: Answer | null;
  try {
    parsed = parseAnswer(accepted);
  } catch (error) {
    // A parse cut short by this check's budget (spent on the student's entry) says nothing of the answer: not kept.
    if (error instanceof OverBudgetError) return null;
    parsed = null;
  }
  if (acceptedParses.size >= ACCEPTED_KEPT) acceptedParses.clear();
  acceptedParses.set(key, parsed);
  return parsed;
}

function tryParse(s: string): Answer | null {
  try {
    return parseAnswer(s);
  } catch {
    // Any failure, from a syntax error to a stack overflow on deep nesting, means unreadable.
    return null;
  }
}
