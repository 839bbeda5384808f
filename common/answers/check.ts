/** Checking a whole question: reading the stored key and the student's answer, then the question type's verdict. */
import { rulesOf } from '../question-types';
import { answerFormsOf } from '../question-types/content';
import { ANSWER_FORM_MESSAGES, type AnswerForm } from '../rules/answer-forms';
import type { QuestionType } from '../rules/questions';
import { matchInForm, missedForm } from './forms';
import { matchesAccepted } from './match';
import { withinBudget, withinBudgetWhole } from './numbers';
import type { CheckResult, EntryMatcher } from './verdict';
import { studentEntries } from './wire';

export type { CheckResult, QuestionType };

/** A question as stored: its type and answer key (possibly as a JSON string), and the forms its blanks ask. */
export interface CheckableQuestion {
  type: QuestionType;
  answer: unknown;
  options?: unknown;
  answerForms?: unknown;
}

/** The stored forms of a question's blanks; none when they cannot be read (a key stored before forms existed). */
function formsOf(question: CheckableQuestion, blanks: number): AnswerForm[][] {
  try {
    return answerFormsOf(question.answerForms, blanks);
  } catch {
    return [];
  }
}

/** The comparison of an entry with an accepted answer of a blank, in the form the blank asks. */
function matcherFor(forms: AnswerForm[][]): EntryMatcher {
  return (entry, accepted, blank) => {
    const asked = forms[blank] ?? [];
    return asked.length === 0 ? matchesAccepted(entry, accepted) : matchInForm(entry, accepted, asked, matchesAccepted);
  };
}

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
export function checkAnswerWhole(
  question: CheckableQuestion,
  studentAnswer: string,
): { result: CheckResult; whole: boolean } {
  const { value, whole } = withinBudgetWhole(() => checkQuestion(question, studentAnswer));
  return { result: value, whole };
}

function checkQuestion(question: CheckableQuestion, studentAnswer: string): CheckResult {
  try {
    const blanks = acceptedBlanks(fromJson(question?.answer));
    if (blanks === null || blanks.length === 0) return NO_KEY;
    const rules = rulesOf(question.type);
    if (rules === null) return NO_KEY;
    return rules.check(
      blanks,
      studentEntries(typeof studentAnswer === 'string' ? studentAnswer : ''),
      matcherFor(formsOf(question, blanks.length)),
    );
  } catch {
    // A defensive net: malformed keys must not take the endpoint down.
    return NO_KEY;
  }
}

/**
 * Why the author's key does not meet its own forms (an accepted answer not written in the form its blank asks), or
 * null: a key a student could not match in form is refused when saved.
 */
export function keyNotInForm(question: CheckableQuestion): string | null {
  return withinBudget(() => {
    const blanks = acceptedBlanks(fromJson(question.answer)) ?? [];
    const forms = formsOf(question, blanks.length);
    for (const [i, accepted] of blanks.entries()) {
      for (const answer of accepted) {
        const missed = missedForm(answer, forms[i] ?? []);
        if (missed) return ANSWER_FORM_MESSAGES.keyNotInForm(answer, blanks.length > 1 ? i + 1 : null, missed);
      }
    }
    return null;
  });
}

/**
 * The share of a question's marks an answer earns, for scored tests, as its type gives it (multiple choice all or
 * nothing, fill in the blank per blank in proportion, short answer and calculation right or wrong). 0 for a key
 * that cannot be read.
 */
export function answerCredit(question: CheckableQuestion, studentAnswer: string): number {
  return withinBudget(() => {
    try {
      const blanks = acceptedBlanks(fromJson(question.answer));
      if (blanks === null || blanks.length === 0) return 0;
      const rules = rulesOf(question.type);
      if (rules === null) return 0;
      return rules.credit(
        blanks,
        studentEntries(typeof studentAnswer === 'string' ? studentAnswer : ''),
        matcherFor(formsOf(question, blanks.length)),
      );
    } catch {
      return 0;
    }
  });
}

/**
 * Whether a student may give several answers to a question, as its type says of its key (a multiple-choice key
 * marking more than one option), so a screen can offer several choices without learning which ones. False when the
 * key cannot be read.
 */
export function multipleAnswers(question: CheckableQuestion): boolean {
  try {
    const blanks = acceptedBlanks(fromJson(question.answer));
    return blanks !== null && (rulesOf(question.type)?.multipleAnswers(blanks) ?? false);
  } catch {
    return false;
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
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.map(String);
  return null;
}
