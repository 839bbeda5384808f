/** The types with one list of accepted answers and one typed answer: Calculation (`{a1: [...]}`) and Short Answer (`[[...]]`). */
import { acceptedLists, alternatives, noAnswer, type QuestionTypeDisplay } from './display';

export const singleAnswer: QuestionTypeDisplay = {
  key(question) {
    const lists = acceptedLists(question.answer);
    const accepted = lists?.flat() ?? [];
    return accepted.length === 0 ? null : alternatives(accepted);
  },
  answer(_question, answer) {
    return answer === null || answer.trim() === '' ? noAnswer() : [{ kind: 'typed', text: answer }];
  },
};
