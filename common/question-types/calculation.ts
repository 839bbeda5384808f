/** Calculation: one list of accepted answers (`{a1: [...]}`), the answer typed as text. */
import { singleAnswer } from './single-answer';

export const calculation = singleAnswer({
  accepted: (key) => (key && typeof key === 'object' && !Array.isArray(key) ? (key as { a1?: unknown }).a1 : key),
  stored: (list) => ({ a1: list }),
  answerKind: 'number',
});
