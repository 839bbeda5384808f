/**
 * Who may act for a student, as a table: every route that names a student or a child is called about one student
 * by each kind of user (the teacher linked to the student, a teacher who is not, the student's parent, another
 * parent, the student, another student, an admin, data entry, nobody signed in). The owner is served; a teacher who
 * is not the owner is refused 403 with the route's own message, a parent who is not 404 as for an unknown child;
 * every other role is answered as the route's roles, written out here, say.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../common/rules';
import { TEST_TAKING_MESSAGES } from '../../common/rules/test-taking';
import { DASHBOARD_MESSAGES } from '../../common/schemas/dashboards';
import { LEARNING_MESSAGES } from '../../common/schemas/learning';
import { rows } from '../db/prepared';
import { parentStudents } from '../db/schema';
import {
  buildCourse,
  buildQuestion,
  buildUser,
  linkTeacher,
  signIn,
  type BuiltCourse,
  type TestUser,
} from '../test/factories';
import { call, createTestApp, type TestApp } from '../test/harness';
import type { Actor } from './actor';
import { mayActForStudent, requireStudent, type StudentAccess } from './students';

const ROLE_REFUSAL = "You don't have permission to access this page.";

type Who =
  | 'owner teacher'
  | 'other teacher'
  | 'owner parent'
  | 'other parent'
  | 'the student'
  | 'other student'
  | 'admin'
  | 'data-entry'
  | 'anon';
const WHO: Who[] = [
  'owner teacher',
  'other teacher',
  'owner parent',
  'other parent',
  'the student',
  'other student',
  'admin',
  'data-entry',
  'anon',
];
const roleOf = (who: Who): UserType | null =>
  who === 'anon' ? null : who === 'admin' || who === 'data-entry' ? who : (who.split(' ')[1] as UserType);

let t: TestApp;
let course: BuiltCourse;
let testId: string;
const people = {} as Record<Exclude<Who, 'anon'>, TestUser>;
const cookies = {} as Record<Who, string | null>;
let studentId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of WHO) {
    if (who === 'anon') continue;
    people[who] = await buildUser(t.db, roleOf(who)!);
  }
  studentId = people['the student'].id;
  await linkTeacher(t.db, people['owner teacher'].id, studentId);
  // The other teacher and parent have students of their own: being someone's owner is not being everyone's.
  await linkTeacher(t.db, people['other teacher'].id, people['other student'].id);
  await t.db.insert(parentStudents).values([
    { parentId: people['owner parent'].id, studentId },
    { parentId: people['other parent'].id, studentId: people['other student'].id },
  ]);
  cookies.anon = null;
  for (const who of WHO) if (who !== 'anon') cookies[who] = await signIn(t.app, people[who]);
  course = await buildCourse(t.db, { units: 1, sections: 1 });
  const question = await buildQuestion(t.db);
  const created = await call(t.app, cookies.admin, {
    method: 'POST',
    url: '/api/tests',
    payload: {
      name: 'Owned quiz',
      type: 'test',
      description: '',
      instructions: '',
      timeLimit: null,
      totalMarks: null,
      testCode: '',
      questions: [{ questionId: question.id, order: 1 }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  testId = created.json().test.id;
});
afterAll(() => t.close());

/** The student holds the course and its unit before each call, so that every assignment call is one that can succeed. */
async function holdCourseAndUnit() {
  for (const url of ['/api/admin/assign-course', '/api/admin/assign-unit']) {
    const payload = url.endsWith('course')
      ? { studentId, courseId: course.id }
      : { studentId, unitId: course.units[0].id };
    const response = await call(t.app, cookies.admin, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(200);
  }
}

interface Route {
  route: string;
  /** Who the route admits at all (its access). */
  roles: readonly UserType[];
  /** Whose student it is about: a teacher's linked student or a parent's child. */
  owner: 'teacher' | 'parent';
  /** What a user of the owner's role who is not the owner gets. */
  notYours: { status: number; message: string };
  send(cookie: string | null): ReturnType<typeof call>;
}

const post = (url: string, payload: () => object) => (cookie: string | null) =>
  call(t.app, cookie, { method: 'POST', url, payload: payload() });
const get = (url: () => string) => (cookie: string | null) => call(t.app, cookie, { method: 'GET', url: url() });
const notYourStudent = { status: 403, message: LEARNING_MESSAGES.notYourStudent };

function assignmentRoutes(role: 'admin' | 'teacher'): Route[] {
  const at = (path: string, payload: () => object): Route => ({
    route: `POST /api/${role}/${path}`,
    roles: [role],
    owner: 'teacher',
    notYours: notYourStudent,
    send: post(`/api/${role}/${path}`, payload),
  });
  const unitId = () => course.units[0].id;
  const sectionId = () => course.units[0].sections[0].id;
  return [
    at('assign-course', () => ({ studentId, courseId: course.id })),
    at('remove-course', () => ({ studentId, courseId: course.id })),
    at('remove-course-assignment', () => ({ studentId, courseId: course.id })),
    at('assign-unit', () => ({ studentId, unitId: unitId(), withSections: true })),
    at('remove-unit', () => ({ studentId, unitId: unitId() })),
    at('assign-section', () => ({ studentId, sectionId: sectionId() })),
    at('remove-section', () => ({ studentId, sectionId: sectionId() })),
    at('batch-assignments', () => ({ action: 'assign', kind: 'course', itemId: course.id, studentIds: [studentId] })),
  ];
}

const ROUTES: Route[] = [
  ...assignmentRoutes('admin'),
  ...assignmentRoutes('teacher'),
  {
    route: 'POST /api/tests/:id/assign',
    roles: ['admin', 'teacher'],
    owner: 'teacher',
    notYours: { status: 403, message: TEST_TAKING_MESSAGES.notYourStudent },
    send: (cookie) =>
      call(t.app, cookie, { method: 'POST', url: `/api/tests/${testId}/assign`, payload: { studentIds: [studentId] } }),
  },
  {
    route: 'GET /api/parent/children/:id',
    roles: ['parent'],
    owner: 'parent',
    notYours: { status: 404, message: DASHBOARD_MESSAGES.childNotFound },
    send: get(() => `/api/parent/children/${studentId}`),
  },
  {
    route: 'DELETE /api/parent/children/:id',
    roles: ['parent'],
    owner: 'parent',
    notYours: { status: 404, message: DASHBOARD_MESSAGES.childNotFound },
    // The owner's call removes the link: it is put back first, so that every call finds the family as built.
    send: async (cookie) => {
      await t.db
        .insert(parentStudents)
        .values({ parentId: people['owner parent'].id, studentId })
        .onConflictDoNothing();
      return call(t.app, cookie, { method: 'DELETE', url: `/api/parent/children/${studentId}` });
    },
  },
  {
    route: 'GET /api/parent/children/:id/tests',
    roles: ['parent'],
    owner: 'parent',
    notYours: { status: 404, message: DASHBOARD_MESSAGES.childNotFound },
    send: get(() => `/api/parent/children/${studentId}/tests`),
  },
];

/** The status and message each kind of user gets from a route about the student. */
function expected(route: Route, who: Who): { status: number; message?: string } {
  const role = roleOf(who);
  if (!role) return { status: 401 };
  if (!route.roles.includes(role)) return { status: 403, message: ROLE_REFUSAL };
  if (role === 'admin' || who === `owner ${route.owner}`) return { status: 200 };
  if (role === route.owner) return route.notYours;
  throw new Error(`${route.route} admits ${role}, who owns no student here: add the rule to this table`);
}

describe('who may act for a student, route by route', () => {
  for (const route of ROUTES) {
    for (const who of WHO) {
      const { status, message } = expected(route, who);
      it(`${route.route} by ${who === 'anon' ? 'nobody signed in' : who === 'the student' ? who : `the ${who}`}: ${status}`, async () => {
        await holdCourseAndUnit();
        const response = await route.send(cookies[who]);
        expect(response.statusCode, response.body).toBe(status);
        if (message) expect(response.json().message).toBe(message);
      });
    }
  }
});

describe('the rule itself, for the roles no route above lets through', () => {
  const refusals = { unknown: 'unknown', notYours: 'not yours' };
  const actor = (who: Exclude<Who, 'anon'>): Actor => ({ id: people[who].id, type: roleOf(who)! });
  const verdict = (who: Exclude<Who, 'anon'>, access: StudentAccess) =>
    requireStudent(t.db, actor(who), studentId, refusals, access).then(
      () => 200,
      (error: { status: number }) => error.status,
    );

  it('a student reads for themself only, and changes nothing', async () => {
    expect(await verdict('the student', 'read')).toBe(200);
    expect(await verdict('other student', 'read')).toBe(404);
    expect(await verdict('the student', 'write')).toBe(404);
  });

  it('a parent reads their child and manages their family link, and changes nothing the child studies', async () => {
    expect(await verdict('owner parent', 'read')).toBe(200);
    expect(await verdict('owner parent', 'manage')).toBe(200);
    expect(await verdict('other parent', 'manage')).toBe(404);
    expect(await verdict('owner parent', 'write')).toBe(404);
  });

  it("only a parent or an admin manages a student's family links", async () => {
    expect(await verdict('admin', 'manage')).toBe(200);
    expect(await verdict('owner teacher', 'manage')).toBe(403);
    expect(await verdict('the student', 'manage')).toBe(404);
    expect(await verdict('data-entry', 'manage')).toBe(403);
  });

  it('data entry acts for no student; an unknown or malformed id is unknown to all', async () => {
    expect(await verdict('data-entry', 'read')).toBe(403);
    await expect(requireStudent(t.db, actor('admin'), people['owner teacher'].id, refusals)).rejects.toMatchObject({
      status: 404,
      message: 'unknown',
    });
    await expect(requireStudent(t.db, actor('admin'), 'not-a-uuid', refusals)).rejects.toMatchObject({
      status: 404,
      message: 'unknown',
    });
  });

  it('as a condition, it narrows a list to the same students', async () => {
    const visible = async (who: Exclude<Who, 'anon'>) =>
      (
        await rows<{ id: string }>(
          t.db,
          sql`select o_u.id from users o_u where o_u.type = 'student' and ${mayActForStudent(actor(who), sql`o_u.id`)} order by o_u.id`,
        )
      ).map((r) => r.id);
    expect(await visible('owner teacher')).toEqual([studentId]);
    expect(await visible('owner parent')).toEqual([studentId]);
    expect(await visible('the student')).toEqual([studentId]);
    expect(await visible('other teacher')).toEqual([people['other student'].id]);
    expect(await visible('data-entry')).toEqual([]);
    expect((await visible('admin')).length).toBe(2);
  });
});
