/**
 * Each question type's rules, one module per type, behind one registry that names every type: a new type does
 * not compile until it says how its answers are shown.
 */
import type { QuestionType } from '../rules/questions';
import { calculation } from './calculation';
import type { KeyedQuestion, QuestionTypeDisplay, Shown } from './display';
import { fillInTheBlank } from './fill-in-the-blank';
import { multipleChoice } from './multiple-choice';
import { shortAnswer } from './short-answer';

export { JOIN, NO_ANSWER, isLatex, optionText, shownMath, shownText, type KeyedQuestion, type QuestionTypeDisplay, type Shown, type ShownPiece } from './display';

export const QUESTION_TYPE_DISPLAY: Record<QuestionType, QuestionTypeDisplay> = {
  'Multiple Choice': multipleChoice,
  'Short Answer': shortAnswer,
  Calculation: calculation,
  'Fill in the Blank': fillInTheBlank,
};

/** A question's answer key as shown everywhere, or null when the key cannot be read. */
export const describeKey = (question: KeyedQuestion & { type: QuestionType }): Shown | null => QUESTION_TYPE_DISPLAY[question.type].key(question);

/** A student's answer (wire form; null or blank for none) as shown everywhere. */
export const describeAnswer = (question: Pick<KeyedQuestion, 'options'> & { type: QuestionType }, answer: string | null): Shown =>
  QUESTION_TYPE_DISPLAY[question.type].answer(question, answer);
