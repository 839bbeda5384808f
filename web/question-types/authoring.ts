/**
 * How staff write and read each question type's key, one module per type (each in its type's folder), behind one
 * registry that names every type: the question forms' key editor, the draft's key to request fields and back, and
 * the options shown with the key in the bank and on the printed paper. Only staff pages import it, so a student's
 * pages load none of the key editors (their controls are in answering.tsx).
 */
import type { QuestionType } from '@common/schemas/questions';
import { calculationKey } from './calculation/key';
import { fillInTheBlankKey } from './fill-in-the-blank/key';
import { multipleChoiceKey } from './multiple-choice/key';
import { shortAnswerKey } from './short-answer/key';
import type { QuestionTypeKey } from './types';

export type { KeyDraft, KeyEditorProps, QuestionTypeKey } from './types';

export const QUESTION_TYPE_KEYS: Record<QuestionType, QuestionTypeKey> = {
  'Multiple Choice': multipleChoiceKey,
  'Short Answer': shortAnswerKey,
  Calculation: calculationKey,
  'Fill in the Blank': fillInTheBlankKey,
};
