/**
 * Moodle XML (docs.moodle.org, "Moodle XML format"), read into the academy's questions and written from them, as
 * two pure functions.
 *
 * Reading follows Moodle's own rules: a `category` question names the category of those after it, each text's
 * images travel base64 in `<file>` elements beside it and are named `@@PLUGINFILE@@/name` in the text, and a cloze
 * (`multianswer`) question holds its blanks inside its text as Moodle's embedded answers (`{1:SHORTANSWER:=a~=b}`).
 *
 * What Moodle has no field for travels in ways Moodle keeps and shows harmlessly, so that the academy's own export
 * comes back whole: the grade, the categories after the first and the source as tags `grade:N`, `category:Name` and
 * `source:Text`; the attachments as images in a trailing `<p class="academy-attachments">` of the question text.
 *
 * Every pass over the file's text is linear, since a file is whatever its sender made it: the scanners below only
 * step forward, and the few patterns used have no nested quantifiers.
 */
import { answerKindOf } from '../../../../common/question-types';
import { formLabel, type AnswerForm } from '../../../../common/rules/answer-forms';
import {
  blankPlaceholder,
  isBlankRichText,
  MAX_OPTIONS,
  optionLetter,
  QUESTION_LIMITS,
} from '../../../../common/rules/questions';
import { toBracketMath, toDollarMath } from '../math';
import { EXCHANGE_MESSAGES } from '../../../../common/schemas/exchange';
import { EXCHANGE_LIMITS, RefusedFile, type ExchangeQuestion, type ReadItem, type WrittenFile } from '../model';
import {
  childNamed,
  childrenNamed,
  localName,
  outerXml,
  parseXml,
  textOf,
  xmlAttr,
  xmlText,
  type XmlElement,
} from '../xml';

export const MOODLE_MESSAGES = {
  notUtf8: 'This file is not UTF-8 text, as a Moodle XML file always is. Save it as UTF-8 and try again.',
  notQuiz: 'This is not a Moodle XML file: its top element is not <quiz>.',
  tooMany: EXCHANGE_MESSAGES.tooManyQuestions,
} as const;

/** Why a question of a Moodle file cannot come in, as the preview shows it beside the question's title. */
export const MOODLE_REASONS = {
  essay: 'essay questions are marked by hand, which the bank does not hold',
  matching: 'matching questions are not supported',
  description: 'a description has no question to answer',
  calculated: "Moodle's calculated questions are not supported (the academy's random numbers are written differently)",
  unsupported: (type: string) => `${type} questions are not supported`,
  noType: 'a question without a type is not supported',
  noAnswer: 'no correct answer',
  partCredit: 'answers worth part of the mark are not supported (the academy marks an answer right or wrong)',
  severalRightSingle: 'a single-answer choice with several fully right options has no equivalent',
  tooManyOptions: `a choice of more than ${MAX_OPTIONS} options has no equivalent`,
  wildcard: 'wildcards (*) in short answers are not supported',
  units: 'units in numerical answers are not supported',
  tolerances: 'accepted numbers with different tolerances are not supported',
  clozeChoice: 'a cloze drop-down or choice blank has no equivalent',
  tooLong: `a text of this question is far longer than the ${QUESTION_LIMITS.richText.toLocaleString('en-US')} characters a question's text may have`,
  imagesMissing: (names: string[]) =>
    `${names.length === 1 ? 'image' : 'images'} missing from the file (${names.join(', ')})`,
} as const;

/** What came in differently from the file, shown beside the question in the preview. */
export const MOODLE_NOTES = {
  allOrNothing:
    'Moodle gave part of the mark for each right option chosen; here the mark is given only for choosing all the right options and no other',
  feedback: "Moodle's feedback on answers was left out (the academy shows the solution instead)",
  hintsJoined: (count: number) => `Moodle's ${count} hints were joined into one`,
  markdown: 'Markdown text came in as plain text',
  weights: 'Moodle weighted the blanks differently; here each blank counts the same',
  grade: (tag: string) => `the tag "${tag}" is not a grade from 1 to 12; left out`,
} as const;

/** What the academy's questions lose in Moodle XML: the end of "Question 3 (Title): ...". */
export const MOODLE_LOST = {
  form: (form: AnswerForm, blank: number | null) =>
    `the answer form '${formLabel(form)}'${blank === null ? '' : ` of blank ${blank}`} cannot be written in Moodle XML; left out`,
  calculationAsShortAnswer:
    'a Calculation whose answers are not all numbers within one margin is written as a Moodle short answer, and comes back as Short Answer',
  trailingBackslash: (answer: string, blank: number) =>
    `blank ${blank}'s answer ${answer} ends with a backslash, which Moodle's embedded answers cannot hold; left out`,
  blankNotInText: (blank: number) => `blank ${blank} is not in the question text; left out`,
  blankRepeated: (blank: number) => `blank ${blank} is in the text more than once; Moodle asks each place separately`,
  attachmentMissing: (key: string) => `the attachment ${key} has no image; left out`,
} as const;

const CATEGORY_PREFIX = '$course$/top';
const ATTACHMENTS_OPEN = '<p class="academy-attachments">';
const PLUGINFILE = '@@PLUGINFILE@@/';
const TAG = { grade: 'grade:', category: 'category:', source: 'source:' } as const;

/**
 * The longest text of a question read at all. Markup the sanitizer drops may make a file's text longer than the
 * stored one, hence the room; beyond it the text cannot be stored whatever it holds, and converting its math (a
 * pass of constant but real cost per character) would only spend time on a question that is refused anyway.
 */
const LONGEST_TEXT = 10 * QUESTION_LIMITS.richText;

/** A question that cannot come in, with the sentence that says why. */
class NotImported extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// Shared passes over text
// ---------------------------------------------------------------------------------------------------------------

/** Stands for a tag while math is converted, so that math conversion never looks inside markup. */
const TAG_MARK = '\uE000';

/**
 * `convert` applied to the text of some HTML with every tag held aside and put back after, so a `$` or `\(` in an
 * attribute stays as it is while math may still run across tags. Text that already holds the mark (it is a
 * private-use character) is converted whole.
 */
function outsideTags(html: string, convert: (text: string) => string): string {
  if (html.includes(TAG_MARK)) return convert(html);
  const tags: string[] = [];
  let masked = '';
  let from = 0;
  while (from < html.length) {
    const open = html.indexOf('<', from);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    if (close < 0) {
      masked += html.slice(from);
      break;
    }
    masked += html.slice(from, open) + TAG_MARK;
    tags.push(html.slice(open, close + 1));
    from = close + 1;
  }
  const converted = convert(masked);
  let out = '';
  let at = 0;
  let next = 0;
  for (let i = converted.indexOf(TAG_MARK); i !== -1; i = converted.indexOf(TAG_MARK, at)) {
    out += converted.slice(at, i) + (tags[next++] ?? '');
    at = i + 1;
  }
  return out + converted.slice(at);
}

/** Each tag of some HTML given to `change`, which returns it as it should be. */
function eachTag(html: string, change: (tag: string) => string): string {
  let out = '';
  let from = 0;
  while (from < html.length) {
    const open = html.indexOf('<', from);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    if (close < 0) return out + html.slice(from);
    out += html.slice(from, open) + change(html.slice(open, close + 1));
    from = close + 1;
  }
  return out;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An `<img>` tag's `src` as written (quoted either way). */
const IMG_SRC = /(\ssrc\s*=\s*)(?:"([^"]*)"|'([^']*)')/i;
const isImgTag = (tag: string) => /^<img[\s/>]/i.test(tag);

/** The `src` of each `<img>` in some HTML, entities decoded. */
function imageSources(html: string): string[] {
  const sources: string[] = [];
  eachTag(html, (tag) => {
    const match = isImgTag(tag) ? IMG_SRC.exec(tag) : null;
    if (match) sources.push(decodeEntities(match[2] ?? match[3]));
    return tag;
  });
  return sources;
}

/** Numbers as Moodle's numerical questions write them. */
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const isNumber = (text: string) => NUMBER.test(text);

/** XML 1.0 cannot hold these characters at all, not even in CDATA. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const cdata = (text: string) => `<![CDATA[${text.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
const xmlSafe = (text: string) => xmlText(text.replace(NOT_XML, ''));

/** Several lines of plain text as HTML: paragraphs at blank lines, a line break at each other line's end. */
function linesToHtml(text: string, escape: boolean, block: boolean): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const shown = (line: string) => (escape ? escapeHtml(line) : line);
  if (!block) return lines.map(shown).join('<br>');
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === '') {
      if (paragraphs[paragraphs.length - 1].length > 0) paragraphs.push([]);
    } else paragraphs[paragraphs.length - 1].push(shown(line));
  }
  return paragraphs
    .filter((p) => p.length > 0)
    .map((p) => `<p>${p.join('<br>')}</p>`)
    .join('');
}

/** HTML as plain text: tags dropped, line breaks where a paragraph or line ended, entities as their characters. */
function htmlToPlain(html: string): string {
  let text = '';
  let from = 0;
  while (from < html.length) {
    const open = html.indexOf('<', from);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    if (close < 0) {
      text += html.slice(from);
      break;
    }
    text += html.slice(from, open);
    if (/^<(br|\/p|\/div|\/li|\/h[1-6])[\s/>]/i.test(html.slice(open, Math.min(close + 1, open + 8)))) text += '\n';
    from = close + 1;
  }
  const lines = decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.trim());
  const kept: string[] = [];
  for (const line of lines) if (line !== '' || (kept.length > 0 && kept[kept.length - 1] !== '')) kept.push(line);
  return kept.join('\n').trim();
}

// ---------------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------------

const UNSUPPORTED: Record<string, string> = {
  essay: MOODLE_REASONS.essay,
  matching: MOODLE_REASONS.matching,
  ddmatch: MOODLE_REASONS.matching,
  description: MOODLE_REASONS.description,
  calculated: MOODLE_REASONS.calculated,
  calculatedsimple: MOODLE_REASONS.calculated,
  calculatedmulti: MOODLE_REASONS.calculated,
};
const READ_TYPES = new Set(['multichoice', 'truefalse', 'shortanswer', 'numerical', 'multianswer']);

/** A number Moodle wrote (a fraction of the mark in percent, a tolerance); what is not a number is none. */
function numberOf(text: string | undefined): number {
  const value = Number((text ?? '').trim().replace(',', '.'));
  return Number.isFinite(value) ? value : 0;
}
/** Moodle writes thirds and sixths to five places, so a share this close to the whole is the whole. */
const isWhole = (percent: number) => percent >= 99.99;

/**
 * What a `<text>` holds: its character data as written (CDATA is HTML kept whole), and any elements written into
 * it as XHTML kept as markup rather than dropped.
 */
const textChild = (element: XmlElement | undefined) => {
  const text = element ? childNamed(element, 'text') : undefined;
  return text ? text.children.map((node) => (typeof node === 'string' ? node : outerXml(node))).join('') : '';
};

/** The category a `category` question names: the last part of its path, none for Moodle's top and default ones. */
function categoryOf(question: XmlElement): string | null {
  const element = childNamed(question, 'category');
  if (!element) return null;
  const text = childNamed(element, 'text');
  const path = textOf(text ?? element).trim();
  // `//` is a slash within a name; a lone `/` parts two.
  const parts: string[] = [''];
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '/' && path[i + 1] === '/') {
      parts[parts.length - 1] += '/';
      i++;
    } else if (path[i] === '/') parts.push('');
    else parts[parts.length - 1] += path[i];
  }
  const names = parts.map((p) => p.trim()).filter((p, i) => p !== '' && !(i === 0 && /^\$\w*\$$/.test(p)));
  const last = names[names.length - 1];
  return last === undefined || !isNamedCategory(last) ? null : last;
}
const isNamedCategory = (name: string) => name !== 'top' && !name.startsWith('Default for');

/** The parts of one question Moodle types differ in. */
interface Body {
  type: ExchangeQuestion['type'];
  questionText: string;
  options: Record<string, string>;
  answer: ExchangeQuestion['answer'];
  answerForms: AnswerForm[][];
}

/** One question's reading: its images as they are found, what is missing and what came in differently. */
class QuestionReader {
  readonly images: Record<string, Buffer> = {};
  readonly missing: string[] = [];
  readonly notes: string[] = [];

  note(text: string) {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /** A key for a file's bytes: its name, or the name numbered when another image of the question took it. */
  private register(name: string, bytes: Buffer): string {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > name.lastIndexOf('/') + 1 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let key = name;
    for (let n = 2; this.images[key] !== undefined && !this.images[key].equals(bytes); n++)
      key = `${stem}-${n}${extension}`;
    this.images[key] = bytes;
    return key;
  }

  /** The files beside a text (or in an answer), by the path its references name them with, to their keys. */
  private filesOf(element: XmlElement): Map<string, string> {
    const files = new Map<string, string>();
    for (const file of childrenNamed(element, 'file')) {
      const name = (file.attrs.name ?? '').trim();
      if (name === '' || (file.attrs.encoding ?? 'base64') !== 'base64') continue;
      const folder = (file.attrs.path ?? '/').replace(/^\/+|\/+$/g, '');
      const path = folder === '' ? name : `${folder}/${name}`;
      files.set(path, this.register(path, Buffer.from(textOf(file), 'base64')));
    }
    return files;
  }

  /** `@@PLUGINFILE@@/...` references turned into the keys of the files beside the text; the rest noted missing. */
  private resolveImages(html: string, files: Map<string, string>): string {
    let out = '';
    let from = 0;
    for (let at = html.indexOf(PLUGINFILE); at !== -1; at = html.indexOf(PLUGINFILE, from)) {
      let end = at + PLUGINFILE.length;
      while (end < html.length && !'"\'<> \t\r\n'.includes(html[end])) end++;
      const written = html.slice(at + PLUGINFILE.length, end);
      const path = decodePath(written.split('?')[0]);
      const key = files.get(path);
      if (key === undefined && !this.missing.includes(path)) this.missing.push(path);
      out += html.slice(from, at) + (key === undefined ? written : key.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
      from = end;
    }
    return out + html.slice(from);
  }

  /**
   * A text element as the academy's HTML, its images resolved; math is left in Moodle's delimiters for the caller.
   * `block` texts become paragraphs when written plain; options stay inline. `embedded` sees the raw text first
   * (the cloze's blanks are taken out before it is escaped).
   */
  html(element: XmlElement | undefined, block: boolean, embedded?: (raw: string, isHtml: boolean) => string): string {
    if (!element) return '';
    const format = element.attrs.format ?? 'html';
    let raw = textChild(element).trim();
    const isHtml = format !== 'plain_text' && format !== 'markdown';
    if (embedded) raw = embedded(raw, isHtml);
    if (raw.length > LONGEST_TEXT) throw new NotImported(MOODLE_REASONS.tooLong);
    let html = raw;
    if (format === 'markdown') this.note(MOODLE_NOTES.markdown);
    if (!isHtml) html = linesToHtml(raw, true, block);
    // Moodle's auto-format is HTML whose line ends are breaks, unless it is already laid out in paragraphs.
    else if (format === 'moodle_auto_format' && !/<(p|div|br|table|ul|ol)[\s/>]/i.test(raw))
      html = linesToHtml(raw, false, block);
    return this.resolveImages(html, this.filesOf(element));
  }

  /** Whether an element holds feedback with any words or image. */
  hasFeedback(element: XmlElement | undefined): boolean {
    const text = textChild(element);
    return text.trim() !== '' && !isBlankRichText(text);
  }
}

/** A path of `@@PLUGINFILE@@/` as the file's name: each part URL-decoded, as Moodle encodes it. */
function decodePath(written: string): string {
  return written
    .split('/')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    })
    .join('/');
}

/** Math in Moodle's delimiters as the academy's, outside the tags of the HTML. */
const dollarMath = (html: string) => outsideTags(html, toDollarMath);

/** The attachments block our export ends a question text with: its images, and the text without it. */
function splitAttachments(html: string): { text: string; attachments: string[] } {
  const end = html.trimEnd();
  const at = end.lastIndexOf(ATTACHMENTS_OPEN);
  if (at === -1 || !end.endsWith('</p>')) return { text: html, attachments: [] };
  const inner = end.slice(at + ATTACHMENTS_OPEN.length, -'</p>'.length);
  if (inner.includes('</p>')) return { text: html, attachments: [] };
  return { text: end.slice(0, at), attachments: imageSources(inner) };
}

/** A short answer as Moodle writes it: `\*` is an asterisk, a bare `*` a wildcard the academy cannot mark. */
function unstar(answer: string): { text: string; wildcard: boolean } {
  let text = '';
  let wildcard = false;
  for (let i = 0; i < answer.length; i++) {
    if (answer[i] === '\\' && answer[i + 1] === '*') {
      text += '*';
      i++;
    } else {
      if (answer[i] === '*') wildcard = true;
      text += answer[i];
    }
  }
  return { text, wildcard };
}

/** The accepted answers of Moodle answers with fractions: the whole ones; part credit refused, wrong ones dropped. */
function acceptedOf(
  answers: Array<{ percent: number; text: string; feedback: boolean }>,
  reader: QuestionReader,
): string[] {
  const accepted: string[] = [];
  for (const answer of answers) {
    if (answer.feedback) reader.note(MOODLE_NOTES.feedback);
    if (isWhole(answer.percent)) accepted.push(answer.text);
    else if (answer.percent > 0) throw new NotImported(MOODLE_REASONS.partCredit);
  }
  if (accepted.length === 0) throw new NotImported(MOODLE_REASONS.noAnswer);
  return accepted;
}

function readChoice(question: XmlElement, reader: QuestionReader): Body {
  const single = !/^(false|0)$/i.test(textOf(childNamed(question, 'single') ?? 'true').trim());
  const answers = childrenNamed(question, 'answer')
    .map((a) => ({
      percent: numberOf(a.attrs.fraction),
      html: dollarMath(reader.html(a, false)),
      feedback: reader.hasFeedback(childNamed(a, 'feedback')),
    }))
    .filter((a) => !isBlankRichText(a.html));
  if (answers.length > MAX_OPTIONS) throw new NotImported(MOODLE_REASONS.tooManyOptions);
  const right = answers.flatMap((a, i) => (a.percent > 0 ? [i] : []));
  if (right.length === 0) throw new NotImported(MOODLE_REASONS.noAnswer);
  if (single && right.some((i) => !isWhole(answers[i].percent))) throw new NotImported(MOODLE_REASONS.partCredit);
  if (single && right.length > 1) throw new NotImported(MOODLE_REASONS.severalRightSingle);
  if (!single && right.length > 1) reader.note(MOODLE_NOTES.allOrNothing);
  const combined = ['correctfeedback', 'partiallycorrectfeedback', 'incorrectfeedback'];
  if (answers.some((a) => a.feedback) || combined.some((name) => reader.hasFeedback(childNamed(question, name))))
    reader.note(MOODLE_NOTES.feedback);
  return {
    type: 'Multiple Choice',
    questionText: '',
    options: Object.fromEntries(answers.map((a, i) => [optionLetter(i), a.html])),
    answer: { a1: right.map(optionLetter) },
    answerForms: [],
  };
}

function readTrueFalse(question: XmlElement, reader: QuestionReader): Body {
  const percent = { true: 0, false: 0 };
  for (const answer of childrenNamed(question, 'answer')) {
    const word = textChild(answer).trim().toLowerCase();
    if (word === 'true' || word === 'false') percent[word] = numberOf(answer.attrs.fraction);
    if (reader.hasFeedback(childNamed(answer, 'feedback'))) reader.note(MOODLE_NOTES.feedback);
  }
  if (percent.true > 0 && percent.false > 0) throw new NotImported(MOODLE_REASONS.severalRightSingle);
  if (percent.true <= 0 && percent.false <= 0) throw new NotImported(MOODLE_REASONS.noAnswer);
  return {
    type: 'Multiple Choice',
    questionText: '',
    options: { A: 'True', B: 'False' },
    answer: { a1: [percent.true > 0 ? 'A' : 'B'] },
    answerForms: [],
  };
}

function readShortAnswer(question: XmlElement, reader: QuestionReader): Body {
  const useCase = textOf(childNamed(question, 'usecase') ?? '0').trim() === '1';
  const accepted = acceptedOf(
    childrenNamed(question, 'answer').map((a) => ({
      percent: numberOf(a.attrs.fraction),
      text: textChild(a).trim(),
      feedback: reader.hasFeedback(childNamed(a, 'feedback')),
    })),
    reader,
  ).map((answer) => {
    const { text, wildcard } = unstar(answer);
    if (wildcard) throw new NotImported(MOODLE_REASONS.wildcard);
    return text;
  });
  return {
    type: 'Short Answer',
    questionText: '',
    options: {},
    answer: [accepted],
    answerForms: [useCase ? [] : [{ kind: 'anyCase' }]],
  };
}

/** The one margin of numbers each with a tolerance: none when all are exact; different ones cannot come in. */
function marginOf(tolerances: number[]): AnswerForm[] {
  const distinct = [...new Set(tolerances.map((t) => Math.abs(t)))];
  if (distinct.length > 1) throw new NotImported(MOODLE_REASONS.tolerances);
  return distinct[0] > 0 ? [{ kind: 'margin', margin: distinct[0] }] : [];
}

function readNumerical(question: XmlElement, reader: QuestionReader): Body {
  const units = childNamed(question, 'units');
  if (units && childrenNamed(units, 'unit').length > 0) throw new NotImported(MOODLE_REASONS.units);
  const answers = childrenNamed(question, 'answer').map((a) => ({
    percent: numberOf(a.attrs.fraction),
    text: textChild(a).trim(),
    feedback: reader.hasFeedback(childNamed(a, 'feedback')),
    tolerance: numberOf(textOf(childNamed(a, 'tolerance') ?? '0')),
  }));
  const accepted = acceptedOf(answers, reader);
  if (accepted.includes('*')) throw new NotImported(MOODLE_REASONS.wildcard);
  const forms = marginOf(answers.filter((a) => isWhole(a.percent)).map((a) => a.tolerance));
  return { type: 'Calculation', questionText: '', options: {}, answer: { a1: accepted }, answerForms: [forms] };
}

// Moodle's embedded answer types (qtype_multianswer): the short answers, the number, and the choices it has no
// equivalent for.
const CLOZE_SHORT = new Set(['SHORTANSWER', 'SA', 'MW']);
const CLOZE_SHORT_CASE = new Set(['SHORTANSWER_C', 'SAC', 'MWC']);
const CLOZE_NUMBER = new Set(['NUMERICAL', 'NM']);
const CLOZE_CHOICE = new Set([
  ...['MULTICHOICE', 'MC', 'MULTICHOICE_V', 'MCV', 'MULTICHOICE_H', 'MCH'],
  ...['MULTICHOICE_S', 'MCS', 'MULTICHOICE_VS', 'MCVS', 'MULTICHOICE_HS', 'MCHS'],
  ...['MULTIRESPONSE', 'MR', 'MULTIRESPONSE_H', 'MRH', 'MULTIRESPONSE_S', 'MRS', 'MULTIRESPONSE_HS', 'MRHS'],
]);
const LONGEST_CLOZE_TYPE = 16;

interface ClozeBlank {
  weight: number;
  accepted: string[];
  forms: AnswerForm[];
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
const isTypeChar = (ch: string | undefined) => ch !== undefined && ((ch >= 'A' && ch <= 'Z') || ch === '_');

/**
 * Moodle's unescaping of an embedded answer: `\}`, `\~`, `\#`, `\/` and `\"` stand for the character, every other
 * backslash stays (LaTeX keeps its commands).
 */
function unescapeCloze(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && '}~#/"'.includes(text[i + 1] ?? '.')) {
      out += text[i + 1];
      i++;
    } else out += text[i];
  }
  return out;
}

/** Parts of `text` at each `separator` that no backslash precedes (Moodle's look-behind, one character). */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === separator && text[i - 1] !== '\\') {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** Where an alternative's feedback begins: a `#` after neither a backslash nor the `&` of an entity. */
function feedbackMark(text: string): number {
  for (let i = 0; i < text.length; i++) if (text[i] === '#' && text[i - 1] !== '\\' && text[i - 1] !== '&') return i;
  return -1;
}

/** One embedded answer's body (after `{1:TYPE:`) as a blank. */
function clozeBlank(weight: number, type: string, body: string, isHtml: boolean, reader: QuestionReader): ClozeBlank {
  if (CLOZE_CHOICE.has(type)) throw new NotImported(MOODLE_REASONS.clozeChoice);
  const numeric = CLOZE_NUMBER.has(type);
  const alternatives = splitUnescaped(body, '~').map((alternative) => {
    let rest = alternative;
    let percent = 0;
    if (rest.startsWith('=')) {
      percent = 100;
      rest = rest.slice(1);
    } else if (rest.startsWith('%')) {
      const close = rest.indexOf('%', 1);
      const value = close > 1 ? Number(rest.slice(1, close).replace(',', '.')) : NaN;
      if (Number.isFinite(value)) {
        percent = value;
        rest = rest.slice(close + 1);
      }
    }
    const mark = feedbackMark(rest);
    const feedback = mark === -1 ? '' : rest.slice(mark + 1);
    let text = unescapeCloze((mark === -1 ? rest : rest.slice(0, mark)).trim());
    let tolerance = 0;
    if (numeric) {
      const colon = text.indexOf(':');
      if (colon > 0 && isNumber(text.slice(0, colon).trim()) && isNumber(text.slice(colon + 1).trim())) {
        tolerance = Number(text.slice(colon + 1).trim());
        text = text.slice(0, colon).trim();
      }
    } else {
      const star = unstar(text);
      if (star.wildcard && isWhole(percent)) throw new NotImported(MOODLE_REASONS.wildcard);
      text = star.text;
    }
    if (isHtml) text = decodeEntities(text).trim();
    if (numeric && text === '*' && isWhole(percent)) throw new NotImported(MOODLE_REASONS.wildcard);
    return { percent, text, feedback: feedback.trim() !== '', tolerance };
  });
  const accepted = acceptedOf(
    alternatives.filter((a) => a.text !== ''),
    reader,
  );
  const forms = numeric
    ? marginOf(alternatives.filter((a) => isWhole(a.percent)).map((a) => a.tolerance))
    : CLOZE_SHORT.has(type)
      ? [{ kind: 'anyCase' } as const]
      : [];
  return { weight, accepted, forms };
}

/**
 * The embedded answers of a cloze text, each put back as the blank's placeholder. One pass: an answer closes at
 * the first `}` no backslash precedes, so when none is left, no later `{` can open one either.
 */
function extractCloze(raw: string, isHtml: boolean, reader: QuestionReader): { text: string; blanks: ClozeBlank[] } {
  const blanks: ClozeBlank[] = [];
  let text = '';
  let from = 0;
  let open = raw.indexOf('{');
  while (open !== -1) {
    let i = open + 1;
    while (isDigit(raw[i])) i++;
    const weightEnd = i;
    if (raw[i] === ':') {
      const typeStart = ++i;
      while (isTypeChar(raw[i]) && i - typeStart <= LONGEST_CLOZE_TYPE) i++;
      const type = raw.slice(typeStart, i);
      const known =
        CLOZE_SHORT.has(type) || CLOZE_SHORT_CASE.has(type) || CLOZE_NUMBER.has(type) || CLOZE_CHOICE.has(type);
      if (raw[i] === ':' && known) {
        let close = raw.indexOf('}', i + 1);
        while (close !== -1 && raw[close - 1] === '\\') close = raw.indexOf('}', close + 1);
        if (close === -1) break;
        const weight = weightEnd > open + 1 ? Number(raw.slice(open + 1, weightEnd)) : 1;
        blanks.push(clozeBlank(weight, type, raw.slice(i + 1, close), isHtml, reader));
        text += raw.slice(from, open) + blankPlaceholder(blanks.length);
        from = close + 1;
        open = raw.indexOf('{', from);
        continue;
      }
    }
    open = raw.indexOf('{', Math.max(open + 1, i));
  }
  return { text: text + raw.slice(from), blanks };
}

function readCloze(question: XmlElement, reader: QuestionReader): { body: Body; questionHtml: string } {
  let blanks: ClozeBlank[] = [];
  const questionHtml = reader.html(childNamed(question, 'questiontext'), true, (raw, isHtml) => {
    const found = extractCloze(raw, isHtml, reader);
    blanks = found.blanks;
    return found.text;
  });
  if (blanks.length === 0) throw new NotImported(MOODLE_REASONS.noAnswer);
  if (new Set(blanks.map((b) => b.weight)).size > 1) reader.note(MOODLE_NOTES.weights);
  return {
    questionHtml,
    body: {
      type: 'Fill in the Blank',
      questionText: '',
      options: {},
      answer: blanks.map((b) => b.accepted),
      answerForms: blanks.map((b) => b.forms),
    },
  };
}

/** The academy's one plain-text hint from Moodle's hints, joined with a note when there were several. */
function readHints(question: XmlElement, reader: QuestionReader): string {
  const hints = childrenNamed(question, 'hint')
    .map((hint) => {
      const raw = textChild(hint).trim();
      if (raw.length > LONGEST_TEXT) throw new NotImported(MOODLE_REASONS.tooLong);
      const format = hint.attrs.format ?? 'html';
      return format === 'plain_text' || format === 'markdown' ? raw : htmlToPlain(raw);
    })
    .filter((hint) => hint !== '');
  if (hints.length > 1) reader.note(MOODLE_NOTES.hintsJoined(hints.length));
  return toDollarMath(hints.join('\n\n'));
}

interface TagFields {
  grade: number | null;
  categories: string[];
  focusAreas: string[];
  source: string;
}

function readTags(question: XmlElement, reader: QuestionReader): TagFields {
  const fields: TagFields = { grade: null, categories: [], focusAreas: [], source: '' };
  const tags = childNamed(question, 'tags');
  for (const tag of tags ? childrenNamed(tags, 'tag') : []) {
    const text = textOf(childNamed(tag, 'text') ?? tag).trim();
    const lower = text.toLowerCase();
    const after = (prefix: string) => text.slice(prefix.length).trim();
    if (lower.startsWith(TAG.grade)) {
      const grade = Number(after(TAG.grade));
      if (Number.isInteger(grade) && grade >= 1 && grade <= 12) fields.grade = grade;
      else reader.note(MOODLE_NOTES.grade(text));
    } else if (lower.startsWith(TAG.category)) {
      if (after(TAG.category) !== '') fields.categories.push(after(TAG.category));
    } else if (lower.startsWith(TAG.source)) fields.source = after(TAG.source);
    else if (text !== '' && !fields.focusAreas.includes(text)) fields.focusAreas.push(text);
  }
  return fields;
}

function readQuestion(question: XmlElement, category: string | null): ReadItem {
  const type = (question.attrs.type ?? '').trim();
  const title = textChild(childNamed(question, 'name')).trim();
  try {
    if (type === '') throw new NotImported(MOODLE_REASONS.noType);
    if (UNSUPPORTED[type]) throw new NotImported(UNSUPPORTED[type]);
    if (!READ_TYPES.has(type)) throw new NotImported(MOODLE_REASONS.unsupported(type));
    const reader = new QuestionReader();
    let body: Body;
    let questionHtml: string;
    if (type === 'multianswer') ({ body, questionHtml } = readCloze(question, reader));
    else {
      questionHtml = reader.html(childNamed(question, 'questiontext'), true);
      body =
        type === 'multichoice'
          ? readChoice(question, reader)
          : type === 'truefalse'
            ? readTrueFalse(question, reader)
            : type === 'shortanswer'
              ? readShortAnswer(question, reader)
              : readNumerical(question, reader);
    }
    const { text, attachments } = splitAttachments(questionHtml);
    const solution = dollarMath(reader.html(childNamed(question, 'generalfeedback'), true));
    const hint = readHints(question, reader);
    const tags = readTags(question, reader);
    if (reader.missing.length > 0) throw new NotImported(MOODLE_REASONS.imagesMissing(reader.missing));
    const categories: string[] = [];
    for (const name of [...(category === null ? [] : [category]), ...tags.categories])
      if (!categories.some((c) => c.toLowerCase() === name.toLowerCase())) categories.push(name);
    const read: ExchangeQuestion = {
      title,
      ...body,
      questionText: dollarMath(text),
      solution,
      hint,
      grade: tags.grade,
      categories,
      focusAreas: tags.focusAreas,
      source: tags.source,
      attachments: attachments.filter((key) => reader.images[key] !== undefined),
      images: reader.images,
    };
    return reader.notes.length > 0 ? { title, question: read, notes: reader.notes } : { title, question: read };
  } catch (error) {
    if (error instanceof NotImported) return { title, reason: error.message };
    throw error;
  }
}

/** Each question of a Moodle XML file, as a question or the reason it cannot come in; a RefusedFile for the file. */
export function readMoodleXml(bytes: Buffer): ReadItem[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RefusedFile(MOODLE_MESSAGES.notUtf8);
  }
  const quiz = parseXml(text)[0];
  if (!quiz || localName(quiz.name) !== 'quiz') throw new RefusedFile(MOODLE_MESSAGES.notQuiz);
  const questions = childrenNamed(quiz, 'question');
  const count = questions.filter((q) => q.attrs.type !== 'category').length;
  if (count > EXCHANGE_LIMITS.questions) throw new RefusedFile(MOODLE_MESSAGES.tooMany);
  const items: ReadItem[] = [];
  let category: string | null = null;
  for (const question of questions) {
    if (question.attrs.type === 'category') category = categoryOf(question);
    else items.push(readQuestion(question, category));
  }
  return items;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------------------

/** Each right option's share of the mark, as Moodle lists its fractions (thirds to five places). */
const shareOf = (right: number) => String(Number((100 / right).toFixed(5)));

/** A key as Moodle's file area names it: a folder path and a name, and the URL-encoded path a text refers to. */
function fileOf(key: string): { path: string; name: string; reference: string } {
  const slash = key.lastIndexOf('/');
  return {
    path: slash === -1 ? '/' : `/${key.slice(0, slash)}/`,
    name: key.slice(slash + 1),
    reference: PLUGINFILE + key.split('/').map(encodeURIComponent).join('/'),
  };
}

/** A text's images pointed at `@@PLUGINFILE@@/` and the `<file>` elements that carry them. */
function withFiles(html: string, images: Record<string, Buffer>): { text: string; files: string } {
  const used: string[] = [];
  const text = eachTag(html, (tag) => {
    if (!isImgTag(tag)) return tag;
    return tag.replace(IMG_SRC, (whole, before: string, double?: string, single?: string) => {
      const key = decodeEntities(double ?? single ?? '');
      if (!Object.hasOwn(images, key)) return whole;
      if (!used.includes(key)) used.push(key);
      return `${before}"${xmlAttr(fileOf(key).reference)}"`;
    });
  });
  const files = used
    .map((key) => {
      const { path, name } = fileOf(key);
      return `<file name="${xmlAttr(name)}" path="${xmlAttr(path)}" encoding="base64">${images[key].toString('base64')}</file>`;
    })
    .join('');
  return { text, files };
}

/** A text element of Moodle XML: HTML in CDATA, then the files of its images. */
function textElement(tag: string, html: string, images: Record<string, Buffer>, attrs = '', after = ''): string {
  const { text, files } = withFiles(html, images);
  return `<${tag}${attrs} format="html"><text>${cdata(text)}</text>${files}${after}</${tag}>`;
}

/** Academy HTML with its math as `\(...\)` and `\[...\]`, outside tags. */
const bracketMath = (html: string) => outsideTags(html, toBracketMath);

const noFeedback = '<feedback format="html"><text></text></feedback>';

/** Writes `*` as Moodle's short answers read an asterisk rather than a wildcard. */
const starEscaped = (answer: string) => answer.replaceAll('*', '\\*');

/**
 * An answer written inside a cloze text: HTML-escaped (it is part of the text's HTML), then with the characters of
 * Moodle's embedded syntax escaped; `/` and `"` only after a backslash, where Moodle would take `\/` or `\"` for an
 * escape.
 */
function clozeEscaped(answer: string): string {
  const html = escapeHtml(answer);
  let out = '';
  for (let i = 0; i < html.length; i++) {
    const ch = html[i];
    if (ch === '}' || ch === '~' || ch === '#' || ((ch === '/' || ch === '"') && html[i - 1] === '\\')) out += '\\';
    out += ch;
  }
  return out;
}

/** A name for Moodle, which requires one: the title, else the start of the question's words. */
function nameOf(question: ExchangeQuestion, index: number): string {
  if (question.title.trim() !== '') return question.title.trim();
  const words = htmlToPlain(question.questionText).replace(/\s+/g, ' ').trim();
  if (words === '') return `Question ${index + 1}`;
  return words.length > 60 ? `${words.slice(0, 57)}...` : words;
}

/** The one list of accepted answers (Short Answer, Calculation) or the lists per blank. */
const listsOf = (answer: ExchangeQuestion['answer']): string[][] => (Array.isArray(answer) ? answer : [answer.a1]);

const marginIn = (forms: AnswerForm[]) => forms.find((f) => f.kind === 'margin');
const marginValue = (forms: AnswerForm[]) => {
  const form = marginIn(forms);
  return form && form.kind === 'margin' ? form.margin : 0;
};

/** Whether a list of accepted answers with its forms is what a Moodle numerical answer says. */
const isNumerical = (accepted: string[], forms: AnswerForm[]) =>
  accepted.length > 0 && accepted.every(isNumber) && forms.every((f) => f.kind === 'margin');

/** The parts of a question that differ between Moodle types, and the question text as written. */
interface Written {
  type: string;
  questionText: string;
  parts: string[];
}

function choiceParts(question: ExchangeQuestion, say: (text: string) => void): Written {
  const right = new Set(listsOf(question.answer).flat());
  const letters = Object.keys(question.options).sort();
  const share = shareOf(Math.max(1, letters.filter((l) => right.has(l)).length));
  for (const forms of question.answerForms) for (const form of forms) say(MOODLE_LOST.form(form, null));
  return {
    type: 'multichoice',
    questionText: bracketMath(question.questionText),
    parts: [
      ...letters.map((letter) =>
        textElement(
          'answer',
          bracketMath(question.options[letter]),
          question.images,
          ` fraction="${right.has(letter) ? share : '0'}"`,
          noFeedback,
        ),
      ),
      `<single>${right.size <= 1 ? 'true' : 'false'}</single>`,
      '<shuffleanswers>0</shuffleanswers>',
      '<answernumbering>ABCD</answernumbering>',
    ],
  };
}

function singleParts(question: ExchangeQuestion, say: (text: string) => void): Written {
  const accepted = listsOf(question.answer)[0] ?? [];
  const forms = question.answerForms[0] ?? [];
  const questionText = bracketMath(question.questionText);
  if (answerKindOf(question.type) === 'number' && isNumerical(accepted, forms)) {
    const tolerance = String(marginValue(forms));
    return {
      type: 'numerical',
      questionText,
      parts: [
        ...accepted.map(
          (answer) =>
            `<answer fraction="100" format="moodle_auto_format"><text>${xmlSafe(answer)}</text>${noFeedback}<tolerance>${tolerance}</tolerance></answer>`,
        ),
        '<unitgradingtype>0</unitgradingtype>',
        '<unitpenalty>0.1000000</unitpenalty>',
        '<showunits>3</showunits>',
        '<unitsleft>0</unitsleft>',
      ],
    };
  }
  if (answerKindOf(question.type) === 'number') say(MOODLE_LOST.calculationAsShortAnswer);
  for (const form of forms) if (form.kind !== 'anyCase') say(MOODLE_LOST.form(form, null));
  return {
    type: 'shortanswer',
    questionText,
    parts: [
      `<usecase>${forms.some((f) => f.kind === 'anyCase') ? 0 : 1}</usecase>`,
      ...accepted.map(
        (answer) =>
          `<answer fraction="100" format="moodle_auto_format"><text>${cdata(starEscaped(answer))}</text>${noFeedback}</answer>`,
      ),
    ],
  };
}

/** One blank as Moodle's embedded answer: `{1:NUMERICAL:=3.5:0.1}`, `{1:SHORTANSWER:=a~=b}`. */
function embeddedAnswer(accepted: string[], forms: AnswerForm[], blank: number, say: (text: string) => void) {
  if (isNumerical(accepted, forms)) {
    const margin = marginValue(forms);
    const tolerance = margin > 0 ? `:${String(margin)}` : '';
    return `{1:NUMERICAL:${accepted.map((a) => `=${a}${tolerance}`).join('~')}}`;
  }
  const anyCase = forms.some((f) => f.kind === 'anyCase');
  for (const form of forms) if (form.kind !== 'anyCase') say(MOODLE_LOST.form(form, blank));
  const alternatives = accepted.flatMap((answer) => {
    if (answer.endsWith('\\')) {
      say(MOODLE_LOST.trailingBackslash(answer, blank));
      return [];
    }
    return [`=${clozeEscaped(starEscaped(answer))}`];
  });
  return `{1:${anyCase ? 'SHORTANSWER' : 'SHORTANSWER_C'}:${alternatives.join('~')}}`;
}

function clozeParts(question: ExchangeQuestion, say: (text: string) => void): Written {
  const blanks = listsOf(question.answer);
  const embedded = blanks.map((accepted, i) => embeddedAnswer(accepted, question.answerForms[i] ?? [], i + 1, say));
  const seen = blanks.map(() => 0);
  const questionText = outsideTags(bracketMath(question.questionText), (text) =>
    text.replace(/___(\d{1,4})___/g, (whole, digits: string) => {
      const n = Number(digits);
      if (n < 1 || n > blanks.length) return whole;
      seen[n - 1]++;
      return embedded[n - 1];
    }),
  );
  seen.forEach((count, i) => {
    if (count === 0) say(MOODLE_LOST.blankNotInText(i + 1));
    if (count > 1) say(MOODLE_LOST.blankRepeated(i + 1));
  });
  return { type: 'multianswer', questionText, parts: [] };
}

/** The tags that carry what Moodle has no field for, after the focus areas. */
function tagsOf(question: ExchangeQuestion, extraCategories: string[]): string[] {
  return [
    ...question.focusAreas,
    ...(question.grade === null ? [] : [`${TAG.grade}${question.grade}`]),
    ...extraCategories.map((name) => `${TAG.category}${name}`),
    ...(question.source.trim() === '' ? [] : [`${TAG.source}${question.source}`]),
  ];
}

function questionXml(question: ExchangeQuestion, index: number, extraCategories: string[], lost: string[]): string {
  const say = (text: string) => {
    const line = `Question ${index + 1}${question.title.trim() ? ` (${question.title.trim()})` : ''}: ${text}`;
    if (!lost.includes(line)) lost.push(line);
  };
  const written =
    answerKindOf(question.type) === 'choice'
      ? choiceParts(question, say)
      : answerKindOf(question.type) === 'blanks'
        ? clozeParts(question, say)
        : singleParts(question, say);
  const attachments = question.attachments.filter((key) => {
    if (Object.hasOwn(question.images, key)) return true;
    say(MOODLE_LOST.attachmentMissing(key));
    return false;
  });
  const block =
    attachments.length === 0
      ? ''
      : `${ATTACHMENTS_OPEN}${attachments.map((key) => `<img src="${xmlAttr(key)}" alt="">`).join('')}</p>`;
  const tags = tagsOf(question, extraCategories);
  const lines = [
    `<name><text>${xmlSafe(nameOf(question, index))}</text></name>`,
    textElement('questiontext', written.questionText + block, question.images),
    textElement('generalfeedback', bracketMath(question.solution), question.images),
    '<defaultgrade>1.0000000</defaultgrade>',
    '<penalty>0.3333333</penalty>',
    '<hidden>0</hidden>',
    ...written.parts,
    ...(question.hint.trim() === ''
      ? []
      : [`<hint format="plain_text"><text>${cdata(toBracketMath(question.hint))}</text></hint>`]),
    ...(tags.length === 0
      ? []
      : ['<tags>', ...tags.map((tag) => `  <tag><text>${cdata(tag)}</text></tag>`), '</tags>']),
  ];
  return [`  <question type="${written.type}">`, ...lines.map((line) => `    ${line}`), '  </question>'].join('\n');
}

/** A `category` question naming a category, or Moodle's top (none) when the questions after have none. */
function categoryXml(name: string | null): string {
  const path = name === null ? CATEGORY_PREFIX : `${CATEGORY_PREFIX}/${name.replaceAll('/', '//')}`;
  return [
    '  <question type="category">',
    `    <category><text>${xmlSafe(path)}</text></category>`,
    '    <info format="html"><text></text></info>',
    '  </question>',
  ].join('\n');
}

/** The questions as a Moodle XML file, with what Moodle XML could not carry, one sentence a question and loss. */
export function writeMoodleXml(questions: ExchangeQuestion[]): WrittenFile {
  const lost: string[] = [];
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let category: string | null = null;
  questions.forEach((question, index) => {
    const [first] = question.categories;
    // A name the reader would take for Moodle's top or default category travels as a tag instead.
    const named = first !== undefined && isNamedCategory(first.trim()) && first.trim() !== '' ? first.trim() : null;
    if (named !== category) {
      parts.push(categoryXml(named));
      category = named;
    }
    const extra = named === null ? question.categories : question.categories.slice(1);
    parts.push(questionXml(question, index, extra, lost));
  });
  parts.push('</quiz>', '');
  return { bytes: Buffer.from(parts.join('\n'), 'utf8'), lost };
}
