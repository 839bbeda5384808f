/**
 * A question being written, as the forms hold it (options as an ordered list, blanks as lists of answers), and
 * its conversions: to the request fields the shared schema checks, and to the multipart body the server takes.
 */
import {
  DEFAULT_OPTION_LETTERS,
  optionLetter,
  questionBody,
  readAnswerKey,
  readAttachments,
  readOptions,
  type Question,
  type QuestionType,
} from '@common/schemas/questions';

export interface QuestionDraft {
  grade: string;
  type: QuestionType | '';
  source: string;
  hint: string;
  category: string[];
  focus: string[];
  questionText: string;
  solution: string;
  options: string[];
  correct: string[];
  blanks: string[][];
}

export const emptyDraft = (): QuestionDraft => ({
  grade: '',
  type: '',
  source: '',
  hint: '',
  category: [],
  focus: [],
  questionText: '',
  solution: '',
  options: DEFAULT_OPTION_LETTERS.map(() => ''),
  correct: [],
  blanks: [['']],
});

const isChoice = (type: QuestionDraft['type']) => type === 'Multiple Choice';

/** The request fields of a draft, in the encodings of staff.md section 3. */
export function draftFields(draft: QuestionDraft) {
  const choice = isChoice(draft.type);
  const answer = choice ? { a1: draft.correct } : draft.type === 'Calculation' ? { a1: draft.blanks[0] ?? [] } : draft.blanks;
  return {
    grade: draft.grade,
    type: draft.type || undefined,
    source: draft.source,
    hint: draft.hint,
    focus: draft.focus,
    category: draft.category,
    questionText: draft.questionText,
    solution: draft.solution,
    options: choice ? Object.fromEntries(draft.options.map((text, i) => [optionLetter(i), text])) : {},
    answer,
  };
}

/** The first broken rule of a draft, with the server's own message, or null. */
export function draftProblem(draft: QuestionDraft): string | null {
  const result = questionBody.safeParse(draftFields(draft));
  return result.success ? null : result.error.issues[0].message;
}

/** The multipart body: lists and answer keys as JSON, files repeated under their field. */
export function draftFormData(draft: QuestionDraft, files: File[], fileField: 'attachments' | 'newAttachments', extra: Record<string, unknown> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...draftFields(draft), ...extra })) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const file of files) form.append(fileField, file);
  return form;
}

/** A stored question as a draft, for inline editing; throws when its options, answers or images cannot be read. */
export function draftOf(q: Question): QuestionDraft {
  const options = readOptions(q.options);
  const key = readAnswerKey(q.answer);
  if (!options || !key || !readAttachments(q.attachments)) throw new Error('Unreadable question');
  const blanks = Array.isArray(key) ? key.map((b) => [...b]) : q.type === 'Calculation' ? [[...key.a1]] : [['']];
  return {
    grade: String(q.grade),
    type: q.type,
    source: q.source,
    hint: q.hint,
    category: [...q.category],
    focus: [...q.focus],
    questionText: q.questionText,
    solution: q.solution,
    options: options.map(([, text]) => text),
    correct: Array.isArray(key) ? [] : [...key.a1],
    blanks: blanks.length ? blanks : [['']],
  };
}
