import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, teacherStudents } from '../../db/schema';
import {
  buildAdmin,
  buildCourse,
  buildStudent,
  buildTeacher,
  linkTeacher,
  signIn,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

/**
 * GET /api/{admin|teacher}/students: paged, filtered, searched and counted by the database (for the student
 * manager's stat cards, search and table), a teacher's own students only.
 */
let t: TestApp;
let admin: string;
let teacher: string;
let teacherId: string;
const people: Record<string, TestUser> = {};
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  const old = new Date(Date.now() - 90 * DAY);
  const specs: Array<[string, Parameters<typeof buildStudent>[1]]> = [
    ['kim', { firstName: 'Kim', lastName: 'Abbott', grade: 'K', school: 'Oak Primary', createdAt: old }],
    ['ana', { firstName: 'Ana', lastName: 'Brown', grade: '3', school: 'Oak Primary', createdAt: old }],
    ['ben', { firstName: 'Ben', lastName: 'Brown', grade: '5', school: 'Hill School', createdAt: old }],
    ['cara', { firstName: 'Cara', lastName: 'Diaz', grade: '6', school: 'Hill School' }],
    ['dev', { firstName: 'Dev', lastName: 'Evans', grade: '8', school: '100% Academy', createdAt: old }],
    ['eli', { firstName: 'Eli', lastName: 'Fox', grade: '10', school: 'River High' }],
    ['fay', { firstName: 'Fay', lastName: 'Gray', grade: '12', school: 'River High', createdAt: old }],
  ];
  for (const [key, spec] of specs)
    people[key] = await buildStudent(t.db, {
      ...spec,
      email: `${key}-${Math.random().toString(16).slice(2, 8)}@example.com`,
    });
  const [a, te] = await Promise.all([buildAdmin(t.db), buildTeacher(t.db)]);
  await linkTeacher(t.db, te.id, people.ana.id);
  await linkTeacher(t.db, te.id, people.eli.id);
  teacherId = te.id;
  [admin, teacher] = await Promise.all([signIn(t.app, a), signIn(t.app, te)]);
});
afterAll(() => t.close());

const list = async (cookie: string, query = '', role: 'admin' | 'teacher' = 'admin') => {
  const response = await call(t.app, cookie, { method: 'GET', url: `/api/${role}/students${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const names = (reply: { students: Array<{ fullName: string }> }) => reply.students.map((s) => s.fullName);

describe('the student list', () => {
  it('answers the first page, ordered by last and first name, with the stat cards of every group', async () => {
    const reply = await list(admin);
    expect(reply).toMatchObject({ page: 1, pageSize: 20, total: 7 });
    expect(names(reply)).toEqual([
      'Kim Abbott',
      'Ana Brown',
      'Ben Brown',
      'Cara Diaz',
      'Dev Evans',
      'Eli Fox',
      'Fay Gray',
    ]);
    // K belongs to no grade band; "recent" are those who joined within 30 days.
    expect(reply.stats).toEqual({ all: 7, grades1to5: 2, grades6to8: 2, grades9to12: 2, recent: 2 });
  });

  it('filters by each stat card, and the total is the filtered count while the cards stay', async () => {
    const cases: Array<[string, string[]]> = [
      ['grades1to5', ['Ana Brown', 'Ben Brown']],
      ['grades6to8', ['Cara Diaz', 'Dev Evans']],
      ['grades9to12', ['Eli Fox', 'Fay Gray']],
      ['recent', ['Cara Diaz', 'Eli Fox']],
      ['all', ['Kim Abbott', 'Ana Brown', 'Ben Brown', 'Cara Diaz', 'Dev Evans', 'Eli Fox', 'Fay Gray']],
    ];
    for (const [group, expected] of cases) {
      const reply = await list(admin, `?group=${group}`);
      expect(names(reply), group).toEqual(expected);
      expect(reply.total, group).toBe(expected.length);
      expect(reply.stats.all, group).toBe(7);
    }
  });

  it('searches name, e-mail, school and grade, ignoring case, within the chosen group', async () => {
    const search = async (q: string, group = '') =>
      names(await list(admin, `?q=${encodeURIComponent(q)}${group ? `&group=${group}` : ''}`));
    expect(await search('brown')).toEqual(['Ana Brown', 'Ben Brown']);
    expect(await search('ANA BR')).toEqual(['Ana Brown']);
    expect(await search('brown ben')).toEqual(['Ben Brown']);
    expect(await search(people.dev.email.toUpperCase())).toEqual(['Dev Evans']);
    expect(await search('river')).toEqual(['Eli Fox', 'Fay Gray']);
    expect(await search('hill', 'grades1to5')).toEqual(['Ben Brown']);
    // A grade is matched whole: "1" is not grade 10 or 12.
    expect(await search('grade 10')).toEqual(['Eli Fox']);
    expect(await search('Grade 1')).toEqual([]);
    expect(await search('k')).toContain('Kim Abbott');
    // LIKE's pattern characters are taken literally.
    expect(await search('%')).toEqual(['Dev Evans']);
    expect(await search('_')).toEqual([]);
    expect(await search('nobody at all')).toEqual([]);
  });

  it('pages in the database; a page past the end is empty and still counts', async () => {
    const first = await list(admin, '?pageSize=3');
    const second = await list(admin, '?pageSize=3&page=2');
    const third = await list(admin, '?pageSize=3&page=3');
    expect([...names(first), ...names(second), ...names(third)]).toEqual([
      'Kim Abbott',
      'Ana Brown',
      'Ben Brown',
      'Cara Diaz',
      'Dev Evans',
      'Eli Fox',
      'Fay Gray',
    ]);
    expect(third).toMatchObject({ total: 7, page: 3, pageSize: 3 });
    const past = await list(admin, '?pageSize=3&page=9&group=grades9to12');
    expect(past).toMatchObject({ students: [], total: 2, page: 9 });
  });

  it("carries each student's courses, units and sections", async () => {
    const course = await buildCourse(t.db, { units: 2, sections: 2, title: 'Algebra Basics' });
    const ids = { studentId: people.cara.id };
    const post = (url: string, payload: object) => call(t.app, admin, { method: 'POST', url, payload });
    await post('/api/admin/assign-course', { ...ids, courseId: course.id });
    await post('/api/admin/assign-unit', { ...ids, unitId: course.units[1].id, withSections: true });
    const cara = (await list(admin, '?q=cara')).students[0];
    expect(cara.courses).toEqual([{ id: course.id, courseId: course.id, name: 'Algebra Basics', code: course.code }]);
    expect(cara.units).toEqual([course.units[1].id]);
    expect([...cara.sections].sort()).toEqual(course.units[1].sections.map((s) => s.id).sort());
    expect((await list(admin, '?q=dev')).students[0]).toMatchObject({ courses: [], units: [], sections: [] });
    await post('/api/admin/remove-course', { ...ids, courseId: course.id });
  });

  it('gives a teacher their own students only, in the list and in the cards', async () => {
    const reply = await list(teacher, '', 'teacher');
    expect(names(reply)).toEqual(['Ana Brown', 'Eli Fox']);
    expect(reply.stats).toEqual({ all: 2, grades1to5: 1, grades6to8: 0, grades9to12: 1, recent: 1 });
    expect(names(await list(teacher, '?q=fay', 'teacher'))).toEqual([]);
    expect(names(await list(teacher, '?group=grades9to12', 'teacher'))).toEqual(['Eli Fox']);
  });

  it('is kept between reads, yet shows a new student, a profile edit and a teacher link in the next reads', async () => {
    const before = await list(admin, '?q=river');
    expect(names(before)).toEqual(['Eli Fox', 'Fay Gray']);
    // Written straight to the database, as a student's own profile edit or another instance would: the triggers of
    // migrations 0008 and 0011 announce each on commit.
    const gus = await buildStudent(t.db, {
      firstName: 'Gus',
      lastName: 'Hill',
      grade: '11',
      school: 'River High',
      email: `gus-${Date.now()}@example.com`,
    });
    await expect.poll(async () => names(await list(admin, '?q=river'))).toEqual(['Eli Fox', 'Fay Gray', 'Gus Hill']);
    await t.db.update(profiles).set({ school: 'Lake School' }).where(eq(profiles.userId, gus.id));
    await expect.poll(async () => names(await list(admin, '?q=river'))).toEqual(['Eli Fox', 'Fay Gray']);
    await linkTeacher(t.db, teacherId, gus.id);
    await expect
      .poll(async () => names(await list(teacher, '', 'teacher')))
      .toEqual(['Ana Brown', 'Eli Fox', 'Gus Hill']);
    await t.db.delete(teacherStudents).where(eq(teacherStudents.studentId, gus.id));
    await expect.poll(async () => names(await list(teacher, '', 'teacher'))).toEqual(['Ana Brown', 'Eli Fox']);
  });

  it('refuses a bad query with 400 and a message, never a 500', async () => {
    const bad = [
      '?page=0',
      '?page=x',
      '?pageSize=0',
      '?pageSize=101',
      '?pageSize=2.5',
      '?group=everyone',
      `?q=${'a'.repeat(201)}`,
      '?q=%00',
    ];
    for (const query of bad) {
      const response = await call(t.app, admin, { method: 'GET', url: `/api/admin/students${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/\S/);
    }
  });
});
