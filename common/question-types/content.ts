/**
 * What every type's check of an authored question shares: the broken rule it reports, how a multipart field is
 * read, and the rules of an option's text and of a list of accepted answers.
 */
import {
  MAX_ACCEPTED_ANSWERS,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  isBlankRichText,
  type AnswerKey,
  type Options,
} from '../rules/questions';
import { isStorableText, unstorableMessage } from '../text';

/** What a type's check reads of a question: its key and options as they arrive, and its text. */
export interface QuestionContent {
  questionText: string;
  answer?: unknown;
  options?: unknown;
}

/** The key and options in their stored form. */
export interface CheckedContent {
  options: Options;
  answer: AnswerKey;
}

/** A broken rule of the answer key or options, with the field it concerns. */
export class ContentIssue {
  constructor(
    readonly message: string,
    readonly path: string,
  ) {}
}
export function fail(message: string, path: string): never {
  throw new ContentIssue(message, path);
}

/** Reads a multipart JSON field; anything that is not JSON stays as it came, for the schema to judge. */
export function fromJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function checkOptionText(letter: string, text: unknown): string {
  const path = `options.${letter}`;
  if (typeof text !== 'string' || isBlankRichText(text)) fail(QUESTION_MESSAGES.fillOption(letter), path);
  if (text.length > QUESTION_LIMITS.option)
    fail(`Option ${letter} must be at most ${QUESTION_LIMITS.option.toLocaleString('en-US')} characters`, path);
  if (!isStorableText(text)) fail(unstorableMessage(`Option ${letter}`), path);
  return text;
}

/** A list of accepted answers, trimmed, blank entries dropped, within the limits; the message names what is missing. */
export function acceptedList(value: unknown, path: string, missing: string): string[] {
  const raw = typeof value === 'string' || typeof value === 'number' ? [value] : value;
  if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string' || typeof v === 'number')) fail(missing, path);
  const list = raw.map((v) => String(v).trim()).filter((v) => v !== '');
  if (list.length === 0) fail(missing, path);
  if (list.length > MAX_ACCEPTED_ANSWERS)
    fail(`A blank can have at most ${MAX_ACCEPTED_ANSWERS} accepted answers`, path);
  if (list.some((a) => a.length > QUESTION_LIMITS.acceptedAnswer))
    fail(`An accepted answer must be at most ${QUESTION_LIMITS.acceptedAnswer} characters`, path);
  if (!list.every(isStorableText)) fail(unstorableMessage('An accepted answer'), path);
  return list;
}
