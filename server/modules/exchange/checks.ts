/**
 * The questions of a file checked, with no database and no storage: each is checked by the same schema, sanitizer
 * and key rules as a question saved by hand, its math by KaTeX and its images by their bytes, so the preview says
 * exactly what the import will store, and why a question cannot come in.
 */
import katex from 'katex';
import { keyNotInForm } from '../../../common/answers';
import { splitMath } from '../../../common/dollar-math';
import {
  ATTACHMENT_TYPES,
  isBlankRichText,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_IMAGE_PIXELS,
  QUESTION_LIMITS,
  questionBody,
  uploadUrl,
} from '../../../common/schemas/questions';
import { textOutsideTags } from '../../../common/text';
import { imageSize } from '../../lib/image-size';
import { sanitizeRichText } from '../../lib/sanitize';
import { detectImageType } from '../../lib/storage';
import type { ImportedQuestion } from '../questions/import';
import { mapImageSources } from './images';
import type { ExchangeQuestion, ReadItem } from './model';

/** Where an image of a question stands in its texts until it is stored: an address the sanitizer keeps. */
const placeholder = (n: number) => uploadUrl(`exchange-${n}`);

/** A question that passed every check: its stored columns, with images still at their placeholders. */
export interface Checked {
  number: number;
  title: string;
  question: ExchangeQuestion;
  columns: Omit<ImportedQuestion, 'attachments' | 'inlineImages' | 'grade' | 'categoryNames' | 'focusNames'> & {
    grade: number | null;
  };
  /** The image keys by placeholder number, and which of them are attachments. */
  images: { key: string; mime: (typeof ATTACHMENT_TYPES)[number] }[];
  attachments: number[];
  notes: string[];
}
export type Prepared = Checked | { number: number; title: string; reason: string };

class NotImportable extends Error {}

/** The most images one question's texts and attachments may show together. */
const MAX_IMAGES = 50;

/** Every `<img>` of a text pointed at its placeholder; an image the question does not carry is a reason to refuse. */
function placeImages(html: string, numberOf: (key: string) => number | undefined): string {
  return mapImageSources(html, (src) => {
    const n = numberOf(src);
    if (n === undefined) throw new NotImportable(`image missing from the file (${src.slice(0, 100)})`);
    return placeholder(n);
  });
}

/** The first piece of math KaTeX cannot draw, or null: a question shown with raw LaTeX is not imported. */
function unreadableMath(html: string): string | null {
  for (const piece of splitMath(textOutsideTags(html))) {
    if (piece.kind !== 'math') continue;
    try {
      katex.renderToString(piece.latex, { throwOnError: true, displayMode: piece.display });
    } catch {
      return piece.latex.length > 60 ? `${piece.latex.slice(0, 60)}…` : piece.latex;
    }
  }
  return null;
}

function checkImage(key: string, bytes: Buffer) {
  const mime = detectImageType(bytes);
  if (!mime) throw new NotImportable(`${key} is not a PNG, JPEG, GIF or WebP image`);
  if (bytes.length > MAX_ATTACHMENT_BYTES) throw new NotImportable(`the image ${key} is larger than 5 MB`);
  const size = imageSize(bytes, mime);
  if (size && size.width * size.height > MAX_IMAGE_PIXELS)
    throw new NotImportable(`the image ${key} has more than 40 megapixels`);
  return mime;
}

const cleanNames = (names: string[]) => {
  const out = [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
  const long = out.find((n) => n.length > QUESTION_LIMITS.tagName);
  if (long)
    throw new NotImportable(`the tag "${long.slice(0, 40)}…" is longer than ${QUESTION_LIMITS.tagName} characters`);
  return out;
};

/** One question of the file checked as the question form would check it. */
function prepare(number: number, item: ReadItem): Prepared {
  if (!('question' in item)) return { number, title: item.title, reason: item.reason };
  const q = item.question;
  try {
    const keys = Object.keys(q.images);
    if (keys.length > MAX_IMAGES) throw new NotImportable(`a question may show at most ${MAX_IMAGES} images`);
    const numbers = new Map(keys.map((k, i) => [k, i]));
    const images = keys.map((key) => ({ key, mime: checkImage(key, q.images[key]) }));
    if (q.attachments.length > MAX_ATTACHMENTS)
      throw new NotImportable(`a question can have at most ${MAX_ATTACHMENTS} attachments`);
    const attachments = q.attachments.map((key) => {
      const n = numbers.get(key);
      if (n === undefined) throw new NotImportable(`image missing from the file (${key})`);
      return n;
    });
    const placed = (html: string) => placeImages(html, (key) => numbers.get(key));
    const parsed = questionBody.safeParse({
      grade: q.grade ?? 1,
      type: q.type,
      // The tags are names, matched when imported; the schema only needs to see some.
      focus: ['00000000-0000-4000-8000-000000000000'],
      category: ['00000000-0000-4000-8000-000000000000'],
      source: q.source,
      questionText: placed(q.questionText),
      answer: q.answer,
      options: Object.fromEntries(Object.entries(q.options).map(([letter, text]) => [letter, placed(text)])),
      answerForms: q.answerForms,
      solution: placed(q.solution),
      hint: q.hint,
    });
    if (!parsed.success) throw new NotImportable(parsed.error.issues[0].message);
    const data = parsed.data;
    const formIssue = keyNotInForm(data);
    if (formIssue) throw new NotImportable(formIssue);
    const questionText = sanitizeRichText(data.questionText);
    if (isBlankRichText(questionText)) throw new NotImportable('the question has no text');
    const options = Object.fromEntries(
      Object.entries(data.options).map(([letter, text]) => {
        const clean = sanitizeRichText(text);
        if (isBlankRichText(clean)) throw new NotImportable(`option ${letter} is empty`);
        return [letter, clean];
      }),
    );
    const solution = sanitizeRichText(data.solution);
    for (const text of [questionText, ...Object.values(options), solution]) {
      const bad = unreadableMath(text);
      if (bad !== null) throw new NotImportable(`unsupported math (${bad})`);
    }
    return {
      number,
      title: item.title,
      question: { ...q, categories: cleanNames(q.categories), focusAreas: cleanNames(q.focusAreas) },
      columns: {
        questionText,
        options,
        solution,
        grade: q.grade,
        type: data.type,
        answer: data.answer,
        answerForms: data.answerForms,
        hint: data.hint,
        source: data.source,
      },
      images,
      attachments,
      notes: 'notes' in item && Array.isArray(item.notes) ? item.notes : [],
    };
  } catch (error) {
    if (error instanceof NotImportable) return { number, title: item.title, reason: error.message };
    throw error;
  }
}

/** How many questions are checked between two turns of the event loop: a few milliseconds of work. */
const SLICE = 20;

/**
 * Every question of a file checked, in slices, letting other requests run between them: a file of 2,000 questions
 * takes a second or two to check, which no one else should wait for.
 */
export async function checkAll(items: readonly ReadItem[]): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    prepared.push(prepare(i + 1, items[i]));
  }
  return prepared;
}

export const isChecked = (p: Prepared): p is Checked => 'columns' in p;

const PLACED = /\/api\/questions\/uploads\/exchange-(\d+)/g;

/** A text with its image placeholders pointed at `address(n)`. */
export const pointed = (text: string, address: (n: number) => string) =>
  text.replace(PLACED, (_, n: string) => address(Number(n)));
