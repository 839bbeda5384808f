import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  linkTeacher,
  signIn,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

// Each accepted answer is the root of a 19- to 30-digit prime: once seconds to minutes of trial division per check.
const PRIMES = ['1000000000000000003', '10000000000000000051', '100000000000000000000000000319', '1000000000000000009'];

let t: TestApp;
let student: string;
let questionId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [admin, teacher, s] = await Promise.all([buildAdmin(t.db), buildTeacher(t.db), buildStudent(t.db)]);
  await linkTeacher(t.db, teacher.id, s.id);
  const [adminCookie, teacherCookie] = await Promise.all([signIn(t.app, admin), signIn(t.app, teacher)]);
  student = await signIn(t.app, s);
  const course = await buildCourse(t.db, { units: 1, sections: 1 });
  const question = await buildQuestion(t.db, {
    type: 'Calculation',
    options: {},
    answer: { a1: PRIMES.map((p) => `\\sqrt{${p}}`) },
  });
  questionId = question.id;
  const post = (cookie: string, url: string, payload: object) => call(t.app, cookie, { method: 'POST', url, payload });
  await post(teacherCookie, '/api/teacher/assign-course', { studentId: s.id, courseId: course.id });
  await post(teacherCookie, '/api/teacher/assign-unit', {
    studentId: s.id,
    unitId: course.units[0].id,
    withSections: true,
  });
  await post(adminCookie, '/api/questions/assign-to-section', {
    sectionId: course.units[0].sections[0].id,
    questionIds: [questionId],
  });
});
afterAll(() => t.close());

describe('checking answers against roots of big primes', () => {
  it('answers each check quickly and keeps the server answering others meanwhile', async () => {
    const check = (studentAnswer: string) =>
      call(t.app, student, {
        method: 'POST',
        url: '/api/questions/check-answer',
        payload: { questionId, studentAnswer },
      });
    // Warm the route and the checker up, so the timing below is about the checks themselves.
    expect((await check('1')).statusCode).toBe(200);

    const start = performance.now();
    const checks = [`2\\sqrt{${PRIMES[0]}}`, `\\sqrt{${PRIMES[1]}}`, 'sqrt(10^40+1)', '(2^{4096}+1)^{1/2}'].map(check);
    const health = call(t.app, null, { method: 'GET', url: '/api/health' }).then((response) => ({
      response,
      ms: performance.now() - start,
    }));
    const [answers, healthy] = await Promise.all([Promise.all(checks), health]);

    expect(healthy.response.statusCode).toBe(200);
    expect(healthy.ms).toBeLessThan(1000);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json().result.isCorrect)).toEqual([false, true, false, false]);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
