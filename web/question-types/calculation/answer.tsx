import type { AnswerInputProps } from '../types';
import { TypedAnswer } from '../TypedAnswer';

/** The result typed in one field, with an example of how numbers and expressions are written. */
export function CalculationAnswer(props: AnswerInputProps) {
  return <TypedAnswer {...props} placeholder="e.g. 3/4 or 2x + 1" />;
}
