/**
 * Saved tests' contract: `POST /api/tests` takes the payload
 * `{name, type, description, instructions, timeLimit, totalMarks, testCode, questions: [{questionId, order}]}`,
 * plus optional `marks` per question (default 1). The code is the server's to make: a `testCode` sent is ignored.
 */
import { z } from 'zod';
import {
  DEFAULT_MARKS,
  MARKS_MAX,
  MARKS_MIN,
  MAX_TEST_QUESTIONS,
  RANDOM_DEFAULT,
  RANDOM_MAX,
  RANDOM_MIN,
  TEST_LIMITS,
  TEST_LIST_STATUSES,
  TEST_MESSAGES,
  TEST_TYPES,
} from '../rules/tests';
import { PAPER_VERSIONS } from '../rules/templates';
import { textRules } from './fields';
import { questionListQuery, questionReply } from './questions';

const wholeIn = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

function limitedText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .superRefine(textRules(label, 'lines'))
    .nullish()
    .transform((v) => (v ?? '').trim());
}

export const testQuestionEntry = z.object({
  questionId: z.uuid(TEST_MESSAGES.questionGone),
  order: z.number({ error: TEST_MESSAGES.order }).int(TEST_MESSAGES.order).min(1, TEST_MESSAGES.order),
  marks: wholeIn(TEST_MESSAGES.marks, MARKS_MIN, MARKS_MAX).default(DEFAULT_MARKS),
});

const testFields = z.object({
  name: z
    .string({ error: TEST_MESSAGES.titleRequired })
    .trim()
    .min(1, TEST_MESSAGES.titleRequired)
    .max(TEST_LIMITS.title, `Test title must be at most ${TEST_LIMITS.title} characters`)
    .superRefine(textRules('Test title', 'line')),
  type: z.enum(TEST_TYPES, { error: TEST_MESSAGES.type }),
  description: limitedText('Description', TEST_LIMITS.description),
  instructions: limitedText('Instructions', TEST_LIMITS.instructions),
  timeLimit: wholeIn(TEST_MESSAGES.timeLimit, 1, TEST_LIMITS.timeLimit)
    .nullish()
    .transform((v) => v ?? null),
  totalMarks: wholeIn(TEST_MESSAGES.totalMarks, 0, TEST_LIMITS.totalMarks)
    .nullish()
    .transform((v) => v ?? null),
  /** The exam profile that scores and times the test; null: marks per question. */
  examProfileId: z
    .uuid('Exam profile not found')
    .nullish()
    .transform((v) => v ?? null),
  testCode: z.unknown().optional(),
  questions: z
    .array(testQuestionEntry, { error: TEST_MESSAGES.noQuestions })
    .min(1, TEST_MESSAGES.noQuestions)
    .max(MAX_TEST_QUESTIONS, TEST_MESSAGES.tooManyQuestions),
});
type TestQuestionEntry = z.output<typeof testQuestionEntry>;

/** No question twice, no order twice. */
function distinctEntries(entries: TestQuestionEntry[], ctx: z.RefinementCtx) {
  const ids = new Set<string>();
  const orders = new Set<number>();
  entries.forEach((q, i) => {
    if (ids.has(q.questionId))
      ctx.addIssue({ code: 'custom', message: TEST_MESSAGES.alreadyInTest, path: ['questions', i, 'questionId'] });
    if (orders.has(q.order))
      ctx.addIssue({ code: 'custom', message: TEST_MESSAGES.order, path: ['questions', i, 'order'] });
    ids.add(q.questionId);
    orders.add(q.order);
  });
}

/** The questions in order, numbered from 1. */
const positioned = (entries: TestQuestionEntry[]) =>
  [...entries]
    .sort((a, b) => a.order - b.order)
    .map((q, i) => ({ questionId: q.questionId, position: i + 1, marks: q.marks }));

/** `POST /api/tests`; the questions come back in order, numbered from 1. */
export const testBody = testFields
  .extend({ type: testFields.shape.type.default('test') })
  .superRefine((test, ctx) => distinctEntries(test.questions, ctx))
  .transform(({ testCode: _ignored, questions, ...test }) => ({ ...test, questions: positioned(questions) }));
export type TestInput = z.input<typeof testBody>;
export type TestData = z.output<typeof testBody>;

/**
 * `PUT /api/tests/{id}`: any of the fields, each checked as on creation; a field left out keeps its value (the
 * questions too), one sent empty is emptied.
 */
export const testUpdateBody = testFields
  .partial()
  .superRefine((test, ctx) => {
    if (test.questions) distinctEntries(test.questions, ctx);
  })
  .transform(({ testCode: _ignored, questions, ...test }) => ({
    ...test,
    questions: questions && positioned(questions),
  }));
export type TestChange = z.output<typeof testUpdateBody>;

/** `GET /api/tests`: newest first, searched by title, code or description, filtered by type, 10 a page. */
export const testListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(TEST_LIMITS.search, `Search for at most ${TEST_LIMITS.search} characters`)
    .superRefine(textRules('The search', 'any'))
    .optional(),
  type: z.enum(TEST_TYPES, { error: TEST_MESSAGES.type }).optional(),
  status: z.enum(TEST_LIST_STATUSES, { error: 'Status must be active, archived or all' }).default('active'),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(1_000_000, 'Page must be at most 1000000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int('Page size must be a whole number')
    .min(1, 'Page size must be at least 1')
    .max(50, 'Page size must be at most 50')
    .default(10),
});
export type TestListQuery = z.output<typeof testListQuery>;

const author = z.object({ id: z.string(), name: z.string() }).nullable();

/** A saved test as lists show it. `totalMarks` is the one typed when saving (null: none), `marks` the questions' sum. */
export const testSummary = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TEST_TYPES),
  testCode: z.string().nullable(),
  description: z.string(),
  instructions: z.string(),
  timeLimit: z.number().nullable(),
  totalMarks: z.number().nullable(),
  /** The exam profile that scores and times it, if any. */
  examProfile: z.object({ id: z.string(), name: z.string() }).nullable(),
  marks: z.number(),
  questionCount: z.number(),
  /** Positions whose question was deleted from the bank since. */
  missingCount: z.number(),
  author,
  /** When the test was archived (null: active). */
  archivedAt: z.string().nullable(),
  /** Sittings started of the test: a test that has any is archived rather than deleted. */
  sittingCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestSummary = z.infer<typeof testSummary>;

export const testListReply = z.object({ tests: z.array(testSummary), total: z.number() });
export type TestList = z.infer<typeof testListReply>;

/** A position of a test: its question in full staff detail, or null where the question was deleted from the bank. */
export const testEntry = z.object({ order: z.number(), marks: z.number(), question: questionReply.nullable() });
export type TestEntry = z.infer<typeof testEntry>;

export const testDetail = testSummary.extend({ questions: z.array(testEntry) });
export type TestDetail = z.infer<typeof testDetail>;

/** `GET /api/tests/{id}/papers?versions=2`: how many versions of the paper to print. */
export const testPapersQuery = z.object({
  versions: z.coerce
    .number({ error: `Print 1 to ${PAPER_VERSIONS.length} versions` })
    .int(`Print 1 to ${PAPER_VERSIONS.length} versions`)
    .min(1, `Print 1 to ${PAPER_VERSIONS.length} versions`)
    .max(PAPER_VERSIONS.length, `Print 1 to ${PAPER_VERSIONS.length} versions`)
    .default(1),
});

/**
 * The printed paper in versions A, B...: each question with random numbers as the version's own variant (`variant`,
 * its seed; null for a question without), the same each time the version is printed, with its key.
 */
export const testPapersReply = z.object({
  versions: z.array(
    z.object({
      version: z.string(),
      questions: z.array(testEntry.extend({ variant: z.number().nullable() })),
    }),
  ),
});
export type TestPapers = z.infer<typeof testPapersReply>;

export const testSavedReply = z.object({ message: z.string(), test: testDetail });
export const testDeletedReply = z.object({ message: z.string() });

/**
 * `POST /api/tests/random`: `count` questions drawn uniformly from the bank's questions that match the filters
 * (those of `GET /api/questions`), none of `exclude` (the questions already in the test).
 */
export const randomDrawBody = z.object({
  count: z
    .number({ error: TEST_MESSAGES.randomCount })
    .int(TEST_MESSAGES.randomCount)
    .min(RANDOM_MIN, TEST_MESSAGES.randomCount)
    .max(RANDOM_MAX, TEST_MESSAGES.randomCount)
    .default(RANDOM_DEFAULT),
  filters: questionListQuery.pick({ grade: true, type: true, category: true, focus: true, q: true }).default({}),
  exclude: z
    .array(z.uuid('Unknown question'), { error: 'Unknown question' })
    .max(MAX_TEST_QUESTIONS, TEST_MESSAGES.tooManyQuestions)
    .default([]),
});
export type RandomDraw = z.output<typeof randomDrawBody>;
export type RandomDrawInput = z.input<typeof randomDrawBody>;

/**
 * What the Test Builder shows of a question (its text, grade and type): a drawn question needs
 * no more until the test is saved, and fetching ten questions' tags and solutions was most of a draw's time.
 */
export const builderQuestion = questionReply.pick({ id: true, questionText: true, grade: true, type: true });
export type BuilderQuestion = z.infer<typeof builderQuestion>;

export const randomDrawReply = z.object({ questions: z.array(builderQuestion), available: z.number() });
export type RandomDrawResult = z.infer<typeof randomDrawReply>;
