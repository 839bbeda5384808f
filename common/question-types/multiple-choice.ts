/** Multiple Choice: the key is the correct letters (`{a1: ['A', 'C']}`), an answer the chosen ones (`A,C`). */
import { checkChoices } from '../answers/verdict';
import { decodeChoices, encodeChoices } from '../answers/wire';
import { MAX_OPTIONS, QUESTION_MESSAGES, optionLetter, type Options } from '../rules/questions';
import { readAnswerKey } from '../schemas/question-parts';
import { checkOptionText, fail, fromJson } from './content';
import { lettered, noAnswer, optionsByLetter } from './display';
import type { QuestionTypeRules } from './rules';

const isBlank = (answer: string | null) => answer === null || decodeChoices(answer.trim()).length === 0;

// Flattened so a bare `['A', 'C']` key works like `{a1: ['A', 'C']}`.
const check = (key: string[][], entries: string[] | null) => checkChoices(key.flat(), entries);

export const multipleChoice: QuestionTypeRules = {
  display: {
    key(question) {
      const key = readAnswerKey(question.answer);
      if (key === null || Array.isArray(key) || key.a1.length === 0) return null;
      return lettered(key.a1, optionsByLetter(question.options));
    },
    answer(question, answer) {
      return answer === null || isBlank(answer)
        ? noAnswer()
        : lettered(decodeChoices(answer.trim()), optionsByLetter(question.options));
    },
  },

  /** Options lettered A, B, C... in order, each filled in; `answer.a1` the correct letters among them. */
  content(content) {
    // Options may arrive as a JSON string inside the JSON field: read twice.
    const options = fromJson(fromJson(content.options));
    if (options === null || typeof options !== 'object' || Array.isArray(options))
      fail(QUESTION_MESSAGES.minOptions, 'options');
    const letters = Object.keys(options).sort();
    if (letters.length < 2) fail(QUESTION_MESSAGES.minOptions, 'options');
    if (letters.length > MAX_OPTIONS) fail(`A question can have at most ${MAX_OPTIONS} options`, 'options');
    if (letters.some((letter, i) => letter !== optionLetter(i)))
      fail('Options must be lettered A, B, C... in order', 'options');
    const clean: Options = {};
    for (const letter of letters) clean[letter] = checkOptionText(letter, (options as Record<string, unknown>)[letter]);

    const key = fromJson(content.answer);
    const raw =
      Array.isArray(key) || typeof key === 'string'
        ? key
        : key && typeof key === 'object'
          ? (key as { a1?: unknown }).a1
          : undefined;
    const chosen = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
    if (chosen.length === 0) fail(QUESTION_MESSAGES.correctAnswer, 'answer');
    const correct = [...new Set(chosen.map((c) => (typeof c === 'string' ? c.trim().toUpperCase() : '')))].sort();
    if (correct.some((c) => !(c in clean))) fail('Each correct answer must be one of the options', 'answer');
    // The letters chosen take no form.
    return { options: clean, answer: { a1: correct }, answerForms: [] };
  },

  wire: { encode: encodeChoices, decode: (answer) => decodeChoices(answer) },
  isBlank,
  check,
  // All or nothing.
  credit: (key, entries) => (check(key, entries).isCorrect ? 1 : 0),
  // Several options marked correct: the student may choose several.
  multipleAnswers: (key) => new Set(key.flat().map((c) => c.trim().toUpperCase())).size > 1,
  blanksInText: false,
  keyAnswer: (key) => encodeChoices(key.flat()),
  choosesOptions: true,
  answerKind: 'choice',
};
