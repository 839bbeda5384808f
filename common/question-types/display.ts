/**
 * How an answer is shown to people: a question's key, and what a student answered. Each question type describes
 * both as a list of pieces (its module in this folder); every screen renders those pieces, so a key reads the same
 * on the review, the printed key, the question bank and the results.
 */
import { z } from 'zod';
import { formLabel, type AnswerForm } from '../rules/answer-forms';
import { answerFormReply, readAnswerKey, readOptions, readPart } from '../schemas/question-parts';

/**
 * One piece of a shown answer: words (a label, a join, "No answer"), a multiple-choice option (its letter and its
 * rich text), or an entry as someone typed it (an accepted answer or a student's answer: LaTeX or plain words).
 */
export type ShownPiece =
  { kind: 'words'; text: string } | { kind: 'option'; letter: string; html: string } | { kind: 'typed'; text: string };
export type Shown = ShownPiece[];

/** What the key's description reads of a question: its options and its stored key, each as stored or as JSON text. */
export interface KeyedQuestion {
  options: unknown;
  answer: unknown;
  /** The forms its blanks ask (a list per blank), shown beside each blank's accepted answers. */
  answerForms?: unknown;
}

/** The rules of showing one question type's answers. */
export interface QuestionTypeDisplay {
  /** The question's answer key, or null when it cannot be read. */
  key(question: KeyedQuestion): Shown | null;
  /** A student's answer in its wire form (`A,C`, a JSON list of blanks, or the text typed). */
  answer(question: Pick<KeyedQuestion, 'options'>, answer: string | null): Shown;
}

/** The joins, the same on every screen. */
export const JOIN = { letters: ', ', alternatives: ' or ', blanks: '; ' } as const;
export const NO_ANSWER = 'No answer';
export const EMPTY_BLANK = '(empty)';

const words = (text: string): ShownPiece => ({ kind: 'words', text });

/** Pieces with a join between each two. */
export function joined(parts: Shown[], join: string): Shown {
  return parts.flatMap((part, i) => (i === 0 ? part : [words(join), ...part]));
}

/** Accepted answers, each as typed, joined by "or". */
export const alternatives = (accepted: readonly string[]): Shown =>
  joined(
    accepted.map((text) => [{ kind: 'typed', text }]),
    JOIN.alternatives,
  );

/** The forms each blank asks, as stored or as JSON text; none when there are none or they cannot be read. */
export function formsOfBlanks(answerForms: unknown): AnswerForm[][] {
  return readPart(answerForms ?? [], z.array(z.array(answerFormReply))) ?? [];
}

/** A blank's accepted answers, followed by the forms it asks in brackets: `3/4 (Simplest form)`. */
export const inForm = (accepted: Shown, forms: readonly AnswerForm[] = []): Shown =>
  forms.length === 0 ? accepted : [...accepted, words(` (${forms.map(formLabel).join(', ')})`)];

/** One entry per blank, labelled "Blank N: " when there are several. */
export function perBlank(blanks: Shown[]): Shown {
  if (blanks.length === 1) return blanks[0];
  return joined(
    blanks.map((blank, i) => [words(`Blank ${i + 1}: `), ...blank]),
    JOIN.blanks,
  );
}

/** The options of a multiple-choice question by letter; empty when they cannot be read. */
export function optionsByLetter(options: unknown): Map<string, string> {
  return new Map(readOptions(options) ?? []);
}

/** Letters, each with its option's text, sorted and joined by commas. */
export function lettered(letters: readonly string[], options: Map<string, string>): Shown {
  const unique = [...new Set(letters.map((l) => l.trim()).filter(Boolean))].sort();
  return joined(
    unique.map((letter): Shown => [{ kind: 'option', letter, html: options.get(letter) ?? '' }]),
    JOIN.letters,
  );
}

/** The lists of accepted answers of a key: one per blank (`[[...], [...]]`), or the one list of `{a1: [...]}`. */
export function acceptedLists(answer: unknown): string[][] | null {
  const key = readAnswerKey(answer);
  if (key === null) return null;
  return Array.isArray(key) ? key : [key.a1];
}

export const noAnswer = (): Shown => [words(NO_ANSWER)];
export const typedOrEmpty = (text: string): Shown =>
  text.trim() === '' ? [words(EMPTY_BLANK)] : [{ kind: 'typed', text }];

/** Whether an entry is written in LaTeX (a command, a power, an index or a group), rather than plain words or `3/4`. */
export const isLatex = (text: string): boolean => /[\\^_{}]/.test(text);

/** The words of an option's rich text on one line: tags become spaces, entities their characters. Math stays as `$...$`. */
export function optionText(html: string): string {
  let text = '';
  let from = 0;
  while (from < html.length) {
    const open = html.indexOf('<', from);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    if (close < 0) {
      text += html.slice(from);
      break;
    }
    text += `${html.slice(from, open)} `;
    from = close + 1;
  }
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The pieces as one line of plain text: the option's letter and words (its math as `$...$`), every entry as typed.
 * For places that cannot render math (a CSV, a label) and for comparing two screens.
 */
export function shownText(shown: Shown): string {
  return shown.map((piece) => (piece.kind === 'option' ? optionLine(piece) : piece.text)).join('');
}

/**
 * The pieces as one line of text with `$...$` math, as the math renderer reads it: an entry written in LaTeX
 * becomes math, plain words stay words.
 */
export function shownMath(shown: Shown): string {
  return shown
    .map((piece) => {
      if (piece.kind === 'option') return optionLine(piece);
      if (piece.kind === 'typed' && isLatex(piece.text)) return `$${piece.text}$`;
      return piece.text;
    })
    .join('');
}

const optionLine = (piece: { letter: string; html: string }) => {
  const text = optionText(piece.html);
  return text ? `${piece.letter}. ${text}` : piece.letter;
};
