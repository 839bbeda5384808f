/**
 * Students sitting saved tests: assigning (roles, a teacher's own students, every rule), starting once,
 * the server's deadline against a client that keeps saving, the sweep, stored scores, and nothing leaking before
 * release.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_TAKING_MESSAGES as M,
  MAX_STUDENTS_GIVEN_AT_ONCE,
  SAVES_PER_HOUR,
} from '../../../common/rules/test-taking';
import { PRACTICE_MESSAGES } from '../../../common/rules/practice';
import { TEST_MESSAGES } from '../../../common/rules/tests';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import type {
  Attempt,
  ChildTestResult,
  PracticeSet,
  StudentTest,
  TestResults,
} from '../../../common/schemas/test-taking';
import {
  answerAttempts,
  focusAreas,
  parentStudents,
  practiceQuestions,
  practiceSessions,
  profiles,
  questionFocus,
  questions,
  rateLimits,
  testAttemptAnswers,
  testAttempts,
  tests,
} from '../../db/schema';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  buildUser,
  linkTeacher,
  signIn,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildTags } from '../../test/questionFixtures';

let t: TestApp;
let admin: string;
let teacher: string;
let teacherUser: TestUser;
let mine: TestUser;
let other: TestUser;
let mineCookie: string;
let otherCookie: string;
let q: { choice: string; blanks: string; short: string };
let focusIds: string[];

const as = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A saved test of the three questions (2, 4 and 1 marks), made through the API. */
async function makeTest(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await as(admin, 'POST', '/api/tests', {
    name: 'Fractions mock test',
    type: 'assessment',
    description: '',
    instructions: 'Answer every question.',
    timeLimit: 2,
    totalMarks: 50,
    testCode: '',
    questions: [
      { questionId: q.choice, order: 1, marks: 2 },
      { questionId: q.blanks, order: 2, marks: 4 },
      { questionId: q.short, order: 3, marks: 1 },
    ],
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json().test.id;
}

async function give(testId: string, body: Record<string, unknown> = {}, cookie = admin) {
  return as(cookie, 'POST', `/api/tests/${testId}/assign`, { studentIds: [mine.id], ...body });
}

async function myTests(cookie = mineCookie): Promise<StudentTest[]> {
  const response = await as(cookie, 'GET', '/api/student/tests');
  expect(response.statusCode).toBe(200);
  return response.json().tests;
}

async function start(assignmentId: string, cookie = mineCookie): Promise<Attempt> {
  const response = await as(cookie, 'POST', `/api/student/tests/${assignmentId}/start`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().attempt;
}

const save = (attemptId: string, questionId: string, answer: string, cookie = mineCookie) =>
  as(cookie, 'PUT', `/api/student/attempts/${attemptId}/answers/${questionId}`, { answer });

/** A fresh test given to `mine`, started: the sitting and its given test. */
async function sitting(testOverrides: Record<string, unknown> = {}, giveBody: Record<string, unknown> = {}) {
  const testId = await makeTest(testOverrides);
  expect((await give(testId, giveBody)).statusCode).toBe(200);
  const listed = (await myTests()).find((x) => x.testId === testId)!;
  return { testId, assignmentId: listed.assignmentId, attempt: await start(listed.assignmentId) };
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await buildAdmin(t.db);
  teacherUser = await buildTeacher(t.db);
  mine = await buildStudent(t.db);
  other = await buildStudent(t.db);
  await linkTeacher(t.db, teacherUser.id, mine.id);
  [admin, teacher, mineCookie, otherCookie] = await Promise.all([
    signIn(t.app, adminUser),
    signIn(t.app, teacherUser),
    signIn(t.app, mine),
    signIn(t.app, other),
  ]);
  q = {
    choice: (await buildQuestion(t.db)).id,
    blanks: (
      await buildQuestion(t.db, {
        type: 'Fill in the Blank',
        questionText: '$3 + 4 = $ ___1___ and $2 \\times 5 = $ ___2___',
        options: {},
        answer: { a1: ['7'], a2: ['10'] },
        solution: 'Add, then multiply.',
      })
    ).id,
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
  const { focus } = await buildTags(t.db);
  focusIds = focus.map((f) => f.id);
  await t.db.insert(questionFocus).values([
    { questionId: q.choice, focusId: focus[0].id },
    { questionId: q.blanks, focusId: focus[1].id },
    { questionId: q.short, focusId: focus[1].id },
  ]);
});
afterAll(() => t.close());

describe('POST /api/tests/{id}/assign', () => {
  it('gives a test to students, and says so', async () => {
    const testId = await makeTest();
    const response = await give(testId, { studentIds: [mine.id, other.id], release: 'manual' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Test assigned to 2 students');
    expect(
      response
        .json()
        .assignments.map((a: { studentId: string; status: string; release: string }) => [
          a.studentId,
          a.status,
          a.release,
        ])
        .sort(),
    ).toEqual(
      [
        [mine.id, 'not-started', 'manual'],
        [other.id, 'not-started', 'manual'],
      ].sort(),
    );
    const listed = await as(admin, 'GET', `/api/tests/${testId}/assignments`);
    expect(listed.json().assignments).toHaveLength(2);
  });

  it('lets a teacher assign to their own students only, and shows them only their own', async () => {
    const testId = await makeTest();
    const refused = await as(teacher, 'POST', `/api/tests/${testId}/assign`, { studentIds: [mine.id, other.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.notYourStudent);
    expect((await as(admin, 'GET', `/api/tests/${testId}/assignments`)).json().assignments).toHaveLength(0);
    expect((await as(teacher, 'POST', `/api/tests/${testId}/assign`, { studentIds: [mine.id] })).statusCode).toBe(200);
    await give(testId, { studentIds: [other.id] });
    const seen = (await as(teacher, 'GET', `/api/tests/${testId}/assignments`)).json().assignments;
    expect(seen.map((a: { studentId: string }) => a.studentId)).toEqual([mine.id]);
  });

  it.each([
    ['no students', { studentIds: [] }, 400, M.noStudents],
    [
      'too many students',
      { studentIds: Array.from({ length: MAX_STUDENTS_GIVEN_AT_ONCE + 1 }, () => crypto.randomUUID()) },
      400,
      M.tooManyStudents,
    ],
    ['a malformed id', { studentIds: ['not-an-id'] }, 400, M.unknownStudent],
    ['an unknown student', { studentIds: [crypto.randomUUID()] }, 404, M.unknownStudent],
    [
      'a window that closes before it opens',
      { opensAt: '2026-12-02T10:00:00Z', closesAt: '2026-12-01T10:00:00Z' },
      400,
      M.window,
    ],
    ['two attempts', { maxAttempts: 2 }, 400, M.maxAttempts],
    ['an unknown release', { release: 'never' }, 400, 'Release must be on-submit or manual'],
    ['a date that is not ISO 8601', { opensAt: 'tomorrow' }, 400, 'Dates must be ISO 8601 date-times'],
  ])('refuses %s with its status and message, storing nothing', async (_case, body, status, message) => {
    const testId = await makeTest();
    const response = await give(testId, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toContain(message);
    expect((await as(admin, 'GET', `/api/tests/${testId}/assignments`)).json().assignments).toHaveLength(0);
  });

  it('refuses a test without questions (409) and an unknown test (404)', async () => {
    const testId = await makeTest({ questions: [{ questionId: q.choice, order: 1 }] });
    await t.db.delete(questions).where(eq(questions.id, (await buildQuestion(t.db)).id));
    const empty = await buildQuestion(t.db);
    const gapOnly = await makeTest({ questions: [{ questionId: empty.id, order: 1 }] });
    await t.db.delete(questions).where(eq(questions.id, empty.id));
    expect((await give(gapOnly)).json().message).toBe(M.noQuestions);
    expect((await give(crypto.randomUUID())).statusCode).toBe(404);
    expect((await give(testId)).statusCode).toBe(200);
  });
});

describe('sitting a test', () => {
  it('lists the test, starts once with the questions as a student sees them, and resumes the same sitting', async () => {
    const testId = await makeTest();
    await give(testId);
    const listed = (await myTests()).find((x) => x.testId === testId)!;
    expect(listed).toMatchObject({
      name: 'Fractions mock test',
      type: 'assessment',
      timeLimit: 2,
      totalMarks: 50,
      questionCount: 3,
      status: 'not-started',
    });
    expect(listed.testCode).toMatch(/^TEST-/);
    expect((await myTests(otherCookie)).some((x) => x.testId === testId)).toBe(false);

    const [first, second] = await Promise.all([start(listed.assignmentId), start(listed.assignmentId)]);
    expect(second.id).toBe(first.id);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(testAttempts)
      .where(eq(testAttempts.assignmentId, listed.assignmentId));
    expect(n).toBe(1);
    expect(Date.parse(first.deadline!) - Date.parse(first.startedAt)).toBe(2 * 60_000);
    expect(first.questions.map((x) => [x.number, x.marks, x.question?.id])).toEqual([
      [1, 2, q.choice],
      [2, 4, q.blanks],
      [3, 1, q.short],
    ]);
    // The student presenter: no answer key and no solution anywhere in the sitting.
    expect(JSON.stringify(first)).not.toMatch(/"answer"|"solution"|Divide 3 by 4|0\.75"/);
    // Nor the hint (a test is sat without help) nor the source (it names where the answers can be looked up).
    expect(JSON.stringify(first)).not.toMatch(/"hint"|"source"|common denominator/);
    // The forms asked say how to write an answer, not what it is.
    expect(Object.keys(first.questions[0].question!).sort()).toEqual([
      'answerForms',
      'attachments',
      'grade',
      'id',
      'multipleAnswers',
      'options',
      'questionText',
      'type',
      'variant',
    ]);
    const resumed = (await as(mineCookie, 'GET', `/api/student/attempts/${first.id}`)).json().attempt as Attempt;
    expect(resumed.questions.map((x) => x.question?.id)).toEqual([q.choice, q.blanks, q.short]);
    expect(JSON.stringify(resumed)).not.toMatch(/"hint"|"source"|common denominator/);
    expect(first.released).toBe(false);
    expect((await myTests()).find((x) => x.testId === testId)!.status).toBe('in-progress');
  });

  it("hides another student's assignment and sitting (404)", async () => {
    const { assignmentId, attempt } = await sitting();
    expect((await as(otherCookie, 'POST', `/api/student/tests/${assignmentId}/start`)).statusCode).toBe(404);
    expect((await as(otherCookie, 'GET', `/api/student/attempts/${attempt.id}`)).statusCode).toBe(404);
    const response = await save(attempt.id, q.choice, 'A', otherCookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(M.attemptNotFound);
  });

  it('saves answers as they go and refuses a question that is not on the paper', async () => {
    const { attempt } = await sitting();
    expect((await save(attempt.id, q.choice, 'B')).statusCode).toBe(200);
    expect((await save(attempt.id, q.choice, 'A')).statusCode).toBe(200);
    const stray = await save(attempt.id, crypto.randomUUID(), 'A');
    expect(stray.statusCode).toBe(404);
    expect(stray.json().message).toBe(M.notInTest);
    expect(
      (
        await as(mineCookie, 'PUT', `/api/student/attempts/${attempt.id}/answers/${q.short}`, {
          answer: 'x'.repeat(2_001),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await as(mineCookie, 'PUT', `/api/student/attempts/${attempt.id}/answers/${q.short}`, { answer: 'a\u0000b' }))
        .statusCode,
    ).toBe(400);
    const read = (await as(mineCookie, 'GET', `/api/student/attempts/${attempt.id}`)).json().attempt as Attempt;
    expect(read.answers).toEqual({ [q.choice]: 'A' });
  });

  it('holds the deadline against a client that keeps saving after it: 409, nothing stored, submitted by the server', async () => {
    const { attempt } = await sitting();
    expect((await save(attempt.id, q.choice, 'A')).statusCode).toBe(200);
    t.clock.advance(2 * 60 + 1);
    const late = await save(attempt.id, q.short, '0.75');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.timeUp);
    const stored = await t.db
      .select()
      .from(testAttemptAnswers)
      .where(and(eq(testAttemptAnswers.attemptId, attempt.id), eq(testAttemptAnswers.questionId, q.short)));
    expect(stored).toHaveLength(0);
    const read = (await as(mineCookie, 'GET', `/api/student/attempts/${attempt.id}`)).json().attempt as Attempt;
    expect(read).toMatchObject({ submittedBy: 'server', submittedAt: attempt.deadline, released: true });
    expect(read.score).toEqual({ marks: 2, maxMarks: 7, percentage: 28.6, scaled: 14.29 });
    expect((await save(attempt.id, q.short, '0.75')).json().message).toBe(M.submitted);
  });

  it('submits an abandoned sitting at its deadline with what was saved (the sweep), and scores it', async () => {
    const { testId, attempt } = await sitting();
    await save(attempt.id, q.blanks, '["7", "11"]');
    t.clock.advance(3 * 60);
    // Staff reading the results runs the sweep, whether or not the student ever comes back.
    const results = (await as(admin, 'GET', `/api/tests/${testId}/results`)).json() as TestResults;
    const [row] = await t.db.select().from(testAttempts).where(eq(testAttempts.id, attempt.id));
    expect(row).toMatchObject({ submittedBy: 'server', score: 2 });
    expect(row.submittedAt?.toISOString()).toBe(attempt.deadline);
    expect(results.students.find((s) => s.studentId === mine.id)).toMatchObject({
      status: 'submitted',
      score: { marks: 2, maxMarks: 7 },
    });
  });

  it('scores multiple choice all or nothing, blanks in proportion, and scales to the total marks', async () => {
    const { attempt } = await sitting();
    await save(attempt.id, q.choice, 'A');
    await save(attempt.id, q.blanks, '["7", "9"]');
    await save(attempt.id, q.short, '3/4');
    const response = await as(mineCookie, 'POST', `/api/student/attempts/${attempt.id}/submit`);
    expect(response.statusCode).toBe(200);
    const done = response.json().attempt as Attempt;
    expect(done).toMatchObject({ submittedBy: 'student', released: true });
    expect(done.score).toEqual({ marks: 5, maxMarks: 7, percentage: 71.4, scaled: 35.71 });
    expect(done.results!.map((r) => [r.number, r.awarded, r.answer])).toEqual([
      [1, 2, 'A'],
      [2, 2, '["7", "9"]'],
      [3, 1, '3/4'],
    ]);
    expect(done.results![2]).toMatchObject({ correctAnswer: { a1: ['0.75'] }, solution: 'Divide 3 by 4.' });
    expect((await as(mineCookie, 'POST', `/api/student/attempts/${attempt.id}/submit`)).json().message).toBe(
      M.submitted,
    );
  });

  it('checks an answer again at submission when its question was corrected after it was saved', async () => {
    const { attempt } = await sitting();
    await save(attempt.id, q.short, '0.75');
    await save(attempt.id, q.choice, 'A');
    t.clock.advance(1);
    await t.db
      .update(questions)
      .set({ answer: { a1: ['0.5'] }, updatedAt: t.clock.now() })
      .where(eq(questions.id, q.short));
    try {
      const done = (await as(mineCookie, 'POST', `/api/student/attempts/${attempt.id}/submit`)).json()
        .attempt as Attempt;
      expect(done.results!.map((r) => [r.number, r.awarded])).toEqual([
        [1, 2],
        [2, 0],
        [3, 0],
      ]);
      expect(done.score).toMatchObject({ marks: 2, maxMarks: 7 });
    } finally {
      await t.db
        .update(questions)
        .set({ answer: { a1: ['0.75'] } })
        .where(eq(questions.id, q.short));
    }
  });

  it('keeps a stored score when the question changes afterwards', async () => {
    const { attempt } = await sitting();
    await save(attempt.id, q.short, '0.75');
    await as(mineCookie, 'POST', `/api/student/attempts/${attempt.id}/submit`);
    await t.db
      .update(questions)
      .set({ answer: { a1: ['0.5'] } })
      .where(eq(questions.id, q.short));
    try {
      const read = (await as(mineCookie, 'GET', `/api/student/attempts/${attempt.id}`)).json().attempt as Attempt;
      expect(read.score!.marks).toBe(1);
    } finally {
      await t.db
        .update(questions)
        .set({ answer: { a1: ['0.75'] } })
        .where(eq(questions.id, q.short));
    }
  });

  it("re-scores only when staff ask: against the corrected question, by the test's author or an admin", async () => {
    const { testId, attempt } = await sitting();
    // The teacher's own test (made through the admin's session above).
    await t.db.update(tests).set({ createdBy: teacherUser.id }).where(eq(tests.id, testId));
    await save(attempt.id, q.short, '0.75');
    await as(mineCookie, 'POST', `/api/student/attempts/${attempt.id}/submit`);
    const marks = async () =>
      ((await as(mineCookie, 'GET', `/api/student/attempts/${attempt.id}`)).json().attempt as Attempt).score!.marks;
    await t.db
      .update(questions)
      .set({ answer: { a1: ['0.5'] } })
      .where(eq(questions.id, q.short));
    try {
      const stranger = await signIn(t.app, await buildTeacher(t.db));
      const none = await as(stranger, 'POST', `/api/tests/${testId}/rescore`);
      expect(none.statusCode).toBe(403);
      expect(none.json().message).toBe(TEST_MESSAGES.rescoreNotYours);
      expect(await marks()).toBe(1);
      const rescored = await as(teacher, 'POST', `/api/tests/${testId}/rescore`);
      expect(rescored.statusCode).toBe(200);
      expect(rescored.json()).toEqual({
        message: 'Re-scored 1 submitted test: 1 score changed',
        rescored: 1,
        changed: 1,
        disagreeing: [],
      });
      expect(await marks()).toBe(0);
      const [stored] = await t.db
        .select()
        .from(testAttemptAnswers)
        .where(and(eq(testAttemptAnswers.attemptId, attempt.id), eq(testAttemptAnswers.questionId, q.short)));
      expect(stored.awarded).toBe(0);
      expect((await as(admin, 'POST', `/api/tests/${testId}/rescore`)).json().message).toBe(
        'Re-scored 1 submitted test: no score changed',
      );
    } finally {
      await t.db
        .update(questions)
        .set({ answer: { a1: ['0.75'] } })
        .where(eq(questions.id, q.short));
    }
    expect((await as(admin, 'POST', `/api/tests/${testId}/rescore`)).json().changed).toBe(1);
    expect(await marks()).toBe(1);
    expect((await as(admin, 'POST', '/api/tests/00000000-0000-4000-8000-000000000000/rescore')).statusCode).toBe(404);
  });

  it('shows nothing of the result before a manual release: no score, no verdicts, no answers, no solutions', async () => {
    const { testId, attempt } = await sitting({}, { release: 'manual' });
    await save(attempt.id, q.short, '0.75');
    const submitted = (await as(mineCookie, 'POST', `/api/student/attempts/${attempt.id}/submit`)).json()
      .attempt as Attempt;
    expect(submitted.released).toBe(false);
    expect(submitted.score).toBeUndefined();
    expect(JSON.stringify(submitted)).not.toMatch(/"awarded"|"correctAnswer"|"solution"|Divide 3 by 4/);
    expect((await myTests()).find((x) => x.testId === testId)!.score).toBeUndefined();

    const before = (await as(teacher, 'GET', `/api/tests/${testId}/results`)).json() as TestResults;
    expect(before.awaitingRelease).toBe(1);
    expect(before.students[0]).toMatchObject({ status: 'submitted', released: false, score: { marks: 1 } });
    const released = await as(teacher, 'POST', `/api/tests/${testId}/release`);
    expect(released.json()).toEqual({ message: M.released, released: 1 });

    const after = (await as(mineCookie, 'GET', `/api/student/attempts/${attempt.id}`)).json().attempt as Attempt;
    expect(after.released).toBe(true);
    expect(after.results![2].solution).toBe('Divide 3 by 4.');
    expect((await myTests()).find((x) => x.testId === testId)!.score).toMatchObject({ marks: 1, maxMarks: 7 });
  });

  it('opens and closes with the window: no start before it opens or after it closes; the close caps the deadline', async () => {
    const testId = await makeTest();
    const now = t.clock.now().getTime();
    await give(testId, {
      opensAt: new Date(now + 3_600_000).toISOString(),
      closesAt: new Date(now + 3_660_000).toISOString(),
    });
    const listed = (await myTests()).find((x) => x.testId === testId)!;
    const early = await as(mineCookie, 'POST', `/api/student/tests/${listed.assignmentId}/start`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.notOpenYet);
    t.clock.advance(3_600 + 30);
    const capped = await start(listed.assignmentId);
    expect(capped.deadline).toBe(new Date(now + 3_660_000).toISOString());

    const closedTest = await makeTest();
    await give(closedTest, { closesAt: new Date(t.clock.now().getTime() - 1000).toISOString() });
    const closed = (await myTests()).find((x) => x.testId === closedTest)!;
    const late = await as(mineCookie, 'POST', `/api/student/tests/${closed.assignmentId}/start`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.closed);
  });

  it("counts the dashboard's Assignments due: open (or windowless) and unsubmitted, as the clock opens and closes windows", async () => {
    // A student of their own: the clock moves here, and other tests' windows would move their count.
    const learner = await buildStudent(t.db);
    const cookie = await signIn(t.app, learner);
    const due = async () => (await as(cookie, 'GET', '/api/student/stats')).json().assignmentsDue as number;
    const giveTo = (testId: string, body: Record<string, unknown> = {}) =>
      give(testId, { studentIds: [learner.id], ...body });
    expect(await due()).toBe(0);
    const now = t.clock.now().getTime();
    await giveTo(await makeTest(), { opensAt: new Date(now + 3_600_000).toISOString() });
    await giveTo(await makeTest(), { closesAt: new Date(now - 1000).toISOString() });
    await giveTo(await makeTest(), { closesAt: new Date(now + 7_200_000).toISOString() });
    expect(await due()).toBe(1);
    const open = await makeTest();
    await giveTo(open);
    expect(await due()).toBe(2);
    const assignmentId = (await myTests(cookie)).find((x) => x.testId === open)!.assignmentId;
    const sat = await start(assignmentId, cookie);
    expect(await due()).toBe(2);
    expect((await as(cookie, 'POST', `/api/student/attempts/${sat.id}/submit`)).statusCode).toBe(200);
    expect(await due()).toBe(1);
    // Nothing is written as time passes: the first window opens, then the third closes.
    t.clock.advance(3_600);
    expect(await due()).toBe(2);
    t.clock.advance(3_600);
    expect(await due()).toBe(1);
  });

  it('counts Pending Reviews: submitted sittings awaiting a manual release, a teacher only their own students', async () => {
    const pending = async (cookie: string) =>
      (await as(cookie, 'GET', '/api/tests/pending-reviews')).json().count as number;
    const onDashboard = async () =>
      (await as(teacher, 'GET', '/api/teacher/dashboard')).json().pendingReviews as number;
    const [adminBefore, teacherBefore] = [await pending(admin), await pending(teacher)];
    const testId = await makeTest();
    await give(testId, { studentIds: [mine.id, other.id], release: 'manual' });
    for (const cookie of [mineCookie, otherCookie]) {
      const sat = await start((await myTests(cookie)).find((x) => x.testId === testId)!.assignmentId, cookie);
      expect((await as(cookie, 'POST', `/api/student/attempts/${sat.id}/submit`)).statusCode).toBe(200);
    }
    expect(await pending(admin)).toBe(adminBefore + 2);
    expect(await pending(teacher)).toBe(teacherBefore + 1);
    // The teacher's dashboard says the same.
    expect(await onDashboard()).toBe(teacherBefore + 1);
    expect((await as(admin, 'POST', `/api/tests/${testId}/release`)).statusCode).toBe(200);
    expect(await pending(admin)).toBe(adminBefore);
    expect(await pending(teacher)).toBe(teacherBefore);
    expect(await onDashboard()).toBe(teacherBefore);
  });

  it('reports per-question and per-focus-area figures to staff, and only their own students to a teacher', async () => {
    const testId = await makeTest();
    await give(testId, { studentIds: [mine.id, other.id] });
    for (const [cookie, answer] of [
      [mineCookie, 'A'],
      [otherCookie, 'B'],
    ] as const) {
      const assignmentId = (await myTests(cookie)).find((x) => x.testId === testId)!.assignmentId;
      const sat = await start(assignmentId, cookie);
      await save(sat.id, q.choice, answer, cookie);
      await as(cookie, 'POST', `/api/student/attempts/${sat.id}/submit`);
    }
    const all = (await as(admin, 'GET', `/api/tests/${testId}/results`)).json() as TestResults;
    expect(all.students).toHaveLength(2);
    expect(all.questions.map((x) => x.percentCorrect)).toEqual([50, 0, 0]);
    expect(all.test.maxMarks).toBe(7);
    // Computation: 2 of 4 marks over the two sittings; Reasoning: 0 of 10. Weakest first.
    expect(all.focusAreas).toEqual([
      { name: 'Reasoning', averagePercent: 0 },
      { name: 'Computation', averagePercent: 50 },
    ]);
    const teachers = (await as(teacher, 'GET', `/api/tests/${testId}/results`)).json() as TestResults;
    expect(teachers.students.map((s) => s.studentId)).toEqual([mine.id]);
    expect((await as(admin, 'GET', `/api/tests/${crypto.randomUUID()}/results`)).statusCode).toBe(404);
  });
});

describe('GET /api/parent/children/{id}/tests', () => {
  it("lists a child's released results, newest first, and nothing unreleased, unsubmitted or of another parent's child", async () => {
    const parent = await buildUser(t.db, 'parent');
    const stranger = await buildUser(t.db, 'parent');
    await t.db.insert(parentStudents).values({ parentId: parent.id, studentId: mine.id });
    const [parentCookie, strangerCookie] = await Promise.all([signIn(t.app, parent), signIn(t.app, stranger)]);
    const results = async (childId: string, cookie = parentCookie) => {
      const response = await as(cookie, 'GET', `/api/parent/children/${childId}/tests`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().results as ChildTestResult[];
    };
    const before = (await results(mine.id)).length;

    const released = await sitting({ name: 'Released for the parent' });
    await save(released.attempt.id, q.short, '0.75');
    expect((await as(mineCookie, 'POST', `/api/student/attempts/${released.attempt.id}/submit`)).statusCode).toBe(200);
    const held = await sitting({ name: 'Held for release' }, { release: 'manual' });
    expect((await as(mineCookie, 'POST', `/api/student/attempts/${held.attempt.id}/submit`)).statusCode).toBe(200);
    await sitting({ name: 'Still being sat' });

    const listed = await results(mine.id);
    expect(listed).toHaveLength(before + 1);
    expect(listed[0]).toMatchObject({
      testId: released.testId,
      name: 'Released for the parent',
      type: 'assessment',
      score: { marks: 1, maxMarks: 7, scaled: 7.14 },
    });
    expect(JSON.stringify(listed)).not.toMatch(/Held for release|Still being sat|"answer"|"solution"/);

    // Released by staff: it appears, the newest first.
    expect((await as(admin, 'POST', `/api/tests/${held.testId}/release`)).statusCode).toBe(200);
    const afterRelease = await results(mine.id);
    expect(afterRelease.map((x) => x.name).slice(0, 2)).toEqual(['Held for release', 'Released for the parent']);

    // Not this parent's child, or no child at all: 404 with the dashboard's message.
    for (const [cookie, id] of [
      [strangerCookie, mine.id],
      [parentCookie, other.id],
      [parentCookie, 'not-an-id'],
    ] as const) {
      const refused = await as(cookie, 'GET', `/api/parent/children/${id}/tests`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(DASHBOARD_MESSAGES.childNotFound);
    }
  });
});

/** A new test given to a learner, sat with its choice question answered wrong (the others left) and submitted. */
async function submittedWrong(learner: TestUser, cookie: string): Promise<Attempt> {
  const testId = await makeTest();
  expect((await give(testId, { studentIds: [learner.id] })).statusCode).toBe(200);
  const sat = await start((await myTests(cookie)).find((x) => x.testId === testId)!.assignmentId, cookie);
  await save(sat.id, q.choice, 'B', cookie);
  expect((await as(cookie, 'POST', `/api/student/attempts/${sat.id}/submit`)).statusCode).toBe(200);
  return sat;
}

describe('POST /api/student/attempts/{attemptId}/practice', () => {
  it('gives up to 10 unmet questions of the two weakest focus areas at the grade, the same set when asked again, checkable with their solution', async () => {
    // A grade-6 learner: the weak spots' focus areas have no skill (no grade band), so only grade-6 questions fit.
    const learner = await buildStudent(t.db, { grade: '6' });
    const cookie = await signIn(t.app, learner);
    const [modeling] = await t.db.insert(focusAreas).values({ name: 'Modeling' }).returning();
    const bank = async (n: number, focusId: string, grade = 6) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++)
        ids.push(
          (await buildQuestion(t.db, { questionText: `Practice question ${focusId.slice(0, 4)} ${i}`, grade })).id,
        );
      await t.db.insert(questionFocus).values(ids.map((questionId) => ({ questionId, focusId })));
      return ids;
    };
    const computation = await bank(3, focusIds[0]);
    const reasoning = await bank(12, focusIds[1]);
    const modelingIds = await bank(2, modeling.id);
    const offGrade = [...(await bank(3, focusIds[0], 5)), ...(await bank(3, focusIds[1], 7))];
    // A question the learner already checked is not offered again.
    await t.db
      .insert(answerAttempts)
      .values({ studentId: learner.id, questionId: reasoning[0], answer: { studentAnswer: 'B' }, isCorrect: false });

    const sat = await submittedWrong(learner, cookie);

    const asked = await as(cookie, 'POST', `/api/student/attempts/${sat.id}/practice`);
    expect(asked.statusCode, asked.body).toBe(200);
    const practice = asked.json() as PracticeSet;
    // Both areas scored 0%: the tie goes by name.
    expect(practice.focusAreas).toEqual(['Computation', 'Reasoning']);
    const ids = practice.questions.map((x) => x.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    const eligible = new Set([...computation, ...reasoning.slice(1)]);
    expect(ids.every((id) => eligible.has(id))).toBe(true);
    expect(
      ids.some((id) => [q.choice, q.blanks, q.short, reasoning[0], ...modelingIds, ...offGrade].includes(id)),
    ).toBe(false);
    expect(JSON.stringify(practice)).not.toMatch(/"answer"|"solution"/);

    // Asked again (a reload, another device): the same questions in the same order.
    expect(
      ((await as(cookie, 'POST', `/api/student/attempts/${sat.id}/practice`)).json() as PracticeSet).questions.map(
        (x) => x.id,
      ),
    ).toEqual(ids);

    // Checked like any exercise, stored without a section; the solution once answered; a question not given is 404.
    const first = ids[0];
    expect((await as(cookie, 'GET', `/api/questions/${first}/solution`)).statusCode).toBe(403);
    const checked = await as(cookie, 'POST', '/api/questions/check-answer', { questionId: first, studentAnswer: 'A' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().result.isCorrect).toBe(true);
    const solution = await as(cookie, 'GET', `/api/questions/${first}/solution`);
    expect(solution.statusCode).toBe(200);
    expect(solution.json().solution).toContain('Write both with denominator 4');
    const notGiven = [...eligible].find((id) => !ids.includes(id))!;
    expect(
      (await as(cookie, 'POST', '/api/questions/check-answer', { questionId: notGiven, studentAnswer: 'A' }))
        .statusCode,
    ).toBe(404);
    const stats = await as(cookie, 'GET', '/api/student/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({ questionsSolved: 1 });
    const stored = await t.db
      .select()
      .from(answerAttempts)
      .where(and(eq(answerAttempts.studentId, learner.id), eq(answerAttempts.questionId, first)));
    expect(stored.map((a) => a.sectionId)).toEqual([null]);
  });

  it("waits for the release (409), hides another student's sitting (404), and offers nothing once every area was right", async () => {
    const held = await sitting({}, { release: 'manual' });
    expect((await as(mineCookie, 'POST', `/api/student/attempts/${held.attempt.id}/submit`)).statusCode).toBe(200);
    const early = await as(mineCookie, 'POST', `/api/student/attempts/${held.attempt.id}/practice`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.practiceNotYet);
    expect((await as(otherCookie, 'POST', `/api/student/attempts/${held.attempt.id}/practice`)).statusCode).toBe(404);

    const perfect = await sitting();
    await save(perfect.attempt.id, q.choice, 'A');
    await save(perfect.attempt.id, q.blanks, JSON.stringify(['7', '10']));
    await save(perfect.attempt.id, q.short, '0.75');
    expect((await as(mineCookie, 'POST', `/api/student/attempts/${perfect.attempt.id}/submit`)).statusCode).toBe(200);
    const none = await as(mineCookie, 'POST', `/api/student/attempts/${perfect.attempt.id}/practice`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ focusAreas: [], questions: [], message: null });
  });

  it('tells a student without a grade why no questions could be matched, and keeps no set for them', async () => {
    const learner = await buildStudent(t.db, { grade: '' });
    const cookie = await signIn(t.app, learner);
    const sat = await submittedWrong(learner, cookie);

    const asked = await as(cookie, 'POST', `/api/student/attempts/${sat.id}/practice`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      focusAreas: ['Computation', 'Reasoning'],
      questions: [],
      message: PRACTICE_MESSAGES.noGradeWeakSpots,
    });
    // Nothing was kept: once the grade is set, asking again draws the questions.
    expect(await t.db.select().from(practiceSessions).where(eq(practiceSessions.attemptId, sat.id))).toEqual([]);
    await t.db.update(profiles).set({ gradeLevel: '6' }).where(eq(profiles.userId, learner.id));
    const again = await as(cookie, 'POST', `/api/student/attempts/${sat.id}/practice`);
    expect(again.json().message).toBeNull();
    expect(again.json().questions.length).toBeGreaterThan(0);
  });
});

describe("a test's questions are not practice while the test is open", () => {
  /** A learner with a section open whose exercises are the test's three questions, each answered twice wrong before the test. */
  async function learnerWithExercises() {
    const learner = await buildStudent(t.db);
    const cookie = await signIn(t.app, learner);
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    const sectionId = course.units[0].sections[0].id;
    await as(admin, 'POST', '/api/admin/assign-course', { studentId: learner.id, courseId: course.id });
    await as(admin, 'POST', '/api/admin/assign-unit', {
      studentId: learner.id,
      unitId: course.units[0].id,
      withSections: true,
    });
    expect(
      (
        await as(admin, 'POST', '/api/questions/assign-to-section', {
          sectionId,
          questionIds: [q.choice, q.blanks, q.short],
        })
      ).statusCode,
    ).toBe(200);
    return { learner, cookie, sectionId };
  }

  it('refuses check-answer, the worked solution and the questions batch for the questions of an open sitting, and allows them again once submitted', async () => {
    const { learner, cookie, sectionId } = await learnerWithExercises();
    // Before the test: practice as usual (and warm every kept view and memo the refusal must not be hidden behind).
    expect(
      (await as(cookie, 'POST', '/api/questions/check-answer', { questionId: q.choice, studentAnswer: 'B', sectionId }))
        .statusCode,
    ).toBe(200);
    expect(
      (await as(cookie, 'POST', '/api/questions/check-answer', { questionId: q.choice, studentAnswer: 'C', sectionId }))
        .statusCode,
    ).toBe(200);
    expect((await as(cookie, 'GET', `/api/questions/${q.choice}/solution`)).statusCode).toBe(200);
    expect((await as(cookie, 'POST', '/api/questions/batch', { questionIds: [q.choice, q.short] })).statusCode).toBe(
      200,
    );

    const testId = await makeTest();
    expect((await give(testId, { studentIds: [learner.id] })).statusCode).toBe(200);
    const sat = await start((await myTests(cookie)).find((x) => x.testId === testId)!.assignmentId, cookie);

    const checked = await as(cookie, 'POST', '/api/questions/check-answer', {
      questionId: q.short,
      studentAnswer: '0.75',
      sectionId,
    });
    expect(checked.statusCode).toBe(403);
    expect(checked.json().message).toBe(LEARNING_MESSAGES.inOpenTest);
    const solution = await as(cookie, 'GET', `/api/questions/${q.choice}/solution`);
    expect(solution.statusCode).toBe(403);
    expect(solution.json().message).toBe(LEARNING_MESSAGES.inOpenTest);
    const batch = await as(cookie, 'POST', '/api/questions/batch', { questionIds: [q.choice, q.short] });
    expect(batch.statusCode).toBe(403);
    expect(batch.json().message).toBe(LEARNING_MESSAGES.someInOpenTest);
    expect(JSON.stringify(batch.json())).not.toContain('Divide 3 by 4');
    // Nothing was stored for the refused check.
    const stored = await t.db
      .select()
      .from(answerAttempts)
      .where(and(eq(answerAttempts.studentId, learner.id), eq(answerAttempts.questionId, q.short)));
    expect(stored).toEqual([]);
    // Another student with the same section and no test open is not affected.
    expect(
      (await as(admin, 'POST', '/api/questions/check-answer', { questionId: q.short, studentAnswer: '0.75' }))
        .statusCode,
    ).toBe(200);

    expect((await as(cookie, 'POST', `/api/student/attempts/${sat.id}/submit`)).statusCode).toBe(200);
    expect(
      (
        await as(cookie, 'POST', '/api/questions/check-answer', {
          questionId: q.short,
          studentAnswer: '0.75',
          sectionId,
        })
      ).statusCode,
    ).toBe(200);
    expect((await as(cookie, 'GET', `/api/questions/${q.choice}/solution`)).statusCode).toBe(200);
    expect((await as(cookie, 'POST', '/api/questions/batch', { questionIds: [q.choice, q.short] })).statusCode).toBe(
      200,
    );
  });

  it('refuses a question given to practice while a test holding it is open', async () => {
    const learner = await buildStudent(t.db);
    const cookie = await signIn(t.app, learner);
    const earlier = await makeTest();
    expect((await give(earlier, { studentIds: [learner.id] })).statusCode).toBe(200);
    const first = await start((await myTests(cookie)).find((x) => x.testId === earlier)!.assignmentId, cookie);
    expect((await as(cookie, 'POST', `/api/student/attempts/${first.id}/submit`)).statusCode).toBe(200);
    // Given to practice (straight into the table: the practice set is made by the rule tested below).
    const given = await buildQuestion(t.db, { questionText: 'Given to practice, later on a test' });
    await t.db
      .insert(practiceQuestions)
      .values({ studentId: learner.id, questionId: given.id, attemptId: first.id, position: 1 });
    expect(
      (await as(cookie, 'POST', '/api/questions/check-answer', { questionId: given.id, studentAnswer: 'B' }))
        .statusCode,
    ).toBe(200);

    const later = await makeTest({ questions: [{ questionId: given.id, order: 1, marks: 1 }] });
    expect((await give(later, { studentIds: [learner.id] })).statusCode).toBe(200);
    await start((await myTests(cookie)).find((x) => x.testId === later)!.assignmentId, cookie);
    const refused = await as(cookie, 'POST', '/api/questions/check-answer', {
      questionId: given.id,
      studentAnswer: 'A',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LEARNING_MESSAGES.inOpenTest);
    expect((await as(cookie, 'GET', `/api/questions/${given.id}/solution`)).statusCode).toBe(403);
  });

  it('gives no question of a test whose results some student still waits for as weak-spot practice', async () => {
    const learner = await buildStudent(t.db);
    const classmate = await buildStudent(t.db);
    const cookie = await signIn(t.app, learner);
    const [area] = await t.db.insert(focusAreas).values({ name: 'Estimation' }).returning();
    const bankOf = async (n: number, label: string) => {
      const ids: string[] = [];
      // The learner's grade (6): practice is matched to it.
      for (let i = 0; i < n; i++) ids.push((await buildQuestion(t.db, { questionText: `${label} ${i}`, grade: 6 })).id);
      await t.db.insert(questionFocus).values(ids.map((questionId) => ({ questionId, focusId: area.id })));
      return ids;
    };
    const free = await bankOf(2, 'Estimation practice');
    const notYetSat = await bankOf(2, 'Estimation on a test the learner has not started');
    const awaitingRelease = await bankOf(2, "Estimation on a classmate's test awaiting release");
    const released = await bankOf(2, 'Estimation on a released test');
    const upcoming = await makeTest({
      questions: notYetSat.map((questionId, i) => ({ questionId, order: i + 1, marks: 1 })),
    });
    expect((await give(upcoming, { studentIds: [learner.id] })).statusCode).toBe(200);
    const held = await makeTest({
      questions: awaitingRelease.map((questionId, i) => ({ questionId, order: i + 1, marks: 1 })),
    });
    expect((await give(held, { studentIds: [classmate.id], release: 'manual' })).statusCode).toBe(200);
    const classmateCookie = await signIn(t.app, classmate);
    const heldSitting = await start(
      (await myTests(classmateCookie)).find((x) => x.testId === held)!.assignmentId,
      classmateCookie,
    );
    expect((await as(classmateCookie, 'POST', `/api/student/attempts/${heldSitting.id}/submit`)).statusCode).toBe(200);
    const done = await makeTest({
      questions: released.map((questionId, i) => ({ questionId, order: i + 1, marks: 1 })),
    });
    expect((await give(done, { studentIds: [classmate.id] })).statusCode).toBe(200);
    const doneSitting = await start(
      (await myTests(classmateCookie)).find((x) => x.testId === done)!.assignmentId,
      classmateCookie,
    );
    expect((await as(classmateCookie, 'POST', `/api/student/attempts/${doneSitting.id}/submit`)).statusCode).toBe(200);

    // The learner's own test, all in Estimation, answered wrong: practice comes from Estimation.
    const own = await makeTest({
      questions: [{ questionId: (await bankOf(1, 'Estimation on the learner test'))[0], order: 1, marks: 1 }],
    });
    expect((await give(own, { studentIds: [learner.id] })).statusCode).toBe(200);
    const sat = await start((await myTests(cookie)).find((x) => x.testId === own)!.assignmentId, cookie);
    expect((await as(cookie, 'POST', `/api/student/attempts/${sat.id}/submit`)).statusCode).toBe(200);
    const practice = await as(cookie, 'POST', `/api/student/attempts/${sat.id}/practice`);
    expect(practice.statusCode, practice.body).toBe(200);
    const ids = (practice.json() as PracticeSet).questions.map((x) => x.id).sort();
    expect(ids).toEqual([...free, ...released].sort());
  });
});

describe('a full sitting', () => {
  it('submits 200 hard answers within a budget: each answer is checked when saved, so the submission only adds up', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      ids.push(
        (
          await buildQuestion(t.db, {
            type: 'Calculation',
            questionText: `Q${i}`,
            options: {},
            answer: { a1: ['x^2+2x+1'] },
            solution: '',
          })
        ).id,
      );
    }
    const { attempt } = await sitting({
      timeLimit: null,
      questions: ids.map((questionId, i) => ({ questionId, order: i + 1, marks: 1 })),
    });
    // Answers of a slow kind for the checker (about 30 ms each against an expression), near the longest a sitting
    // takes; the first is right.
    const hard = (i: number) => (i === 0 ? '(x+1)^2' : `${'1+'.repeat(990)}${i}`);
    for (let i = 0; i < ids.length; i++) expect((await save(attempt.id, ids[i], hard(i))).statusCode).toBe(200);

    const cpu = process.cpuUsage();
    const started = performance.now();
    const response = await as(mineCookie, 'POST', `/api/student/attempts/${attempt.id}/submit`);
    const ms = performance.now() - started;
    const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
    expect(response.statusCode).toBe(200);
    expect(response.json().attempt.score).toMatchObject({ marks: 1, maxMarks: 200 });
    process.stdout.write(`submitting a 200-answer sitting: ${ms.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of CPU\n`);
    // Before, the submission checked all 200 answers itself: 599 ms of CPU (1.7 s) inside the request; now 93 ms.
    expect(cpuMs).toBeLessThan(300);
  }, 300_000);
});

describe('saving answers', () => {
  it('is limited per student, since each save runs the answer checker', async () => {
    const student = await buildStudent(t.db);
    const cookie = await signIn(t.app, student);
    // Two saves short of the hour's limit (the test app multiplies limits by 100).
    await t.db
      .insert(rateLimits)
      .values({ key: `test-save:user:${student.id}`, windowStart: t.clock.now(), count: SAVES_PER_HOUR * 100 - 2 });
    const url = `/api/student/attempts/${randomUUID()}/answers/${randomUUID()}`;
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(t.app, cookie, { method: 'PUT', url, payload: { answer: '1' } })).statusCode);
    expect(statuses).toEqual([404, 404, 429]);
    const refused = await call(t.app, cookie, { method: 'PUT', url, payload: { answer: '1' } });
    expect(refused.json().message).toBe(M.tooManySaves);
    // Another student's saves are counted apart.
    expect((await call(t.app, otherCookie, { method: 'PUT', url, payload: { answer: '1' } })).statusCode).toBe(404);
  });
});
