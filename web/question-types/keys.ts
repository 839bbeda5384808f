/** What the types share in reading a stored key into the question forms. */
import type { AnswerForm } from '@common/rules/answer-forms';
import type { AnswerKey } from '@common/schemas/questions';
import type { KeyDraft, QuestionTypeKey } from './types';

/** The blanks of a key stored as one list per blank, and the correct letters of one stored as `{a1}`. */
export function keyDraft(key: AnswerKey): Pick<KeyDraft, 'correct' | 'blanks'> {
  return Array.isArray(key)
    ? { correct: [], blanks: key.map((b) => [...b]) }
    : { correct: [...key.a1], blanks: [['']] };
}

/** A rule about a key of blanks shows on the blanks, or on the blank its path names. */
export const blanksPath: QuestionTypeKey['answerPath'] = (rest) => ['blanks', ...rest];

/** Only multiple choice shows options beside its key. */
export const noOptions: QuestionTypeKey['shownOptions'] = () => [];

/** The forms of a draft's blanks, one list per blank (a blank without forms has an empty list). */
export const blankForms = (draft: KeyDraft, blanks = draft.blanks.length): AnswerForm[][] =>
  Array.from({ length: blanks }, (_, i) => draft.forms[i] ?? []);
