/**
 * Who may act for a class, as a table: every class route is called about one class by each kind of user (its
 * teacher, its co-teacher, a teacher of another class, an admin, a parent, a student, data entry, nobody signed
 * in). Its teachers and admins are served; a teacher of another class is refused 403 with the class's message;
 * every other role is refused by the route's roles. An unknown class is 404 to all who may call.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../common/rules/classes';
import { rows } from '../db/prepared';
import { testQuestions } from '../db/schema';
import {
  buildCourse,
  buildQuestion,
  buildSavedTest,
  buildUser,
  linkTeacher,
  signIn,
  type BuiltCourse,
  type TestUser,
} from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import type { Actor } from './actor';
import { mayActForClass, requireClass } from './classes';

const ROLE_REFUSAL = "You don't have permission to access this page.";
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Who = 'teacher' | 'co-teacher' | 'other teacher' | 'admin' | 'parent' | 'student' | 'data-entry' | 'anon';
const WHO: Who[] = ['teacher', 'co-teacher', 'other teacher', 'admin', 'parent', 'student', 'data-entry', 'anon'];
const SERVED: Who[] = ['teacher', 'co-teacher', 'admin'];

let t: TestApp;
const people = {} as Record<Exclude<Who, 'anon'>, TestUser>;
const cookies = {} as Record<Who, string | null>;
let classId: string;
let course: BuiltCourse;
let testId: string;
let studentId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of WHO) {
    if (who === 'anon') continue;
    const type = who.endsWith('teacher') ? 'teacher' : who;
    people[who] = await buildUser(t.db, type as 'teacher');
  }
  cookies.anon = null;
  for (const who of WHO) if (who !== 'anon') cookies[who] = await signIn(t.app, people[who]);
  const made = await call(t.app, cookies.teacher, {
    method: 'POST',
    url: '/api/classes',
    payload: { name: 'Owned class', teacherIds: [people['co-teacher'].id] },
  });
  classId = made.json().class.id;
  // The other teacher teaches a class of their own: teaching a class is not teaching every class.
  await call(t.app, cookies['other teacher'], { method: 'POST', url: '/api/classes', payload: { name: 'Theirs' } });
  course = await buildCourse(t.db, { units: 1, sections: 1 });
  const test = await buildSavedTest(t.db);
  await t.db.insert(testQuestions).values({ testId: test.id, questionId: (await buildQuestion(t.db)).id, position: 1 });
  testId = test.id;
  const student = await buildUser(t.db, 'student');
  studentId = student.id;
  await linkTeacher(t.db, people.teacher.id, studentId);
  await linkTeacher(t.db, people['co-teacher'].id, studentId);
});
afterAll(() => t.close());

interface Route {
  route: string;
  send(cookie: string | null, id: string): ReturnType<typeof call>;
}
const get = (path: string): Route => ({
  route: `GET /api/classes/:id${path}`,
  send: (cookie, id) => call(t.app, cookie, { method: 'GET', url: `/api/classes/${id}${path}` }),
});
const write = (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  label: string,
  path: () => string = () => label,
  payload?: () => object,
): Route => ({
  route: `${method} /api/classes/:id${label}`,
  send: (cookie, id) =>
    call(t.app, cookie, { method, url: `/api/classes/${id}${path()}`, ...(payload ? { payload: payload() } : {}) }),
});

const ROUTES: Route[] = [
  get(''),
  get('/students'),
  get('/courses'),
  get('/tests'),
  write('PATCH', '', undefined, () => ({ term: 'Fall' })),
  write('POST', '/teachers', undefined, () => ({ teacherIds: [people['co-teacher'].id] })),
  write('POST', '/students', undefined, () => ({ studentIds: [studentId] })),
  write('POST', '/students/csv', undefined, () => ({ emails: ['nobody@example.com'] })),
  write('POST', '/join-code'),
  write('DELETE', '/join-code'),
  write('POST', '/courses', undefined, () => ({ courseId: course.id })),
  write(
    'PUT',
    '/units/:itemId/hold',
    () => `/units/${course.units[0].id}/hold`,
    () => ({ held: false }),
  ),
  write(
    'PUT',
    '/sections/:itemId/hold',
    () => `/sections/${course.units[0].sections[0].id}/hold`,
    () => ({ held: false }),
  ),
  write('POST', '/tests', undefined, () => ({ testId })),
];

function expected(who: Who): { status: number; message?: string } {
  if (who === 'anon') return { status: 401 };
  if (SERVED.includes(who)) return { status: 200 };
  if (who === 'other teacher') return { status: 403, message: CLASS_MESSAGES.notYourClass };
  return { status: 403, message: ROLE_REFUSAL };
}

describe('who may act for a class, route by route', () => {
  for (const route of ROUTES) {
    for (const who of WHO) {
      const { status, message } = expected(who);
      it(`${route.route} by ${who === 'anon' ? 'nobody signed in' : `the ${who}`}: ${status}`, async () => {
        const response = await route.send(cookies[who], classId);
        expect(response.statusCode, response.body).toBe(status);
        if (message) expect(response.json().message).toBe(message);
      });
    }
    it(`${route.route} about an unknown class: 404`, async () => {
      const response = await route.send(cookies.teacher, UNKNOWN);
      expect(response.statusCode, response.body).toBe(404);
    });
  }
});

describe('the rule itself', () => {
  const actor = (who: Exclude<Who, 'anon'>): Actor => ({
    id: people[who].id,
    type: who.endsWith('teacher') ? 'teacher' : (who as Actor['type']),
  });
  const verdict = (who: Exclude<Who, 'anon'>, id = classId) =>
    requireClass(t.db, actor(who), id).then(
      () => 200,
      (error: { status: number }) => error.status,
    );

  it('serves its teachers and admins, refuses other staff 403 and an unknown or malformed id 404', async () => {
    expect(await verdict('teacher')).toBe(200);
    expect(await verdict('co-teacher')).toBe(200);
    expect(await verdict('admin')).toBe(200);
    expect(await verdict('other teacher')).toBe(403);
    expect(await verdict('data-entry')).toBe(403);
    expect(await verdict('teacher', UNKNOWN)).toBe(404);
    expect(await verdict('admin', 'not-a-uuid')).toBe(404);
  });

  it('as a condition, it narrows a list to the same classes', async () => {
    const visible = async (who: Exclude<Who, 'anon'>) =>
      (
        await rows<{ id: string }>(
          t.db,
          sql`select o_c.id from classes o_c where ${mayActForClass(actor(who), sql`o_c.id`)} order by o_c.id`,
        )
      ).map((r) => r.id);
    expect(await visible('teacher')).toEqual([classId]);
    expect(await visible('co-teacher')).toEqual([classId]);
    expect((await visible('other teacher')).length).toBe(1);
    expect(await visible('other teacher')).not.toContain(classId);
    expect((await visible('admin')).length).toBe(2);
    expect(await visible('student')).toEqual([]);
    expect(await visible('parent')).toEqual([]);
  });
});
