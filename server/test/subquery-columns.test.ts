/**
 * The raw SQL fragments whose subqueries refer to the outer query's row. Drizzle writes a column of a
 * single-table select's fields without its table ("id", "course_id"), and inside a subquery such a name means
 * the subquery's own column when its table has one: the check then compares a row with itself. Here every
 * table read by such a subquery is given a column named like the outer one it refers to, so a reference that is
 * not qualified answers wrong; qualified, nothing changes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  linkTeacher,
  signIn,
  type BuiltCourse,
  type TestUser,
} from './factories';
import { call, createTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let teacher: string;
let student: TestUser;
let studentCookie: string;
let course: BuiltCourse;

const post = (cookie: string, url: string, payload: object) => call(t.app, cookie, { method: 'POST', url, payload });

beforeAll(async () => {
  t = await createTestApp();
  // The outer rows are users, questions and sections (all with "id"); the subqueries read these tables.
  for (const table of [
    'teacher_students',
    'section_questions',
    'student_courses',
    'student_units',
    'student_sections',
  ]) {
    await t.db.execute(sql.raw(`alter table ${table} add column id uuid`));
  }
  const [a, te, s] = await Promise.all([buildAdmin(t.db), buildTeacher(t.db), buildStudent(t.db)]);
  student = s;
  await linkTeacher(t.db, te.id, s.id);
  [admin, teacher, studentCookie] = await Promise.all([signIn(t.app, a), signIn(t.app, te), signIn(t.app, s)]);
  course = await buildCourse(t.db, { units: 1, sections: 1 });
});
afterAll(() => t.close());

describe('subqueries name the outer row with its table', () => {
  it("a teacher's own student is recognized as theirs (assignments: checkStudent)", async () => {
    const response = await post(teacher, '/api/teacher/assign-course', { studentId: student.id, courseId: course.id });
    expect(response.statusCode).toBe(200);
  });

  it('a reachable question is found with the section it is reached through (check-answer)', async () => {
    const question = await buildQuestion(t.db);
    const sectionId = course.units[0].sections[0].id;
    await post(admin, '/api/admin/assign-course', { studentId: student.id, courseId: course.id });
    await post(admin, '/api/admin/assign-unit', { studentId: student.id, unitId: course.units[0].id });
    await post(admin, '/api/admin/assign-section', { studentId: student.id, sectionId });
    await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [question.id] });
    const checked = await post(studentCookie, '/api/questions/check-answer', {
      questionId: question.id,
      studentAnswer: 'A',
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().result.isCorrect).toBe(true);
    const batch = await post(studentCookie, '/api/questions/batch', { questionIds: [question.id] });
    expect(batch.json().map((q: { id: string }) => q.id)).toEqual([question.id]);
    // The figures' outline and totals (student/progress.ts) read the same tables inside the student's subqueries.
    const stats = (await call(t.app, studentCookie, { method: 'GET', url: '/api/student/stats' })).json();
    expect(stats).toMatchObject({
      questionsSolved: 1,
      courses: [{ courseId: course.id, sectionsDone: 1, sectionsWithExercises: 1 }],
    });
  });
});
