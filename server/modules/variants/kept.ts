import type { CheckResult } from '../../../common/answers';
import type { QuestionType } from '../../../common/rules/questions';
import { keptMemo, MB } from '../../lib/kept/declare';

/** A question's variant: its parts with one seed's values written in, and the verdicts its answers got so far. */
export interface Variant {
  type: QuestionType;
  questionText: string;
  options: unknown;
  answer: unknown;
  answerForms: unknown;
  hint: string;
  solution: string;
  verdicts: Map<string, CheckResult>;
}

export const variantMemos = {
  /**
   * By question and seed, shared by every student given that variant: drawing and writing it costs once, after which
   * a student's question is read from here. Goes with the question when it changes.
   */
  questionVariant: keptMemo<Variant | null, { question: string; seed: number }>({
    clearedBy: ['content', 'bank'],
    maxBytes: 32 * MB,
    scoped: true,
  }),
  /**
   * By student and question: the seed of the variant they practice. Changed only through an update (another, or a
   * teacher's new variant), which is announced as content naming the student.
   */
  studentVariant: keptMemo<number, { student: string; question: string }>({
    clearedBy: ['content'],
    maxBytes: 8 * MB,
    scoped: true,
  }),
};
