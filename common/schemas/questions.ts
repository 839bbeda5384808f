/**
 * The question bank's contract: the rules and messages of question authoring,
 * enforced by the server's routes and by the creation and edit forms alike. The limits and messages live in
 * rules/questions (re-exported here), each type's rules of its key and options in its question-types module.
 *
 * Create and update arrive as multipart form data, where every field is a string (lists and answer keys as JSON),
 * or as JSON with real values; the schemas accept both.
 */
import { z } from 'zod';
import type { TextKind } from '../text';
import {
  MAX_ATTACHMENTS,
  QUESTION_GRADE_MAX,
  QUESTION_GRADE_MIN,
  QUESTION_LIMITS,
  QUESTION_MAX_LIMIT,
  QUESTION_MESSAGES,
  QUESTION_TYPES,
  isBlankRichText,
  type QuestionType,
} from '../rules/questions';
import { textRules } from './fields';
import { answerFormReply, attachmentReply } from './question-parts';
import { ContentIssue, QUESTION_TYPE_RULES, type CheckedContent, type QuestionContent } from '../question-types';
import { fromJson } from '../question-types/content';
import { templateField, templateReply } from './templates';
import { MAX_SEED, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../rules/templates';

export * from '../rules/questions';
export * from './question-parts';

/** A list of ids: a JSON list, repeated form fields, one bare id, or an empty string for none. */
function idListInput(value: unknown): unknown {
  if (value === '' || value === undefined || value === null) return [];
  const parsed = fromJson(value);
  return typeof parsed === 'string' ? [parsed] : parsed;
}

const requiredIds = z.preprocess(
  idListInput,
  z
    .array(z.uuid(QUESTION_MESSAGES.requiredFields), { error: QUESTION_MESSAGES.requiredFields })
    .min(1, QUESTION_MESSAGES.requiredFields)
    .max(50, 'Choose at most 50'),
);

const gradeField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z
    .number({
      error: (issue) => (issue.input === undefined ? QUESTION_MESSAGES.requiredFields : QUESTION_MESSAGES.gradeRange),
    })
    .int(QUESTION_MESSAGES.gradeRange)
    .min(QUESTION_GRADE_MIN, QUESTION_MESSAGES.gradeRange)
    .max(QUESTION_GRADE_MAX, QUESTION_MESSAGES.gradeRange),
);

/** Plain text kept byte for byte (hint, source): optional, never trimmed. */
function plainText(label: string, max: number, kind: TextKind) {
  return z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .superRefine(textRules(label, kind))
    .nullish()
    .transform((v) => v ?? '');
}

function richText(label: string, max: number, requiredMessage?: string) {
  const text = z
    .string({ error: requiredMessage ?? `${label} must be text` })
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .superRefine(textRules(label, 'any'));
  return requiredMessage
    ? text.refine((v) => !isBlankRichText(v), requiredMessage)
    : text.nullish().transform((v) => v ?? '');
}

/** Step 1 of creation: what the question is about. */
export const questionStep1Schema = z.object({
  grade: gradeField,
  type: z.enum(QUESTION_TYPES, { error: QUESTION_MESSAGES.requiredFields }),
  focus: requiredIds,
  category: requiredIds,
  source: plainText('Source', QUESTION_LIMITS.source, 'line'),
});
export type QuestionStep1 = z.output<typeof questionStep1Schema>;

/** A question's type, text, key and options: what its type's content check reads. */
interface Content extends QuestionContent {
  type: QuestionType;
}

/**
 * Every field of a question, each checked on its own; the answer key and options are checked against the type by
 * questionBody (or questionContent) once they arrive.
 */
export const questionFields = questionStep1Schema.extend({
  questionText: richText('The question text', QUESTION_LIMITS.richText, QUESTION_MESSAGES.questionText),
  // Checked against the type once the rest is valid (withAnswerKey).
  answer: z.unknown().optional(),
  options: z.unknown().optional(),
  answerForms: z.unknown().optional(),
  solution: richText('The solution', QUESTION_LIMITS.richText),
  hint: plainText('The hint', QUESTION_LIMITS.hint, 'lines'),
  /** Random numbers: null (or left out) for a question that is the same for everyone. */
  template: templateField.optional(),
});

/** Checks the answer key and options against the type, and gives them their stored form. */
function withAnswerKey<T extends Content>(value: T, ctx: z.RefinementCtx) {
  try {
    return { ...value, ...QUESTION_TYPE_RULES[value.type].content(value) };
  } catch (error) {
    if (!(error instanceof ContentIssue)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message, path: error.path.split('.') });
    return z.NEVER;
  }
}

/**
 * The answer key and options checked against the type and the text as they stand, whatever the other fields hold:
 * the check questionBody makes once the rest is valid, for forms that show every broken rule at once.
 */
export const questionContent = questionFields
  .pick({ type: true, answer: true, options: true, answerForms: true })
  .extend({ questionText: z.string() })
  .transform(withAnswerKey);

/**
 * `POST /api/questions/variants`: a draft's text, key and template (saved or not), and which variants to show: the
 * seeds named, else `count` from seed `from`.
 */
export const variantPreviewBody = questionFields
  .pick({ type: true, questionText: true, answer: true, options: true, answerForms: true, solution: true, hint: true })
  .extend({
    template: templateField.refine((t) => t !== null, TEMPLATE_MESSAGES.notTemplate),
    count: z.coerce.number().int().min(1).max(TEMPLATE_LIMITS.preview).default(10),
    from: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_SEED - TEMPLATE_LIMITS.preview)
      .default(1),
    seeds: z.array(z.number().int().min(1).max(MAX_SEED)).min(1).max(TEMPLATE_LIMITS.preview).optional(),
  })
  .transform(withAnswerKey);
export type VariantPreviewData = z.output<typeof variantPreviewBody>;

/** One variant as the preview shows it: the question as a student would read it, its key, and its self-checks. */
export const variantPreviewReply = z.object({
  variants: z.array(
    z.object({
      seed: z.number(),
      /** The values drawn, as LaTeX (`a = 3,\ b = 7`); null when none could be drawn. */
      values: z.string().nullable(),
      questionText: z.string(),
      options: z.record(z.string(), z.string()),
      answer: z.unknown(),
      answerForms: z.array(z.array(answerFormReply)),
      hint: z.string(),
      solution: z.string(),
      /** Why the variant fails its self-checks; empty when it passes. */
      problems: z.array(z.string()),
      /** An earlier variant of this preview that reads the same (the two count as one), or null. */
      sameAs: z.number().nullable(),
    }),
  ),
});
export type VariantPreviewReply = z.infer<typeof variantPreviewReply>;

/** `POST /api/questions`: every field of both creation steps. */
export const questionBody = questionFields.transform(withAnswerKey);
export type QuestionInput = z.input<typeof questionBody>;
export type QuestionData = z.output<typeof questionBody>;

/** A stored attachment's name: 32 hex characters and the image's extension. */
export const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
const storedName = z.string().regex(STORED_NAME, 'Unknown attachment');

/**
 * `PUT /api/questions/{id}`: any of the fields, each checked on its own, plus the attachments to remove (new files
 * come as `newAttachments`). A field left out keeps its value; the answer key and options are checked against the
 * type and text the question will have (`checkContent`), which only the server knows when some are left out.
 */
export const questionUpdateBody = questionFields.partial().extend({
  attachmentsToRemove: z.preprocess(
    idListInput,
    z.array(storedName, { error: 'Unknown attachment' }).max(MAX_ATTACHMENTS),
  ),
});
export type QuestionUpdateData = z.output<typeof questionUpdateBody>;

/** The answer key and options checked against the type and text, in their stored form; the first broken rule's message. */
export function checkContent(content: Content): { ok: true; value: CheckedContent } | { ok: false; message: string } {
  try {
    return { ok: true, value: QUESTION_TYPE_RULES[content.type].content(content) };
  } catch (error) {
    if (!(error instanceof ContentIssue)) throw error;
    return { ok: false, message: error.message };
  }
}

export const bulkDeleteBody = z.object({
  questionIds: z
    .array(z.uuid(QUESTION_MESSAGES.selectToDelete), { error: QUESTION_MESSAGES.selectToDelete })
    .min(1, QUESTION_MESSAGES.selectToDelete)
    .max(QUESTION_MAX_LIMIT, `Delete at most ${QUESTION_MAX_LIMIT} questions at a time`),
});

const commaIds = (what: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.uuid(`Unknown ${what}`)).max(50, `Filter by at most 50 ${what}s`),
  );

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * `GET /api/questions`: the bank's query (limit, grade, excludeAssignedToSection, comma-joined category) plus
 * server-side paging, search, type and focus. `pageSize` wins over `limit`; both default to 50.
 */
export const questionListQuery = z.object({
  limit: wholeNumber('Limit', 1, QUESTION_MAX_LIMIT).optional(),
  page: wholeNumber('Page', 1, 1_000_000).default(1),
  pageSize: wholeNumber('Page size', 1, 100).optional(),
  grade: wholeNumber('Grade', QUESTION_GRADE_MIN, QUESTION_GRADE_MAX).optional(),
  type: z.enum(QUESTION_TYPES, { error: 'Unknown question type' }).optional(),
  category: commaIds('category').optional(),
  focus: commaIds('focus area').optional(),
  excludeAssignedToSection: z.uuid('Unknown section').optional(),
  q: z
    .string()
    .trim()
    .max(QUESTION_LIMITS.search, `Search for at most ${QUESTION_LIMITS.search} characters`)
    .superRefine(textRules('The search', 'any'))
    .optional(),
});
export type QuestionListQuery = z.output<typeof questionListQuery>;

/** Where uploaded images are served: question attachments and the images of lesson content alike. */
export const uploadUrl = (filename: string) => `/api/questions/uploads/${encodeURIComponent(filename)}`;

/** An image uploaded for rich-text content: its address, ready for an <img src>. */
export const contentImageReply = attachmentReply.extend({ url: z.string() });
export type ContentImage = z.infer<typeof contentImageReply>;

/** A question as staff see it, with its answer key and solution (students never get this shape). */
export const questionReply = z.object({
  id: z.string(),
  questionText: z.string(),
  grade: z.number(),
  type: z.enum(QUESTION_TYPES),
  options: z.record(z.string(), z.string()),
  answer: z.unknown(),
  answerForms: z.array(z.array(answerFormReply)),
  solution: z.string(),
  hint: z.string(),
  source: z.string(),
  template: templateReply,
  focus: z.array(z.string()),
  category: z.array(z.string()),
  focusNames: z.array(z.string()),
  categoryNames: z.array(z.string()),
  attachments: z.array(attachmentReply),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Question = z.infer<typeof questionReply>;

/** A page of questions; `total` counts every match when `totalExact`, else it is a lower bound (see QUESTION_COUNT_CAP). */
export const questionListReply = z.object({
  questions: z.array(questionReply),
  total: z.number(),
  totalExact: z.boolean(),
});
export type QuestionList = z.infer<typeof questionListReply>;

export const questionSavedReply = z.object({ message: z.string(), question: questionReply });
export const questionsDeletedReply = z.object({ message: z.string(), deleted: z.number() });

/** A category or focus area. */
export const tagReply = z.object({ id: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagReply>;

/** `POST /api/category` and `POST /api/focus`: a name that is not blank (unique ignoring case, which the server checks). */
export const tagBody = (label: 'Category' | 'Focus area') =>
  z.object(
    {
      name: z
        .string({ error: `${label} name is required` })
        .trim()
        .min(1, `${label} name is required`)
        .max(QUESTION_LIMITS.tagName, `${label} name must be at most ${QUESTION_LIMITS.tagName} characters`)
        .superRefine(textRules(`${label} name`, 'line')),
    },
    { error: `${label} name is required` },
  );
