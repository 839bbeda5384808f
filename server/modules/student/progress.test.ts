import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import { answerAttempts } from '../../db/schema';
import { buildAdmin, buildCourse, buildQuestion, buildStudent, signIn, type BuiltCourse } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

/** Grades that reward learning: solved questions, the try that solved them, first-try accuracy, progress. */
let t: TestApp;
let admin: string;
let student: string;
let studentId: string;
let course: BuiltCourse;
const q: Array<{ id: string }> = [];

const post = (cookie: string, url: string, payload: object) => call(t.app, cookie, { method: 'POST', url, payload });
const get = (cookie: string, url: string) => call(t.app, cookie, { method: 'GET', url });
const check = (questionId: string, studentAnswer: string, sectionId?: string) =>
  post(student, '/api/questions/check-answer', { questionId, studentAnswer, ...(sectionId ? { sectionId } : {}) });
const stats = async () => (await get(student, '/api/student/stats')).json();

/** One course, unit 1 open with sections 1.1 (questions 0 and 1) and 1.2 (question 2); 1.3 open with no exercise. */
beforeAll(async () => {
  t = await createTestApp({ rateLimitFactor: 100 });
  const [a, s] = await Promise.all([buildAdmin(t.db), buildStudent(t.db, { firstName: 'Maya' })]);
  studentId = s.id;
  [admin, student] = await Promise.all([signIn(t.app, a), signIn(t.app, s)]);
  course = await buildCourse(t.db, { units: 2, sections: 3, title: 'Fractions' });
  for (let i = 0; i < 4; i++) q.push(await buildQuestion(t.db));
  await post(admin, '/api/admin/assign-course', { studentId, courseId: course.id });
  await post(admin, '/api/admin/assign-unit', { studentId, unitId: course.units[0].id, withSections: true });
  const [s1, s2] = course.units[0].sections;
  await post(admin, '/api/questions/assign-to-section', { sectionId: s1.id, questionIds: [q[0].id, q[1].id] });
  await post(admin, '/api/questions/assign-to-section', { sectionId: s2.id, questionIds: [q[2].id] });
  // Unit 2 is not the student's: its question counts nowhere.
  await post(admin, '/api/questions/assign-to-section', {
    sectionId: course.units[1].sections[0].id,
    questionIds: [q[3].id],
  });
});
afterAll(() => t.close());

describe('the student figures', () => {
  it('start empty, with the course at 0 of the sections that have exercises', async () => {
    expect(await stats()).toEqual({
      enrolledCourses: 1,
      assignmentsDue: 0,
      attempts: 0,
      correctAttempts: 0,
      questionsTried: 0,
      questionsSolved: 0,
      solvedFirstTry: 0,
      firstTryAccuracy: null,
      courses: [{ courseId: course.id, sectionsDone: 0, sectionsWithExercises: 2 }],
      lastSection: null,
    });
  });

  it('count a question solved after wrong tries as solved, but not as right at the first try', async () => {
    const [s1, s2] = course.units[0].sections;
    // Question 0: wrong, wrong, right (solved on try 3); question 1: right at once, then wrong (stays solved on try 1).
    for (const answer of ['B', 'C', 'A']) expect((await check(q[0].id, answer, s1.id)).statusCode).toBe(200);
    await check(q[1].id, 'A', s1.id);
    await check(q[1].id, 'D', s1.id);
    const figures = await stats();
    // Every try counted the old way would say 3 of 5 (60%); the student solved both questions.
    expect(figures).toMatchObject({
      attempts: 5,
      correctAttempts: 2,
      questionsTried: 2,
      questionsSolved: 2,
      solvedFirstTry: 1,
      firstTryAccuracy: 50,
    });
    expect(figures.courses).toEqual([{ courseId: course.id, sectionsDone: 1, sectionsWithExercises: 2 }]);
    expect(figures.lastSection).toEqual({
      courseId: course.id,
      unitId: course.units[0].id,
      sectionId: s1.id,
      courseName: 'Fractions',
      sectionTitle: 'Section 1.1',
      unitNumber: 1,
      sectionNumber: 1,
    });

    const progress = await get(student, `/api/student/sections/${s1.id}/progress`);
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toEqual({
      questions: [
        { questionId: q[0].id, tries: 3, solvedOnTry: 3 },
        { questionId: q[1].id, tries: 2, solvedOnTry: 1 },
      ],
    });
    expect((await get(student, `/api/student/sections/${s2.id}/progress`)).json()).toEqual({
      questions: [{ questionId: q[2].id, tries: 0, solvedOnTry: null }],
    });

    await check(q[2].id, 'C', s2.id);
    expect((await get(student, `/api/student/sections/${s2.id}/progress`)).json()).toEqual({
      questions: [{ questionId: q[2].id, tries: 1, solvedOnTry: null }],
    });
    expect((await stats()).lastSection.sectionId).toBe(s2.id);
  });

  it('match the stored attempts when read afresh from the database', async () => {
    const kept = await stats();
    // Another instance has nothing kept: it computes the same figures from the stored attempts.
    const { buildApp } = await import('../../app');
    const other = await buildApp({ config: t.config, database: t.database, distDir: null, rateLimitFactor: 100 });
    try {
      await t.app.flushWrites();
      const fresh = (await call(other, student, { method: 'GET', url: '/api/student/stats' })).json();
      expect(fresh).toEqual(kept);
      const stored = await t.db.select().from(answerAttempts).where(eq(answerAttempts.studentId, studentId));
      expect(fresh.attempts).toBe(stored.length);
      expect(fresh.correctAttempts).toBe(stored.filter((a) => a.isCorrect).length);
      expect(fresh.questionsTried).toBe(new Set(stored.map((a) => a.questionId)).size);
    } finally {
      await other.close();
    }
  });

  it('complete a section when its last exercise is solved', async () => {
    await check(q[2].id, 'A', course.units[0].sections[1].id);
    expect((await stats()).courses).toEqual([{ courseId: course.id, sectionsDone: 2, sectionsWithExercises: 2 }]);
  });

  it('answer 404 for the progress of a section that is not open to the student, unknown, or malformed', async () => {
    for (const id of [course.units[1].sections[0].id, '00000000-0000-4000-8000-000000000000']) {
      const response = await get(student, `/api/student/sections/${id}/progress`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(LEARNING_MESSAGES.sectionNotFound);
    }
    expect((await get(student, '/api/student/sections/not-an-id/progress')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get(student, '/api/student/sections/not-an-id/progress')).statusCode).toBeLessThan(500);
  });
});

describe('checks taken within one millisecond', () => {
  it('read back from the database in the order they were taken', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => buildQuestion(t.db)));
    const [a, s] = await Promise.all([buildAdmin(t.db), buildStudent(t.db)]);
    const [staff, quick] = await Promise.all([signIn(t.app, a), signIn(t.app, s)]);
    const one = await buildCourse(t.db, { units: 1, sections: 1 });
    const section = one.units[0].sections[0];
    await post(staff, '/api/admin/assign-course', { studentId: s.id, courseId: one.id });
    await post(staff, '/api/admin/assign-unit', { studentId: s.id, unitId: one.units[0].id, withSections: true });
    await post(staff, '/api/questions/assign-to-section', { sectionId: section.id, questionIds: ids.map((x) => x.id) });
    t.clock.stop();
    try {
      // Each question right, then wrong, at the same instant: a tie broken any other way reads some as solved on try 2.
      for (const { id } of ids) {
        for (const answer of ['A', 'D']) {
          const response = await call(t.app, quick, {
            method: 'POST',
            url: '/api/questions/check-answer',
            payload: { questionId: id, studentAnswer: answer, sectionId: section.id },
          });
          expect(response.statusCode).toBe(200);
        }
      }
    } finally {
      t.clock.start();
    }
    await t.app.flushWrites();
    const { buildApp } = await import('../../app');
    const other = await buildApp({ config: t.config, database: t.database, distDir: null, rateLimitFactor: 100 });
    try {
      const fresh = (
        await call(other, quick, { method: 'GET', url: `/api/student/sections/${section.id}/progress` })
      ).json();
      expect(fresh.questions).toEqual(ids.map(({ id }) => ({ questionId: id, tries: 2, solvedOnTry: 1 })));
    } finally {
      await other.close();
    }
  });
});
