/** What each question type's web module provides: the student's answer control and the staff's key editing. */
import type { ComponentType } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { SittingQuestion } from '@common/schemas/learning';
import type { AnswerForm } from '@common/rules/answer-forms';
import type { AnswerKey, Options } from '@common/schemas/questions';

export interface AnswerInputProps {
  question: SittingQuestion;
  /** The answer in its wire form (common/question-types). */
  answer: string;
  onChange(value: string): void;
  /** Enter in an answer field: exercises check the answer, a test sitting does nothing. */
  onEnter(): void;
}

/** The key as the question forms hold it while staff write it: options as an ordered list, blanks as lists of answers. */
export interface KeyDraft {
  options: string[];
  /** The letters of the correct options. */
  correct: string[];
  /** The accepted answers of each blank (one list for a type with one answer). */
  blanks: string[][];
  /** The forms each blank's answer must take, beside `blanks`. */
  forms: AnswerForm[][];
}

export interface KeyEditorProps {
  draft: KeyDraft;
  onChange(patch: Partial<KeyDraft>): void;
  /** The form's broken rules, each shown on its field. */
  errors: FieldErrors<KeyDraft>;
}

/** How staff write and read one type's key. */
export interface QuestionTypeKey {
  /** The part of the question forms that writes the key (and the options). */
  Editor: ComponentType<KeyEditorProps>;
  /** The draft's key as the request sends it: the options by letter, the answer key as the type stores it, the forms. */
  fields(draft: KeyDraft): { options: Options; answer: AnswerKey; answerForms: AnswerForm[][] };
  /** A stored key (as `readAnswerKey` reads it) as the draft's correct marks and blanks. */
  draft(key: AnswerKey): Pick<KeyDraft, 'correct' | 'blanks'>;
  /** Where a rule about the request's answer key (the rest of its path after `answer`) shows in the draft. */
  answerPath(rest: string[]): string[];
  /** The options shown with the question in the bank and on the printed paper, by letter; null when unreadable. */
  shownOptions(options: unknown): Array<[string, string]> | null;
}
