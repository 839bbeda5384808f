/**
 * The answer control a student uses, one per question type (each in its type's folder), behind one registry that
 * names every type: exercises and test sittings draw the control of the question's type. Only what a student's
 * screens need is here, so their pages load none of the staff's key editors (authoring.ts).
 */
import type { ComponentType } from 'react';
import type { QuestionType } from '@common/schemas/questions';
import { CalculationAnswer } from './calculation/answer';
import { FillInTheBlankAnswer } from './fill-in-the-blank/answer';
import { MultipleChoiceAnswer } from './multiple-choice/answer';
import { ShortAnswerAnswer } from './short-answer/answer';
import type { AnswerInputProps } from './types';

export const ANSWER_INPUTS: Record<QuestionType, ComponentType<AnswerInputProps>> = {
  'Multiple Choice': MultipleChoiceAnswer,
  'Short Answer': ShortAnswerAnswer,
  Calculation: CalculationAnswer,
  'Fill in the Blank': FillInTheBlankAnswer,
};

/** The answer control for a question's type: exercises check on Enter (`onEnter`); a test sitting only keeps the answer. */
export function AnswerInput({
  question,
  answer,
  onChange,
  onEnter = () => {},
}: Omit<AnswerInputProps, 'onEnter'> & { onEnter?(): void }) {
  const Input = ANSWER_INPUTS[question.type];
  return <Input question={question} answer={answer} onChange={onChange} onEnter={onEnter} />;
}
