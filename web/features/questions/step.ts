import { questionStep1Schema, type QuestionType } from '@common/schemas/questions';

/** What step 1 hands to step 2 in the navigation state: the choices, with names for the summary. */
export interface Step1State {
  grade: string;
  type: QuestionType;
  source: string;
  category: string[];
  focus: string[];
  categoryNames: string[];
  focusNames: string[];
}

/** The state step 2 was opened with, when it is a valid step 1; otherwise null (and step 2 sends the author back). */
export function readStep1(state: unknown): Step1State | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Partial<Step1State>;
  const valid =
    questionStep1Schema.safeParse(s).success && Array.isArray(s.categoryNames) && Array.isArray(s.focusNames);
  return valid ? (s as Step1State) : null;
}
