/**
 * A sitting's "only one" rules under simultaneous requests: one sitting per assignment however many starts arrive
 * at once, one submission however many submits, and no answer stored after the submission that scored it. Always
 * on PostgreSQL: PGlite runs one statement at a time, so the requests never overlap there and these tests would
 * pass whatever the locking does.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TAKING_MESSAGES as M } from '../../../common/rules/test-taking';
import { testAttemptAnswers, testAttempts } from '../../db/schema';
import { buildAdmin, buildQuestion, buildStudent, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let studentId: string;
let student: string;
let questionIds: string[];

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  const s = await buildStudent(t.db);
  studentId = s.id;
  [admin, student] = [await signIn(t.app, await buildAdmin(t.db)), await signIn(t.app, s)];
  questionIds = [];
  for (let i = 0; i < 6; i++) questionIds.push((await buildQuestion(t.db)).id);
});
afterAll(() => t.close());

const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t.app, cookie, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });

/** A new test of the six questions (a mark each), given to the student: the given test's id. */
async function givenTest(): Promise<string> {
  const made = await as(admin, 'POST', '/tests', {
    name: 'Race test',
    type: 'assessment',
    description: '',
    instructions: '',
    timeLimit: 30,
    totalMarks: 6,
    testCode: '',
    questions: questionIds.map((questionId, i) => ({ questionId, order: i + 1, marks: 1 })),
  });
  expect(made.statusCode, made.body).toBe(201);
  const testId = made.json().test.id;
  expect((await as(admin, 'POST', `/tests/${testId}/assign`, { studentIds: [studentId] })).statusCode).toBe(200);
  const listed = (await as(student, 'GET', '/student/tests')).json().tests as Array<{
    testId: string;
    assignmentId: string;
  }>;
  return listed.find((x) => x.testId === testId)!.assignmentId;
}

describe('a sitting under simultaneous requests', () => {
  it('starts one sitting for ten starts at once, and every start answers with it', async () => {
    const assignmentId = await givenTest();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => as(student, 'POST', `/student/tests/${assignmentId}/start`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().attempt.id)).size).toBe(1);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(testAttempts)
      .where(eq(testAttempts.assignmentId, assignmentId));
    expect(n).toBe(1);
  });

  it('submits once for ten submits at once: one is taken, the others told it was submitted already', async () => {
    const assignmentId = await givenTest();
    const attempt = (await as(student, 'POST', `/student/tests/${assignmentId}/start`)).json().attempt;
    expect(
      (await as(student, 'PUT', `/student/attempts/${attempt.id}/answers/${questionIds[0]}`, { answer: 'A' }))
        .statusCode,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => as(student, 'POST', `/student/attempts/${attempt.id}/submit`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => [a.statusCode, a.json().message])).toEqual(Array(9).fill([409, M.submitted]));
  });

  it('stores no answer after the submission: every answer saved alongside it is scored, or refused', async () => {
    for (let round = 0; round < 5; round++) {
      const assignmentId = await givenTest();
      const attempt = (await as(student, 'POST', `/student/tests/${assignmentId}/start`)).json().attempt;
      const saves = questionIds.map((id) =>
        as(student, 'PUT', `/student/attempts/${attempt.id}/answers/${id}`, { answer: 'A' }),
      );
      const [submitted, ...saved] = await Promise.all([
        as(student, 'POST', `/student/attempts/${attempt.id}/submit`),
        ...saves,
      ]);
      expect(submitted.statusCode, `round ${round}`).toBe(200);
      expect(
        saved.every((s) => s.statusCode === 200 || (s.statusCode === 409 && s.json().message === M.submitted)),
        `round ${round}`,
      ).toBe(true);
      const stored = await t.db.select().from(testAttemptAnswers).where(eq(testAttemptAnswers.attemptId, attempt.id));
      const [sitting] = await t.db.select().from(testAttempts).where(eq(testAttempts.id, attempt.id));
      expect(
        stored.filter((a) => a.awarded === null),
        `round ${round}`,
      ).toEqual([]);
      expect(sitting.score, `round ${round}`).toBe(stored.length);
      expect(stored.length, `round ${round}`).toBe(saved.filter((s) => s.statusCode === 200).length);
    }
  });
});
