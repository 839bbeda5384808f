/**
 * The types with one list of accepted answers and one typed answer: Calculation (`{a1: [...]}`) and Short Answer
 * (`[[...]]`); they differ only in how the key is stored.
 */
import { checkBlanks, type EntryMatcher } from '../answers/verdict';
import { QUESTION_MESSAGES, type AnswerKey } from '../rules/questions';
import { acceptedList, answerFormsOf, fromJson } from './content';
import { acceptedLists, alternatives, formsOfBlanks, inForm, noAnswer } from './display';
import type { QuestionTypeRules } from './rules';

/** How a type stores its one list: where an authored key holds the list, and the key the list is stored as. */
export interface SingleKeyForm {
  accepted(key: unknown): unknown;
  stored(list: string[]): AnswerKey;
  /** A number (Calculation) or any text (Short Answer). */
  answerKind: 'text' | 'number';
}

const isBlank = (answer: string | null) => answer === null || answer.trim() === '';

// Only the first blank's accepted answers and the first entry count.
const check = (key: string[][], entries: string[] | null, match: EntryMatcher) =>
  checkBlanks(key.slice(0, 1), entries === null ? null : entries.slice(0, 1), match);

export function singleAnswer(form: SingleKeyForm): QuestionTypeRules {
  return {
    display: {
      key(question) {
        const lists = acceptedLists(question.answer);
        const accepted = lists?.flat() ?? [];
        return accepted.length === 0 ? null : inForm(alternatives(accepted), formsOfBlanks(question.answerForms)[0]);
      },
      answer(_question, answer) {
        return answer === null || isBlank(answer) ? noAnswer() : [{ kind: 'typed', text: answer }];
      },
    },
    content(content) {
      const list = acceptedList(form.accepted(fromJson(content.answer)), 'answer', QUESTION_MESSAGES.acceptedAnswer);
      return { options: {}, answer: form.stored(list), answerForms: answerFormsOf(content.answerForms, 1) };
    },
    wire: { encode: (parts) => parts[0] ?? '', decode: (answer) => [answer] },
    isBlank,
    check,
    // Right or wrong.
    credit: (key, entries, match) => (check(key, entries, match).isCorrect ? 1 : 0),
    multipleAnswers: () => false,
    blanksInText: false,
    keyAnswer: (key) => key[0]?.[0] ?? '',
    choosesOptions: false,
    answerKind: form.answerKind,
  };
}
