/**
 * Joining a class is one membership however many joins arrive at once, and a student joining while the class is
 * given a test gets the test either way. Always on PostgreSQL: PGlite runs one statement at a time, so two requests
 * never overlap there and a lost test could not show.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../../common/rules/classes';
import { classStudents, testAssignments, testQuestions } from '../../db/schema';
import { buildQuestion, buildSavedTest, buildStudent, buildTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  teacher = await signIn(t.app, await buildTeacher(t.db));
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object) => call(t.app, cookie, { method: 'POST', url, payload });

async function newClass() {
  const response = await post(teacher, '/api/classes', { name: 'Race class' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().class as { id: string; joinCode: string };
}

describe('joining a class at once', () => {
  it('one join of a student succeeds, the others are told they are already in it', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const made = await newClass();
      const student = await buildStudent(t.db);
      // A session per request, as from several tabs or devices.
      const cookies = await Promise.all(Array.from({ length: 6 }, () => signIn(t.app, student)));
      const answers = await Promise.all(
        cookies.map((cookie) => post(cookie, '/api/student/classes/join', { code: made.joinCode })),
      );
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join(' ')).toEqual([
        200, 409, 409, 409, 409, 409,
      ]);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json().message).toBe(CLASS_MESSAGES.alreadyMember);
      const rows = await t.db
        .select()
        .from(classStudents)
        .where(and(eq(classStudents.classId, made.id), eq(classStudents.studentId, student.id)));
      expect(rows).toHaveLength(1);
    }
  });

  it('students joining while a test is given to the class all get the test', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const made = await newClass();
      const test = await buildSavedTest(t.db);
      const question = await buildQuestion(t.db);
      await t.db.insert(testQuestions).values({ testId: test.id, questionId: question.id, position: 1 });
      const students = await Promise.all(Array.from({ length: 5 }, () => buildStudent(t.db)));
      const cookies = await Promise.all(students.map((s) => signIn(t.app, s)));
      const answers = await Promise.all([
        post(teacher, `/api/classes/${made.id}/tests`, { testId: test.id }),
        ...cookies.map((cookie) => post(cookie, '/api/student/classes/join', { code: made.joinCode })),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const given = await t.db
        .select({ studentId: testAssignments.studentId })
        .from(testAssignments)
        .where(and(eq(testAssignments.testId, test.id), eq(testAssignments.classId, made.id)));
      expect(given.map((g) => g.studentId).sort()).toEqual(students.map((s) => s.id).sort());
    }
  });
});
