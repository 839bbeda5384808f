import type { AnswerInputProps } from '../types';
import { TypedAnswer } from '../TypedAnswer';

/** The answer typed in one field. */
export function ShortAnswerAnswer(props: AnswerInputProps) {
  return <TypedAnswer {...props} placeholder="Type your answer" />;
}
