/**
 * Each question type's rules, one module per type, behind one registry that names every type: a new type does
 * not compile until it says how its key is checked when authored, how its answers travel, are checked and earn
 * credit, and how they are shown.
 */
import { QUESTION_TYPES, type QuestionType } from '../rules/questions';
import { calculation } from './calculation';
import type { KeyedQuestion, QuestionTypeDisplay, Shown } from './display';
import { fillInTheBlank } from './fill-in-the-blank';
import { multipleChoice } from './multiple-choice';
import type { AnswerKind, QuestionTypeRules } from './rules';
import { shortAnswer } from './short-answer';

export {
  JOIN,
  NO_ANSWER,
  isLatex,
  optionText,
  shownMath,
  shownText,
  type KeyedQuestion,
  type QuestionTypeDisplay,
  type Shown,
  type ShownPiece,
} from './display';
export { ContentIssue, type CheckedContent, type QuestionContent } from './content';
export type { AnswerKind, AnswerWire, QuestionTypeRules } from './rules';

export const QUESTION_TYPE_RULES: Record<QuestionType, QuestionTypeRules> = {
  'Multiple Choice': multipleChoice,
  'Short Answer': shortAnswer,
  Calculation: calculation,
  'Fill in the Blank': fillInTheBlank,
};

/**
 * The rules of a type as the database or an older client names it, or null for a name no type has: a stored
 * question is read before anything checks its type, and a name unknown here must not break a check.
 */
export function rulesOf(type: string): QuestionTypeRules | null {
  return (QUESTION_TYPES as readonly string[]).includes(type) ? QUESTION_TYPE_RULES[type as QuestionType] : null;
}

/** How a student answers questions of a type, named as a stored question or a file names it; null for no type. */
export const answerKindOf = (type: string | undefined): AnswerKind | null =>
  type === undefined ? null : (rulesOf(type)?.answerKind ?? null);

export const QUESTION_TYPE_DISPLAY = Object.fromEntries(
  QUESTION_TYPES.map((type) => [type, QUESTION_TYPE_RULES[type].display]),
) as Record<QuestionType, QuestionTypeDisplay>;

/** A question's answer key as shown everywhere, or null when the key cannot be read. */
export const describeKey = (question: KeyedQuestion & { type: QuestionType }): Shown | null =>
  QUESTION_TYPE_RULES[question.type].display.key(question);

/** A student's answer (wire form; null or blank for none) as shown everywhere. */
export const describeAnswer = (
  question: Pick<KeyedQuestion, 'options'> & { type: QuestionType },
  answer: string | null,
): Shown => QUESTION_TYPE_RULES[question.type].display.answer(question, answer);

/**
 * A student's answer to a question no longer in the bank, whose type is unknown: shown entry by entry, as typed
 * (read as blanks, which takes a list of entries and a single text alike).
 */
export const describeAnswerOfDeleted = (answer: string | null): Shown =>
  fillInTheBlank.display.answer({ options: {} }, answer);
