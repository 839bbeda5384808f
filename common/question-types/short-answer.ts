/** Short Answer: one list of accepted answers (`[[...]]`, like one blank), the answer typed as text. */
import { singleAnswer } from './single-answer';

export const shortAnswer = singleAnswer({
  accepted: (key) => (Array.isArray(key) && Array.isArray(key[0]) ? key[0] : key),
  stored: (list) => [list],
  answerKind: 'text',
});
