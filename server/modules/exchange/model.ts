/**
 * The one shape every exchange format reads into and writes from, so that each format is a pair of pure functions
 * (file to questions, questions to file) and the module around them stores, maps and checks the same way for all.
 *
 * Texts are the academy's rich text (HTML) with math as `$...$` (inline) and `$$...$$` (display), a literal dollar
 * written `\$`. An image is an `<img src="NAME" alt="...">` whose NAME is a key of the question's `images`.
 */
import type { AnswerForm } from '../../../common/rules/answer-forms';
import type { AnswerKey, QuestionType } from '../../../common/rules/questions';
import { EXCHANGE_MAX_FILE_BYTES, EXCHANGE_MAX_QUESTIONS } from '../../../common/schemas/exchange';

export { EXCHANGE_FORMATS, type ExchangeFormat } from '../../../common/schemas/exchange';

export interface ExchangeQuestion {
  /** What the file calls it (Moodle's name, QTI's title), shown in the preview; may be empty. */
  title: string;
  type: QuestionType;
  questionText: string;
  /** Multiple choice: option text by letter (A, B, C... in order); empty for the other types. */
  options: Record<string, string>;
  /** In the stored form of the type (common/question-types): `{a1: letters}`, or one list of accepted answers per blank. */
  answer: AnswerKey;
  /** The forms each blank's answer must take, one list per blank (empty lists for none). */
  answerForms: AnswerForm[][];
  solution: string;
  /** Plain text. */
  hint: string;
  /** 1-12, or null when the file does not say (the import's chosen grade applies). */
  grade: number | null;
  /** Names, as the file gives them; matched to the academy's case-insensitively, the rest created. */
  categories: string[];
  focusAreas: string[];
  /** Plain text, at most 200 characters. */
  source: string;
  /** Images shown beside the question (the academy's attachments), by their key in `images`, in order. */
  attachments: string[];
  /** Every image the texts or attachments name: key to the file's bytes. */
  images: Record<string, Buffer>;
}

/** One question of a file as read: a question, or why it cannot come in (a sentence a teacher understands). */
export type ReadItem =
  /** `notes`: what came in with a difference, one sentence each (a marking that differs, feedback left out). */
  { title: string; question: ExchangeQuestion; notes?: string[] } | { title: string; reason: string };

/** What a format gives back when it writes: the file, and what the format could not carry, one sentence each. */
export interface WrittenFile {
  bytes: Buffer;
  /** E.g. "Question 3 (Area of a circle): GIFT carries no images; 1 image left out." */
  lost: string[];
}

/**
 * A file the server will not read at all (not of the format, too large, hostile): the message is shown to the
 * author as it is.
 */
export class RefusedFile extends Error {}

/** The limits of one import, whatever the format. */
export const EXCHANGE_LIMITS = {
  /** The uploaded file. */
  fileBytes: EXCHANGE_MAX_FILE_BYTES,
  questions: EXCHANGE_MAX_QUESTIONS,
  /** All the files of a package once unpacked, and any one of them. */
  unpackedBytes: 100 * 1024 * 1024,
  packageEntries: 5_000,
  /** The deepest nesting of XML elements accepted. */
  xmlDepth: 64,
} as const;
