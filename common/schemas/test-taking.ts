/**
 * The contract of students sitting saved tests. Staff give a test to students and read its results;
 * a student starts a sitting, saves answers one by one, submits, and reads the sitting back. What a student
 * receives before results are released carries no score, no verdict, no right answer and no solution.
 */
import { z } from 'zod';
import {
  ATTEMPT_STATUSES,
  MAX_STUDENTS_GIVEN_AT_ONCE,
  MAX_TEST_ANSWER_LENGTH,
  RELEASE_MODES,
  TEST_TAKING_MESSAGES,
} from '../rules/test-taking';
import { TEST_TYPES } from '../rules/tests';
import { textRules } from './fields';
import { sittingQuestion, studentQuestion } from './learning';
import { disagreeingOverride } from './sitting-review';
import { examReport, sittingExam } from './exams';

const M = TEST_TAKING_MESSAGES;
const instant = z.iso.datetime({ offset: true, error: 'Dates must be ISO 8601 date-times' });

export const giveTestBody = z
  .object({
    studentIds: z
      .array(z.uuid(M.unknownStudent), { error: M.noStudents })
      .min(1, M.noStudents)
      .max(MAX_STUDENTS_GIVEN_AT_ONCE, M.tooManyStudents)
      .transform((ids) => [...new Set(ids)]),
    opensAt: instant.nullish(),
    closesAt: instant.nullish(),
    release: z.enum(RELEASE_MODES, { error: `Release must be ${RELEASE_MODES.join(' or ')}` }).default('on-submit'),
    maxAttempts: z.literal(1, { error: M.maxAttempts }).default(1),
    shuffle: z.boolean({ error: 'Shuffle must be true or false' }).default(false),
  })
  .refine((b) => !b.opensAt || !b.closesAt || Date.parse(b.closesAt) > Date.parse(b.opensAt), {
    message: M.window,
    path: ['closesAt'],
  });
export type GiveTestBody = z.input<typeof giveTestBody>;
export type GiveTestInput = z.output<typeof giveTestBody>;

/**
 * A saved test given to one student, with its window and release. The API keeps the older word: its id is
 * `assignmentId` where a student or a sitting names it, and the lists of them are `assignments`.
 */
export const givenTest = z.object({
  id: z.string(),
  testId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  release: z.enum(RELEASE_MODES),
  maxAttempts: z.literal(1),
  shuffle: z.boolean(),
  releasedAt: z.string().nullable(),
  status: z.enum(ATTEMPT_STATUSES),
});
export type GivenTest = z.infer<typeof givenTest>;
export const giveTestReply = z.object({ message: z.string(), assignments: z.array(givenTest) });
export const givenTestsReply = z.object({ assignments: z.array(givenTest) });

/** A released score: marks of the paper's marks, the percentage, and scaled to the test's total marks when it has one. */
const score = z.object({
  marks: z.number(),
  maxMarks: z.number(),
  percentage: z.number(),
  scaled: z.number().nullable(),
});

/** `GET /api/student/tests`: the student's assigned tests, open ones first. */
export const studentTest = z.object({
  assignmentId: z.string(),
  testId: z.string(),
  name: z.string(),
  type: z.enum(TEST_TYPES),
  testCode: z.string().nullable(),
  timeLimit: z.number().nullable(),
  totalMarks: z.number().nullable(),
  questionCount: z.number(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  attemptId: z.string().optional(),
  /** Only once results are released. */
  score: score.optional(),
});
export type StudentTest = z.infer<typeof studentTest>;
export const studentTestsReply = z.object({ tests: z.array(studentTest) });

/** `GET /api/parent/children/{id}/tests`: a child's submitted tests whose results are released, newest first. */
export const childTestResult = studentTest
  .pick({ assignmentId: true, testId: true, name: true, type: true, testCode: true, totalMarks: true })
  .extend({
    submittedAt: z.string(),
    score,
    /** The sitting, and whether it has a score report (an exam-scored test's). */
    attemptId: z.string(),
    hasReport: z.boolean(),
    /** The teacher's comment on the whole test, and their comments per question (numbered as on the paper). */
    comment: z.string().nullable(),
    questionComments: z.array(z.object({ number: z.number(), comment: z.string() })),
  });
export type ChildTestResult = z.infer<typeof childTestResult>;
export const childTestsReply = z.object({ results: z.array(childTestResult) });

/** A question of a sitting as the student sees it while sitting: the student presenter, its marks and number. */
const paperQuestion = z.object({ number: z.number(), marks: z.number(), question: sittingQuestion.nullable() });

/** Once released, each question's outcome with the right answer and the solution. */
const questionResult = z.object({
  number: z.number(),
  questionId: z.string().nullable(),
  marks: z.number(),
  awarded: z.number(),
  answer: z.string().nullable(),
  correctAnswer: z.unknown(),
  solution: z.string(),
  focus: z.string().nullable(),
  category: z.string().nullable(),
  /** The teacher's comment on this question, and whether they changed its marks by hand. */
  comment: z.string().nullable(),
  adjusted: z.boolean(),
});
export type QuestionResult = z.infer<typeof questionResult>;

export const attempt = z.object({
  id: z.string(),
  assignmentId: z.string(),
  testId: z.string(),
  name: z.string(),
  instructions: z.string(),
  startedAt: z.string(),
  /** Null when the test has neither a time limit nor a closing time. */
  deadline: z.string().nullable(),
  /** The server's clock when it answered: the page counts down from deadline - serverNow, whatever the device says. */
  serverNow: z.string(),
  submittedAt: z.string().nullable(),
  submittedBy: z.enum(['student', 'server']).nullable(),
  questions: z.array(paperQuestion),
  answers: z.record(z.string(), z.string()),
  released: z.boolean(),
  score: score.optional(),
  results: z.array(questionResult).optional(),
  /** Once released: the teacher's comment on the whole test. */
  reviewComment: z.string().nullable().optional(),
  /**
   * An exam-scored sitting: its sections and clock. While sections run, `questions` holds only the current
   * section's; a closed section's questions are not sent again, nor one to come.
   */
  exam: sittingExam.nullable(),
  /** The student's accommodations as the sitting copied them, in words ('' for none), and whether text is larger. */
  accommodations: z.string(),
  largeText: z.boolean(),
  /** Once released, an exam-scored sitting's report. */
  report: examReport.optional(),
});
export type Attempt = z.infer<typeof attempt>;
export const attemptReply = z.object({ attempt });

export const saveAnswerParams = z.object({ attemptId: z.uuid(M.attemptNotFound), questionId: z.uuid(M.notInTest) });
export const saveAnswerBody = z.object({
  answer: z
    .string({ error: 'Your answer must be text' })
    .max(MAX_TEST_ANSWER_LENGTH, M.answerTooLong)
    .superRefine(textRules('Your answer', 'any')),
});
export const saveAnswerReply = z.object({ savedAt: z.string(), serverNow: z.string() });

export const givenTestParam = z.object({ assignmentId: z.uuid(M.givenTestNotFound) });
export const attemptParam = z.object({ attemptId: z.uuid(M.attemptNotFound) });

/** `GET /api/tests/{id}/results`: every assigned student of the caller's with their sitting, and the test's figures. */
export const testResults = z.object({
  test: z.object({ id: z.string(), name: z.string(), totalMarks: z.number().nullable(), maxMarks: z.number() }),
  students: z.array(
    z.object({
      assignmentId: z.string(),
      studentId: z.string(),
      studentName: z.string(),
      email: z.string(),
      /** The sitting once started: a submitted one opens for review. */
      attemptId: z.string().nullable(),
      status: z.enum(ATTEMPT_STATUSES),
      released: z.boolean(),
      /** Seconds from start to submission (or to now while in progress). */
      timeUsed: z.number().nullable(),
      /** The accommodations the sitting was given, in words ('' for none). */
      accommodations: z.string(),
      score: score.nullable(),
    }),
  ),
  /**
   * Per position of the test, over the submitted sittings (marks as reviewed: an override counts): the share that
   * earned its full marks, the average marks, and the three most common wrong answers (wire form) with their counts.
   */
  questions: z.array(
    z.object({
      number: z.number(),
      questionId: z.string().nullable(),
      marks: z.number(),
      /** The question's text as in the bank (null once deleted). */
      text: z.string().nullable(),
      sat: z.number(),
      percentCorrect: z.number().nullable(),
      averageMarks: z.number().nullable(),
      wrongAnswers: z.array(z.object({ answer: z.string(), count: z.number() })),
      /**
       * For a question with random numbers: the figures of each variant the sittings were given, most sat first, with
       * the variant's own most common wrong answers (the question's `wrongAnswers` is then empty).
       */
      byVariant: z.array(
        z.object({
          variant: z.number(),
          sat: z.number(),
          percentCorrect: z.number(),
          averageMarks: z.number(),
          wrongAnswers: z.array(z.object({ answer: z.string(), count: z.number() })),
        }),
      ),
    }),
  ),
  focusAreas: z.array(z.object({ name: z.string(), averagePercent: z.number() })),
  awaitingRelease: z.number(),
});
export type TestResults = z.infer<typeof testResults>;
export const releaseReply = z.object({ message: z.string(), released: z.number() });

/** `POST /api/tests/{id}/rescore`: how many submitted sittings were scored again, and how many scores moved. */
export const rescoreReply = z.object({
  message: z.string(),
  rescored: z.number(),
  changed: z.number(),
  /** Overrides whose automatic marks this re-score moved and which now differ from them. */
  disagreeing: z.array(disagreeingOverride),
});

/** `GET /api/tests/pending-reviews`: submitted sittings of the caller's students (an admin's: all) awaiting release. */
export const pendingReviewsReply = z.object({ count: z.number() });

/**
 * `POST /api/student/attempts/{attemptId}/practice`: questions from the weakest focus areas of a released result
 * that the student has not met (no check, no test paper, no earlier practice), as a student sees them. Asking again
 * gives the same set.
 */
export const practiceReply = z.object({
  focusAreas: z.array(z.string()),
  questions: z.array(studentQuestion),
  /** Why no questions could be chosen when the reason is the student's own (no grade set); null otherwise. */
  message: z.string().nullable(),
});
export type PracticeSet = z.infer<typeof practiceReply>;
