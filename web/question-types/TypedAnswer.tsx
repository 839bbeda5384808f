import { TextField } from '../ui/Field';
import { formHintText } from './FormHint';
import type { AnswerInputProps } from './types';

/** One text field for the answer, as Calculation and Short Answer take it (the wire form is the text typed). */
export function TypedAnswer({ question, answer, onChange, placeholder }: AnswerInputProps & { placeholder: string }) {
  return (
    <TextField
      label="Your answer"
      value={answer}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      hint={formHintText(question.answerForms[0])}
    />
  );
}
