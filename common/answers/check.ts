/** Checking a whole question: answer-key encodings, student formats and feedback. */
import type { QuestionType } from '../rules/questions';
import { matchesAccepted, type MatchResult } from './match';
import { withinBudget, withinBudgetWhole } from './numbers';
import { studentEntries } from './wire';

export type { QuestionType };

/** A question as stored: its type and answer key (possibly as a JSON string). */
export interface CheckableQuestion {
  type: QuestionType;
  answer: unknown;
  options?: unknown;
}

/** Whether the student is right, and what to tell them. */
export interface CheckResult {
  isCorrect: boolean;
  feedback: string;
}

const CORRECT: CheckResult = { isCorrect: true, feedback: 'Correct!' };
const WRONG = 'Not quite. Try again.';
const UNREADABLE = 'We could not read your answer. Check the math and try again.';
const NO_KEY: CheckResult = { isCorrect: false, feedback: 'This question cannot be checked automatically.' };

/**
 * Checks a student's answer to a question. Never throws and never reveals
 * the accepted answer in the feedback; all its blanks and accepted answers share one time budget.
 */
export function checkAnswer(question: CheckableQuestion, studentAnswer: string): CheckResult {
  return withinBudget(() => checkQuestion(question, studentAnswer));
}

/**
 * checkAnswer, and whether its verdict may be kept for the same question and answer: it may unless the check ran
 * out of budget somewhere (an entry given up on as unreadable, or a comparison cut short).
 */
export function checkAnswerWhole(question: CheckableQuestion, studentAnswer: string): { result: CheckResult; whole: boolean } {
  const { value, whole } = withinBudgetWhole(() => checkQuestion(question, studentAnswer));
  return { result: value, whole };
}

function checkQuestion(question: CheckableQuestion, studentAnswer: string): CheckResult {
  try {
    const blanks = acceptedBlanks(fromJson(question?.answer));
    if (blanks === null || blanks.length === 0) return NO_KEY;
    const entries = studentEntries(typeof studentAnswer === 'string' ? studentAnswer : '');
    switch (question.type) {
      case 'Multiple Choice':
        // Flattened so a bare `['A', 'C']` key works like `{a1: ['A', 'C']}`.
        return checkChoices(blanks.flat(), entries);
      case 'Fill in the Blank':
        return checkBlanks(blanks, entries);
      case 'Short Answer':
      case 'Calculation':
        return checkBlanks(blanks.slice(0, 1), entries === null ? null : entries.slice(0, 1));
      default:
        return NO_KEY;
    }
  } catch {
    // A defensive net: malformed keys must not take the endpoint down.
    return NO_KEY;
  }
}

/**
 * The share of a question's marks an answer earns, for scored tests: multiple choice all or nothing, fill in the
 * blank per blank in proportion, short answer and calculation right or wrong. 0 for a key that cannot be read.
 */
export function answerCredit(question: CheckableQuestion, studentAnswer: string): number {
  return withinBudget(() => {
    try {
      if (question.type !== 'Fill in the Blank') return checkQuestion(question, studentAnswer).isCorrect ? 1 : 0;
      const blanks = acceptedBlanks(fromJson(question.answer));
      if (blanks === null || blanks.length === 0) return 0;
      const entries = studentEntries(studentAnswer);
      const right = blanks.filter((accepted, i) => matchBlank(entries?.[i] ?? '', accepted) === 'equal').length;
      return right / blanks.length;
    } catch {
      return 0;
    }
  });
}

/**
 * How many options a multiple-choice key marks correct, so a screen can offer several choices
 * without learning which ones. 0 when the key cannot be read.
 */
export function correctChoiceCount(answer: unknown): number {
  try {
    return new Set((acceptedBlanks(fromJson(answer)) ?? []).flat().map((c) => c.trim().toUpperCase())).size;
  } catch {
    return 0;
  }
}

function fromJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    // A plain string key is a single accepted answer.
    return [[value]];
  }
}

/** Normalizes `[['a','b'], ['c']]`, `{a1: [...], a2: [...]}` and flat forms to a list per blank. */
function acceptedBlanks(key: unknown): string[][] | null {
  if (typeof key === 'string' || typeof key === 'number') return [[String(key)]];
  if (Array.isArray(key)) {
    if (key.every((k) => typeof k === 'string' || typeof k === 'number')) return key.map((k) => [String(k)]);
    const blanks = key.map(answerList);
    return blanks.every((b) => b !== null) ? (blanks as string[][]) : null;
  }
  if (key !== null && typeof key === 'object') {
    const entries = Object.entries(key)
      .filter(([k]) => /^a\d+$/.test(k))
      .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)));
    const blanks = entries.map(([, v]) => answerList(v));
    return blanks.every((b) => b !== null) ? (blanks as string[][]) : null;
  }
  return null;
}

function answerList(value: unknown): string[] | null {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.map(String);
  return null;
}

function checkChoices(correct: string[], entries: string[] | null): CheckResult {
  const chosen = (entries ?? []).flatMap((e) => e.split(/[\s,;]+/)).map((e) => e.trim().toUpperCase()).filter((e) => e !== '');
  if (chosen.length === 0 || chosen.some((c) => !/^[A-Z]$/.test(c))) return { isCorrect: false, feedback: UNREADABLE };
  const want = new Set(correct.map((c) => c.trim().toUpperCase()));
  const got = new Set(chosen);
  const same = want.size === got.size && [...want].every((c) => got.has(c));
  return same ? CORRECT : { isCorrect: false, feedback: WRONG };
}

function checkBlanks(blanks: string[][], entries: string[] | null): CheckResult {
  const results = blanks.map((accepted, i) => matchBlank(entries?.[i] ?? '', accepted));
  if (results.every((r) => r === 'equal')) return CORRECT;
  if (blanks.length === 1) return { isCorrect: false, feedback: results[0] === 'unreadable' ? UNREADABLE : WRONG };
  const wrong = numbersWhere(results, 'different');
  const unreadable = numbersWhere(results, 'unreadable');
  const parts: string[] = [];
  if (wrong.length > 0) parts.push(WRONG, `${wrong.length === 1 ? 'Blank' : 'Blanks'} ${listing(wrong)} ${wrong.length === 1 ? 'is' : 'are'} not correct.`);
  if (unreadable.length > 0) parts.push(`We could not read your answer to ${unreadable.length === 1 ? 'blank' : 'blanks'} ${listing(unreadable)}. Check the math and try again.`);
  return { isCorrect: false, feedback: parts.join(' ') };
}

/** Right if any accepted answer matches; unreadable only if none does and the entry could not be read. */
function matchBlank(entry: string, accepted: string[]): MatchResult {
  const results = accepted.map((a) => matchesAccepted(entry, a));
  if (results.includes('equal')) return 'equal';
  return results.includes('unreadable') ? 'unreadable' : 'different';
}

function numbersWhere(results: MatchResult[], wanted: MatchResult): number[] {
  return results.flatMap((r, i) => (r === wanted ? [i + 1] : []));
}

/** "2", "1 and 3", "1, 2 and 4". */
function listing(numbers: number[]): string {
  return numbers.length === 1 ? String(numbers[0]) : `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}
