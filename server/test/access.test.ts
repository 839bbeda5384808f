/**
 * DESIGN section 12 as a table: every /api route the server registers must appear here with its access,
 * and every role is sent to every route. A route added without a row fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../common/rules';
import { STAFF, type Access } from '../plugins/access';
import { buildOneOfEach, signInEach, type TestUser } from './factories';
import { call, createTestApp, type TestApp } from './harness';

const everyone: Access = 'public';
const signedIn: Access = 'signedIn';

/** 'METHOD /path' → who may call it. */
export const ACCESS_TABLE: Record<string, Access> = {
  'GET /api/health': everyone,
  'POST /api/auth/signup': everyone,
  'POST /api/auth/verify-otp': everyone,
  'POST /api/auth/resend-otp': everyone,
  'POST /api/auth/otp-forgot-password': everyone,
  'POST /api/auth/reset-password': everyone,
  'POST /api/auth/login': everyone,
  'POST /api/users/complete-profile': everyone,
  'GET /api/auth/me': signedIn,
  'POST /api/auth/logout': signedIn,
  'POST /api/auth/change-password': signedIn,
  'PUT /api/users/profile': signedIn,
  ...assignmentRows(),
  'GET /api/sections/:id/questions': ['admin', 'teacher'],
  'POST /api/questions/assign-to-section': ['admin', 'teacher'],
  'DELETE /api/sections/:sectionId/questions/:questionId': ['admin', 'teacher'],
  'GET /api/student/courses': ['student'],
  'GET /api/student/courses/:id': ['student'],
  'GET /api/student/stats': ['student'],
  'POST /api/questions/batch': ['student', 'admin', 'teacher', 'data-entry'],
  'POST /api/questions/check-answer': ['student', 'admin', 'teacher', 'data-entry'],
  'GET /api/courses': STAFF,
  'POST /api/courses': STAFF,
  'PUT /api/courses/:id': STAFF,
  'DELETE /api/courses/:id': STAFF,
  'GET /api/admin/courses': ['admin'],
  'GET /api/courses/:id/units': STAFF,
  'POST /api/courses/:id/units': STAFF,
  'PUT /api/units/:id': STAFF,
  'DELETE /api/units/:id': STAFF,
  'GET /api/admin/units': ['admin'],
  'GET /api/teacher/units': ['teacher'],
  'GET /api/units/:id/sections': STAFF,
  'POST /api/units/:id/sections': STAFF,
  'PUT /api/sections/:id': STAFF,
  'DELETE /api/sections/:id': STAFF,
  'GET /api/admin/sections': ['admin'],
  'GET /api/teacher/sections': ['teacher'],
  'POST /api/bookings': everyone,
  'POST /api/subscriptions': everyone,
  'GET /api/questions': STAFF,
  'POST /api/questions': STAFF,
  'PUT /api/questions/:id': STAFF,
  'DELETE /api/questions/:id': STAFF,
  'POST /api/questions/bulk-delete': STAFF,
  'POST /api/questions/uploads': STAFF,
  'GET /api/questions/uploads/:filename': signedIn,
  'GET /api/category': STAFF,
  'POST /api/category': STAFF,
  'DELETE /api/category/:id': STAFF,
  'GET /api/focus': STAFF,
  'POST /api/focus': STAFF,
  'DELETE /api/focus/:id': STAFF,
};

/** The student-assignment calls exist under /api/admin for admins and /api/teacher for teachers. */
function assignmentRows(): Record<string, Access> {
  const calls = ['assign-course', 'remove-course', 'remove-course-assignment', 'assign-unit', 'remove-unit', 'assign-section', 'remove-section'];
  return Object.fromEntries(
    (['admin', 'teacher'] as const).flatMap((role) => [
      [`GET /api/${role}/students`, [role]],
      ...calls.map((c) => [`POST /api/${role}/${c}`, [role]]),
    ]),
  );
}

const ROLES: Array<UserType | 'anon'> = ['anon', 'student', 'parent', 'teacher', 'admin', 'data-entry'];
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let people: Record<UserType, TestUser>;
beforeAll(async () => {
  t = await createTestApp();
  people = await buildOneOfEach(t.db);
});
afterAll(() => t.close());

describe('who may call what', () => {
  it('every registered route has a row, and declares the access of its row', () => {
    const registered = Object.fromEntries(t.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(Object.keys(registered).sort()).toEqual(Object.keys(ACCESS_TABLE).sort());
    for (const [route, access] of Object.entries(ACCESS_TABLE)) expect(registered[route], route).toEqual(access);
  });

  for (const [route, access] of Object.entries(ACCESS_TABLE)) {
    if (access === 'public') continue;
    it(`${route}: ${access === 'signedIn' ? 'any signed-in user' : access.join(', ')}`, async () => {
      const [method, path] = route.split(' ');
      const url = path.replace(/:[a-zA-Z]+/g, SAMPLE_ID);
      // Fresh sessions for every route: logout and password change end the ones they are called with.
      const cookies = await signInEach(t.app, people);
      for (const role of ROLES) {
        const response = await call(t.app, cookies[role], { method: method as 'GET', url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
        const allowed = role !== 'anon' && (access === 'signedIn' || access.includes(role));
        if (role === 'anon') expect(response.statusCode, `${route} as anon`).toBe(401);
        else if (!allowed) expect(response.statusCode, `${route} as ${role}`).toBe(403);
        else expect([401, 403], `${route} as ${role}: ${response.body}`).not.toContain(response.statusCode);
        if (!allowed) expect(response.json().message, `${route} as ${role}`).toEqual(expect.any(String));
      }
    });
  }
});
