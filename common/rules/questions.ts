/** Questions: the kinds there are, in their fixed order, which is also the database enum's. */

export const QUESTION_TYPES = ['Multiple Choice', 'Short Answer', 'Calculation', 'Fill in the Blank'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
