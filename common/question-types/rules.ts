/** What every question type says about itself: one object per type, in its module of this folder. */
import type { CheckResult, EntryMatcher } from '../answers/verdict';
import type { CheckedContent, QuestionContent } from './content';
import type { QuestionTypeDisplay } from './display';

/**
 * The answer a screen edits, to and from its wire form: the chosen letters (`A,C`), one entry per blank (a JSON
 * list) or the one text typed. The screens encode with it and the checker reads the same form.
 */
export interface AnswerWire {
  encode(parts: readonly string[]): string;
  /** `blanks` is how many entries to offer before anything is typed; only types with blanks read it. */
  decode(answer: string, blanks: number): string[];
}

/** How a student answers a type's questions (see QuestionTypeRules.answerKind). */
export type AnswerKind = 'choice' | 'text' | 'number' | 'blanks';

/** The rules of one question type. */
export interface QuestionTypeRules {
  /** How its key and a student's answer are shown. */
  display: QuestionTypeDisplay;
  /** The key and options as authored, checked against the question's text; throws a ContentIssue naming the first broken rule. */
  content(content: QuestionContent): CheckedContent;
  wire: AnswerWire;
  /** Whether an answer (wire form; null for none) says nothing: shown as "No answer", never sent to be checked. */
  isBlank(answer: string | null): boolean;
  /**
   * The verdict on a student's entries (the wire form read by the checker: one per blank, or the one typed) against
   * the key's accepted answers, one list per blank, each entry compared by `match` (the math engine, which the
   * checker hands in so that screens importing these rules do not load it).
   */
  check(key: string[][], entries: string[] | null, match: EntryMatcher): CheckResult;
  /** The share of a question's marks the entries earn in a scored test, from 0 to 1. */
  credit(key: string[][], entries: string[] | null, match: EntryMatcher): number;
  /**
   * Whether a student may give several answers to a question with this key (its accepted answers, one list per
   * blank), so a screen can offer several choices without learning which ones are right.
   */
  multipleAnswers(key: string[][]): boolean;
  /** Whether the question's text holds its blanks as `___N___` placeholders, which every screen draws as blanks. */
  blanksInText: boolean;
  /**
   * The answer (wire form) of a student who writes the key word for word: every correct letter, or each blank's first
   * accepted answer. A variant's self-check sends it to the checker.
   */
  keyAnswer(key: string[][]): string;
  /** Whether a student chooses among the question's options: then every option not in the key must differ from it. */
  choosesOptions: boolean;
  /**
   * How a student answers, as files of questions from other platforms tell questions apart: by choosing among
   * options, typing a text, typing a number, or filling blanks in the text.
   */
  answerKind: AnswerKind;
}
