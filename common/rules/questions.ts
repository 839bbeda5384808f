/** Questions: the kinds there are, their limits and messages, and the placeholders of blanks in a question's text. */
import { textOutsideTags } from '../text';
import { plural } from './ui';

export const QUESTION_TYPES = ['Multiple Choice', 'Short Answer', 'Calculation', 'Fill in the Blank'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A multiple-choice question's options by letter. */
export type Options = Record<string, string>;
/** The stored answer key: `{a1: [...]}` (multiple choice, calculation) or one list of accepted answers per blank. */
export type AnswerKey = { a1: string[] } | string[][];

/** The types the creation form offers; Calculation and Short Answer are kept when edited. */
export const AUTHORED_TYPES: readonly QuestionType[] = ['Multiple Choice', 'Fill in the Blank'];
/**
 * The order staff lists see the types in (the bank's filter, the inline editor): those authored first, in the
 * creation form's order, then the ones kept from older questions; derived, so QUESTION_TYPES stays the one list.
 */
export const STAFF_TYPE_ORDER: readonly QuestionType[] = [
  ...AUTHORED_TYPES,
  ...QUESTION_TYPES.filter((t) => !AUTHORED_TYPES.includes(t)),
];

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
export function removeOption(
  options: readonly string[],
  correct: readonly string[],
  index: number,
): { options: string[]; correct: string[] } {
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
  return (
    textOutsideTags(html)
      .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
      .trim().length === 0
  );
}
