/**
 * Moodle's GIFT format (docs.moodle.org, "GIFT format"): questions as lines of text, separated by blank lines.
 *
 * Read as Moodle's importer reads it, in one pass over the text with no backtracking pattern, so the work is linear
 * in the file: `//` comment lines, `::title::`, `[html]`/`[moodle]`/`[plain]`/`[markdown]`, `$CATEGORY:` lines,
 * the escapes `\~ \= \# \{ \} \: \n \\`, one answer block `{...}` per question (at the end, or in the middle as
 * Moodle's "missing word"), `####` general feedback. Escaped characters are held as placeholders while the
 * structure is read, so that a `\{` inside LaTeX is never taken for a block, and are given back before any text is
 * converted.
 *
 * The academy's own fields, which GIFT has no place for, travel in one comment line right before a question
 * (Moodle skips it): `// academy: {"grade":5,"categories":["Fractions"],"focusAreas":["Adding"],"hint":"...",
 * "source":"..."}`, with `"type"` and `"anyCase"` added only when the block alone would read back otherwise.
 */
import { answerKindOf } from '../../../../common/question-types';
import { MAX_MARGIN, formLabel, type AnswerForm } from '../../../../common/rules/answer-forms';
import {
  MAX_ACCEPTED_ANSWERS,
  MAX_OPTIONS,
  QUESTION_LIMITS,
  optionLetter,
  type AnswerKey,
  type QuestionType,
} from '../../../../common/rules/questions';
import { plural } from '../../../../common/rules/ui';
import { toBracketMath, toDollarMath } from '../math';
import { EXCHANGE_MESSAGES } from '../../../../common/schemas/exchange';
import { EXCHANGE_LIMITS, RefusedFile, type ExchangeQuestion, type ReadItem, type WrittenFile } from '../model';

/** Why a file is refused, shown to the author as it is. */
export const GIFT_REFUSALS = {
  notText:
    'This file is not UTF-8 text, so it cannot be a GIFT file. Save it as UTF-8 text (as Moodle exports it) and upload it again.',
  tooLarge: EXCHANGE_MESSAGES.fileTooLarge,
  tooMany: EXCHANGE_MESSAGES.tooManyQuestions,
} as const;

/** Why one question cannot come in. */
export const GIFT_REASONS = {
  description: 'a description has no question to answer',
  essay: 'essay questions are marked by hand, which the bank does not hold',
  matching: 'matching questions are not supported',
  image: 'image missing from the file (GIFT files carry no images)',
  noCorrect: 'no correct answer',
  noText: 'the question has no text',
  braces: 'its answers are not enclosed in { and } (a brace meant as text is written \\{ or \\})',
  twoBlocks:
    'it has more than one answer block {...}, and GIFT holds one per question (a brace meant as text is written \\{ or \\})',
  tooFewChoices: 'a multiple choice question needs at least two answers',
  tooManyChoices: (count: number) =>
    `it has ${count} answers to choose from; the academy allows at most ${MAX_OPTIONS}`,
  emptyChoice: 'one of its answers is empty',
  partCredit: (answer: string, percent: string) =>
    `the answer "${answer}" earns part credit (${percent}%), which the academy's right-or-wrong marking cannot give`,
  severalAlone:
    'several answers are each right on their own, but the academy would ask for all of them together (give each a share, such as ~%50%)',
  wildcard: (answer: string) => `the answer "${answer}" uses Moodle's wildcard *, which the academy does not read`,
  notNumber: (answer: string) => `the numerical answer "${answer}" is not a number`,
  margins: 'its right answers allow different margins, and the academy holds one margin for all of them',
  marginTooWide: `its margin is wider than the academy allows (${MAX_MARGIN.toLocaleString('en-US')})`,
  tooManyAnswers: `it accepts more than ${MAX_ACCEPTED_ANSWERS} answers, the most the academy allows`,
  textTooLong: `its text is longer than the academy allows (${QUESTION_LIMITS.richText.toLocaleString('en-US')} characters)`,
  solutionTooLong: `its general feedback is longer than the academy allows (${QUESTION_LIMITS.richText.toLocaleString('en-US')} characters)`,
  answerTooLong: `an accepted answer is longer than the academy allows (${QUESTION_LIMITS.acceptedAnswer} characters)`,
  choiceTooLong: `an answer is longer than the academy allows (${QUESTION_LIMITS.option.toLocaleString('en-US')} characters)`,
} as const;

/** What came in with a difference. */
export const GIFT_NOTES = {
  partMarks:
    'Moodle marks each right choice in part; the academy marks the question right when every right choice and no wrong one is chosen',
  feedback: 'Feedback on each answer is left out: the academy has none',
  noCredit: 'Answers that earn no credit are left out: the academy marks every answer it does not accept as wrong',
  markdown: 'The text was written in Markdown and is read as plain text',
  tagsAsText: 'The text holds HTML tags but is not marked [html], so the tags are shown as written',
} as const;

/** What the writer could not carry, after "Question N (title): ". */
export const GIFT_LOST = {
  images: (count: number) => `GIFT carries no images; ${plural(count, 'image')} left out.`,
  blanks: (count: number) =>
    `GIFT holds one answer set per question and this question has ${count} blanks, so it is left out.`,
  form: (form: AnswerForm) => `the answer form '${formLabel(form)}' cannot be written in GIFT.`,
  anyCase: 'GIFT short answers ignore letter case: Moodle will accept the answers in any case.',
  notNumeric:
    "GIFT's numerical questions take numbers only, so it is written as a short answer, which Moodle compares as text.",
  arrow: "an accepted answer holds '->', which GIFT reads as a matching question, so it is left out.",
} as const;

/** The comment line that carries the academy's fields. */
export const ACADEMY_COMMENT = '// academy: ';

type TextFormat = 'html' | 'moodle' | 'plain' | 'markdown';
const TEXT_FORMATS: readonly TextFormat[] = ['html', 'moodle', 'plain', 'markdown'];

/** The academy's fields of the next question, as its comment line gives them (each only when well-formed). */
interface Metadata {
  grade?: number | null;
  categories?: string[];
  focusAreas?: string[];
  hint?: string;
  source?: string;
  /** The academy's type when the answer block alone would read as another one. */
  type?: QuestionType;
  /** Whether letter case is ignored, when it differs from what the block alone says. */
  anyCase?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Escapes

const ESCAPABLE = '~=#{}:';
// NUL never reaches the reader (a file holding one is refused), so a NUL and a digit cannot mean anything else.
const HELD = '\u0000';
const BACKSLASH = 92;
const SLASH = 47;
const LETTER_N = 110;
const TILDE = 126;
const EQUALS = 61;
const ESCAPABLE_CODES = [...ESCAPABLE].map((ch) => ch.charCodeAt(0));

const utf16 = new TextDecoder('utf-16le');
/**
 * Code units as a string in one native call. Texts are built this way, not by adding to a string or joining a list
 * of pieces: both cost far more per piece, and a hostile file can hold millions.
 */
const fromUnits = (units: Uint16Array, length: number) => utf16.decode(units.subarray(0, length));

/** The blanks a line is trimmed of, as Moodle's PHP trims it (a no-break space is text). */
const isBlank = (code: number) => code === 32 || code === 9 || code === 11 || code === 12;

/**
 * The escapes of a question: `\\` and `\n` become what they stand for, the six marks a placeholder that no search
 * for structure finds; any other backslash stays (it is LaTeX's, as in `\frac`).
 */
function holdEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  const out = new Uint16Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) {
      const next = text.charCodeAt(i + 1);
      if (next === BACKSLASH || next === LETTER_N) {
        out[length++] = next === LETTER_N ? 10 : BACKSLASH;
        i++;
        continue;
      }
      const mark = ESCAPABLE_CODES.indexOf(next);
      if (mark !== -1) {
        out[length++] = 0;
        out[length++] = 48 + mark;
        i++;
        continue;
      }
    }
    out[length++] = code;
  }
  return fromUnits(out, length);
}

/** The characters the placeholders stand for. */
function release(text: string): string {
  if (!text.includes(HELD)) return text;
  const out = new Uint16Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) {
      const mark = ESCAPABLE.charCodeAt(text.charCodeAt(i + 1) - 48);
      if (!Number.isNaN(mark)) out[length++] = mark;
      i++;
    } else out[length++] = code;
  }
  return fromUnits(out, length);
}

/** Text as GIFT must write it: the marks, the backslash and line breaks escaped (Moodle's own export does the same). */
function escapeGift(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '\\') out += '\\\\';
    else if (ESCAPABLE.includes(ch)) out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch !== '\r' && ch !== HELD) out += ch;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

function decode(bytes: Buffer): string {
  if (bytes.length > EXCHANGE_LIMITS.fileBytes) throw new RefusedFile(GIFT_REFUSALS.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RefusedFile(GIFT_REFUSALS.notText);
  }
  if (text.includes('\u0000')) throw new RefusedFile(GIFT_REFUSALS.notText);
  return text;
}

/** The questions of a GIFT file, each ready to import or with the reason it cannot be. */
export function readGift(bytes: Buffer): ReadItem[] {
  const text = decode(bytes);
  const items: ReadItem[] = [];
  let category: string | null = null;
  let metadata: Metadata | null = null;
  // The question being read: its lines, trimmed and joined by line breaks, comments left out. While they follow
  // each other in the file untouched it is a slice of the file (from, to); from the first that does not, a copy.
  let from = 0;
  let to = 0;
  let copy: Uint16Array | null = null;
  let length = 0;

  const endBlock = () => {
    if (length === 0) return;
    const raw = copy === null ? text.slice(from, to) : fromUnits(copy, length);
    length = 0;
    if (items.length === EXCHANGE_LIMITS.questions) throw new RefusedFile(GIFT_REFUSALS.tooMany);
    items.push(readQuestion(raw, metadata, category));
    metadata = null;
  };

  // Moodle trims every line and splits questions at blank ones; a comment line is dropped but splits nothing.
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 10;
    if (code !== 10 && code !== 13) continue;
    let first = start;
    let end = i;
    if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
    while (first < end && isBlank(text.charCodeAt(first))) first++;
    while (end > first && isBlank(text.charCodeAt(end - 1))) end--;
    if (first === end) endBlock();
    else if (text.startsWith('//', first)) metadata = readMetadata(text.slice(first, end)) ?? metadata;
    else if (length === 0 && text.startsWith('$CATEGORY:', first)) {
      // Moodle wants a blank line after it; a question right below it is read all the same.
      category = categoryName(text.slice(first + '$CATEGORY:'.length, end));
    } else if (length === 0) {
      [from, to, copy, length] = [first, end, null, end - first];
    } else if (copy === null && first === to + 1 && text.charCodeAt(to) === 10) {
      to = end;
      length = to - from;
    } else {
      if (copy === null) {
        copy = new Uint16Array(text.length);
        for (let j = from; j < to; j++) copy[j - from] = text.charCodeAt(j);
      }
      copy[length++] = 10;
      for (let j = first; j < end; j++) copy[length++] = text.charCodeAt(j);
    }
  }
  endBlock();
  return items;
}

/** The academy's comment line, or null for any other comment and for one whose JSON cannot be read. */
function readMetadata(line: string): Metadata | null {
  const rest = line.slice(2).trimStart();
  if (!rest.startsWith('academy:')) return null;
  let value: unknown;
  try {
    value = JSON.parse(rest.slice('academy:'.length));
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const given = value as Record<string, unknown>;
  const names = (list: unknown) =>
    Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : undefined;
  const text = (field: unknown) => (typeof field === 'string' ? field : undefined);
  const metadata: Metadata = {
    grade:
      typeof given.grade === 'number' && Number.isInteger(given.grade) && given.grade >= 1 && given.grade <= 12
        ? given.grade
        : null,
    categories: names(given.categories),
    focusAreas: names(given.focusAreas),
    hint: text(given.hint),
    source: text(given.source),
  };
  if (typeof given.type === 'string' && answerKindOf(given.type) !== null) metadata.type = given.type as QuestionType;
  if (typeof given.anyCase === 'boolean') metadata.anyCase = given.anyCase;
  return metadata;
}

/**
 * The category a `$CATEGORY:` path names: its last segment (`//` is a slash inside a name); none for the top of a
 * context and for Moodle's "Default for ..." categories, which only say where questions go.
 */
function categoryName(path: string): string | null {
  let last: [number, number] | null = null;
  let from = 0;
  let filled = false;
  for (let i = 0; i <= path.length; i++) {
    if (i < path.length) {
      const code = path.charCodeAt(i);
      if (code === SLASH && path.charCodeAt(i + 1) === SLASH) {
        filled = true;
        i++;
        continue;
      }
      if (code !== SLASH) {
        filled ||= !isBlank(code);
        continue;
      }
    }
    if (filled) last = [from, i];
    from = i + 1;
    filled = false;
  }
  if (last === null) return null;
  const name = undoubleSlashes(path.slice(last[0], last[1])).trim();
  if (name.toLowerCase() === 'top' || name.startsWith('Default for ')) return null;
  if (name.startsWith('$') && name.endsWith('$')) return null;
  return name;
}

/** A name of a category path, each `//` a slash again. */
function undoubleSlashes(segment: string): string {
  if (!segment.includes('//')) return segment;
  const out = new Uint16Array(segment.length);
  let length = 0;
  for (let i = 0; i < segment.length; i++) {
    const code = segment.charCodeAt(i);
    out[length++] = code;
    if (code === SLASH && segment.charCodeAt(i + 1) === SLASH) i++;
  }
  return fromUnits(out, length);
}

/** A text's format tag, if it opens with one, and the text after it. */
function formatTag(text: string, fallback: TextFormat): { format: TextFormat; body: string } {
  if (text[0] !== '[') return { format: fallback, body: text };
  for (const format of TEXT_FORMATS) {
    if (text.startsWith(`[${format}]`)) return { format, body: text.slice(format.length + 2) };
  }
  return { format: fallback, body: text };
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Released text in the academy's rich text, its math in the academy's delimiters. HTML stays HTML; the other formats
 * are text: escaped, a blank line a new paragraph and a line break a `<br>` (for an option, which has no paragraphs,
 * every line break).
 */
function richText(text: string, format: TextFormat, paragraphs: boolean, notes: Set<string>): string {
  if (format === 'html') return toDollarMath(text);
  if (format === 'markdown') notes.add(GIFT_NOTES.markdown);
  if (/<\/?[a-z]/i.test(text)) notes.add(GIFT_NOTES.tagsAsText);
  const lines = escapeHtml(text).split('\n');
  if (!paragraphs) return toDollarMath(lines.map((line) => line.trim()).join('<br>'));
  const grouped: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === '') grouped.push([]);
    else grouped[grouped.length - 1].push(line.trim());
  }
  const html = grouped
    .filter((group) => group.length > 0)
    .map((group) => `<p>${group.join('<br>')}</p>`)
    .join('');
  return toDollarMath(html);
}

/**
 * A held text with its format tag read, released and converted; empty when there is nothing but the tag, null when
 * it is longer than `limit` as written. Such a text could not be stored anyway, and leaving it unconverted keeps a
 * hostile file from paying for the conversion of megabytes.
 */
function convert(
  held: string,
  fallback: TextFormat,
  paragraphs: boolean,
  notes: Set<string>,
  limit: number,
): string | null {
  const { format, body } = formatTag(held.trim(), fallback);
  // A held escape is two characters for one: twice the limit cannot fit, and need not be released to know it.
  if (body.length > 2 * limit) return null;
  const text = release(body).trim();
  if (text.length > limit) return null;
  return text === '' ? '' : richText(text, format, paragraphs, notes);
}

/** `%50%` opening an answer: its share of the marks (0.5), and the rest; null when the answer opens otherwise. */
function weightOf(answer: string): { weight: number; rest: string } | null {
  if (answer[0] !== '%') return null;
  const end = answer.indexOf('%', 1);
  const value = answer.slice(1, end);
  if (end === -1 || value.length > 12 || !/^-?\d+(?:\.\d*)?$/.test(value)) return null;
  return { weight: Number(value) / 100, rest: answer.slice(end + 1) };
}

const percent = (weight: number) => String(Number((weight * 100).toPrecision(6)));

/** An answer and the feedback after its first `#`. */
function splitFeedback(answer: string): { text: string; feedback: string } {
  const hash = answer.indexOf('#');
  return hash === -1
    ? { text: answer, feedback: '' }
    : { text: answer.slice(0, hash), feedback: answer.slice(hash + 1) };
}

/** Notes that feedback was left out, when there was some. */
function dropFeedback(feedback: string, notes: Set<string>) {
  // A placeholder is never blank, so the held text says as much as the released one.
  if (feedback.trim() !== '') notes.add(GIFT_NOTES.feedback);
}

/** A short text of an answer for a reason: the words, cut. */
const quoted = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * A short answer with Moodle's wildcard escape read: `\*` is a star; a bare `*` (matching anything) is a wildcard the
 * academy cannot match, and null says so.
 */
function literalAnswer(answer: string): string | null {
  let out = '';
  let from = 0;
  for (let at = answer.indexOf('*'); at !== -1; at = answer.indexOf('*', at + 1)) {
    if (answer[at - 1] !== '\\') return null;
    out += `${answer.slice(from, at - 1)}*`;
    from = at + 1;
  }
  return out + answer.slice(from);
}

/** A number as Moodle reads one (`3`, `-0.5`, `.5`, `1e-3`); the pattern is anchored and unambiguous. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const isNumber = (text: string) => text.length <= 64 && NUMBER.test(text);
/** A computed number without float noise (the middle of `1.1..1.3` is 1.2). */
const cleanNumber = (value: number) => Number(value.toPrecision(12));

/** What an answer block reads as, before the question around it. */
type Parsed =
  | { kind: 'choice'; options: Record<string, string>; right: string[] }
  | { kind: 'short'; accepted: string[] }
  | { kind: 'numerical'; accepted: string[]; margin: number };

/** Multiple choice: `=` right, `~` wrong, `~%50%` a share; several shares when there is no `=`. */
function readChoice(answers: string, format: TextFormat, notes: Set<string>): Parsed | string {
  const single = answers.includes('=');
  const choices: { weight: number; body: string }[] = [];
  // Moodle keeps words before the first mark as a wrong answer.
  let at = 0;
  let mark = 0;
  for (let i = 0; i <= answers.length; i++) {
    const code = i < answers.length ? answers.charCodeAt(i) : TILDE;
    if (code !== TILDE && code !== EQUALS) continue;
    const body = answers.slice(at, i).trim();
    if (mark === EQUALS) choices.push({ weight: 1, body });
    else if (mark === TILDE || body !== '') {
      const weighted = weightOf(body);
      choices.push(weighted ? { weight: weighted.weight, body: weighted.rest } : { weight: 0, body });
    }
    if (choices.length > MAX_OPTIONS) return GIFT_REASONS.tooManyChoices(countChoices(answers));
    mark = code;
    at = i + 1;
  }
  if (choices.length < 2) return GIFT_REASONS.tooFewChoices;

  const options: Record<string, string> = {};
  for (const [i, choice] of choices.entries()) {
    const { text, feedback } = splitFeedback(choice.body);
    dropFeedback(feedback, notes);
    const html = convert(text, format, false, notes, QUESTION_LIMITS.option);
    if (html === null) return GIFT_REASONS.choiceTooLong;
    if (html === '') return GIFT_REASONS.emptyChoice;
    options[optionLetter(i)] = html;
  }
  const letters = (list: typeof choices) => list.map((choice) => optionLetter(choices.indexOf(choice)));
  if (single) {
    const part = choices.find((choice) => choice.weight > 0 && choice.weight < 1);
    if (part)
      return GIFT_REASONS.partCredit(quoted(release(splitFeedback(part.body).text).trim()), percent(part.weight));
    const right = choices.filter((choice) => choice.weight >= 1);
    if (right.length === 0) return GIFT_REASONS.noCorrect;
    if (right.length > 1) return GIFT_REASONS.severalAlone;
    return { kind: 'choice', options, right: letters(right) };
  }
  const right = choices.filter((choice) => choice.weight > 0);
  if (right.length === 0) return GIFT_REASONS.noCorrect;
  if (right.length > 1 || right[0].weight !== 1) notes.add(GIFT_NOTES.partMarks);
  return { kind: 'choice', options, right: letters(right) };
}

/** How many answers a choice block offers, counted only to say so. */
function countChoices(answers: string): number {
  let count = 0;
  for (let i = 0; i < answers.length; i++) {
    const code = answers.charCodeAt(i);
    if (code === TILDE || code === EQUALS) count++;
  }
  return count;
}

/** True/false: `{T}` `{TRUE}` `{F}` `{FALSE}`, then the feedback for a wrong and for a right answer. */
function readTrueFalse(answers: string, notes: Set<string>): Parsed {
  const [value, ...feedback] = answers.split('#');
  for (const text of feedback) dropFeedback(text, notes);
  const isTrue = value.trim() === 'T' || value.trim() === 'TRUE';
  return { kind: 'choice', options: { A: 'True', B: 'False' }, right: [isTrue ? 'A' : 'B'] };
}

/**
 * Each answer of a short-answer or numerical block (`=` before each; words before the first are one too), with its
 * share of the marks, until `each` gives a reason to stop. Empty answers are skipped.
 */
function eachAnswer(answers: string, each: (weight: number, body: string) => string | undefined): string | undefined {
  let listed = 0;
  for (let from = 0; from <= answers.length;) {
    const mark = answers.indexOf('=', from);
    const end = mark === -1 ? answers.length : mark;
    const body = end === from ? '' : answers.slice(from, end).trim();
    from = end + 1;
    if (body === '') continue;
    // Far more than the academy could accept: no need to read the rest.
    if (++listed > MOST_ANSWERS_LISTED) return GIFT_REASONS.tooManyAnswers;
    const weighted = weightOf(body);
    const stop = weighted ? each(weighted.weight, weighted.rest) : each(1, body);
    if (stop !== undefined) return stop;
  }
  return undefined;
}

const MOST_ANSWERS_LISTED = 5 * MAX_ACCEPTED_ANSWERS;

/** Short answer: `{=a =b}`, each accepted in full; a share of the marks is part credit the academy cannot give. */
function readShort(answers: string, notes: Set<string>): Parsed | string {
  const accepted = new Set<string>();
  const stop = eachAnswer(answers, (weight, body) => {
    const { text, feedback } = splitFeedback(body);
    dropFeedback(feedback, notes);
    // Each escape is two characters for one, as each `\*` is: four times the limit cannot fit, whatever it holds.
    if (weight > 0 && text.length > 4 * QUESTION_LIMITS.acceptedAnswer) return GIFT_REASONS.answerTooLong;
    const value = release(formatTag(text.trim(), 'plain').body).trim();
    if (weight <= 0) {
      notes.add(GIFT_NOTES.noCredit);
      return undefined;
    }
    if (weight < 1) return GIFT_REASONS.partCredit(quoted(value), percent(weight));
    const literal = literalAnswer(value);
    if (literal === null) return GIFT_REASONS.wildcard(quoted(value));
    if (literal !== '') accepted.add(literal);
    return accepted.size > MAX_ACCEPTED_ANSWERS ? GIFT_REASONS.tooManyAnswers : undefined;
  });
  if (stop !== undefined) return stop;
  return accepted.size === 0 ? GIFT_REASONS.noCorrect : { kind: 'short', accepted: [...accepted] };
}

/** Numerical: `{#3.14:0.01}`, `{#1..5}`, `{#=3:0 =3.5:0}`; a `~` after the answers is feedback for any other. */
function readNumerical(answers: string, notes: Set<string>): Parsed | string {
  let body = answers.slice(1);
  const tilde = body.indexOf('~');
  if (tilde !== -1) {
    dropFeedback(body.slice(tilde + 1).replace(/^\s*#/, ''), notes);
    body = body.slice(0, tilde);
  }
  const found = new Map<string, number>();
  const stop = eachAnswer(body, (weight, answer) => {
    const { text, feedback } = splitFeedback(answer);
    dropFeedback(feedback, notes);
    const written = release(text).trim();
    if (written === '') return undefined;
    const range = written.indexOf('..');
    const colon = written.indexOf(':');
    let value: string;
    let margin: number;
    if (range > 0) {
      const [min, max] = [written.slice(0, range).trim(), written.slice(range + 2).trim()];
      if (!isNumber(min) || !isNumber(max)) return GIFT_REASONS.notNumber(quoted(written));
      const middle = (Number(min) + Number(max)) / 2;
      value = String(cleanNumber(middle));
      margin = cleanNumber(Math.abs(Number(max) - middle));
    } else {
      value = colon > 0 ? written.slice(0, colon).trim() : written;
      const tolerance = colon > 0 ? written.slice(colon + 1).trim() : '0';
      if (!isNumber(value) || !isNumber(tolerance)) return GIFT_REASONS.notNumber(quoted(written));
      margin = Math.abs(Number(tolerance));
    }
    if (weight <= 0) {
      notes.add(GIFT_NOTES.noCredit);
      return undefined;
    }
    if (weight < 1) return GIFT_REASONS.partCredit(quoted(written), percent(weight));
    if (found.has(value) && found.get(value) !== margin) return GIFT_REASONS.margins;
    found.set(value, margin);
    return found.size > MAX_ACCEPTED_ANSWERS ? GIFT_REASONS.tooManyAnswers : undefined;
  });
  if (stop !== undefined) return stop;
  const margins = new Set(found.values());
  if (margins.size === 0) return GIFT_REASONS.noCorrect;
  if (margins.size > 1) return GIFT_REASONS.margins;
  const [margin] = margins;
  if (margin > MAX_MARGIN) return GIFT_REASONS.marginTooWide;
  return { kind: 'numerical', accepted: [...found.keys()], margin };
}

/** One question's lines (comments already out) as Moodle's importer reads them. */
function readQuestion(raw: string, metadata: Metadata | null, category: string | null): ReadItem {
  let text = holdEscapes(raw).trim();
  let title = '';
  if (text.startsWith('::')) {
    const end = text.indexOf('::', 2);
    if (end === -1) text = text.slice(2);
    else {
      title = release(text.slice(2, end)).trim();
      text = text.slice(end + 2).trim();
    }
  }
  const refuse = (reason: string): ReadItem => ({ title, reason });

  const open = text.indexOf('{');
  const close = text.indexOf('}');
  if (open === -1 && close === -1) return refuse(GIFT_REASONS.description);
  if (open === -1 || close === -1 || close < open) return refuse(GIFT_REASONS.braces);
  if (text.indexOf('{', close) !== -1 || text.indexOf('}', close + 1) !== -1) return refuse(GIFT_REASONS.twoBlocks);
  const before = text.slice(0, open);
  const after = text.slice(close + 1);
  let answers = text.slice(open + 1, close).trim();
  let solutionText = '';
  const general = answers.lastIndexOf('####');
  if (general !== -1) {
    solutionText = answers.slice(general + 4);
    answers = answers.slice(0, general).trim();
  }

  if (answers === '') return refuse(GIFT_REASONS.essay);
  const numerical = answers[0] === '#';
  const choice = !numerical && answers.includes('~');
  if (!numerical && !choice && answers.includes('=') && answers.includes('->')) return refuse(GIFT_REASONS.matching);
  if (/<img\b/i.test(raw)) return refuse(GIFT_REASONS.image);
  if (before.trim() === '' && after.trim() === '') return refuse(GIFT_REASONS.noText);

  const notes = new Set<string>();
  // The text's format is the default of its answers and feedback; a tag can only open the text before the block.
  const format = before.trim() === '' ? 'moodle' : formatTag(before.trimStart(), 'moodle').format;
  const trueFalse = ['T', 'TRUE', 'F', 'FALSE'].includes(splitFeedback(answers).text.trim());
  const parsed = numerical
    ? readNumerical(answers, notes)
    : choice
      ? readChoice(answers, format, notes)
      : trueFalse
        ? readTrueFalse(answers, notes)
        : readShort(answers, notes);
  if (typeof parsed === 'string') return refuse(parsed);

  const inMiddle = after.trim() !== '';
  const blanks = parsed.kind === 'short' && (inMiddle || answerKindOf(metadata?.type) === 'blanks');
  let type: QuestionType;
  let answer: AnswerKey;
  if (parsed.kind === 'choice') {
    type = 'Multiple Choice';
    answer = { a1: parsed.right };
  } else if (blanks) {
    type = 'Fill in the Blank';
    answer = [parsed.accepted];
  } else if (parsed.kind === 'numerical' || answerKindOf(metadata?.type) === 'number') {
    type = 'Calculation';
    answer = { a1: parsed.accepted };
  } else {
    type = 'Short Answer';
    answer = [parsed.accepted];
  }
  const forms: AnswerForm[] = [];
  if (parsed.kind === 'numerical' && parsed.margin > 0) forms.push({ kind: 'margin', margin: parsed.margin });
  // Moodle's GIFT import makes short answers ignore case, and numbers have none.
  if (parsed.kind !== 'choice' && (metadata?.anyCase ?? parsed.kind === 'short')) forms.push({ kind: 'anyCase' });

  // Moodle draws a line where a block in the middle was; a blank of the academy is its placeholder.
  const gap = blanks ? '___1___' : inMiddle ? '_____' : '';
  const questionText = convert(before + gap + after, 'moodle', true, notes, QUESTION_LIMITS.richText);
  if (questionText === null) return refuse(GIFT_REASONS.textTooLong);
  if (questionText === '') return refuse(GIFT_REASONS.noText);
  const solution = convert(solutionText, format, true, notes, QUESTION_LIMITS.richText);
  if (solution === null) return refuse(GIFT_REASONS.solutionTooLong);

  const question: ExchangeQuestion = {
    title,
    type,
    questionText,
    options: parsed.kind === 'choice' ? parsed.options : {},
    answer,
    answerForms: parsed.kind === 'choice' ? [] : [forms],
    solution,
    hint: metadata?.hint ?? '',
    grade: metadata?.grade ?? null,
    categories: metadata?.categories ?? (category === null ? [] : [category]),
    focusAreas: metadata?.focusAreas ?? [],
    source: metadata?.source ?? '',
    attachments: [],
    images: {},
  };
  return notes.size > 0 ? { title, question, notes: [...notes] } : { title, question };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

const IMAGE_TAG = /<img\b[^>]*>/gi;

/** How many images a question shows: its attachments and the images of its texts, each named once. */
function imageCount(question: ExchangeQuestion): number {
  const names = new Set(question.attachments);
  for (const html of [question.questionText, question.solution, ...Object.values(question.options)]) {
    for (const [tag] of html.matchAll(IMAGE_TAG)) names.add(/\ssrc\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? tag);
  }
  return names.size;
}

/** Academy rich text as GIFT text: images out, math in Moodle's delimiters, every mark escaped. */
const giftText = (html: string) => escapeGift(toBracketMath(html.replace(IMAGE_TAG, '')));

/** A text whose own start could be read as a format tag carries its own, so it is never taken for one. */
const tagged = (text: string, tag: TextFormat) => (text.startsWith('[') ? `[${tag}]${text}` : text);

/** An accepted answer as a GIFT short answer: a star written `\*` (Moodle's wildcard otherwise), then escaped. */
function shortAnswerText(answer: string): string {
  const text = tagged(escapeGift(answer.replaceAll('*', '\\*')), 'plain');
  // An answer opening with a share would be read as one.
  return text.startsWith('%') ? `%100%${text}` : text;
}

const hasCase = (text: string) => text.toLowerCase() !== text.toUpperCase();

/** The accepted answers of the types with one list (Short Answer `[[...]]`, Calculation `{a1: [...]}`). */
function acceptedOf(answer: AnswerKey): string[] {
  return Array.isArray(answer) ? (answer[0] ?? []) : answer.a1;
}

/** The GIFT of one question, or null when GIFT cannot hold it; `say` records what is lost. */
function writeQuestion(question: ExchangeQuestion, say: (message: string) => void): string | null {
  const kind = answerKindOf(question.type);
  if (kind === 'blanks' && Array.isArray(question.answer) && question.answer.length > 1) {
    say(GIFT_LOST.blanks(question.answer.length));
    return null;
  }
  const images = imageCount(question);
  if (images > 0) say(GIFT_LOST.images(images));

  const metadata: Metadata = {
    grade: question.grade,
    categories: question.categories,
    focusAreas: question.focusAreas,
    hint: question.hint,
    source: question.source,
  };
  const head = `${question.title.trim() === '' ? '' : `::${escapeGift(question.title)}::`}[html]`;
  const solution = question.solution.trim() === '' ? '' : `####${tagged(giftText(question.solution), 'html')}`;
  let body: string;

  if (kind === 'choice') {
    const right = new Set(Array.isArray(question.answer) ? question.answer.flat() : question.answer.a1);
    const letters = Object.keys(question.options).sort();
    const text = giftText(question.questionText);
    if (letters.length === 2 && question.options.A === 'True' && question.options.B === 'False' && right.size === 1) {
      body = `${head}${text}{${right.has('A') ? 'TRUE' : 'FALSE'}${solution}}`;
    } else {
      // Several right answers share the marks and a wrong one takes them all away: the nearest Moodle comes to the
      // academy's all or nothing.
      const share = String(Number((100 / right.size).toFixed(5)));
      const lines = letters.map((letter) => {
        const option = tagged(giftText(question.options[letter]), 'html');
        if (right.size > 1) return `\t~%${right.has(letter) ? share : '-100'}%${option}`;
        if (right.has(letter)) return `\t=${option}`;
        return `\t~${option.startsWith('%') ? '%0%' : ''}${option}`;
      });
      body = `${head}${text}{\n${lines.join('\n')}${solution ? `\n\t${solution}` : ''}\n}`;
    }
  } else {
    const accepted = acceptedOf(question.answer);
    const forms = question.answerForms[0] ?? [];
    const anyCase = forms.some((form) => form.kind === 'anyCase');
    const margin = forms.find((form) => form.kind === 'margin');
    const numerical = kind === 'number' && accepted.length > 0 && accepted.every(isNumber);
    for (const form of forms) {
      if (form.kind !== 'anyCase' && !(form.kind === 'margin' && numerical)) say(GIFT_LOST.form(form));
    }
    if (kind === 'number' && !numerical) {
      say(GIFT_LOST.notNumeric);
      metadata.type = 'Calculation';
    }
    if (!numerical) {
      if (accepted.some((answer) => answer.includes('->'))) {
        say(GIFT_LOST.arrow);
        return null;
      }
      if (!anyCase && accepted.some(hasCase)) say(GIFT_LOST.anyCase);
    }
    if (anyCase !== !numerical) metadata.anyCase = anyCase;

    const tolerance = numerical && margin?.kind === 'margin' ? `:${String(margin.margin)}` : '';
    const lines = accepted.map((answer) => (numerical ? `=${answer}${tolerance}` : `=${shortAnswerText(answer)}`));
    const text = giftText(question.questionText);
    if (kind === 'blanks') {
      const block = `{${lines.join(' ')}${solution ? ` ${solution}` : ''}}`;
      const at = text.indexOf('___1___');
      const [before, after] = at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + '___1___'.length)];
      // A blank that ends the text reads as a short answer unless the academy says otherwise.
      if (after.trim() === '') metadata.type = 'Fill in the Blank';
      body = `${head}${before}${block}${after}`;
    } else {
      const open = numerical ? '{#' : '{';
      body = `${head}${text}${open}\n${lines.map((line) => `\t${line}`).join('\n')}${solution ? `\n\t${solution}` : ''}\n}`;
    }
  }
  return `${ACADEMY_COMMENT}${JSON.stringify(metadata)}\n${body}`;
}

/** A category as the last segment of a Moodle path, a slash in its name doubled. */
const categoryLine = (name: string | null) =>
  `$CATEGORY: $course$/top${name === null ? '' : `/${name.replace(/[\r\n]+/g, ' ').replaceAll('/', '//')}`}`;

/** Questions as a GIFT file, with what GIFT could not carry, one sentence each, naming the question. */
export function writeGift(questions: readonly ExchangeQuestion[]): WrittenFile {
  const blocks: string[] = [];
  const lost: string[] = [];
  let category: string | null = null;
  questions.forEach((question, index) => {
    const label = `Question ${index + 1}${question.title.trim() === '' ? '' : ` (${question.title.trim()})`}`;
    const written = writeQuestion(question, (message) => lost.push(`${label}: ${message}`));
    if (written === null) return;
    const first = question.categories.find((name) => name.trim() !== '')?.trim() ?? null;
    // Moodle files each question under the last category named; the academy's comment carries them all.
    if (first !== category) blocks.push(categoryLine(first));
    category = first;
    blocks.push(written);
  });
  return { bytes: Buffer.from(blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`, 'utf8'), lost };
}
