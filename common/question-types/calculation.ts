/** Calculation: one list of accepted answers (`{a1: [...]}`), the answer typed as text. */
import { singleAnswer } from './single-answer';

export const calculation = singleAnswer;
