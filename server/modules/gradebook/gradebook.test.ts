import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADEBOOK_MESSAGES as M, type GradebookReply } from '../../../common/schemas/gradebook';
import { CLASS_MESSAGES } from '../../../common/rules/classes';
import { CHANNELS } from '../../db/changes';
import { classHeldSections, sections, tests as savedTests } from '../../db/schema';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildSavedTest,
  buildStudent,
  buildTeacher,
  buildUser,
  signIn,
  type BuiltCourse,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildClass, giveClassTest, placeQuestions, setClassDueDate, storeCheck, storeSitting } from './fixtures';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let course: BuiltCourse;
let classId: string;
let otherClassId: string;
const tests: Record<'x' | 'y' | 'z', string> = {} as never;
const q: string[] = [];

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const base = Date.now() - 10 * DAY;
const at = (ms: number) => new Date(base + ms);

const get = (who: string, url: string) => call(t.app, cookies[who] ?? null, { method: 'GET', url });
const book = async (query = '', who = 'teacher'): Promise<GradebookReply> => {
  const response = await get(who, `/api/classes/${classId}/gradebook${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/**
 * A class of three students (Adams, Brown, Cole) studying a course of two units of two sections, the last one held
 * back; sections 1.1 and 1.2 due two days in, 2.1 never. Three tests: X (closed on day 4), Y (closed on day 4, not
 * given to Brown, Adams submitting after it closed), Z (opening tomorrow).
 */
beforeAll(async () => {
  t = await createTestApp();
  const people = {
    admin: await buildAdmin(t.db),
    teacher: await buildTeacher(t.db),
    otherTeacher: await buildTeacher(t.db),
    student: await buildStudent(t.db),
    parent: await buildUser(t.db, 'parent'),
    dataEntry: await buildUser(t.db, 'data-entry'),
    cole: await buildStudent(t.db, { firstName: 'Cy', lastName: 'Cole' }),
    adams: await buildStudent(t.db, { firstName: 'Ann', lastName: 'Adams' }),
    brown: await buildStudent(t.db, { firstName: 'Ben', lastName: 'Brown' }),
  };
  for (const [role, person] of Object.entries(people)) {
    ids[role] = person.id;
    cookies[role] = await signIn(t.app, person);
  }
  course = await buildCourse(t.db, { units: 2, sections: 2, title: 'Fractions' });
  for (let i = 0; i < 5; i++) q.push((await buildQuestion(t.db)).id);
  const [s11, s12] = course.units[0].sections;
  const [s21, s22] = course.units[1].sections;
  await placeQuestions(t.db, s11.id, [q[0], q[1]]);
  await placeQuestions(t.db, s12.id, [q[2]]);
  await placeQuestions(t.db, s21.id, [q[3], q[4]]);
  // A lesson without exercises: nothing to grade.
  await t.db.insert(sections).values({ unitId: course.units[1].id, title: 'Reading 2.3', sectionNumber: 3 });
  const students = [ids.adams, ids.brown, ids.cole];
  classId = (
    await buildClass(t.db, { name: 'Grade 6', teacherIds: [ids.teacher], studentIds: students, courseIds: [course.id] })
  ).id;
  otherClassId = (await buildClass(t.db, { name: 'Other', teacherIds: [ids.otherTeacher] })).id;
  await t.db.insert(classHeldSections).values({ classId, sectionId: s22.id });
  await setClassDueDate(t.db, classId, s11.id, at(2 * DAY));
  await setClassDueDate(t.db, classId, s12.id, at(2 * DAY));

  const check = (studentId: string, question: number, sectionId: string, isCorrect: boolean, when: number) =>
    storeCheck(t.db, { studentId, questionId: q[question], sectionId, isCorrect, at: at(when) });
  // Adams finishes 1.1 in time (q1 on the second try, q2 at once) and 1.2 a day late.
  await check(ids.adams, 0, s11.id, false, DAY);
  await check(ids.adams, 0, s11.id, true, DAY + HOUR);
  await check(ids.adams, 1, s11.id, true, DAY + 2 * HOUR);
  await check(ids.adams, 2, s12.id, true, 3 * DAY);
  // Brown solves half of 1.1 and nothing else: both due sections are missing.
  await check(ids.brown, 0, s11.id, true, DAY);
  // Cole has tried 2.1, which is due never.
  await check(ids.cole, 3, s21.id, false, 5 * DAY);

  tests.x = (await buildSavedTest(t.db, 'Test X')).id;
  tests.y = (await buildSavedTest(t.db, 'Test Y')).id;
  tests.z = (await buildSavedTest(t.db, 'Test Z')).id;
  const closed = { opensAt: at(0), closesAt: at(4 * DAY) };
  const x = await giveClassTest(t.db, classId, tests.x, students, closed);
  const y = await giveClassTest(t.db, classId, tests.y, [ids.adams, ids.cole], closed);
  await giveClassTest(t.db, classId, tests.z, students, {
    opensAt: new Date(Date.now() + DAY),
    closesAt: new Date(Date.now() + 5 * DAY),
  });
  await storeSitting(t.db, {
    assignmentId: x[ids.adams],
    studentId: ids.adams,
    startedAt: at(3 * DAY),
    submittedAt: at(3 * DAY + HOUR),
    score: 7,
    maxMarks: 10,
  });
  await storeSitting(t.db, { assignmentId: x[ids.cole], studentId: ids.cole, startedAt: at(3 * DAY), maxMarks: 10 });
  await storeSitting(t.db, {
    assignmentId: y[ids.adams],
    studentId: ids.adams,
    startedAt: at(3 * DAY),
    submittedAt: at(5 * DAY),
    score: 4,
    maxMarks: 5,
  });
});
afterAll(() => t.close());

describe('GET /api/classes/:id/gradebook', () => {
  it("lists the class's students by name, its sections but those held back or without exercises, and its tests by window", async () => {
    const reply = await book();
    expect(reply.class).toEqual({ id: classId, name: 'Grade 6' });
    expect(reply.students.map((s) => s.name)).toEqual(['Ann Adams', 'Ben Brown', 'Cy Cole']);
    expect(reply.sections.map((s) => [s.unitNumber, s.sectionNumber, s.title, s.exercises])).toEqual([
      [1, 1, 'Section 1.1', 2],
      [1, 2, 'Section 1.2', 1],
      [2, 1, 'Section 2.1', 2],
    ]);
    expect(reply.tests.map((x) => x.title)).toEqual(['Test X', 'Test Y', 'Test Z']);
    expect(reply.units.map((u) => u.unitNumber)).toEqual([1, 2]);
  });

  it('counts solved and first-try figures and tells done, late, missing, in progress and not started', async () => {
    const [adams, brown, cole] = (await book()).students;
    expect(adams.sections).toEqual([
      { solved: 2, tried: 2, firstTry: 1, state: 'done' },
      { solved: 1, tried: 1, firstTry: 1, state: 'late' },
      { solved: 0, tried: 0, firstTry: 0, state: 'not-started' },
    ]);
    expect(brown.sections).toEqual([
      { solved: 1, tried: 1, firstTry: 1, state: 'missing' },
      { solved: 0, tried: 0, firstTry: 0, state: 'missing' },
      { solved: 0, tried: 0, firstTry: 0, state: 'not-started' },
    ]);
    expect(cole.sections[2]).toEqual({ solved: 0, tried: 1, firstTry: 0, state: 'in-progress' });
  });

  it("gives each test's state, and its score to the teacher before any release", async () => {
    const [adams, brown, cole] = (await book()).students;
    expect(adams.tests.map((c) => [c.state, c.score, c.maxMarks])).toEqual([
      ['submitted', 7, 10],
      ['late', 4, 5],
      ['not-started', null, null],
    ]);
    expect(brown.tests.map((c) => c.state)).toEqual(['missing', 'not-given', 'not-started']);
    expect(cole.tests.map((c) => c.state)).toEqual(['in-progress', 'missing', 'not-started']);
  });

  it("averages each column over the class's students", async () => {
    const { averages } = await book();
    expect(averages.sections[0]).toEqual({ solvedPercent: 50, firstTryPercent: 75 });
    expect(averages.sections[2]).toEqual({ solvedPercent: 0, firstTryPercent: 0 });
    expect(averages.tests.map((a) => a.scorePercent)).toEqual([70, 80, null]);
  });

  it('filters by unit and by test, and still offers every unit and test to pick', async () => {
    const byUnit = await book(`?unit=${course.units[1].id}`);
    expect(byUnit.sections.map((s) => s.title)).toEqual(['Section 2.1']);
    expect(byUnit.students[2].sections).toEqual([{ solved: 0, tried: 1, firstTry: 0, state: 'in-progress' }]);
    expect(byUnit.units).toHaveLength(2);
    const byTest = await book(`?test=${tests.y}`);
    expect(byTest.tests.map((x) => x.title)).toEqual(['Test Y']);
    expect(byTest.students.map((s) => s.tests[0].state)).toEqual(['late', 'not-given', 'missing']);
    expect(byTest.allTests).toHaveLength(3);
  });

  it('counts within a date range only the questions first tried or solved in it, and the tests whose window meets it', async () => {
    const from = at(DAY + 30 * 60 * 1000).toISOString();
    const to = at(4 * DAY).toISOString();
    const reply = await book(`?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    const [adams, brown, cole] = reply.students;
    // q1 was first tried before the range and solved in it; q2 tried and solved at once in it.
    expect(adams.sections[0]).toEqual({ solved: 2, tried: 1, firstTry: 1, state: 'done' });
    expect(brown.sections[0]).toEqual({ solved: 0, tried: 0, firstTry: 0, state: 'missing' });
    expect(cole.sections[2]).toEqual({ solved: 0, tried: 0, firstTry: 0, state: 'in-progress' });
    expect(reply.tests.map((x) => x.title)).toEqual(['Test X', 'Test Y']);
    const later = await book(`?from=${encodeURIComponent(at(6 * DAY).toISOString())}`);
    expect(later.tests.map((x) => x.title)).toEqual(['Test Z']);
  });

  it('lets an admin read any class', async () => {
    expect((await get('admin', `/api/classes/${classId}/gradebook`)).statusCode).toBe(200);
    const other = await get('admin', `/api/classes/${otherClassId}/gradebook`);
    expect(other.json().students).toEqual([]);
  });

  it('refuses a teacher of another class (403), an unknown class (404) and other roles', async () => {
    const mine = await get('otherTeacher', `/api/classes/${classId}/gradebook`);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toBe(CLASS_MESSAGES.notYourClass);
    const unknown = await get('teacher', '/api/classes/00000000-0000-4000-8000-000000000000/gradebook');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CLASS_MESSAGES.notFound);
    for (const role of ['student', 'parent', 'dataEntry'])
      expect((await get(role, `/api/classes/${classId}/gradebook`)).statusCode, role).toBe(403);
    expect((await get('nobody', `/api/classes/${classId}/gradebook`)).statusCode).toBe(401);
  });

  it('refuses bad input with 400 and a message', async () => {
    const cases: Array<[string, string]> = [
      [`/api/classes/not-a-class/gradebook`, CLASS_MESSAGES.notFound],
      [`/api/classes/${classId}/gradebook?unit=nope`, M.badId],
      [`/api/classes/${classId}/gradebook?test=nope`, M.badId],
      [`/api/classes/${classId}/gradebook?from=yesterday`, M.instant],
      [`/api/classes/${classId}/gradebook?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`, M.range],
    ];
    for (const [url, message] of cases) {
      const response = await get('teacher', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.body, url).toContain(message);
    }
  });

  it('shows the checks another server stored once its notice names the student', async () => {
    const s21 = course.units[1].sections[0].id;
    await storeCheck(t.db, { studentId: ids.cole, questionId: q[4], sectionId: s21, isCorrect: true, at: new Date() });
    // Stored behind this server's back: its kept totals learn of it from the notice another server's writer sends.
    await t.db.execute(sql`select pg_notify(${CHANNELS.attempts}, ${`elsewhere ${ids.cole}`})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const cole = (await book()).students[2];
    expect(cole.sections[2]).toMatchObject({ solved: 1, tried: 2, firstTry: 1 });
  });
});

describe('the kept gradebook', () => {
  it('is sent gzipped to a browser, and shows a renamed test (a change no notice announces)', async () => {
    const url = `/api/classes/${classId}/gradebook`;
    const zipped = await call(t.app, cookies.teacher, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).students).toHaveLength(3);
    await t.db.update(savedTests).set({ title: 'Test X (renamed)' }).where(eq(savedTests.id, tests.x));
    expect((await book()).tests[0].title).toBe('Test X (renamed)');
  });
});
