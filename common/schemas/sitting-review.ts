/**
 * The contract of a teacher's review of one sitting: each question with the student's answer, the key, the
 * automatic marks, the teacher's override (marks and reason) and comment, the comment on the whole test, and every
 * change made to them. A save names only what it changes, so two teachers (or two tabs) saving different questions
 * at once lose neither.
 */
import { z } from 'zod';
import {
  MAX_OVERRIDE_REASON_LENGTH,
  MAX_QUESTION_COMMENT_LENGTH,
  MAX_TEST_COMMENT_LENGTH,
  REVIEW_MESSAGES as R,
  TEST_TAKING_MESSAGES,
  onOverrideStep,
} from '../rules/test-taking';
import { idParam, textRules } from './fields';
import { staffQuestion } from './learning';

export const sittingReviewParams = idParam.extend({ attemptId: z.uuid(TEST_TAKING_MESSAGES.attemptNotFound) });

const marks = z.number({ error: R.marksNumber }).min(0, R.marksNegative).refine(onOverrideStep, R.marksStep).nullable();

/** One question's review as saved: null marks take the override away (and its reason with it). */
export const questionReviewInput = z
  .object({
    questionId: z.uuid(R.notInSitting),
    overrideMarks: marks,
    overrideReason: z
      .string({ error: R.reasonRequired })
      .trim()
      .max(MAX_OVERRIDE_REASON_LENGTH, R.reasonTooLong)
      .superRefine(textRules('The reason', 'lines'))
      .default(''),
    comment: z
      .string({ error: R.commentTooLong })
      .trim()
      .max(MAX_QUESTION_COMMENT_LENGTH, R.commentTooLong)
      .superRefine(textRules('The comment', 'lines'))
      .default(''),
  })
  .superRefine((q, ctx) => {
    if (q.overrideMarks !== null && q.overrideReason === '')
      ctx.addIssue({ code: 'custom', message: R.reasonRequired, path: ['overrideReason'] });
  });
export type QuestionReviewInput = z.output<typeof questionReviewInput>;

/** `PUT /api/tests/{id}/sittings/{attemptId}`: the questions whose review changes, and the test's comment if it does. */
export const sittingReviewBody = z
  .object({
    comment: z
      .string({ error: R.testCommentTooLong })
      .trim()
      .max(MAX_TEST_COMMENT_LENGTH, R.testCommentTooLong)
      .superRefine(textRules('The comment', 'lines'))
      .optional(),
    questions: z.array(questionReviewInput).max(500, R.duplicateQuestion).default([]),
  })
  .superRefine((b, ctx) => {
    if (b.comment === undefined && b.questions.length === 0)
      ctx.addIssue({ code: 'custom', message: R.nothingToSave, path: [] });
    const ids = b.questions.map((q) => q.questionId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: R.duplicateQuestion, path: ['questions'] });
  });
export type SittingReviewBody = z.input<typeof sittingReviewBody>;
export type SittingReviewInput = z.output<typeof sittingReviewBody>;

/** A question of the sitting as its reviewer sees it. */
export const reviewedQuestion = z.object({
  number: z.number(),
  questionId: z.string().nullable(),
  marks: z.number(),
  /** Null when the question was deleted from the bank since. */
  question: staffQuestion.nullable(),
  answer: z.string().nullable(),
  /** The checker's marks. */
  automatic: z.number(),
  overrideMarks: z.number().nullable(),
  overrideReason: z.string().nullable(),
  comment: z.string().nullable(),
  /** What counts: the override where set, else the automatic marks. */
  awarded: z.number(),
  /**
   * A re-score moved the automatic marks under this override since it was set, and they now differ from it: the
   * reviewer should look again.
   */
  disagrees: z.boolean(),
});
export type ReviewedQuestion = z.infer<typeof reviewedQuestion>;

/** One change of the review: the field ('override', 'comment', 'automatic' by a re-score, 'test-comment'). */
export const reviewChange = z.object({
  id: z.string(),
  number: z.number().nullable(),
  field: z.enum(['override', 'comment', 'automatic', 'test-comment']),
  before: z.unknown(),
  after: z.unknown(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type ReviewChange = z.infer<typeof reviewChange>;

export const sittingReview = z.object({
  test: z.object({ id: z.string(), name: z.string() }),
  student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  attemptId: z.string(),
  submittedAt: z.string(),
  released: z.boolean(),
  score: z.object({ marks: z.number(), maxMarks: z.number() }),
  comment: z.string().nullable(),
  questions: z.array(reviewedQuestion),
  /** Newest first. */
  history: z.array(reviewChange),
});
export type SittingReview = z.infer<typeof sittingReview>;
export const sittingReviewReply = z.object({ review: sittingReview });
export const sittingReviewSaved = z.object({ message: z.string(), review: sittingReview });

/** An override whose automatic marks a re-score moved, and which now differs from them. */
export const disagreeingOverride = z.object({
  attemptId: z.string(),
  studentName: z.string(),
  questionId: z.string(),
  number: z.number(),
  overrideMarks: z.number(),
  automatic: z.number(),
});
export type DisagreeingOverride = z.infer<typeof disagreeingOverride>;
