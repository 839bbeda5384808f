/**
 * A question's variant: its texts, options and key with one seed's values written in, and the self-checks the
 * author's preview runs on it (the key accepted by the checker against itself and in its required form, every
 * distractor different from the key, the constraints holding, the text reading right and its math drawn).
 */
import { checkAnswer, keyNotInForm, matchesAccepted } from '../answers';
import { rulesOf } from '../question-types';
import { readAnswerKey } from '../schemas/question-parts';
import type { AnswerKey, Options, QuestionType } from '../rules/questions';
import { TEMPLATE_MESSAGES as M } from '../rules/templates';
import { mathSpans } from '../dollar-math';
import { textOutsideTags } from '../text';
import { constraintsHold, drawVariant, type CompiledTemplate, type VariantValues } from './generate';
import { fillText } from './render';

/** What a variant changes of a question. */
export interface VariedParts {
  questionText: string;
  options: unknown;
  answer: unknown;
  hint: string;
  solution: string;
}

/** The question's parts with the values written in; the key's accepted answers as LaTeX. */
export function fillQuestion<T extends VariedParts>(question: T, values: VariantValues): T {
  const options = question.options as Options | null;
  const key = readAnswerKey(question.answer);
  return {
    ...question,
    questionText: fillText(question.questionText, values),
    hint: fillText(question.hint, values),
    solution: fillText(question.solution, values),
    options:
      options && typeof options === 'object'
        ? Object.fromEntries(Object.entries(options).map(([letter, text]) => [letter, fillText(String(text), values)]))
        : question.options,
    answer: key === null ? question.answer : fillKey(key, values),
  };
}

function fillKey(key: AnswerKey, values: VariantValues): AnswerKey {
  if (Array.isArray(key)) return key.map((blank) => blank.map((accepted) => fillText(accepted, values, true)));
  // A multiple-choice key names letters, which no value changes; a calculation's is accepted answers.
  return { a1: key.a1.map((accepted) => fillText(accepted, values, true)) };
}

/** A question as the self-checks read it. */
export interface CheckedQuestion extends VariedParts {
  type: QuestionType;
  answerForms: unknown;
}

/** One variant as the preview shows it. */
export interface VariantPreview<T extends CheckedQuestion> {
  seed: number;
  /** The variant's question, or null when no values could be drawn. */
  question: T | null;
  values: VariantValues | null;
  /** Why the variant fails its self-checks; none when it passes. */
  problems: string[];
  /** What the variant reads as: two variants with the same signature are one. */
  signature: string;
}

/** Signs written twice (`+ -3`, `- -3`), which a signed marker (`{+a}`) avoids. */
const DOUBLE_SIGN = /[+-]\s?\{?-\s?\d/;

/**
 * Draws the variant `seed` and runs its self-checks. `mathError` says why a piece of LaTeX cannot be drawn (the
 * server hands in KaTeX), or null.
 */
export function previewVariant<T extends CheckedQuestion>(
  template: CompiledTemplate,
  question: T,
  seed: number,
  mathError: (latex: string) => string | null,
): VariantPreview<T> {
  const drawn = drawVariant(template, seed);
  if (!drawn.ok) return { seed, question: null, values: null, problems: [drawn.reason], signature: '' };
  const filled = fillQuestion(question, drawn.values);
  const problems: string[] = [];
  const failed = constraintsHold(template, drawn.values);
  if (failed) problems.push(M.constraintFails(failed));
  problems.push(...keyProblems(filled), ...distractorProblems(filled), ...textProblems(filled, mathError));
  const signature = JSON.stringify([filled.questionText, filled.options, filled.answer]);
  return { seed, question: filled, values: drawn.values, problems, signature };
}

/** The key, answered by a student word for word, must be right and in the form asked. */
function keyProblems(question: CheckedQuestion): string[] {
  const rules = rulesOf(question.type);
  const key = readAnswerKey(question.answer);
  if (!rules || key === null) return [];
  const blanks = Array.isArray(key) ? key : [key.a1];
  const verdict = checkAnswer(question, rules.keyAnswer(blanks));
  const problems: string[] = [];
  // Right but not in the form asked is said by the form's own message below.
  if (!verdict.isCorrect && !verdict.formMissed)
    problems.push(
      M.keyRejected(blanks.map((accepted) => (rules.choosesOptions ? accepted.join(', ') : accepted[0])).join('; ')),
    );
  const notInForm = keyNotInForm(question);
  if (notInForm) problems.push(notInForm);
  return problems;
}

/** The text of an option as the checker reads it: its math, or its words. */
function optionValue(html: string): string {
  const text = textOutsideTags(html).trim();
  const spans = mathSpans(text);
  return spans.length === 1 ? text.slice(spans[0].from, spans[0].to) : text;
}

function distractorProblems(question: CheckedQuestion): string[] {
  if (!rulesOf(question.type)?.choosesOptions) return [];
  const key = readAnswerKey(question.answer);
  const options = question.options as Options;
  if (key === null || Array.isArray(key) || !options) return [];
  const correct = key.a1.map((letter) => optionValue(options[letter] ?? ''));
  return Object.entries(options)
    .filter(([letter]) => !key.a1.includes(letter))
    .filter(([, text]) => correct.some((right) => matchesAccepted(optionValue(text), right) === 'equal'))
    .map(([letter]) => M.distractorIsKey(letter));
}

function textProblems(question: CheckedQuestion, mathError: (latex: string) => string | null): string[] {
  const texts = [question.questionText, question.hint, question.solution, ...Object.values(question.options ?? {})];
  const problems = new Set<string>();
  for (const text of texts.map(String)) {
    const sign = DOUBLE_SIGN.exec(text);
    if (sign) problems.add(M.doubleSign(sign[0].replace('{', '')));
    for (const span of mathSpans(text)) {
      const error = mathError(text.slice(span.from, span.to));
      if (error) problems.add(M.mathError(error));
    }
  }
  return [...problems];
}
