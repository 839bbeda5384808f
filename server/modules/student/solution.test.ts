import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  signIn,
  type BuiltCourse,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const SOLUTION = 'Write both with denominator 4: $\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$.';

let t: TestApp;
let admin: string;
let teacher: string;
let studentId: string;
let student: string;
let otherStudent: string;
let otherId: string;
let course: BuiltCourse;
const q: Record<'right' | 'wrong' | 'mixed' | 'untried' | 'locked' | 'elsewhere' | 'none', { id: string }> =
  {} as never;

const post = (cookie: string, url: string, payload: object) => call(t.app, cookie, { method: 'POST', url, payload });
const solution = (cookie: string, id: string) =>
  call(t.app, cookie, { method: 'GET', url: `/api/questions/${id}/solution` });
const check = (cookie: string, questionId: string, studentAnswer: string) =>
  post(cookie, '/api/questions/check-answer', { questionId, studentAnswer });

/** Unit 1 with its two sections assigned; section 2.1 exists but is not assigned; another course not at all. */
beforeAll(async () => {
  t = await createTestApp();
  const [a, te, s, other] = await Promise.all([
    buildAdmin(t.db),
    buildTeacher(t.db),
    buildStudent(t.db),
    buildStudent(t.db),
  ]);
  studentId = s.id;
  otherId = other.id;
  [admin, teacher, student, otherStudent] = await Promise.all([
    signIn(t.app, a),
    signIn(t.app, te),
    signIn(t.app, s),
    signIn(t.app, other),
  ]);
  course = await buildCourse(t.db, { units: 2, sections: 1 });
  const elsewhere = await buildCourse(t.db, { units: 1, sections: 1 });
  for (const key of ['right', 'wrong', 'mixed', 'untried', 'locked', 'elsewhere'] as const)
    q[key] = await buildQuestion(t.db);
  q.none = await buildQuestion(t.db, { solution: '' });
  await post(admin, '/api/admin/assign-course', { studentId, courseId: course.id });
  await post(admin, '/api/admin/assign-unit', { studentId, unitId: course.units[0].id, withSections: true });
  await post(admin, '/api/admin/assign-course', { studentId: otherId, courseId: course.id });
  await post(admin, '/api/admin/assign-unit', { studentId: otherId, unitId: course.units[0].id, withSections: true });
  const place = (sectionId: string, questionIds: string[]) =>
    post(admin, '/api/questions/assign-to-section', { sectionId, questionIds });
  await place(course.units[0].sections[0].id, [q.right.id, q.wrong.id, q.mixed.id, q.untried.id, q.none.id]);
  await place(course.units[1].sections[0].id, [q.locked.id]);
  await place(elsewhere.units[0].sections[0].id, [q.elsewhere.id]);
});
afterAll(() => t.close());

describe("a question's worked solution", () => {
  it('is refused before any answer, and after one wrong answer, with the reason', async () => {
    const before = await solution(student, q.untried.id);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe(LEARNING_MESSAGES.solutionNotYet);
    expect((await check(student, q.wrong.id, 'B')).json().result.isCorrect).toBe(false);
    const once = await solution(student, q.wrong.id);
    expect(once.statusCode).toBe(403);
    expect(once.json().message).toBe(LEARNING_MESSAGES.solutionNotYet);
  });

  it('is given right after a correct answer (the attempt written behind the check counts)', async () => {
    expect((await check(student, q.right.id, 'A')).json().result).toEqual({ isCorrect: true, feedback: 'Correct!' });
    const response = await solution(student, q.right.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ solution: SOLUTION });
  });

  it('is given after the second wrong answer, and stays given', async () => {
    expect((await check(student, q.mixed.id, 'C')).json().result.isCorrect).toBe(false);
    expect((await solution(student, q.mixed.id)).statusCode).toBe(403);
    expect((await check(student, q.mixed.id, 'D')).json().result.isCorrect).toBe(false);
    expect((await solution(student, q.mixed.id)).json()).toEqual({ solution: SOLUTION });
    expect((await check(student, q.mixed.id, 'A')).json().result.isCorrect).toBe(true);
    expect((await solution(student, q.mixed.id)).json()).toEqual({ solution: SOLUTION });
  });

  it("counts only the student's own attempts", async () => {
    const response = await solution(otherStudent, q.right.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(LEARNING_MESSAGES.solutionNotYet);
  });

  it('answers an empty solution when the question has none', async () => {
    await check(student, q.none.id, 'A');
    expect((await solution(student, q.none.id)).json()).toEqual({ solution: '' });
  });

  it('answers 404 for unknown, locked and unassigned questions, as for unknown ones, and 400 for a bad id', async () => {
    for (const id of [UNKNOWN, q.locked.id, q.elsewhere.id]) {
      const response = await solution(student, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(LEARNING_MESSAGES.questionNotFound);
    }
    const bad = await solution(student, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/\S/);
  });

  it('is never in the batch, whatever was answered', async () => {
    const batch = await post(student, '/api/questions/batch', { questionIds: [q.right.id, q.mixed.id] });
    expect(batch.statusCode).toBe(200);
    for (const question of batch.json()) {
      expect(question).not.toHaveProperty('solution');
      expect(question).not.toHaveProperty('answer');
    }
    expect(batch.body).not.toContain('denominator 4');
  });

  it('is given to staff for any question, without answering; parents and visitors are refused', async () => {
    for (const cookie of [admin, teacher])
      expect((await solution(cookie, q.locked.id)).json()).toEqual({ solution: SOLUTION });
    expect((await solution(admin, UNKNOWN)).statusCode).toBe(404);
    expect((await solution('', q.right.id)).statusCode).toBe(401);
  });
});
