/** Multiple Choice: the key is the correct letters (`{a1: ['A', 'C']}`), an answer the chosen ones (`A,C`). */
import { decodeChoices } from '../answers/wire';
import { readAnswerKey } from '../schemas/questions';
import { lettered, noAnswer, optionsByLetter, type QuestionTypeDisplay } from './display';

export const multipleChoice: QuestionTypeDisplay = {
  key(question) {
    const key = readAnswerKey(question.answer);
    if (key === null || Array.isArray(key) || key.a1.length === 0) return null;
    return lettered(key.a1, optionsByLetter(question.options));
  },
  answer(question, answer) {
    const letters = decodeChoices(answer?.trim() ?? '');
    return letters.length === 0 ? noAnswer() : lettered(letters, optionsByLetter(question.options));
  },
};
