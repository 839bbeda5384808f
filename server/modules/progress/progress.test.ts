/** The progress charts' routes: figures per week, skills by level, test scores and target, each role and owner. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_CHART_MESSAGES as M } from '../../../common/rules/progress-charts';
import type { ClassAccuracyWeeks, StudentProgressCharts } from '../../../common/schemas/progress-charts';
import {
  classes,
  classStudents,
  classTeachers,
  focusAreas,
  parentStudents,
  skills,
  studentDays,
  studentSkillChanges,
  testAssignments,
  testAttempts,
  tests,
} from '../../db/schema';
import { buildOneOfEach, buildStudent, buildUser, signIn, signInEach, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let each: Record<string, TestUser>;
let cookies: Record<string, string>;
let child: TestUser;
let stranger: TestUser;
let otherParentCookie: string;
let otherTeacherCookie: string;
let classId: string;

beforeAll(async () => {
  t = await createTestApp();
  // A Wednesday: the last week drawn starts on Monday 9 March, the first on Monday 22 December.
  t.clock.set(new Date('2026-03-11T12:00:00Z'));
  each = await buildOneOfEach(t.db);
  cookies = (await signInEach(t.app, each)) as Record<string, string>;
  child = each.student;
  stranger = await buildStudent(t.db);
  await t.db.insert(parentStudents).values({ parentId: each.parent.id, studentId: child.id });
  const [made] = await t.db.insert(classes).values({ name: 'Charts class' }).returning({ id: classes.id });
  classId = made.id;
  await t.db.insert(classTeachers).values({ classId, teacherId: each.teacher.id });
  await t.db.insert(classStudents).values([
    { classId, studentId: child.id },
    { classId, studentId: stranger.id },
  ]);
  otherParentCookie = await signIn(t.app, await buildUser(t.db, 'parent'));
  otherTeacherCookie = await signIn(t.app, await buildUser(t.db, 'teacher'));

  await t.db.insert(studentDays).values([
    {
      studentId: child.id,
      day: '2026-03-09',
      checks: 5,
      solved: 3,
      firstTries: 4,
      firstTriesRight: 3,
      activeMinutes: 7,
    },
    {
      studentId: child.id,
      day: '2026-03-10',
      checks: 2,
      solved: 1,
      firstTries: 2,
      firstTriesRight: 2,
      activeMinutes: 2,
    },
    {
      studentId: child.id,
      day: '2026-03-08',
      checks: 1,
      solved: 0,
      firstTries: 1,
      firstTriesRight: 0,
      activeMinutes: 1,
    },
    // Before the weeks drawn: not counted.
    {
      studentId: child.id,
      day: '2025-12-21',
      checks: 9,
      solved: 9,
      firstTries: 9,
      firstTriesRight: 9,
      activeMinutes: 9,
    },
    {
      studentId: stranger.id,
      day: '2026-03-09',
      checks: 4,
      solved: 0,
      firstTries: 4,
      firstTriesRight: 1,
      activeMinutes: 3,
    },
  ]);

  const [focus] = await t.db.insert(focusAreas).values({ name: 'Charts fractions' }).returning();
  const [focus2] = await t.db.insert(focusAreas).values({ name: 'Charts decimals' }).returning();
  const [fractions] = await t.db.insert(skills).values({ focusAreaId: focus.id }).returning();
  const [decimals] = await t.db.insert(skills).values({ focusAreaId: focus2.id }).returning();
  await t.db.insert(studentSkillChanges).values([
    {
      studentId: child.id,
      skillId: fractions.id,
      fromLevel: 0,
      toLevel: 1,
      changedAt: new Date('2026-02-24T10:00:00Z'),
    },
    {
      studentId: child.id,
      skillId: fractions.id,
      fromLevel: 1,
      toLevel: 3,
      changedAt: new Date('2026-03-03T10:00:00Z'),
    },
    {
      studentId: child.id,
      skillId: decimals.id,
      fromLevel: 0,
      toLevel: 1,
      changedAt: new Date('2026-03-04T10:00:00Z'),
    },
    {
      studentId: child.id,
      skillId: fractions.id,
      fromLevel: 3,
      toLevel: 4,
      changedAt: new Date('2026-03-10T10:00:00Z'),
    },
  ]);

  const sitting = async (title: string, release: 'on-submit' | 'manual', score: number, submittedAt: string) => {
    const [test] = await t.db.insert(tests).values({ title }).returning();
    const [given] = await t.db
      .insert(testAssignments)
      .values({ testId: test.id, studentId: child.id, release })
      .returning();
    await t.db.insert(testAttempts).values({
      assignmentId: given.id,
      studentId: child.id,
      paper: [],
      startedAt: new Date(submittedAt),
      submittedAt: new Date(submittedAt),
      score,
      maxMarks: 20,
    });
  };
  await sitting('Chart quiz one', 'on-submit', 15, '2026-03-02T10:00:00Z');
  await sitting('Chart quiz held', 'manual', 10, '2026-03-05T10:00:00Z');
});
afterAll(() => t.close());

const chartsOf = (cookie: string, id: string) =>
  call(t.app, cookie, { method: 'GET', url: `/api/students/${id}/progress-charts` });

describe('a student’s progress charts', () => {
  it('sums the days into the last 12 weeks, counts skills by level per week, and draws released scores', async () => {
    const reply = await chartsOf(cookies.student, child.id);
    expect(reply.statusCode, reply.body).toBe(200);
    const charts = reply.json<StudentProgressCharts>();
    expect(charts.weeks).toHaveLength(12);
    expect(charts.weeks[0].weekStart).toBe('2025-12-22');
    expect(charts.weeks[0].checks).toBe(0);
    expect(charts.weeks[0].accuracy).toBeNull();
    expect(charts.weeks[10]).toEqual({
      weekStart: '2026-03-02',
      checks: 1,
      solved: 0,
      firstTries: 1,
      accuracy: 0,
      activeMinutes: 1,
    });
    expect(charts.weeks[11]).toEqual({
      weekStart: '2026-03-09',
      checks: 7,
      solved: 4,
      firstTries: 6,
      accuracy: 83,
      activeMinutes: 9,
    });
    const levels = Object.fromEntries(charts.skillLevels.map(({ weekStart, ...counts }) => [weekStart, counts]));
    expect(levels['2026-02-16']).toEqual({ attempted: 0, familiar: 0, proficient: 0, mastered: 0 });
    expect(levels['2026-02-23']).toEqual({ attempted: 1, familiar: 0, proficient: 0, mastered: 0 });
    expect(levels['2026-03-02']).toEqual({ attempted: 1, familiar: 0, proficient: 1, mastered: 0 });
    expect(levels['2026-03-09']).toEqual({ attempted: 1, familiar: 0, proficient: 0, mastered: 1 });
    // The student sees released scores only; the held one is not theirs yet.
    expect(charts.tests.map((p) => [p.title, p.percent])).toEqual([['Chart quiz one', 75]]);
    expect(charts.targetPercent).toBeNull();
    expect(charts.maySetTarget).toBe(false);
  });

  it('shows the parent their child’s charts, released scores only, and staff every submitted score', async () => {
    const parent = (await chartsOf(cookies.parent, child.id)).json<StudentProgressCharts>();
    expect(parent.tests.map((p) => p.title)).toEqual(['Chart quiz one']);
    expect(parent.maySetTarget).toBe(true);
    const teacher = (await chartsOf(cookies.teacher, child.id)).json<StudentProgressCharts>();
    expect(teacher.tests.map((p) => [p.title, p.percent])).toEqual([
      ['Chart quiz one', 75],
      ['Chart quiz held', 50],
    ]);
    expect((await chartsOf(cookies.admin, child.id)).statusCode).toBe(200);
  });

  it('refuses another family’s child, another student, staff who do not teach them, and a non-student id', async () => {
    const notYours = await chartsOf(otherParentCookie, child.id);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().message).toBe(M.notYourStudent);
    expect((await chartsOf(cookies.student, stranger.id)).statusCode).toBe(404);
    const teacher = await chartsOf(otherTeacherCookie, child.id);
    expect(teacher.statusCode).toBe(403);
    expect(teacher.json().message).toBe(M.notYourStudent);
    expect((await chartsOf(cookies.admin, each.teacher.id)).json().message).toBe(M.studentNotFound);
    expect((await chartsOf(cookies.admin, 'not-an-id')).statusCode).toBe(400);
    expect((await chartsOf(cookies['data-entry'], child.id)).statusCode).toBe(403);
  });
});

describe('a student’s target', () => {
  const put = (cookie: string, id: string, body: unknown) =>
    call(t.app, cookie, { method: 'PUT', url: `/api/students/${id}/target`, payload: body as object });

  it('is set by the parent and by a teacher of the student, and read back by the student', async () => {
    const byParent = await put(cookies.parent, child.id, { targetPercent: 80 });
    expect(byParent.statusCode).toBe(200);
    expect(byParent.json()).toEqual({ targetPercent: 80 });
    expect((await chartsOf(cookies.student, child.id)).json<StudentProgressCharts>().targetPercent).toBe(80);
    expect((await put(cookies.teacher, child.id, { targetPercent: 90 })).statusCode).toBe(200);
    expect((await chartsOf(cookies.parent, child.id)).json<StudentProgressCharts>().targetPercent).toBe(90);
    const [stored] = await t.db
      .execute(sql`select set_by from student_targets where student_id = ${child.id}`)
      .then((r) => (r as unknown as { rows: Array<{ set_by: string }> }).rows);
    expect(stored.set_by).toBe(each.teacher.id);
  });

  it('refuses the student, another parent, another teacher, and a target out of 1-100', async () => {
    const byStudent = await put(cookies.student, child.id, { targetPercent: 70 });
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json()).toMatchObject({ message: M.targetByStudent });
    expect((await put(otherParentCookie, child.id, { targetPercent: 70 })).statusCode).toBe(404);
    expect((await put(otherTeacherCookie, child.id, { targetPercent: 70 })).statusCode).toBe(403);
    for (const targetPercent of [0, 101, 50.5, '80', null]) {
      const bad = await put(cookies.parent, child.id, { targetPercent });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(M.targetRange);
    }
    expect((await put(cookies.parent, child.id, {})).statusCode).toBe(400);
  });
});

describe('a class’s accuracy per week', () => {
  const weeksOf = (cookie: string, id: string) =>
    call(t.app, cookie, { method: 'GET', url: `/api/classes/${id}/accuracy-weeks` });

  it('sums the class’s students per week', async () => {
    const reply = await weeksOf(cookies.teacher, classId);
    expect(reply.statusCode).toBe(200);
    const { weeks } = reply.json<ClassAccuracyWeeks>();
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toMatchObject({ weekStart: '2026-03-09', checks: 11, firstTries: 10, accuracy: 60 });
    expect((await weeksOf(cookies.admin, classId)).statusCode).toBe(200);
  });

  it('draws an empty class as empty weeks', async () => {
    const [empty] = await t.db.insert(classes).values({ name: 'Empty charts class' }).returning({ id: classes.id });
    const { weeks } = (await weeksOf(cookies.admin, empty.id)).json<ClassAccuracyWeeks>();
    expect(weeks.map((w) => w.checks)).toEqual(Array.from({ length: 12 }, () => 0));
  });

  it('refuses a teacher of another class, other roles, and an unknown class', async () => {
    expect((await weeksOf(otherTeacherCookie, classId)).statusCode).toBe(403);
    expect((await weeksOf(cookies.student, classId)).statusCode).toBe(403);
    expect((await weeksOf(cookies.parent, classId)).statusCode).toBe(403);
    expect((await weeksOf(cookies.admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await weeksOf(cookies.admin, 'nope')).statusCode).toBe(400);
  });
});
