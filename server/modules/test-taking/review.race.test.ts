/**
 * Overrides of two questions of one sitting saved at the same moment: each save adds up the total under the
 * sitting's row lock, so the stored score counts both overrides, whichever commits last. Always on PostgreSQL:
 * PGlite runs one statement at a time, so the saves would never overlap there.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sittingReviewChanges, testAttempts } from '../../db/schema';
import { buildAdmin, buildQuestion, buildStudent, buildTeacher, linkTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let teacher: string;
let studentId: string;
let student: string;
let questionIds: string[];

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  const s = await buildStudent(t.db);
  const teacherUser = await buildTeacher(t.db);
  await linkTeacher(t.db, teacherUser.id, s.id);
  studentId = s.id;
  [admin, teacher, student] = [
    await signIn(t.app, await buildAdmin(t.db)),
    await signIn(t.app, teacherUser),
    await signIn(t.app, s),
  ];
  questionIds = [(await buildQuestion(t.db)).id, (await buildQuestion(t.db)).id];
});
afterAll(() => t.close());

const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t.app, cookie, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });

/** A submitted sitting of a new test of the two questions (3 marks each), both answered wrong. */
async function submittedSitting(): Promise<{ testId: string; attemptId: string }> {
  const made = await as(admin, 'POST', '/tests', {
    name: 'Review race',
    type: 'assessment',
    description: '',
    instructions: '',
    timeLimit: 30,
    totalMarks: 6,
    testCode: '',
    questions: questionIds.map((questionId, i) => ({ questionId, order: i + 1, marks: 3 })),
  });
  expect(made.statusCode, made.body).toBe(201);
  const testId = made.json().test.id;
  expect((await as(admin, 'POST', `/tests/${testId}/assign`, { studentIds: [studentId] })).statusCode).toBe(200);
  const listed = (await as(student, 'GET', '/student/tests')).json().tests as Array<{
    testId: string;
    assignmentId: string;
  }>;
  const assignmentId = listed.find((x) => x.testId === testId)!.assignmentId;
  const attempt = (await as(student, 'POST', `/student/tests/${assignmentId}/start`)).json().attempt;
  for (const id of questionIds)
    expect(
      (await as(student, 'PUT', `/student/attempts/${attempt.id}/answers/${id}`, { answer: 'B' })).statusCode,
    ).toBe(200);
  expect((await as(student, 'POST', `/student/attempts/${attempt.id}/submit`)).statusCode).toBe(200);
  return { testId, attemptId: attempt.id };
}

describe('overrides saved at once', () => {
  it('leaves the total with both overrides, round after round', async () => {
    for (let round = 0; round < 5; round++) {
      const { testId, attemptId } = await submittedSitting();
      const url = `/tests/${testId}/sittings/${attemptId}`;
      const saves = await Promise.all([
        as(teacher, 'PUT', url, {
          questions: [{ questionId: questionIds[0], overrideMarks: 2.5, overrideReason: 'Partly right' }],
        }),
        as(admin, 'PUT', url, {
          questions: [{ questionId: questionIds[1], overrideMarks: 1, overrideReason: 'Method shown' }],
        }),
      ]);
      expect(
        saves.map((s) => s.statusCode),
        `round ${round}`,
      ).toEqual([200, 200]);
      const [stored] = await t.db.select().from(testAttempts).where(eq(testAttempts.id, attemptId));
      expect(stored.score, `round ${round}`).toBe(3.5);
      const changes = await t.db
        .select()
        .from(sittingReviewChanges)
        .where(eq(sittingReviewChanges.attemptId, attemptId));
      expect(changes, `round ${round}`).toHaveLength(2);
    }
  });
});
