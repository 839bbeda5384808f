/**
 * A question being written, as the forms hold it (options as an ordered list, blanks as lists of answers), and
 * its conversions: to the request fields the shared schema checks, and to the multipart body the server takes.
 */
import { z } from 'zod';
import {
  DEFAULT_OPTION_LETTERS,
  questionContent,
  questionFields,
  readAnswerKey,
  readAttachments,
  readOptions,
  type Question,
  type QuestionType,
} from '@common/schemas/questions';
import { formsOfBlanks } from '@common/question-types/display';
import type { QuestionTemplate } from '@common/templates';
import { ApiError } from '../../api/client';
import { QUESTION_TYPE_KEYS, type KeyDraft } from '../../question-types/authoring';

/** A variable as the form holds it: every kind's fields, so switching its kind keeps what was typed. */
export interface VariableDraft {
  name: string;
  kind: 'range' | 'choice' | 'computed';
  min: string;
  max: string;
  step: string;
  values: string[];
  expression: string;
}

/** Random numbers as the form holds them; `seeds` null for any variant, else the approved ones. */
export interface TemplateDraft {
  variables: VariableDraft[];
  constraints: string[];
  seeds: number[] | null;
}

export const emptyVariable = (name = ''): VariableDraft => ({
  name,
  kind: 'range',
  min: '1',
  max: '9',
  step: '1',
  values: [],
  expression: '',
});

/** The template as the server takes it: each variable with its kind's fields, blank constraints dropped. */
export function templateFields(template: TemplateDraft): QuestionTemplate {
  return {
    variables: template.variables.map(({ name, kind, min, max, step, values, expression }) =>
      kind === 'range'
        ? { name, kind, min, max, step }
        : kind === 'choice'
          ? { name, kind, values }
          : { name, kind, expression },
    ),
    constraints: template.constraints.map((c) => c.trim()).filter(Boolean),
    seeds: template.seeds,
  };
}

function templateDraftOf(template: QuestionTemplate): TemplateDraft {
  return {
    variables: template.variables.map((v) => ({ ...emptyVariable(), ...v })),
    constraints: [...template.constraints],
    seeds: template.seeds ? [...template.seeds] : null,
  };
}

export interface QuestionDraft extends KeyDraft {
  grade: string;
  type: QuestionType | '';
  source: string;
  hint: string;
  category: string[];
  focus: string[];
  questionText: string;
  solution: string;
  /** Random numbers, or null for a question that is the same for everyone. */
  template: TemplateDraft | null;
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
  forms: [[]],
  template: null,
});

/**
 * The request fields of a draft: the options and the key as its type stores them (a draft with no type yet sends
 * its blanks).
 */
export function draftFields(draft: QuestionDraft) {
  const { options, answer, answerForms } = draft.type
    ? QUESTION_TYPE_KEYS[draft.type].fields(draft)
    : { options: {}, answer: draft.blanks, answerForms: [] };
  return {
    grade: draft.grade,
    type: draft.type || undefined,
    source: draft.source,
    hint: draft.hint,
    focus: draft.focus,
    category: draft.category,
    questionText: draft.questionText,
    solution: draft.solution,
    options,
    answer,
    answerForms,
    template: draft.template ? templateFields(draft.template) : null,
  };
}

/**
 * Where a rule about a request field shows in the draft: option `B` is the second of `options`, the answer key where
 * its type edits it (the correct marks of a multiple-choice question, the blanks of the others).
 */
export function draftPath(path: readonly PropertyKey[], type: QuestionDraft['type']): string[] {
  const [field, part, ...rest] = path.map(String);
  if (field === 'options' && part !== undefined) return ['options', String(part.charCodeAt(0) - 65), ...rest];
  // A rule about a blank's forms shows under that blank's forms.
  if (field === 'answerForms') return part === undefined ? ['forms'] : ['forms', part];
  if (field === 'answer') {
    const after = part === undefined ? [] : [part, ...rest];
    return type ? QUESTION_TYPE_KEYS[type].answerPath(after) : ['blanks', ...after];
  }
  return [field, ...(part === undefined ? [] : [part]), ...rest];
}

/**
 * The question forms' schema: a draft checked by the server's rules, every field (questionFields) and the answers
 * and options (questionContent) at once, each broken rule on the draft field that shows it.
 */
export const draftSchema = z.custom<QuestionDraft>().superRefine((draft, ctx) => {
  const fields = draftFields(draft);
  for (const schema of [questionFields, questionContent]) {
    const checked = schema.safeParse(fields);
    if (checked.success) continue;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: draftPath(issue.path, draft.type) });
  }
});

/** A refusal of the server with its issues moved onto the draft's fields, for the form to place them. */
export function onDraftFields(error: unknown, type: QuestionDraft['type']): unknown {
  if (!(error instanceof ApiError) || !error.issues) return error;
  const issues = error.issues.map((issue) => ({ ...issue, path: draftPath(issue.path.split('.'), type).join('.') }));
  return new ApiError(error.message, error.status, error.code, issues);
}

/** The multipart body: lists and answer keys as JSON, files repeated under their field. */
export function draftFormData(
  draft: QuestionDraft,
  files: File[],
  fileField: 'attachments' | 'newAttachments',
  extra: Record<string, unknown> = {},
) {
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
  const { correct, blanks } = QUESTION_TYPE_KEYS[q.type].draft(key);
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
    correct,
    blanks: blanks.length ? blanks : [['']],
    forms: formsOfBlanks(q.answerForms),
    template: q.template ? templateDraftOf(q.template) : null,
  };
}
