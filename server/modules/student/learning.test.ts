import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES, type CourseDetail } from '../../../common/schemas/learning';
import {
  answerAttempts,
  attachments,
  questions,
  sectionDueDates,
  sectionQuestions,
  studentCourses,
  studentSections,
  studentUnits,
  testAssignments,
  tests,
} from '../../db/schema';
import type { Db } from '../../db/client';
import { countingDb } from '../../test/counting-db';
import { naughtyStrings } from '../../test/corpora';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  linkTeacher,
  signIn,
  type BuiltCourse,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A student with a course of their own whose first section, open to them, holds one question. */
async function studyingStudent(db: Db, shape: { units: number; sections: number }) {
  const s = await buildStudent(db);
  const built = await buildCourse(db, shape);
  const question = await buildQuestion(db);
  const section = built.units[0].sections[0].id;
  await db.insert(sectionQuestions).values({ sectionId: section, questionId: question.id, position: 1 });
  await db.insert(studentCourses).values({ studentId: s.id, courseId: built.id });
  await db.insert(studentUnits).values({ studentId: s.id, unitId: built.units[0].id });
  await db.insert(studentSections).values({ studentId: s.id, sectionId: section });
  return { s, built, question, section };
}

let t: TestApp;
let admin: string;
let teacher: string;
let studentId: string;
let student: string;
let otherStudent: string;
let course: BuiltCourse;
let unassigned: BuiltCourse;
const q: Record<'open' | 'picked' | 'locked' | 'elsewhere' | 'fill' | 'multi', { id: string }> = {} as never;

const post = (cookie: string, url: string, payload: unknown) =>
  call(t.app, cookie, { method: 'POST', url, payload: payload as object });
const get = (cookie: string, url: string) => call(t.app, cookie, { method: 'GET', url });
const check = (cookie: string, questionId: string, studentAnswer: unknown) =>
  post(cookie, '/api/questions/check-answer', { questionId, studentAnswer });
/** The figures of a student who has not checked an answer yet. */
const noFigures = (enrolledCourses: number) => ({
  enrolledCourses,
  assignmentsDue: 0,
  attempts: 0,
  correctAttempts: 0,
  questionsTried: 0,
  questionsSolved: 0,
  solvedFirstTry: 0,
  firstTryAccuracy: null,
  courses: [],
  lastSection: null,
});

/**
 * Course: unit 1 assigned with all its sections (both open); unit 2 assigned with section 2.1 (2.2 locked); unit 3
 * not assigned (locked). Another course is not assigned at all.
 */
beforeAll(async () => {
  t = await createTestApp();
  const [a, te, s, other] = await Promise.all([
    buildAdmin(t.db),
    buildTeacher(t.db),
    buildStudent(t.db),
    buildStudent(t.db),
  ]);
  studentId = s.id;
  await linkTeacher(t.db, te.id, s.id);
  [admin, teacher, student, otherStudent] = await Promise.all([
    signIn(t.app, a),
    signIn(t.app, te),
    signIn(t.app, s),
    signIn(t.app, other),
  ]);
  course = await buildCourse(t.db, { units: 3, sections: 2, title: 'Fractions' });
  unassigned = await buildCourse(t.db, { units: 1, sections: 1 });
  q.open = await buildQuestion(t.db);
  q.picked = await buildQuestion(t.db, { type: 'Short Answer', options: {}, answer: { a1: ['\\frac{1}{2}'] } });
  q.locked = await buildQuestion(t.db);
  q.elsewhere = await buildQuestion(t.db);
  q.fill = await buildQuestion(t.db, {
    type: 'Fill in the Blank',
    questionText: '$2(x+1) =$ ___1___ and $0.5 =$ ___2___',
    options: {},
    answer: { a1: ['2x+2'], a2: ['1/2'] },
  });
  q.multi = await buildQuestion(t.db, { answer: { a1: ['A', 'C'] } });
  await t.db
    .insert(attachments)
    .values({ questionId: q.open.id, filename: 'abc.png', originalName: 'diagram.png', mime: 'image/png', size: 10 });

  const [u1, u2, u3] = course.units;
  const assign = (path: string, body: object) => post(teacher, `/api/teacher/${path}`, { studentId, ...body });
  await assign('assign-course', { courseId: course.id });
  await assign('assign-unit', { unitId: u1.id, withSections: true });
  await assign('assign-unit', { unitId: u2.id });
  await assign('assign-section', { sectionId: u2.sections[0].id });
  const place = (sectionId: string, questionIds: string[]) =>
    post(admin, '/api/questions/assign-to-section', { sectionId, questionIds });
  await place(u1.sections[0].id, [q.open.id, q.fill.id, q.multi.id]);
  await place(u2.sections[0].id, [q.picked.id]);
  await place(u2.sections[1].id, [q.locked.id]);
  await place(u3.sections[0].id, [q.locked.id]);
  await place(unassigned.units[0].sections[0].id, [q.elsewhere.id]);
});
afterAll(() => t.close());

describe('the student course list and viewer', () => {
  it('lists only assigned courses, with the question ids of their accessible sections', async () => {
    const response = await get(student, '/api/student/courses');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      courses: [
        {
          id: course.id,
          name: 'Fractions',
          code: course.code,
          description: 'A test course',
          exercises: [q.open.id, q.fill.id, q.multi.id, q.picked.id],
          content: '',
        },
      ],
    });
    expect((await get(otherStudent, '/api/student/courses')).json()).toEqual({ courses: [] });
  });

  it('flags units and sections with hasAccess, and gives content and exercises only where accessible', async () => {
    const response = await get(student, `/api/student/courses/${course.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.course).toEqual({ name: 'Fractions', code: course.code, description: 'A test course' });
    const [u1, u2, u3] = detail.units;
    expect([u1.hasAccess, u2.hasAccess, u3.hasAccess]).toEqual([true, true, false]);
    expect(u1).toMatchObject({
      id: course.units[0].id,
      title: 'Unit 1',
      unitNumber: 1,
      grade: '6',
      categories: ['Algebra'],
      courseId: course.id,
    });
    expect(u1.sections.map((s: { hasAccess: boolean }) => s.hasAccess)).toEqual([true, true]);
    expect(u1.sections[0]).toMatchObject({
      title: 'Section 1.1',
      sectionNumber: 1,
      unitId: u1.id,
      exercises: [q.open.id, q.fill.id, q.multi.id],
    });
    expect(u1.sections[0].content).toContain('\\frac{1}{2}');
    expect(u2.sections.map((s: { hasAccess: boolean }) => s.hasAccess)).toEqual([true, false]);
    const locked = [u2.sections[1], ...u3.sections];
    for (const section of locked) {
      expect(section).not.toHaveProperty('content');
      expect(section).not.toHaveProperty('exercises');
      expect(section.hasAccess).toBe(false);
    }
    expect(response.body).not.toContain(q.locked.id);
  });

  it('opens a section only when it, its unit and its course are assigned; taking one away closes exactly that one', async () => {
    const s = await buildStudent(t.db);
    const cookie = await signIn(t.app, s);
    const built = await buildCourse(t.db, { units: 1, sections: 3 });
    const [unit] = built.units;
    const access = async () =>
      (await get(cookie, `/api/student/courses/${built.id}`))
        .json()
        .units[0].sections.map((section: { hasAccess: boolean }) => section.hasAccess);
    await post(admin, '/api/admin/assign-course', { studentId: s.id, courseId: built.id });
    await post(admin, '/api/admin/assign-unit', { studentId: s.id, unitId: unit.id });
    expect(await access()).toEqual([false, false, false]);
    await post(admin, '/api/admin/assign-section', { studentId: s.id, sectionId: unit.sections[0].id });
    await post(admin, '/api/admin/assign-section', { studentId: s.id, sectionId: unit.sections[2].id });
    expect(await access()).toEqual([true, false, true]);
    await post(admin, '/api/admin/remove-section', { studentId: s.id, sectionId: unit.sections[2].id });
    expect(await access()).toEqual([true, false, false]);
    // The unit's last assigned section taken away: the unit stays assigned and every section of it is closed.
    await post(admin, '/api/admin/remove-section', { studentId: s.id, sectionId: unit.sections[0].id });
    expect(await access()).toEqual([false, false, false]);
    expect((await get(cookie, '/api/student/courses')).json().courses[0].exercises).toEqual([]);
  });

  it('answers 404 for a course not assigned, an unknown course, and refuses a bad id', async () => {
    expect((await get(student, `/api/student/courses/${unassigned.id}`)).statusCode).toBe(404);
    expect((await get(student, `/api/student/courses/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await get(otherStudent, `/api/student/courses/${course.id}`)).statusCode).toBe(404);
    expect((await get(student, `/api/student/courses/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('questions for students', () => {
  it('the batch returns only reachable questions, in the order asked, never answer or solution', async () => {
    const asked = [q.picked.id, q.locked.id, q.elsewhere.id, q.open.id, UNKNOWN, 'nonsense', q.open.id];
    const response = await post(student, '/api/questions/batch', {
      questionIds: asked,
      answer: true,
      solution: true,
      fields: ['answer'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((x: { id: string }) => x.id)).toEqual([q.picked.id, q.open.id]);
    expect(response.body).not.toMatch(/"answer"|"solution"/);
    expect(response.body).not.toContain('denominator 4');
    expect(response.json()[1]).toMatchObject({
      type: 'Multiple Choice',
      attachments: [{ filename: 'abc.png', originalname: 'diagram.png' }],
      multipleAnswers: false,
      hint: 'Find a common denominator.',
    });
    const multi = await post(student, '/api/questions/batch', { questionIds: [q.multi.id] });
    expect(multi.json()[0].multipleAnswers).toBe(true);
    expect(multi.body).not.toMatch(/"answer"|"solution"/);
  });

  it('staff get every question whole', async () => {
    for (const cookie of [admin, teacher]) {
      const response = await post(cookie, '/api/questions/batch', { questionIds: [q.elsewhere.id] });
      expect(response.json()).toEqual([
        expect.objectContaining({
          id: q.elsewhere.id,
          answer: { a1: ['A'] },
          solution: expect.stringContaining('denominator'),
        }),
      ]);
    }
  });

  it('refuses malformed batches with 400', async () => {
    for (const body of [
      {},
      { questionIds: 'x' },
      { questionIds: [1, 2] },
      { questionIds: Array(1001).fill(UNKNOWN) },
    ]) {
      const response = await post(student, '/api/questions/batch', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

describe('checking answers', () => {
  it('checks mathematically and records every student attempt with its section', async () => {
    const right = await check(student, q.picked.id, '0.5');
    expect(right.json()).toEqual({ result: { isCorrect: true, feedback: 'Correct!' } });
    const wrong = await check(student, q.fill.id, JSON.stringify(['2x+2', '0.51']));
    expect(wrong.json().result).toMatchObject({ isCorrect: false });
    expect(wrong.json().result.feedback).toContain('Blank 2');
    expect((await check(student, q.multi.id, 'C,A')).json().result.isCorrect).toBe(true);
    // Attempts are written behind the answers, in batches that may commit in any order.
    await t.app.flushWrites();
    const attempts = await t.db.select().from(answerAttempts).where(eq(answerAttempts.studentId, studentId));
    const stored = attempts.map((a) => [
      a.questionId,
      a.sectionId,
      (a.answer as { studentAnswer: string }).studentAnswer,
      a.isCorrect,
    ]);
    expect(stored).toHaveLength(3);
    expect(stored).toEqual(
      expect.arrayContaining([
        [q.picked.id, course.units[1].sections[0].id, '0.5', true],
        [q.fill.id, course.units[0].sections[0].id, '["2x+2","0.51"]', false],
        [q.multi.id, course.units[0].sections[0].id, 'C,A', true],
      ]),
    );
    expect(attempts.every((a) => a.createdAt instanceof Date)).toBe(true);
  });

  it('refuses unreachable questions with 404 and records nothing', async () => {
    await t.app.flushWrites();
    const before = (await t.db.select().from(answerAttempts)).length;
    for (const id of [q.locked.id, q.elsewhere.id, UNKNOWN]) {
      const response = await check(student, id, 'A');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(LEARNING_MESSAGES.questionNotFound);
    }
    expect((await check(otherStudent, q.open.id, 'A')).statusCode).toBe(404);
    await t.app.flushWrites();
    expect((await t.db.select().from(answerAttempts)).length).toBe(before);
  });

  it('refuses blank and malformed answers with 400', async () => {
    for (const answer of ['', '   ', '[]', '["", ""]', 5, null, ['A'], 'x'.repeat(100_000)]) {
      const response = await check(student, q.open.id, answer);
      expect(response.statusCode, String(answer).slice(0, 20)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await check(student, q.open.id, '')).json().message).toBe(LEARNING_MESSAGES.answerRequired);
    const nul = await check(student, q.open.id, 'A\u0000');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(LEARNING_MESSAGES.answerInvalidCharacter);
    expect((await post(student, '/api/questions/check-answer', { studentAnswer: 'A' })).statusCode).toBe(400);
  });

  it('survives every string of the naughty-strings corpus as an answer, never a 500', async () => {
    for (const entry of naughtyStrings) {
      const response = await check(student, q.picked.id, entry);
      expect([200, 400], entry).toContain(response.statusCode);
    }
  });

  it('staff may check any question, and their checks are not recorded', async () => {
    await t.app.flushWrites();
    const before = (await t.db.select().from(answerAttempts)).length;
    const response = await check(teacher, q.elsewhere.id, 'A');
    expect(response.json()).toEqual({ result: { isCorrect: true, feedback: 'Correct!' } });
    await t.app.flushWrites();
    expect((await t.db.select().from(answerAttempts)).length).toBe(before);
  });
});

describe('the dashboard figures', () => {
  it('counts courses and checks, with no figure before the first check', async () => {
    expect((await get(otherStudent, '/api/student/stats')).json()).toEqual(noFigures(0));
    const stats = (await get(student, '/api/student/stats')).json();
    expect(stats.enrolledCourses).toBe(1);
    expect(stats.assignmentsDue).toBe(0);
    expect(stats.attempts).toBeGreaterThan(3);
    expect(stats.courses).toEqual([
      { courseId: course.id, sectionsDone: expect.any(Number), sectionsWithExercises: 2 },
    ]);
  });
});

describe('the kept course view', () => {
  const view = async (cookie: string, courseId: string) =>
    (await get(cookie, `/api/student/courses/${courseId}`)).json();
  const sectionAccess = (
    detail: { units: Array<{ sections: Array<{ id: string; hasAccess: boolean; content?: string }> }> },
    id: string,
  ) => detail.units.flatMap((u) => u.sections).find((s) => s.id === id)!;

  it('shows an assignment or a content change at once, on this instance and on another', async () => {
    const s = await buildStudent(t.db);
    const cookie = await signIn(t.app, s);
    const built = await buildCourse(t.db, { units: 1, sections: 2 });
    const [first, second] = built.units[0].sections;
    await post(admin, '/api/admin/assign-course', { studentId: s.id, courseId: built.id });
    await post(admin, '/api/admin/assign-unit', { studentId: s.id, unitId: built.units[0].id });
    await post(admin, '/api/admin/assign-section', { studentId: s.id, sectionId: first.id });
    // Another server instance on the same database, with a cache of its own.
    const { buildApp } = await import('../../app');
    const other = await buildApp({ config: t.config, database: t.database, distDir: null, rateLimitFactor: 100 });
    try {
      const viaOther = async () =>
        (await call(other, cookie, { method: 'GET', url: `/api/student/courses/${built.id}` })).json();
      expect(sectionAccess(await view(cookie, built.id), second.id).hasAccess).toBe(false);
      expect(sectionAccess(await viaOther(), second.id).hasAccess).toBe(false);

      await post(admin, '/api/admin/assign-section', { studentId: s.id, sectionId: second.id });
      await expect.poll(async () => sectionAccess(await view(cookie, built.id), second.id).hasAccess).toBe(true);
      await expect.poll(async () => sectionAccess(await viaOther(), second.id).hasAccess).toBe(true);

      await post(admin, '/api/admin/remove-section', { studentId: s.id, sectionId: second.id });
      await expect.poll(async () => sectionAccess(await viaOther(), second.id).hasAccess).toBe(false);
      await post(admin, '/api/admin/assign-unit', { studentId: s.id, unitId: built.units[0].id, withSections: true });
      await expect.poll(async () => sectionAccess(await view(cookie, built.id), second.id).hasAccess).toBe(true);
      await expect.poll(async () => sectionAccess(await viaOther(), second.id).hasAccess).toBe(true);

      const edit = await call(t.app, admin, {
        method: 'PUT',
        url: `/api/sections/${first.id}`,
        payload: { title: 'Renamed', content: '<p>New lesson: $x^2$</p>' },
      });
      expect(edit.statusCode).toBe(200);
      await expect.poll(async () => sectionAccess(await viaOther(), first.id).content).toBe('<p>New lesson: $x^2$</p>');
    } finally {
      await other.close();
    }
  });

  it('checks against the current answer key and placement, even after a check was kept', async () => {
    const question = await buildQuestion(t.db);
    const sectionId = course.units[0].sections[1].id;
    await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [question.id] });
    expect((await check(student, question.id, 'A')).json().result.isCorrect).toBe(true);
    await t.db
      .update(questions)
      .set({ answer: { a1: ['B'] } })
      .where(eq(questions.id, question.id));
    await expect.poll(async () => (await check(student, question.id, 'A')).json().result?.isCorrect).toBe(false);
    await call(t.app, admin, { method: 'DELETE', url: `/api/sections/${sectionId}/questions/${question.id}` });
    await expect.poll(async () => (await check(student, question.id, 'B')).statusCode).toBe(404);
  });

  it("keeps each answer's verdict with its question, but not one the checker gave up on or a long one", async () => {
    const question = await buildQuestion(t.db, { type: 'Calculation', options: {}, answer: { a1: ['(x+1)^2'] } });
    const heavy = await buildQuestion(t.db, {
      type: 'Calculation',
      options: {},
      answer: { a1: Array.from({ length: 30 }, (_, k) => '(-2)^{' + 'x+'.repeat(149) + `${k + 3}x}`) },
    });
    await post(admin, '/api/questions/assign-to-section', {
      sectionId: course.units[0].sections[1].id,
      questionIds: [question.id, heavy.id],
    });
    const keptBytes = () => t.app.keptSizes().find((k) => k.kind === 'memo' && k.name === 'checkableQuestion')!.bytes;
    const verdict = async (id: string, answer: string) => (await check(student, id, answer)).json().result;

    expect(await verdict(question.id, 'x^2+2x+1')).toEqual({ isCorrect: true, feedback: 'Correct!' });
    const before = keptBytes();
    // Taken again: the kept verdict, nothing added.
    expect(await verdict(question.id, 'x^2+2x+1')).toEqual({ isCorrect: true, feedback: 'Correct!' });
    expect(keptBytes()).toBe(before);
    // Another answer is checked and its verdict kept too.
    expect(await verdict(question.id, 'x^2+1')).toEqual({ isCorrect: false, feedback: 'Not quite. Try again.' });
    const withTwo = keptBytes();
    expect(withTwo).toBeGreaterThan(before);
    // Over 100 characters: checked every time, never kept.
    expect((await verdict(question.id, `${'x+'.repeat(50)}1`)).isCorrect).toBe(false);
    expect(keptBytes()).toBe(withTwo);
    // A check that ran out of budget could end otherwise next time: not kept (the first check keeps the question).
    await verdict(heavy.id, '5');
    const withHeavy = keptBytes();
    expect(await verdict(heavy.id, '6')).toEqual({
      isCorrect: false,
      feedback: 'We could not read your answer. Check the math and try again.',
    });
    expect(keptBytes()).toBe(withHeavy);
  });

  it("answers a course that is not the student's with 404 every time, never from another student's view", async () => {
    expect((await get(student, `/api/student/courses/${course.id}`)).statusCode).toBe(200);
    expect((await get(otherStudent, `/api/student/courses/${course.id}`)).statusCode).toBe(404);
    expect((await get(otherStudent, `/api/student/courses/${course.id}`)).statusCode).toBe(404);
  });
});

describe('the kept figures and My Courses', () => {
  const stats = async (app: typeof t.app, cookie: string) =>
    (await call(app, cookie, { method: 'GET', url: '/api/student/stats' })).json();
  const myCourses = async (app: typeof t.app, cookie: string) =>
    (await call(app, cookie, { method: 'GET', url: '/api/student/courses' })).json().courses as Array<{
      id: string;
      name: string;
      exercises: string[];
    }>;

  it('change right after a check, an assignment or a content change, on this instance and on another', async () => {
    const s = await buildStudent(t.db);
    const cookie = await signIn(t.app, s);
    const [first, second] = [
      await buildCourse(t.db, { units: 1, sections: 1, title: 'Kept A' }),
      await buildCourse(t.db, { units: 1, sections: 1, title: 'Kept B' }),
    ];
    const [question, added] = [await buildQuestion(t.db), await buildQuestion(t.db)];
    const section = first.units[0].sections[0].id;
    await post(admin, '/api/admin/assign-course', { studentId: s.id, courseId: first.id });
    await post(admin, '/api/admin/assign-unit', { studentId: s.id, unitId: first.units[0].id, withSections: true });
    await post(admin, '/api/questions/assign-to-section', { sectionId: section, questionIds: [question.id] });
    // Another server instance on the same database, with kept views and figures of its own.
    const { buildApp } = await import('../../app');
    const other = await buildApp({ config: t.config, database: t.database, distDir: null, rateLimitFactor: 100 });
    try {
      for (const app of [t.app, other]) {
        expect(await stats(app, cookie)).toEqual({
          ...noFigures(1),
          courses: [{ courseId: first.id, sectionsDone: 0, sectionsWithExercises: 1 }],
        });
        expect(await myCourses(app, cookie)).toEqual([
          expect.objectContaining({ id: first.id, name: 'Kept A', exercises: [question.id] }),
        ]);
      }

      // A check is counted by the very next read where it was made, and on the other instance once it is stored.
      const checkOn = (app: typeof t.app, answer: string) =>
        call(app, cookie, {
          method: 'POST',
          url: '/api/questions/check-answer',
          payload: { questionId: question.id, studentAnswer: answer },
        });
      expect((await checkOn(t.app, 'A')).json().result.isCorrect).toBe(true);
      expect(await stats(t.app, cookie)).toMatchObject({
        attempts: 1,
        correctAttempts: 1,
        questionsSolved: 1,
        firstTryAccuracy: 100,
      });
      await expect.poll(async () => (await stats(other, cookie)).attempts).toBe(1);
      expect((await checkOn(other, 'B')).json().result.isCorrect).toBe(false);
      expect(await stats(other, cookie)).toMatchObject({
        attempts: 2,
        correctAttempts: 1,
        questionsSolved: 1,
        firstTryAccuracy: 100,
      });
      await expect
        .poll(async () => stats(t.app, cookie))
        .toMatchObject({ attempts: 2, correctAttempts: 1, questionsSolved: 1, firstTryAccuracy: 100 });

      // An assignment.
      await post(admin, '/api/admin/assign-course', { studentId: s.id, courseId: second.id });
      expect((await stats(t.app, cookie)).enrolledCourses).toBe(2);
      expect((await myCourses(t.app, cookie)).map((c) => c.name)).toEqual(['Kept A', 'Kept B']);
      await expect.poll(async () => (await stats(other, cookie)).enrolledCourses).toBe(2);
      await expect.poll(async () => (await myCourses(other, cookie)).map((c) => c.name)).toEqual(['Kept A', 'Kept B']);

      // Content changes: a course renamed, a question added to the student's section.
      expect(
        (
          await call(t.app, admin, {
            method: 'PUT',
            url: `/api/courses/${first.id}`,
            payload: { title: 'Kept A renamed' },
          })
        ).statusCode,
      ).toBe(200);
      expect((await myCourses(t.app, cookie))[0].name).toBe('Kept A renamed');
      await expect.poll(async () => (await myCourses(other, cookie))[0].name).toBe('Kept A renamed');
      await post(admin, '/api/questions/assign-to-section', { sectionId: section, questionIds: [added.id] });
      expect((await myCourses(t.app, cookie))[0].exercises).toEqual([question.id, added.id]);
      await expect.poll(async () => (await myCourses(other, cookie))[0].exercises).toEqual([question.id, added.id]);
      // The figures still count every check once.
      expect(await stats(t.app, cookie)).toMatchObject({ enrolledCourses: 2, attempts: 2, correctAttempts: 1 });
      expect(await stats(other, cookie)).toMatchObject({ enrolledCourses: 2, attempts: 2, correctAttempts: 1 });

      // A test assigned (by any path) is due on both at once; a question deleted takes its checks from the figures.
      const [test] = await t.db.insert(tests).values({ title: 'Kept test' }).returning();
      await t.db.insert(testAssignments).values({ testId: test.id, studentId: s.id });
      for (const app of [t.app, other])
        await expect.poll(async () => (await stats(app, cookie)).assignmentsDue).toBe(1);
      expect((await call(t.app, admin, { method: 'DELETE', url: `/api/questions/${question.id}` })).statusCode).toBe(
        200,
      );
      expect(await stats(t.app, cookie)).toMatchObject({ attempts: 0, correctAttempts: 0, questionsTried: 0 });
      await expect
        .poll(async () => stats(other, cookie))
        .toMatchObject({ attempts: 0, correctAttempts: 0, questionsTried: 0 });
    } finally {
      await other.close();
    }
  });

  it('cost no statement once kept: the loop of a studying student with a due date reads nothing from the database', async () => {
    const counted = await countingDb();
    const { buildApp } = await import('../../app');
    // Skills are counted apart from the loop, a moment after the checks (mastery/keeper.ts): not within this test.
    const app = await buildApp({
      config: t.config,
      database: counted.database,
      distDir: null,
      rateLimitFactor: 100,
      skillCountingDelayMs: 60_000,
    });
    try {
      const { s, built, question, section } = await studyingStudent(counted.db, { units: 2, sections: 2 });
      // Due tomorrow: counted in the dashboard's Assignments Due until its one exercise is solved.
      await counted.db
        .insert(sectionDueDates)
        .values({ sectionId: section, studentId: s.id, dueAt: new Date(Date.now() + 24 * 3600 * 1000) });
      const cookie = await signIn(app, s);
      const due = async () =>
        (await call(app, cookie, { method: 'GET', url: '/api/student/stats' })).json().assignmentsDue as number;
      expect(await due()).toBe(1);
      const loop = async () => {
        const answers = await Promise.all([
          call(app, cookie, { method: 'GET', url: '/api/student/courses' }),
          call(app, cookie, { method: 'GET', url: `/api/student/courses/${built.id}` }),
          call(app, cookie, { method: 'POST', url: '/api/questions/batch', payload: { questionIds: [question.id] } }),
          call(app, cookie, {
            method: 'POST',
            url: '/api/questions/check-answer',
            payload: { questionId: question.id, studentAnswer: 'A', sectionId: section },
          }),
        ]);
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
        return (await call(app, cookie, { method: 'GET', url: '/api/student/stats' })).json();
      };
      // Finished by the check just taken, stored or not yet.
      expect(await loop()).toMatchObject({ attempts: 1, assignmentsDue: 0 });
      await app.flushWrites();
      counted.queries.length = 0;
      expect(await loop()).toMatchObject({ attempts: 2, correctAttempts: 2, assignmentsDue: 0 });
      await app.flushWrites();
      // The one statement left is the attempt's insert, written behind the answer (it queues the first tries too).
      expect(counted.queries.filter((q) => !q.includes('insert into "answer_attempts"'))).toEqual([]);
      expect(counted.queries).toHaveLength(1);
    } finally {
      await app.close();
      await counted.close();
    }
  });

  it('read a course once for all its students, each seeing it through what is open to them', async () => {
    const counted = await countingDb();
    const { buildApp } = await import('../../app');
    const app = await buildApp({ config: t.config, database: counted.database, distDir: null, rateLimitFactor: 100 });
    try {
      const { s, built, section } = await studyingStudent(counted.db, { units: 2, sections: 2 });
      // A classmate of the same course with its second unit open, and nothing of the first.
      const classmate = await buildStudent(counted.db);
      await counted.db.insert(studentCourses).values({ studentId: classmate.id, courseId: built.id });
      await counted.db.insert(studentUnits).values({ studentId: classmate.id, unitId: built.units[1].id });
      const page = async (cookie: string) => {
        const answer = await call(app, cookie, { method: 'GET', url: `/api/student/courses/${built.id}` });
        expect(answer.statusCode).toBe(200);
        return answer.json() as CourseDetail;
      };
      // The statement that reads a course's units and sections (a student's outline reads only what is open).
      const courseReads = () => counted.queries.filter((q) => q.includes("'unitNumber', u.unit_number")).length;
      const mine = await page(await signIn(app, s));
      expect(courseReads()).toBe(1);
      const theirs = await page(await signIn(app, classmate));
      expect(courseReads()).toBe(1);
      expect(mine.units.map((u) => u.hasAccess)).toEqual([true, false]);
      expect(theirs.units.map((u) => u.hasAccess)).toEqual([false, true]);
      const open = mine.units[0].sections[0];
      expect(open).toMatchObject({ id: section, hasAccess: true, exercises: [expect.any(String)] });
      expect(open.content).toEqual(expect.any(String));
      // A locked section keeps its title and nothing else, for everyone it is locked to.
      for (const locked of [theirs.units[0].sections[0], mine.units[0].sections[1], theirs.units[1].sections[0]]) {
        expect(locked.hasAccess).toBe(false);
        expect(Object.keys(locked).sort()).toEqual(['grade', 'hasAccess', 'id', 'sectionNumber', 'title', 'unitId']);
      }
    } finally {
      await app.close();
      await counted.close();
    }
  });

  it("empty only what an edit reaches: a course's students read theirs afresh, another course's students read nothing", async () => {
    const counted = await countingDb();
    const { buildApp } = await import('../../app');
    const app = await buildApp({ config: t.config, database: counted.database, distDir: null, rateLimitFactor: 100 });
    try {
      const staff = await signIn(app, await buildAdmin(counted.db));
      const learners = await Promise.all(
        [0, 1].map(async () => {
          const { s, built, question, section } = await studyingStudent(counted.db, { units: 1, sections: 1 });
          return { cookie: await signIn(app, s), course: built.id, section, question: question.id };
        }),
      );
      const loop = async (l: (typeof learners)[number]) => {
        const answers = await Promise.all([
          call(app, l.cookie, { method: 'GET', url: '/api/student/courses' }),
          call(app, l.cookie, { method: 'GET', url: `/api/student/courses/${l.course}` }),
          call(app, l.cookie, { method: 'POST', url: '/api/questions/batch', payload: { questionIds: [l.question] } }),
          call(app, l.cookie, { method: 'GET', url: '/api/student/stats' }),
        ]);
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
        return answers[1].json();
      };
      const [edited, other] = learners;
      await Promise.all(learners.map(loop));
      const renamed = await call(app, staff, {
        method: 'PUT',
        url: `/api/sections/${edited.section}`,
        payload: { title: 'Renamed by staff', sectionNumber: 1, grade: '5', content: '<p>New text</p>' },
      });
      expect(renamed.statusCode).toBe(200);
      counted.queries.length = 0;
      await loop(other);
      expect(counted.queries).toEqual([]);
      expect(JSON.stringify(await loop(edited))).toContain('Renamed by staff');
      expect(counted.queries.length).toBeGreaterThan(0);

      // A question edit reaches the batches that hold it, and no one else's.
      counted.queries.length = 0;
      await counted.db
        .update(questions)
        .set({ questionText: '<p>Edited text</p>' })
        .where(eq(questions.id, other.question));
      await expect
        .poll(async () =>
          JSON.stringify(
            (
              await call(app, other.cookie, {
                method: 'POST',
                url: '/api/questions/batch',
                payload: { questionIds: [other.question] },
              })
            ).json(),
          ),
        )
        .toContain('Edited text');
      counted.queries.length = 0;
      await loop(edited);
      expect(counted.queries).toEqual([]);
    } finally {
      await app.close();
      await counted.close();
    }
  });
});
