/** Short Answer: one list of accepted answers (`[[...]]`, like one blank), the answer typed as text. */
import { singleAnswer } from './single-answer';

export const shortAnswer = singleAnswer;
