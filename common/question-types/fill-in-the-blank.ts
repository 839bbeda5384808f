/** Fill in the Blank: the key is a list of accepted answers per blank, an answer a JSON list with one entry per blank. */
import { studentEntries } from '../answers/wire';
import { acceptedLists, alternatives, noAnswer, perBlank, typedOrEmpty, type QuestionTypeDisplay } from './display';

export const fillInTheBlank: QuestionTypeDisplay = {
  key(question) {
    const blanks = acceptedLists(question.answer);
    if (blanks === null || blanks.length === 0) return null;
    return perBlank(blanks.map(alternatives));
  },
  answer(_question, answer) {
    const entries = answer === null ? null : studentEntries(answer);
    if (entries === null || entries.every((e) => e.trim() === '')) return noAnswer();
    return perBlank(entries.map(typedOrEmpty));
  },
};
