/**
 * The question bank's contract: the rules and messages of question authoring,
 * enforced by the server's routes and by the creation and edit forms alike.
 *
 * Create and update arrive as multipart form data, where every field is a string (lists and answer keys as JSON),
 * or as JSON with real values; the schemas accept both.
 */
import { z } from 'zod';
import { isStorableText, textOutsideTags, unstorableMessage, type TextKind } from '../text';
import { QUESTION_TYPES, type QuestionType } from '../rules/questions';
import { textRules } from './fields';
import { plural } from '../rules/ui';

export { QUESTION_TYPES, type QuestionType };
/** The types the creation form offers; Calculation and Short Answer are kept when edited. */
export const AUTHORED_TYPES: readonly QuestionType[] = ['Multiple Choice', 'Fill in the Blank'];
/**
 * The order staff lists see the types in (the bank's filter, the inline editor): those authored first, in the
 * creation form's order, then the ones kept from older questions; derived, so QUESTION_TYPES stays the one list.
 */
export const STAFF_TYPE_ORDER: readonly QuestionType[] = [...AUTHORED_TYPES, ...QUESTION_TYPES.filter((t) => !AUTHORED_TYPES.includes(t))];

export const QUESTION_GRADE_MIN = 1;
export const QUESTION_GRADE_MAX = 12;
export const QUESTION_PAGE_SIZES = [10, 20, 30, 40] as const;
/** What the bank asks for when the caller gives no page size: 50. */
export const QUESTION_DEFAULT_LIMIT = 50;
/** The largest list one call returns: 1000, what question assignment asks for. */
export const QUESTION_MAX_LIMIT = 1000;
/** Lists count their matches exactly up to here (or the end of the page asked for), then say "at least". */
export const QUESTION_COUNT_CAP = 1000;
export const DEFAULT_OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const;

export const MAX_OPTIONS = 10;
export const MAX_BLANKS = 20;
export const MAX_ACCEPTED_ANSWERS = 20;
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** The most pixels an image may declare: a browser allocates them all before drawing (40 MP is 160 MB of memory). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const QUESTION_LIMITS = {
  richText: 20_000,
  option: 5_000,
  hint: 2_000,
  source: 200,
  acceptedAnswer: 500,
  search: 200,
  tagName: 100,
} as const;

export const QUESTION_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  gradeRange: 'Grade must be a whole number from 1 to 12',
  questionText: 'Please fill in the question text',
  fillOption: (letter: string) => `Please fill in option ${letter} or remove it`,
  minOptions: 'Multiple choice questions need at least 2 options',
  correctAnswer: 'Please select at least one correct answer',
  addBlank: 'Please add at least one blank',
  blankAnswers: 'Please provide answers for all blanks',
  acceptedAnswer: 'Please provide at least one accepted answer',
  selectToDelete: 'Please select questions to delete',
  imagesOnly: 'Only PNG, JPEG, GIF or WebP images are allowed.',
  imageTooLarge: 'Each image must be at most 5 MB.',
  imageTooManyPixels: (width: number, height: number) =>
    `This image is ${width} x ${height} pixels: images may have at most 40 megapixels (such as 8000 x 5000). Please make it smaller.`,
  oneImage: 'Choose one image to upload.',
  tooManyAttachments: `A question can have at most ${MAX_ATTACHMENTS} attachments.`,
  created: 'Question created successfully!',
  updated: 'Question updated successfully',
  deleted: 'Question deleted successfully',
  bulkDeleted: (n: number) => `${plural(n, 'question')} deleted successfully`,
} as const;

/** The letter of the option at a position: A, B, C... */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/**
 * Removes the option at `index` from an ordered list: the options after it move up a letter, and the correct
 * marks follow their options. Removing a correct option drops its mark.
 */
export function removeOption(options: readonly string[], correct: readonly string[], index: number): { options: string[]; correct: string[] } {
  const remaining = options.filter((_, i) => i !== index);
  const marked = correct
    .map((letter) => letter.charCodeAt(0) - 65)
    .filter((i) => i !== index)
    .map((i) => optionLetter(i > index ? i - 1 : i));
  return { options: remaining, correct: marked.sort() };
}

/** `___1___`, the placeholder of blank 1 in a fill-in-the-blank question's text. */
export const blankPlaceholder = (n: number) => `___${n}___`;
const PLACEHOLDER = /___(\d+)___/g;

/**
 * The blank numbers written as placeholders in a text, in order of first appearance. Only the text outside tags
 * counts: the student's screen marks blanks there, never inside an attribute value.
 */
export function placeholdersIn(text: string): number[] {
  return [...new Set([...textOutsideTags(text).matchAll(PLACEHOLDER)].map((m) => Number(m[1])))];
}

/**
 * Plain text (a text node, never markup) cut at its placeholders: the text between them as strings, each
 * placeholder as its blank number, in order. The student's screen draws a blank box for each number.
 */
export function splitAtPlaceholders(text: string): Array<string | { blank: number }> {
  const parts: Array<string | { blank: number }> = [];
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(from, match.index), { blank: Number(match[1]) });
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return parts;
}

/**
 * Whether rich text shows nothing: no words and no image once tags and spaces are gone
 * (an editor's empty document is `<p></p>`).
 */
export function isBlankRichText(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return textOutsideTags(html).replace(/&nbsp;|&#160;|&#xa0;/gi, ' ').trim().length === 0;
}

/** Reads a multipart JSON field; anything that is not JSON stays as it came, for the schema to judge. */
function fromJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

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
    .number({ error: (issue) => (issue.input === undefined ? QUESTION_MESSAGES.requiredFields : QUESTION_MESSAGES.gradeRange) })
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
  return requiredMessage ? text.refine((v) => !isBlankRichText(v), requiredMessage) : text.nullish().transform((v) => v ?? '');
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

export type Options = Record<string, string>;
/** The stored answer key of each type. */
export type AnswerKey = { a1: string[] } | string[][];

interface Content {
  type: QuestionType;
  questionText: string;
  answer?: unknown;
  options?: unknown;
}
interface CheckedContent {
  options: Options;
  answer: AnswerKey;
}

/** A broken rule of the answer key or options, with the field it concerns. */
class ContentIssue {
  constructor(
    readonly message: string,
    readonly path: string,
  ) {}
}
function fail(message: string, path: string): never {
  throw new ContentIssue(message, path);
}

function checkOptionText(letter: string, text: unknown): string {
  const path = `options.${letter}`;
  if (typeof text !== 'string' || isBlankRichText(text)) fail(QUESTION_MESSAGES.fillOption(letter), path);
  if (text.length > QUESTION_LIMITS.option) fail(`Option ${letter} must be at most ${QUESTION_LIMITS.option.toLocaleString('en-US')} characters`, path);
  if (!isStorableText(text)) fail(unstorableMessage(`Option ${letter}`), path);
  return text;
}

/** Multiple choice: options lettered A, B, C... in order, each filled in; `answer.a1` the correct letters among them. */
function multipleChoice(content: Content): CheckedContent {
  // Options may arrive as a JSON string inside the JSON field: read twice.
  const options = fromJson(fromJson(content.options));
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail(QUESTION_MESSAGES.minOptions, 'options');
  const letters = Object.keys(options).sort();
  if (letters.length < 2) fail(QUESTION_MESSAGES.minOptions, 'options');
  if (letters.length > MAX_OPTIONS) fail(`A question can have at most ${MAX_OPTIONS} options`, 'options');
  if (letters.some((letter, i) => letter !== optionLetter(i))) fail('Options must be lettered A, B, C... in order', 'options');
  const clean: Options = {};
  for (const letter of letters) clean[letter] = checkOptionText(letter, (options as Record<string, unknown>)[letter]);

  const key = fromJson(content.answer);
  const raw = Array.isArray(key) || typeof key === 'string' ? key : key && typeof key === 'object' ? (key as { a1?: unknown }).a1 : undefined;
  const chosen = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  if (chosen.length === 0) fail(QUESTION_MESSAGES.correctAnswer, 'answer');
  const correct = [...new Set(chosen.map((c) => (typeof c === 'string' ? c.trim().toUpperCase() : '')))].sort();
  if (correct.some((c) => !(c in clean))) fail('Each correct answer must be one of the options', 'answer');
  return { options: clean, answer: { a1: correct } };
}

/** A list of accepted answers, trimmed, blank entries dropped, within the limits; the message names what is missing. */
function acceptedList(value: unknown, path: string, missing: string): string[] {
  const raw = typeof value === 'string' || typeof value === 'number' ? [value] : value;
  if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string' || typeof v === 'number')) fail(missing, path);
  const list = raw.map((v) => String(v).trim()).filter((v) => v !== '');
  if (list.length === 0) fail(missing, path);
  if (list.length > MAX_ACCEPTED_ANSWERS) fail(`A blank can have at most ${MAX_ACCEPTED_ANSWERS} accepted answers`, path);
  if (list.some((a) => a.length > QUESTION_LIMITS.acceptedAnswer)) fail(`An accepted answer must be at most ${QUESTION_LIMITS.acceptedAnswer} characters`, path);
  if (!list.every(isStorableText)) fail(unstorableMessage('An accepted answer'), path);
  return list;
}

/** Fill in the blank: one list of accepted answers per blank, and the text's `___N___` placeholders matching the blanks. */
function fillInTheBlank(content: Content): CheckedContent {
  const key = fromJson(content.answer);
  if (!Array.isArray(key) || key.length === 0) fail(QUESTION_MESSAGES.addBlank, 'answer');
  if (key.length > MAX_BLANKS) fail(`A question can have at most ${MAX_BLANKS} blanks`, 'answer');
  const blanks = key.map((value, i) => acceptedList(value, `answer.${i}`, QUESTION_MESSAGES.blankAnswers));
  const written = placeholdersIn(content.questionText);
  for (let n = 1; n <= blanks.length; n++) {
    if (!written.includes(n)) fail(`Write ${blankPlaceholder(n)} in the question text where blank ${n} goes`, 'questionText');
  }
  const extra = written.find((n) => n < 1 || n > blanks.length);
  if (extra !== undefined) fail(`The question text has ${blankPlaceholder(extra)} but there is no blank ${extra}`, 'questionText');
  return { options: {}, answer: blanks };
}

/** Calculation `{a1: [...]}` and Short Answer `[[...]]` (like one blank): one list of accepted answers. */
function singleAnswer(content: Content): CheckedContent {
  const key = fromJson(content.answer);
  const isCalculation = content.type === 'Calculation';
  const raw = isCalculation && key && typeof key === 'object' && !Array.isArray(key) ? (key as { a1?: unknown }).a1 : !isCalculation && Array.isArray(key) && Array.isArray(key[0]) ? key[0] : key;
  const list = acceptedList(raw, 'answer', QUESTION_MESSAGES.acceptedAnswer);
  return { options: {}, answer: isCalculation ? { a1: list } : [list] };
}

const contentCheckers: Record<QuestionType, (content: Content) => CheckedContent> = {
  'Multiple Choice': multipleChoice,
  'Fill in the Blank': fillInTheBlank,
  Calculation: singleAnswer,
  'Short Answer': singleAnswer,
};

/**
 * Every field of a question, each checked on its own; the answer key and options are checked against the type by
 * questionBody (or questionContent) once they arrive.
 */
export const questionFields = questionStep1Schema.extend({
  questionText: richText('The question text', QUESTION_LIMITS.richText, QUESTION_MESSAGES.questionText),
  // Checked against the type once the rest is valid (withAnswerKey).
  answer: z.unknown().optional(),
  options: z.unknown().optional(),
  solution: richText('The solution', QUESTION_LIMITS.richText),
  hint: plainText('The hint', QUESTION_LIMITS.hint, 'lines'),
});

/** Checks the answer key and options against the type, and gives them their stored form. */
function withAnswerKey<T extends Content>(value: T, ctx: z.RefinementCtx) {
  try {
    return { ...value, ...contentCheckers[value.type](value) };
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
export const questionContent = questionFields.pick({ type: true, answer: true, options: true }).extend({ questionText: z.string() }).transform(withAnswerKey);

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
export const questionUpdateBody = questionFields
  .partial()
  .extend({ attachmentsToRemove: z.preprocess(idListInput, z.array(storedName, { error: 'Unknown attachment' }).max(MAX_ATTACHMENTS)) });
export type QuestionUpdateData = z.output<typeof questionUpdateBody>;

/** The answer key and options checked against the type and text, in their stored form; the first broken rule's message. */
export function checkContent(content: Content): { ok: true; value: CheckedContent } | { ok: false; message: string } {
  try {
    return { ok: true, value: contentCheckers[content.type](content) };
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
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.uuid(`Unknown ${what}`)).max(50, `Filter by at most 50 ${what}s`),
  );

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`);

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
  q: z.string().trim().max(QUESTION_LIMITS.search, `Search for at most ${QUESTION_LIMITS.search} characters`).superRefine(textRules('The search', 'any')).optional(),
});
export type QuestionListQuery = z.output<typeof questionListQuery>;

export const attachmentReply = z.object({ filename: z.string(), originalname: z.string() });
export type Attachment = z.infer<typeof attachmentReply>;

/**
 * Parts of a question that may arrive as JSON strings: read either way; null when they cannot be read, and the
 * screen says so ('Error loading attachments' and the like).
 */
function readPart<T>(value: unknown, schema: z.ZodType<T>): T | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}

export const readAttachments = (value: unknown): Attachment[] | null => readPart(value, z.array(attachmentReply));

/** Multiple-choice options as [letter, text] pairs in letter order. */
export function readOptions(value: unknown): Array<[string, string]> | null {
  const options = readPart(value, z.record(z.string(), z.union([z.string(), z.number()])));
  return options && Object.entries(options).map(([letter, text]): [string, string] => [letter, String(text)]).sort(([a], [b]) => a.localeCompare(b));
}

/** An answer key: `{a1: [...]}` (multiple choice, calculation) or one list of accepted answers per blank. */
export const readAnswerKey = (value: unknown): { a1: string[] } | string[][] | null =>
  readPart(value, z.union([z.object({ a1: z.array(z.string()) }), z.array(z.array(z.string()))]));

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
  solution: z.string(),
  hint: z.string(),
  source: z.string(),
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
export const questionListReply = z.object({ questions: z.array(questionReply), total: z.number(), totalExact: z.boolean() });
export type QuestionList = z.infer<typeof questionListReply>;

export const questionSavedReply = z.object({ message: z.string(), question: questionReply });
export const questionsDeletedReply = z.object({ message: z.string(), deleted: z.number() });

/** A category or focus area. */
export const tagReply = z.object({ id: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagReply>;

/** `POST /api/category` and `POST /api/focus`: a name that is not blank (unique ignoring case, which the server checks). */
export const tagBody = (label: 'Category' | 'Focus area') =>
  z.object({
    name: z
      .string({ error: `${label} name is required` })
      .trim()
      .min(1, `${label} name is required`)
      .max(QUESTION_LIMITS.tagName, `${label} name must be at most ${QUESTION_LIMITS.tagName} characters`)
      .superRefine(textRules(`${label} name`, 'line')),
  }, { error: `${label} name is required` });
