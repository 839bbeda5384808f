/**
 * Reviewing a sitting: reading it (answers, keys, automatic marks), overrides and comments with every rule, the
 * total kept with the overrides, the history, who may review, a re-score that keeps the overrides and names those
 * that now disagree, what the student and the parent see before and after release, and the per-question figures.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_OVERRIDE_REASON_LENGTH,
  MAX_QUESTION_COMMENT_LENGTH,
  MAX_TEST_COMMENT_LENGTH,
  REVIEW_MESSAGES as R,
  TEST_TAKING_MESSAGES as M,
} from '../../../common/rules/test-taking';
import type { SittingReview } from '../../../common/schemas/sitting-review';
import type { Attempt, ChildTestResult, TestResults } from '../../../common/schemas/test-taking';
import { parentStudents, profiles, questions, sittingReviewChanges, testAttempts } from '../../db/schema';
import {
  buildAdmin,
  buildQuestion,
  buildStudent,
  buildTeacher,
  buildUser,
  linkTeacher,
  signIn,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { until } from '../../test/processes';

let t: TestApp;
let admin: string;
let teacher: string;
let strangerTeacher: string;
let dataEntry: string;
let parent: string;
let mine: TestUser;
let mineCookie: string;
let q: { choice: string; short: string };

const as = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The form of a test of two questions (2 marks, then 1); overrides win. */
const testForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Review test',
  type: 'assessment',
  description: '',
  instructions: '',
  timeLimit: 30,
  totalMarks: 30,
  testCode: '',
  questions: [
    { questionId: q.choice, order: 1, marks: 2 },
    { questionId: q.short, order: 2, marks: 1 },
  ],
  ...overrides,
});

/** A test of two questions, made by `author`, given to `mine` with manual release. */
async function makeTest(author = admin): Promise<string> {
  const made = await as(author, 'POST', '/api/tests', testForm());
  expect(made.statusCode, made.body).toBe(201);
  const testId = made.json().test.id;
  const given = await as(admin, 'POST', `/api/tests/${testId}/assign`, { studentIds: [mine.id], release: 'manual' });
  expect(given.statusCode).toBe(200);
  return testId;
}

/** A sitting of a fresh test: the choice answered wrong ('B'), the short answer right; submitted unless told. */
async function sitting(options: { submit?: boolean; author?: string } = {}) {
  const testId = await makeTest(options.author);
  const tests = (await as(mineCookie, 'GET', '/api/student/tests')).json().tests as Array<{
    testId: string;
    assignmentId: string;
  }>;
  const assignmentId = tests.find((x) => x.testId === testId)!.assignmentId;
  const attempt: Attempt = (await as(mineCookie, 'POST', `/api/student/tests/${assignmentId}/start`)).json().attempt;
  for (const [questionId, answer] of [
    [q.choice, 'B'],
    [q.short, '0.75'],
  ])
    expect(
      (await as(mineCookie, 'PUT', `/api/student/attempts/${attempt.id}/answers/${questionId}`, { answer })).statusCode,
    ).toBe(200);
  if (options.submit !== false)
    expect((await as(mineCookie, 'POST', `/api/student/attempts/${attempt.id}/submit`)).statusCode).toBe(200);
  return { testId, attemptId: attempt.id, url: `/api/tests/${testId}/sittings/${attempt.id}` };
}

const read = async (url: string, cookie = teacher): Promise<SittingReview> => {
  const response = await as(cookie, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().review;
};

const override = (
  questionId: string,
  overrideMarks: number | null,
  overrideReason = 'Working shown',
  comment = '',
) => ({
  questions: [{ questionId, overrideMarks, overrideReason, comment }],
});

beforeAll(async () => {
  t = await createTestApp();
  const teacherUser = await buildTeacher(t.db);
  mine = await buildStudent(t.db);
  const parentUser = await buildUser(t.db, 'parent');
  await linkTeacher(t.db, teacherUser.id, mine.id);
  await t.db.insert(parentStudents).values({ parentId: parentUser.id, studentId: mine.id });
  [admin, teacher, strangerTeacher, dataEntry, parent, mineCookie] = await Promise.all([
    signIn(t.app, await buildAdmin(t.db)),
    signIn(t.app, teacherUser),
    signIn(t.app, await buildTeacher(t.db)),
    signIn(t.app, await buildUser(t.db, 'data-entry')),
    signIn(t.app, parentUser),
    signIn(t.app, mine),
  ]);
  q = {
    choice: (await buildQuestion(t.db)).id,
    short: (
      await buildQuestion(t.db, {
        type: 'Short Answer',
        questionText: 'Write $\\frac{3}{4}$ as a decimal.',
        options: {},
        answer: { a1: ['0.75'] },
        solution: 'Divide 3 by 4.',
      })
    ).id,
  };
});
afterAll(() => t.close());

describe('GET /api/tests/{id}/sittings/{attemptId}', () => {
  it('shows each question with the answer, the key and the automatic marks', async () => {
    const { url, attemptId } = await sitting();
    const review = await read(url);
    expect(review.attemptId).toBe(attemptId);
    expect(review.student.id).toBe(mine.id);
    expect(review.score).toEqual({ marks: 1, maxMarks: 3 });
    expect(review.released).toBe(false);
    expect(review.comment).toBeNull();
    expect(
      review.questions.map((x) => [x.number, x.answer, x.automatic, x.awarded, x.overrideMarks, x.disagrees]),
    ).toEqual([
      [1, 'B', 0, 0, null, false],
      [2, '0.75', 1, 1, null, false],
    ]);
    expect(review.questions[0].question?.answer).toEqual({ a1: ['A'] });
    expect(review.history).toEqual([]);
  });

  it('lets an admin review any sitting', async () => {
    const { url } = await sitting();
    expect((await read(url, admin)).questions).toHaveLength(2);
  });

  it('refuses a teacher who does not teach the student, even the test author, with 403', async () => {
    const { url } = await sitting({ author: strangerTeacher });
    for (const method of ['GET', 'PUT'] as const) {
      const response = await as(strangerTeacher, method, url, method === 'PUT' ? { comment: 'x' } : undefined);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(R.notYourStudent);
    }
  });

  it.each([
    ['data-entry', () => dataEntry],
    ['a student', () => mineCookie],
    ['a parent', () => parent],
  ])('refuses %s', async (_who, cookie) => {
    const { url } = await sitting();
    expect((await as(cookie(), 'GET', url)).statusCode).toBe(403);
    expect((await as(cookie(), 'PUT', url, { comment: 'x' })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown sitting, one of another test, and a malformed id; 409 while open', async () => {
    const { testId } = await sitting();
    const other = await sitting();
    expect((await as(teacher, 'GET', `/api/tests/${testId}/sittings/${randomUUID()}`)).json().message).toBe(
      M.attemptNotFound,
    );
    const elsewhere = await as(teacher, 'GET', `/api/tests/${testId}/sittings/${other.attemptId}`);
    expect(elsewhere.statusCode).toBe(404);
    const malformed = await as(teacher, 'GET', `/api/tests/${testId}/sittings/not-an-id`);
    expect(malformed.statusCode).toBe(400);
    const open = await sitting({ submit: false });
    for (const method of ['GET', 'PUT'] as const) {
      const response = await as(teacher, method, open.url, method === 'PUT' ? { comment: 'x' } : undefined);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(R.notSubmitted);
    }
  });
});

describe('PUT /api/tests/{id}/sittings/{attemptId}', () => {
  it('overrides marks with a reason and comments: the total follows, every change is recorded', async () => {
    const { url, attemptId } = await sitting();
    const saved = await as(teacher, 'PUT', url, {
      comment: '  Good effort overall.  ',
      questions: [{ questionId: q.choice, overrideMarks: 1.5, overrideReason: 'Method right', comment: 'Check signs' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(R.saved);
    const review: SittingReview = saved.json().review;
    expect(review.score.marks).toBe(2.5);
    expect(review.comment).toBe('Good effort overall.');
    expect(review.questions[0]).toMatchObject({
      automatic: 0,
      overrideMarks: 1.5,
      overrideReason: 'Method right',
      comment: 'Check signs',
      awarded: 1.5,
    });
    const [stored] = await t.db.select().from(testAttempts).where(eq(testAttempts.id, attemptId));
    expect(stored.score).toBe(2.5);
    expect(review.history.map((h) => [h.field, h.number, h.before, h.after]).sort()).toEqual(
      [
        ['comment', 1, null, 'Check signs'],
        ['override', 1, null, { marks: 1.5, reason: 'Method right' }],
        ['test-comment', null, null, 'Good effort overall.'],
      ].sort(),
    );
    expect(review.history.every((h) => h.changedBy !== null && h.changedAt)).toBe(true);

    // Saving the same again changes nothing and records nothing.
    const again = await as(teacher, 'PUT', url, {
      comment: 'Good effort overall.',
      questions: [{ questionId: q.choice, overrideMarks: 1.5, overrideReason: 'Method right', comment: 'Check signs' }],
    });
    expect(again.json().message).toBe(R.unchanged);
    expect(
      await t.db.select().from(sittingReviewChanges).where(eq(sittingReviewChanges.attemptId, attemptId)),
    ).toHaveLength(3);

    // Taking the override away brings the automatic marks back; the comment stays.
    const cleared = (await as(teacher, 'PUT', url, override(q.choice, null, '', 'Check signs'))).json().review;
    expect(cleared.score.marks).toBe(1);
    expect(cleared.questions[0]).toMatchObject({ overrideMarks: null, overrideReason: null, comment: 'Check signs' });
    expect(cleared.history[0]).toMatchObject({ field: 'override', after: null });
  });

  it('keeps the override of another question when a save names only one', async () => {
    const { url } = await sitting();
    await as(teacher, 'PUT', url, override(q.choice, 2));
    const review = (await as(teacher, 'PUT', url, override(q.short, 0.5))).json().review as SittingReview;
    expect(review.questions.map((x) => x.awarded)).toEqual([2, 0.5]);
    expect(review.score.marks).toBe(2.5);
  });

  it.each([
    ['negative marks', override('CHOICE', -1), R.marksNegative],
    ['marks off the half step', override('CHOICE', 0.3), R.marksStep],
    ['marks that are not a number', override('CHOICE', '2' as unknown as number), R.marksNumber],
    ['no reason', override('CHOICE', 1, '   '), R.reasonRequired],
    ['a reason too long', override('CHOICE', 1, 'x'.repeat(MAX_OVERRIDE_REASON_LENGTH + 1)), R.reasonTooLong],
    ['a comment too long', override('CHOICE', null, '', 'x'.repeat(MAX_QUESTION_COMMENT_LENGTH + 1)), R.commentTooLong],
    ['a test comment too long', { comment: 'x'.repeat(MAX_TEST_COMMENT_LENGTH + 1) }, R.testCommentTooLong],
    ['nothing to save', {}, R.nothingToSave],
    [
      'one question twice',
      { questions: [...override('CHOICE', 1).questions, ...override('CHOICE', 2).questions] },
      R.duplicateQuestion,
    ],
    ['a question id that is not one', override('not-a-uuid', 1), R.notInSitting],
  ])('refuses %s with 400', async (_name, body, message) => {
    const { url } = await sitting();
    const payload = JSON.parse(JSON.stringify(body).replaceAll('CHOICE', q.choice));
    const response = await as(teacher, 'PUT', url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('refuses marks above the question and a question not on the paper, changing nothing', async () => {
    const { url, attemptId } = await sitting();
    const above = await as(teacher, 'PUT', url, override(q.choice, 2.5));
    expect([above.statusCode, above.json().message]).toEqual([400, R.marksAbove(2)]);
    const stray = await as(teacher, 'PUT', url, { comment: 'kept?', ...override(randomUUID(), 1) });
    expect([stray.statusCode, stray.json().message]).toEqual([400, R.notInSitting]);
    expect(await t.db.select().from(sittingReviewChanges).where(eq(sittingReviewChanges.attemptId, attemptId))).toEqual(
      [],
    );
    expect((await read(url)).comment).toBeNull();
  });
});

describe('a re-score with overrides', () => {
  it('keeps the overrides in the total and names those whose new automatic marks differ', async () => {
    const { testId, url } = await sitting();
    await as(teacher, 'PUT', url, override(q.choice, 1));
    await as(teacher, 'PUT', url, override(q.short, 1));
    // The choice's key is corrected to B: its automatic marks move to 2, away from the override of 1.
    await t.db
      .update(questions)
      .set({ answer: { a1: ['B'] }, updatedAt: new Date() })
      .where(eq(questions.id, q.choice));
    try {
      const rescored = await as(admin, 'POST', `/api/tests/${testId}/rescore`);
      expect(rescored.statusCode, rescored.body).toBe(200);
      expect(rescored.json().disagreeing).toEqual([
        expect.objectContaining({ questionId: q.choice, number: 1, overrideMarks: 1, automatic: 2 }),
      ]);
      expect(rescored.json().message).toContain('1 override now disagrees');
      const review = await read(url);
      expect(review.score.marks).toBe(2);
      expect(review.questions.map((x) => [x.automatic, x.awarded, x.disagrees])).toEqual([
        [2, 1, true],
        [1, 1, false],
      ]);
      expect(review.history[0]).toMatchObject({ field: 'automatic', number: 1, before: 0, after: 2 });
      // Setting the override again answers the disagreement.
      const settled = (await as(teacher, 'PUT', url, override(q.choice, 2, 'Key corrected'))).json().review;
      expect(settled.questions[0].disagrees).toBe(false);
    } finally {
      await t.db
        .update(questions)
        .set({ answer: { a1: ['A'] } })
        .where(eq(questions.id, q.choice));
    }
  });
});

describe('what the student and the parent see', () => {
  it('shows comments and adjusted marks only after release', async () => {
    const { testId, url, attemptId } = await sitting();
    await as(teacher, 'PUT', url, {
      comment: 'See me about question 1.',
      questions: [{ questionId: q.choice, overrideMarks: 2, overrideReason: 'Accepted', comment: 'Nice reasoning' }],
    });
    const before: Attempt = (await as(mineCookie, 'GET', `/api/student/attempts/${attemptId}`)).json().attempt;
    expect(before.released).toBe(false);
    expect(before.results).toBeUndefined();
    expect(before.score).toBeUndefined();
    expect(JSON.stringify(before)).not.toContain('Nice reasoning');
    expect(JSON.stringify(before)).not.toContain('See me');
    const childTests = async (): Promise<ChildTestResult[]> =>
      (await as(parent, 'GET', `/api/parent/children/${mine.id}/tests`)).json().results;
    expect((await childTests()).find((r) => r.testId === testId)).toBeUndefined();

    expect((await as(teacher, 'POST', `/api/tests/${testId}/release`)).statusCode).toBe(200);
    const after: Attempt = (await as(mineCookie, 'GET', `/api/student/attempts/${attemptId}`)).json().attempt;
    expect(after.score?.marks).toBe(3);
    expect(after.reviewComment).toBe('See me about question 1.');
    expect(after.results?.map((r) => [r.awarded, r.adjusted, r.comment])).toEqual([
      [2, true, 'Nice reasoning'],
      [1, false, null],
    ]);
    expect(JSON.stringify(after)).not.toContain('Accepted');
    const child = (await childTests()).find((r) => r.testId === testId)!;
    expect(child.score.marks).toBe(3);
    expect(child.comment).toBe('See me about question 1.');
    expect(child.questionComments).toEqual([{ number: 1, comment: 'Nice reasoning' }]);
  });
});

describe('per-question figures on the results', () => {
  it('gives the text, the share fully right, the average and the common wrong answers, overrides counted', async () => {
    const first = await sitting();
    const results = async (): Promise<TestResults> =>
      (await as(teacher, 'GET', `/api/tests/${first.testId}/results`)).json();
    const figures = (await results()).questions;
    expect(figures.map((x) => [x.number, x.sat, x.percentCorrect, x.averageMarks, x.marks])).toEqual([
      [1, 1, 0, 0, 2],
      [2, 1, 100, 1, 1],
    ]);
    expect(figures[0].text).toContain('\\frac{1}{2}');
    expect(figures[0].wrongAnswers).toEqual([{ answer: 'B', count: 1 }]);
    expect(figures[1].wrongAnswers).toEqual([]);
    expect((await results()).students[0].attemptId).toBe(first.attemptId);
    await as(teacher, 'PUT', first.url, override(q.choice, 2));
    const overridden = (await results()).questions[0];
    expect([overridden.percentCorrect, overridden.averageMarks, overridden.wrongAnswers]).toEqual([100, 2, []]);
  });
});

describe('a test’s results kept between reads', () => {
  const results = async (testId: string, cookie = teacher): Promise<TestResults> => {
    const response = await as(cookie, 'GET', `/api/tests/${testId}/results`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const kept = () => t.app.keptSizes().find((k) => k.name === 'testResults')!.entries;

  it('are not kept while a sitting is under way, and follow every change to what they show', async () => {
    const open = await sitting({ submit: false });
    const before = kept();
    expect((await results(open.testId)).students[0].status).toBe('in-progress');
    expect(kept()).toBe(before);

    expect((await as(mineCookie, 'POST', `/api/student/attempts/${open.attemptId}/submit`)).statusCode).toBe(200);
    expect((await results(open.testId)).students[0]).toMatchObject({ status: 'submitted', released: false });
    expect((await results(open.testId)).students[0].score?.marks).toBe(1);
    expect((await results(open.testId, admin)).students[0].score?.marks).toBe(1);
    // One for the teacher, one for the admin: each reads their own students.
    expect(kept()).toBe(before + 2);

    // A review's marks, on both readers' results.
    expect((await as(teacher, 'PUT', open.url, override(q.choice, 2))).statusCode).toBe(200);
    expect((await results(open.testId)).students[0].score?.marks).toBe(3);
    expect((await results(open.testId, admin)).questions[0].percentCorrect).toBe(100);
    // Released.
    expect((await as(teacher, 'POST', `/api/tests/${open.testId}/release`)).statusCode).toBe(200);
    expect((await results(open.testId)).students[0].released).toBe(true);
    expect((await results(open.testId)).awaitingRelease).toBe(0);
    // The test saved again: its own table announces nothing, its moment of saving tells.
    const saved = await as(
      admin,
      'PUT',
      `/api/tests/${open.testId}`,
      testForm({ name: 'Review test, renamed', totalMarks: 60 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await results(open.testId)).test).toMatchObject({ name: 'Review test, renamed', totalMarks: 60 });
    // The student renamed, and the question's text changed, by other means than these routes.
    await t.db.update(profiles).set({ firstName: 'Renamed' }).where(eq(profiles.userId, mine.id));
    await t.db.update(questions).set({ questionText: '<p>Which is larger?</p>' }).where(eq(questions.id, q.choice));
    const { value } = await until(
      () => results(open.testId),
      (r) => r.students[0].studentName.startsWith('Renamed') && r.questions[0].text === '<p>Which is larger?</p>',
    );
    expect(value.students[0].studentName.startsWith('Renamed')).toBe(true);
  });
});
