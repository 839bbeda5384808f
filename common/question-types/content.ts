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
import {
  ANSWER_FORM_KINDS,
  MAX_NON_ZERO,
  ANSWER_FORM_MESSAGES as F,
  MAX_FORM_UNITS,
  MAX_ROUNDING_DIGITS,
  MAX_MARGIN,
  MAX_UNIT_LENGTH,
  type AnswerForm,
} from '../rules/answer-forms';
import { isStorableText, unstorableMessage } from '../text';

/** What a type's check reads of a question: its key and options as they arrive, and its text. */
export interface QuestionContent {
  questionText: string;
  answer?: unknown;
  options?: unknown;
  /** The forms each blank's answer must take (a list per blank); none for types without typed answers. */
  answerForms?: unknown;
}

/** The key, options and answer forms in their stored form. */
export interface CheckedContent {
  options: Options;
  answer: AnswerKey;
  answerForms: AnswerForm[][];
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

const wholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** One form as authored, checked; throws a ContentIssue naming what is wrong. */
function answerForm(value: unknown, path: string): AnswerForm {
  const form = (value ?? {}) as Record<string, unknown>;
  const kind = ANSWER_FORM_KINDS.find((k) => k === form.kind);
  if (kind === undefined) fail(F.unreadable, path);
  switch (kind) {
    case 'decimalPlaces':
      if (!wholeIn(form.places, 0, MAX_ROUNDING_DIGITS)) fail(F.places, path);
      return { kind, places: form.places };
    case 'significantFigures':
      if (!wholeIn(form.figures, 1, MAX_ROUNDING_DIGITS)) fail(F.figures, path);
      return { kind, figures: form.figures };
    case 'margin':
      // Asked as one range so NaN (an emptied box) fails too: every comparison with it is false.
      if (typeof form.margin !== 'number' || !(form.margin > 0 && form.margin <= MAX_MARGIN)) fail(F.margin, path);
      return { kind, margin: form.margin };
    case 'variable':
      if (typeof form.name !== 'string' || !/^\p{L}$/u.test(form.name)) fail(F.variable, path);
      return { kind, name: form.name };
    case 'units': {
      const units = Array.isArray(form.units) ? form.units.map((u) => (typeof u === 'string' ? u.trim() : '')) : [];
      if (
        units.length === 0 ||
        units.length > MAX_FORM_UNITS ||
        units.some((u) => u === '' || u.length > MAX_UNIT_LENGTH)
      )
        fail(F.units, path);
      if (!units.every(isStorableText)) fail(F.units, path);
      return { kind, units: [...new Set(units)] };
    }
    case 'nonZero': {
      const names = Array.isArray(form.names) ? form.names.map((n) => (typeof n === 'string' ? n.trim() : '')) : [];
      if (names.length === 0 || names.length > MAX_NON_ZERO || names.some((n) => !/^\p{L}$/u.test(n)))
        fail(F.nonZero, path);
      return { kind, names: [...new Set(names)] };
    }
    default:
      return { kind };
  }
}

/**
 * The forms of each of `blanks` blanks, as authored (a list per blank, possibly JSON): lists beyond the blanks are
 * dropped, as options are for a type without options, and a kind given twice for a blank counts once.
 */
export function answerFormsOf(value: unknown, blanks: number): AnswerForm[][] {
  const given = fromJson(value ?? []);
  if (!Array.isArray(given)) fail(F.unreadable, 'answerForms');
  return Array.from({ length: blanks }, (_, i) => {
    const list: unknown = given[i] ?? [];
    if (!Array.isArray(list) || list.length > ANSWER_FORM_KINDS.length) fail(F.unreadable, `answerForms.${i}`);
    const forms = list.map((form, j) => answerForm(form, `answerForms.${i}.${j}`));
    return forms.filter((form, j) => forms.findIndex((other) => other.kind === form.kind) === j);
  });
}
