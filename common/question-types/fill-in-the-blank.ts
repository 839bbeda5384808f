/** Fill in the Blank: the key is a list of accepted answers per blank, an answer a JSON list with one entry per blank. */
import { blanksRight, checkBlanks } from '../answers/verdict';
import { decodeBlanks, encodeBlanks, studentEntries } from '../answers/wire';
import { MAX_BLANKS, QUESTION_MESSAGES, blankPlaceholder, placeholdersIn } from '../rules/questions';
import { acceptedList, answerFormsOf, fail, fromJson } from './content';
import { acceptedLists, alternatives, formsOfBlanks, inForm, noAnswer, perBlank, typedOrEmpty } from './display';
import type { QuestionTypeRules } from './rules';

/** The entries of an answer, or null when there is none or every blank is empty. */
function filledEntries(answer: string | null): string[] | null {
  const entries = answer === null ? null : studentEntries(answer);
  return entries === null || entries.every((e) => e.trim() === '') ? null : entries;
}

export const fillInTheBlank: QuestionTypeRules = {
  display: {
    key(question) {
      const blanks = acceptedLists(question.answer);
      if (blanks === null || blanks.length === 0) return null;
      const forms = formsOfBlanks(question.answerForms);
      return perBlank(blanks.map((accepted, i) => inForm(alternatives(accepted), forms[i])));
    },
    answer(_question, answer) {
      const entries = filledEntries(answer);
      return entries === null ? noAnswer() : perBlank(entries.map(typedOrEmpty));
    },
  },

  /** One list of accepted answers per blank, and the text's `___N___` placeholders matching the blanks. */
  content(content) {
    const key = fromJson(content.answer);
    if (!Array.isArray(key) || key.length === 0) fail(QUESTION_MESSAGES.addBlank, 'answer');
    if (key.length > MAX_BLANKS) fail(`A question can have at most ${MAX_BLANKS} blanks`, 'answer');
    const blanks = key.map((value, i) => acceptedList(value, `answer.${i}`, QUESTION_MESSAGES.blankAnswers));
    const written = placeholdersIn(content.questionText);
    for (let n = 1; n <= blanks.length; n++) {
      if (!written.includes(n))
        fail(`Write ${blankPlaceholder(n)} in the question text where blank ${n} goes`, 'questionText');
    }
    const extra = written.find((n) => n < 1 || n > blanks.length);
    if (extra !== undefined)
      fail(`The question text has ${blankPlaceholder(extra)} but there is no blank ${extra}`, 'questionText');
    return { options: {}, answer: blanks, answerForms: answerFormsOf(content.answerForms, blanks.length) };
  },

  wire: { encode: encodeBlanks, decode: decodeBlanks },
  isBlank: (answer) => filledEntries(answer) === null,
  check: checkBlanks,
  // Each blank earns its share.
  credit: (key, entries, match) => blanksRight(key, entries, match) / key.length,
  multipleAnswers: () => false,
  blanksInText: true,
  keyAnswer: (key) => encodeBlanks(key.map((accepted) => accepted[0] ?? '')),
  choosesOptions: false,
  answerKind: 'blanks',
};
