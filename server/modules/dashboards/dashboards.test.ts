import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import { answerAttempts, parentStudents } from '../../db/schema';
import { countingDb } from '../../test/counting-db';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  buildUser,
  linkTeacher,
  signIn,
  type BuiltCourse,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const cookies: Record<
  'admin' | 'teacher' | 'otherTeacher' | 'parent' | 'otherParent' | 'child' | 'sibling' | 'stranger',
  string
> = {} as never;
const ids: Record<string, string> = {};
let course: BuiltCourse;
let other: BuiltCourse;
let question: { id: string };
let second: { id: string };

const get = (cookie: string, url: string) => call(t.app, cookie, { method: 'GET', url });
const post = (cookie: string, url: string, payload: object) => call(t.app, cookie, { method: 'POST', url, payload });

/**
 * A parent with two children (one studying a course, one with nothing yet), a stranger child of another parent,
 * a teacher with the two children as students.
 */
beforeAll(async () => {
  t = await createTestApp({ rateLimitFactor: 100 });
  const people = {
    admin: await buildAdmin(t.db),
    teacher: await buildTeacher(t.db, { firstName: 'Maya' }),
    otherTeacher: await buildTeacher(t.db),
    parent: await buildUser(t.db, 'parent', { firstName: 'Grace' }),
    otherParent: await buildUser(t.db, 'parent'),
    child: await buildStudent(t.db, { firstName: 'Leo', grade: '4', school: 'Riverside' }),
    sibling: await buildStudent(t.db, { firstName: 'Ada' }),
    stranger: await buildStudent(t.db, { firstName: 'Zed' }),
  };
  for (const [role, person] of Object.entries(people)) {
    ids[role] = person.id;
    cookies[role as keyof typeof cookies] = await signIn(t.app, person);
  }
  await t.db.insert(parentStudents).values([
    { parentId: ids.parent, studentId: ids.child },
    { parentId: ids.parent, studentId: ids.sibling },
    { parentId: ids.otherParent, studentId: ids.stranger },
  ]);
  await linkTeacher(t.db, ids.teacher, ids.child);
  await linkTeacher(t.db, ids.teacher, ids.sibling);
  course = await buildCourse(t.db, { units: 2, sections: 2, title: 'Fractions' });
  other = await buildCourse(t.db, { units: 1, sections: 1, title: 'Geometry' });
  [question, second] = [await buildQuestion(t.db), await buildQuestion(t.db)];
  const admin = cookies.admin;
  for (const studentId of [ids.child, ids.stranger]) {
    await post(admin, '/api/admin/assign-course', { studentId, courseId: course.id });
    await post(admin, '/api/admin/assign-unit', { studentId, unitId: course.units[0].id, withSections: true });
  }
  await post(admin, '/api/admin/assign-course', { studentId: ids.sibling, courseId: course.id });
  await post(admin, '/api/admin/assign-course', { studentId: ids.child, courseId: other.id });
  await post(admin, '/api/questions/assign-to-section', {
    sectionId: course.units[0].sections[0].id,
    questionIds: [question.id, second.id],
  });
});
afterAll(() => t.close());

describe('the parent reports', () => {
  it("list the parent's own children only, with their courses, open units and sections, and no figure before a check", async () => {
    const response = await get(cookies.parent, '/api/parent/children');
    expect(response.statusCode).toBe(200);
    const { children } = response.json();
    expect(children.map((c: { firstName: string }) => c.firstName)).toEqual(['Ada', 'Leo']);
    const leo = children[1];
    expect(leo).toMatchObject({
      id: ids.child,
      lastName: 'Tester',
      grade: '4',
      school: 'Riverside',
      checkedThisWeek: 0,
      correctThisWeek: 0,
      questionsSolved: 0,
      firstTryAccuracy: null,
      lastActivityAt: null,
      lastSection: null,
    });
    expect(leo.courses).toEqual([
      {
        id: course.id,
        name: 'Fractions',
        code: course.code,
        sectionsDone: 0,
        sectionsWithExercises: 1,
        units: [
          {
            id: course.units[0].id,
            title: 'Unit 1',
            unitNumber: 1,
            sections: [
              { id: course.units[0].sections[0].id, title: 'Section 1.1', sectionNumber: 1, questions: 2, solved: 0 },
              { id: course.units[0].sections[1].id, title: 'Section 1.2', sectionNumber: 2, questions: 0, solved: 0 },
            ],
          },
        ],
      },
      { id: other.id, name: 'Geometry', code: other.code, sectionsDone: 0, sectionsWithExercises: 0, units: [] },
    ]);
    // A course with no open unit yet is listed without units.
    expect(children[0].courses).toEqual([expect.objectContaining({ id: course.id, units: [] })]);
    expect(
      (await get(cookies.otherParent, '/api/parent/children')).json().children.map((c: { id: string }) => c.id),
    ).toEqual([ids.stranger]);
  });

  it("change as soon as the child checks an answer, with this week's checks, accuracy and last activity", async () => {
    const section = course.units[0].sections[0].id;
    const check = (questionId: string, studentAnswer: string) =>
      post(cookies.child, '/api/questions/check-answer', { questionId, studentAnswer, sectionId: section });
    await check(question.id, 'B');
    await check(question.id, 'A');
    await check(second.id, 'A');
    // Checks are written behind the answer; the report reads them anyway.
    const leo = (await get(cookies.parent, `/api/parent/children/${ids.child}`)).json();
    expect(leo).toMatchObject({
      checkedThisWeek: 3,
      correctThisWeek: 2,
      questionsTried: 2,
      questionsSolved: 2,
      firstTryAccuracy: 50,
    });
    expect(leo.lastSection).toMatchObject({ courseId: course.id, unitId: course.units[0].id, sectionId: section });
    expect(Date.parse(leo.lastActivityAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(leo.courses[0]).toMatchObject({ sectionsDone: 1, sectionsWithExercises: 1 });
    expect(leo.courses[0].units[0].sections[0]).toMatchObject({ questions: 2, solved: 2 });
    // The same figures as the child's own dashboard.
    const own = (await get(cookies.child, '/api/student/stats')).json();
    expect(own).toMatchObject({
      questionsSolved: leo.questionsSolved,
      firstTryAccuracy: leo.firstTryAccuracy,
      lastSection: leo.lastSection,
    });
  });

  it('counts only the last 7 days as this week', async () => {
    await t.db.insert(answerAttempts).values({
      studentId: ids.sibling,
      questionId: question.id,
      sectionId: null,
      answer: { studentAnswer: 'A' },
      isCorrect: true,
      createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000),
    });
    const ada = (await get(cookies.parent, `/api/parent/children/${ids.sibling}`)).json();
    expect(ada).toMatchObject({ checkedThisWeek: 0, questionsSolved: 1, firstTryAccuracy: 100, lastSection: null });
  });

  it("answers 404 for another parent's child, a student who is no child of theirs, an unknown or a malformed id", async () => {
    for (const id of [ids.stranger, ids.teacher, '00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
      const response = await get(cookies.parent, `/api/parent/children/${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(DASHBOARD_MESSAGES.childNotFound);
    }
    expect((await get(cookies.otherParent, `/api/parent/children/${ids.stranger}`)).statusCode).toBe(200);
  });

  it('costs one statement whatever the number of children, courses and sections', async () => {
    const counted = await countingDb();
    const { buildApp } = await import('../../app');
    const app = await buildApp({ config: t.config, database: counted.database, distDir: null, rateLimitFactor: 100 });
    try {
      const parent = await buildUser(counted.db, 'parent');
      const kids = await Promise.all([1, 2, 3].map(() => buildStudent(counted.db)));
      await counted.db.insert(parentStudents).values(kids.map((k) => ({ parentId: parent.id, studentId: k.id })));
      const cookie = await signIn(app, parent);
      counted.queries.length = 0;
      const response = await call(app, cookie, { method: 'GET', url: '/api/parent/children' });
      expect(response.json().children).toHaveLength(3);
      expect(
        counted.queries.filter((q) => !/^(begin|commit|select .* from "sessions"|update "sessions")/i.test(q)),
      ).toHaveLength(1);
    } finally {
      await app.close();
      await counted.close();
    }
  });
});

describe('the teacher figures', () => {
  it("count the teacher's own students and the courses assigned to them; Pending Reviews waits for tests", async () => {
    expect((await get(cookies.teacher, '/api/teacher/dashboard')).json()).toEqual({
      activeCourses: 2,
      totalStudents: 2,
      pendingReviews: 0,
    });
    expect((await get(cookies.otherTeacher, '/api/teacher/dashboard')).json()).toEqual({
      activeCourses: 0,
      totalStudents: 0,
      pendingReviews: 0,
    });
  });
});

describe('the admin figures', () => {
  it('count users, courses in use, students active this week and their checks, with the latest registrations and assignments', async () => {
    const response = await get(cookies.admin, '/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const { stats, recent } = response.json();
    // Eight people were built; the course assignment of Geometry makes two courses in use.
    expect(stats).toEqual({
      users: 8,
      courses: 2,
      activeCourses: 2,
      students: 3,
      activeStudents: 1,
      checksThisWeek: 3,
    });
    expect(recent).toHaveLength(8);
    expect(recent.map((r: { at: string }) => r.at)).toEqual(
      [...recent.map((r: { at: string }) => r.at)].sort().reverse(),
    );
    expect(recent).toContainEqual({
      kind: 'assignment',
      at: expect.any(String),
      studentName: 'Leo Tester',
      courseName: 'Geometry',
      assignedBy: 'Firstadmin Tester',
    });

    await buildStudent(t.db, { firstName: 'Newest' });
    const after = (await get(cookies.admin, '/api/admin/dashboard')).json();
    expect(after.stats.users).toBe(9);
    expect(after.recent[0]).toEqual({
      kind: 'registration',
      at: expect.any(String),
      name: 'Newest Tester',
      userType: 'student',
    });
  });
});

describe('each dashboard is for its role', () => {
  it('refuses the other roles', async () => {
    for (const [url, allowed] of [
      ['/api/admin/dashboard', 'admin'],
      ['/api/teacher/dashboard', 'teacher'],
      ['/api/parent/children', 'parent'],
      [`/api/parent/children/${ids.child}`, 'parent'],
    ]) {
      for (const role of ['admin', 'teacher', 'parent', 'child'] as const) {
        const status = (await get(cookies[role], url)).statusCode;
        if (role === allowed) expect(status, `${url} as ${role}`).toBe(200);
        else expect(status, `${url} as ${role}`).toBe(403);
      }
      expect((await call(t.app, null, { method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
