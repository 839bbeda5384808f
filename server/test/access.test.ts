/**
 * Who may call what, as a table: every /api route the server registers must appear here with its access,
 * and every role is sent to every route. A route added without a row fails this test. The roles are written
 * out here, never taken from the code under test, so widening a route's roles in the code fails too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../common/rules';
import type { Access } from '../plugins/access';
import { buildOneOfEach, signInEach, type TestUser } from './factories';
import { call, createTestApp, type TestApp } from './harness';

const everyone: Access = 'public';
const signedIn: Access = 'signedIn';
const staff: Access = ['admin', 'teacher', 'data-entry'];

/** 'METHOD /path' → who may call it. */
export const ACCESS_TABLE: Record<string, Access> = {
  'GET /api/health': everyone,
  'GET /api/ready': everyone,
  // Answers 404 to all but `npm run backup` on the same machine with the secret of DATA_DIR.
  'GET /api/backup': everyone,
  'POST /api/auth/signup': everyone,
  'POST /api/auth/verify-otp': everyone,
  'POST /api/auth/resend-otp': everyone,
  'POST /api/auth/otp-forgot-password': everyone,
  'POST /api/auth/reset-password': everyone,
  'POST /api/auth/login': everyone,
  'POST /api/users/complete-profile': everyone,
  // Sign-in with Google: 404 unless configured (server/modules/auth/google.test.ts); the sign-up it starts is held
  // by the browser's flow cookie, not by a session.
  'GET /api/auth/providers': everyone,
  'GET /api/auth/google': everyone,
  'GET /api/auth/google/callback': everyone,
  'GET /api/auth/google/signup': everyone,
  'POST /api/auth/google/complete-profile': everyone,
  'GET /api/auth/me': signedIn,
  'POST /api/auth/logout': signedIn,
  'POST /api/auth/change-password': signedIn,
  'PUT /api/users/profile': signedIn,
  'GET /api/admin/users': ['admin'],
  'PUT /api/admin/users/:id': ['admin'],
  'DELETE /api/admin/users/:id': ['admin'],
  'POST /api/admin/register': ['admin'],
  'POST /api/admin/users/import': ['admin'],
  ...assignmentRows(),
  'GET /api/sections/:id/questions': ['admin', 'teacher'],
  'POST /api/questions/assign-to-section': ['admin', 'teacher'],
  'PUT /api/sections/:id/questions/order': ['admin', 'teacher'],
  'DELETE /api/sections/:sectionId/questions/:questionId': ['admin', 'teacher'],
  'GET /api/student/courses': ['student'],
  'GET /api/student/courses/:id': ['student'],
  'GET /api/student/courses/:id/progress': ['student'],
  'GET /api/student/stats': ['student'],
  'GET /api/student/sections/:id/progress': ['student'],
  // Due dates: a class's by its teachers (another teacher's class is 403, due-dates.test.ts) and admins; a student's
  // own by staff who may write for them.
  'GET /api/classes/:id/due-dates': ['admin', 'teacher'],
  'PUT /api/classes/:id/due-dates/:sectionId': ['admin', 'teacher'],
  'DELETE /api/classes/:id/due-dates/:sectionId': ['admin', 'teacher'],
  'PUT /api/classes/:id/due-dates/:sectionId/students/:studentId': ['admin', 'teacher'],
  'DELETE /api/classes/:id/due-dates/:sectionId/students/:studentId': ['admin', 'teacher'],
  'PUT /api/students/:studentId/due-dates/:sectionId': ['admin', 'teacher'],
  'DELETE /api/students/:studentId/due-dates/:sectionId': ['admin', 'teacher'],
  'GET /api/student/due': ['student'],
  'GET /api/calendar': ['student', 'teacher', 'admin'],
  'GET /api/calendar/feed': ['student', 'teacher', 'admin'],
  'POST /api/calendar/feed': ['student', 'teacher', 'admin'],
  'DELETE /api/calendar/feed': ['student', 'teacher', 'admin'],
  // A calendar app holds the secret address, and no cookie: unknown and revoked tokens are 404, reads rate-limited.
  'GET /api/calendar/feed/:token.ics': everyone,
  'GET /api/admin/dashboard': ['admin'],
  // The admin's analytics and their CSV (server/modules/analytics/analytics.test.ts).
  'GET /api/admin/analytics': ['admin'],
  'GET /api/admin/analytics.csv': ['admin'],
  'GET /api/teacher/dashboard': ['teacher'],
  // Progress charts: a student's by whoever may read them (policies/students.ts), the target set by all but the
  // student; a class's by its teachers and admins (progress.test.ts).
  'GET /api/students/:id/progress-charts': ['student', 'parent', 'teacher', 'admin'],
  'PUT /api/students/:id/target': ['parent', 'teacher', 'admin'],
  'GET /api/classes/:id/accuracy-weeks': ['teacher', 'admin'],
  'GET /api/parent/children': ['parent'],
  'GET /api/parent/children/:id': ['parent'],
  'GET /api/parent/children/:id/tests': ['parent'],
  'POST /api/parent/children': ['parent'],
  // A parent removes only their own child (server/policies/ownership.test.ts).
  'DELETE /api/parent/children/:id': ['parent'],
  // A parent edits and mails only their own child (the policy's `manage`); staff change students elsewhere.
  'GET /api/parent/children/:id/details': ['parent'],
  'PUT /api/parent/children/:id': ['parent'],
  'POST /api/parent/children/:id/sign-in-email': ['parent'],
  // A parent's letters about their own child (another parent's child is 404, letters.test.ts); the letter's
  // unsubscribe acts by its token alone.
  'GET /api/parent/children/:id/letter': ['parent'],
  'PUT /api/parent/children/:id/letter': ['parent'],
  'GET /api/letters/unsubscribe': everyone,
  'POST /api/letters/unsubscribe': everyone,
  'POST /api/parent/invitations': ['parent'],
  'POST /api/student/invitations': ['student'],
  // Each sender lists, sends again and cancels only their own invitations (another's is 404).
  'GET /api/parent/invitations': ['parent'],
  'GET /api/student/invitations': ['student'],
  'POST /api/parent/invitations/:id/resend': ['parent'],
  'POST /api/student/invitations/:id/resend': ['student'],
  'DELETE /api/parent/invitations/:id': ['parent'],
  'DELETE /api/student/invitations/:id': ['student'],
  // Anyone holding an invitation's link may read who sent it; only the invited account may accept it.
  'POST /api/invitations/view': everyone,
  'POST /api/invitations/accept': ['parent', 'student'],
  'POST /api/student/attempts/:attemptId/practice': ['student'],
  'POST /api/questions/batch': ['student', 'admin', 'teacher', 'data-entry'],
  'POST /api/questions/check-answer': ['student', 'admin', 'teacher', 'data-entry'],
  'POST /api/students/:id/questions/:questionId/new-variant': ['admin', 'teacher'],
  'GET /api/questions/:id/solution': ['student', 'admin', 'teacher', 'data-entry'],
  // A student records opening a hint only for a question they may check (server/modules/student-work tests).
  'POST /api/student/questions/:id/hint-opened': ['student'],
  'POST /api/student/questions/:id/another': ['student'],
  // A student's work and notes: staff who teach the student (another teacher's student is 403), not data entry;
  // a note is changed by its author or an admin. The student reads their notes, a parent their child's for parents.
  'GET /api/students/:id/work': ['admin', 'teacher'],
  'GET /api/students/:id/notes': ['admin', 'teacher'],
  'POST /api/students/:id/notes': ['admin', 'teacher'],
  'PUT /api/students/:id/notes/:noteId': ['admin', 'teacher'],
  'DELETE /api/students/:id/notes/:noteId': ['admin', 'teacher'],
  'GET /api/student/notes': ['student'],
  'GET /api/parent/children/:id/notes': ['parent'],
  // Skill levels: a student their own, a parent their child's (another's is 404), staff a student they may read and a
  // class they act for (another teacher's is 403, server/modules/mastery/mastery.test.ts); data entry none.
  'GET /api/student/skills': ['student'],
  'GET /api/parent/children/:id/skills': ['parent'],
  'GET /api/students/:id/skills': ['admin', 'teacher'],
  'GET /api/classes/:id/skills': ['admin', 'teacher'],
  'GET /api/student/practice': ['student'],
  'POST /api/student/practice': ['student'],
  'POST /api/student/practice/:id/finish': ['student'],
  'GET /api/courses': staff,
  'POST /api/courses': staff,
  'PUT /api/courses/:id': staff,
  // Deleting a course takes it from its students: admins only, confirmed once it has any.
  'DELETE /api/courses/:id': ['admin'],
  'GET /api/courses/:id/delete-preview': ['admin'],
  'GET /api/admin/courses': ['admin'],
  'GET /api/courses/:id/units': staff,
  'POST /api/courses/:id/units': staff,
  'PUT /api/units/:id': staff,
  'DELETE /api/units/:id': staff,
  'GET /api/admin/units': ['admin'],
  'GET /api/teacher/units': ['teacher'],
  'GET /api/units/:id/sections': staff,
  'POST /api/units/:id/sections': staff,
  'PUT /api/sections/:id': staff,
  'DELETE /api/sections/:id': staff,
  'GET /api/admin/sections': ['admin'],
  'GET /api/teacher/sections': ['teacher'],
  'POST /api/bookings': everyone,
  'POST /api/subscriptions': everyone,
  // The catalogue: visitors read what is published; only admins manage offerings, drafts included.
  'GET /api/offerings': everyone,
  'GET /api/offerings/:slug': everyone,
  'GET /api/offerings/images/:filename': everyone,
  'GET /api/admin/offerings': ['admin'],
  'GET /api/admin/offerings/:id': ['admin'],
  'POST /api/admin/offerings': ['admin'],
  'PUT /api/admin/offerings/order': ['admin'],
  'PUT /api/admin/offerings/:id': ['admin'],
  'DELETE /api/admin/offerings/:id': ['admin'],
  'PUT /api/admin/offerings/:id/image': ['admin'],
  'DELETE /api/admin/offerings/:id/image': ['admin'],
  'POST /api/subscriptions/unsubscribe': everyone,
  'GET /api/academy': everyone,
  'GET /api/admin/academy': ['admin'],
  'PATCH /api/admin/academy': ['admin'],
  'GET /api/admin/desk/summary': ['admin'],
  'GET /api/admin/desk/bookings': ['admin'],
  'GET /api/admin/desk/bookings/export': ['admin'],
  'PATCH /api/admin/desk/bookings/:id': ['admin'],
  'GET /api/admin/desk/subscribers': ['admin'],
  'GET /api/admin/desk/subscribers/export': ['admin'],
  'POST /api/admin/desk/subscribers/:id/unsubscribe': ['admin'],
  'GET /api/admin/desk/enrollments': ['admin'],
  'GET /api/admin/desk/enrollments/export': ['admin'],
  'POST /api/admin/desk/enrollments/:id/:action': ['admin'],
  'GET /api/cart': ['parent', 'student'],
  // Every page's top bar asks: staff are answered 0.
  'GET /api/cart/count': signedIn,
  'POST /api/cart/items': ['parent', 'student'],
  'PATCH /api/cart/items/:id': ['parent', 'student'],
  'DELETE /api/cart/items/:id': ['parent', 'student'],
  'POST /api/cart/checkout': ['parent', 'student'],
  'GET /api/enrollments': ['parent', 'student'],
  // Stripe calls it; only its signature is believed.
  'POST /api/payments/stripe/webhook': everyone,
  'GET /api/questions': staff,
  'POST /api/questions': staff,
  'POST /api/questions/variants': staff,
  'PUT /api/questions/:id': staff,
  'DELETE /api/questions/:id': staff,
  'POST /api/questions/bulk-delete': staff,
  'POST /api/questions/uploads': staff,
  'GET /api/questions/uploads/:filename': signedIn,
  'POST /api/question-exchange/preview': staff,
  'POST /api/question-exchange/import': staff,
  'POST /api/question-exchange/export': staff,
  'GET /api/category': staff,
  'POST /api/category': staff,
  'DELETE /api/category/:id': staff,
  'GET /api/focus': staff,
  'POST /api/focus': staff,
  'DELETE /api/focus/:id': staff,
  'GET /api/skills': staff,
  'POST /api/skills': staff,
  'PATCH /api/skills/:id': staff,
  'DELETE /api/skills/:id': staff,
  'PUT /api/skills/:id/prerequisites': staff,
  'GET /api/tests': staff,
  'POST /api/tests': staff,
  'POST /api/tests/random': staff,
  'GET /api/tests/:id': staff,
  'GET /api/tests/:id/papers': staff,
  'PUT /api/tests/:id': staff,
  'DELETE /api/tests/:id': staff,
  'POST /api/tests/:id/duplicate': staff,
  // Any staff role may call these; only the test's author or an admin is let through (server/policies/tests.test.ts).
  'POST /api/tests/:id/archive': staff,
  'POST /api/tests/:id/restore': staff,
  'GET /api/tests/pending-reviews': ['admin', 'teacher'],
  'POST /api/tests/:id/assign': ['admin', 'teacher'],
  'GET /api/tests/:id/assignments': ['admin', 'teacher'],
  'GET /api/tests/:id/results': ['admin', 'teacher'],
  'POST /api/tests/:id/release': ['admin', 'teacher'],
  'POST /api/tests/:id/rescore': ['admin', 'teacher'],
  'GET /api/tests/:id/sittings/:attemptId': ['admin', 'teacher'],
  'PUT /api/tests/:id/sittings/:attemptId': ['admin', 'teacher'],
  'GET /api/student/tests': ['student'],
  'POST /api/student/tests/:assignmentId/start': ['student'],
  'PUT /api/student/attempts/:attemptId/answers/:questionId': ['student'],
  'POST /api/student/attempts/:attemptId/submit': ['student'],
  'POST /api/student/attempts/:attemptId/end-section': ['student'],
  'POST /api/student/attempts/:attemptId/start-section': ['student'],
  // Exam profiles: staff choose one for a test; admins keep them and their score tables.
  'GET /api/exam-profiles': staff,
  'POST /api/exam-profiles': ['admin'],
  'PUT /api/exam-profiles/:id': ['admin'],
  'DELETE /api/exam-profiles/:id': ['admin'],
  'PUT /api/exam-profiles/:id/table': ['admin'],
  'DELETE /api/exam-profiles/:id/tables/:tableId': ['admin'],
  // A student's accommodations: their teachers (another teacher's student is 403, exams.test.ts) and admins.
  'GET /api/students/:id/accommodations': ['admin', 'teacher'],
  'PUT /api/students/:id/accommodations': ['admin', 'teacher'],
  'GET /api/parent/children/:id/tests/:attemptId/report': ['parent'],
  'GET /api/student/attempts/:attemptId': ['student'],
  // Which classes a teacher may touch is decided by the policy (server/policies/classes.test.ts).
  'GET /api/classes': ['admin', 'teacher'],
  'POST /api/classes': ['admin', 'teacher'],
  'GET /api/classes/teachers': ['admin', 'teacher'],
  'GET /api/classes/:id': ['admin', 'teacher'],
  'PATCH /api/classes/:id': ['admin', 'teacher'],
  'DELETE /api/classes/:id': ['admin', 'teacher'],
  'POST /api/classes/:id/teachers': ['admin', 'teacher'],
  'DELETE /api/classes/:id/teachers/:userId': ['admin', 'teacher'],
  'GET /api/classes/:id/students': ['admin', 'teacher'],
  'POST /api/classes/:id/students': ['admin', 'teacher'],
  'POST /api/classes/:id/students/csv': ['admin', 'teacher'],
  'DELETE /api/classes/:id/students/:userId': ['admin', 'teacher'],
  'POST /api/classes/:id/join-code': ['admin', 'teacher'],
  'DELETE /api/classes/:id/join-code': ['admin', 'teacher'],
  'GET /api/classes/:id/courses': ['admin', 'teacher'],
  'POST /api/classes/:id/courses': ['admin', 'teacher'],
  'DELETE /api/classes/:id/courses/:itemId': ['admin', 'teacher'],
  'PUT /api/classes/:id/units/:itemId/hold': ['admin', 'teacher'],
  'PUT /api/classes/:id/sections/:itemId/hold': ['admin', 'teacher'],
  'GET /api/classes/:id/tests': ['admin', 'teacher'],
  'POST /api/classes/:id/tests': ['admin', 'teacher'],
  'DELETE /api/classes/:id/tests/:itemId': ['admin', 'teacher'],
  'GET /api/student/classes': ['student'],
  'POST /api/student/classes/join': ['student'],
  // A teacher opens only the classes they teach (server/modules/gradebook/gradebook.test.ts).
  'GET /api/classes/:id/gradebook': ['admin', 'teacher'],
};

/** The student-assignment calls exist under /api/admin for admins and /api/teacher for teachers. */
function assignmentRows(): Record<string, Access> {
  const calls = [
    'assign-course',
    'remove-course',
    'remove-course-assignment',
    'assign-unit',
    'remove-unit',
    'assign-section',
    'remove-section',
    'batch-assignments',
  ];
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

/** Roles in a fixed order, so a table row and a route's declaration compare whatever order each lists them in. */
const normalized = (access: Access) => (typeof access === 'string' ? access : [...access].sort());

describe('who may call what', () => {
  it('every registered route has a row, and declares the access of its row', () => {
    const registered = Object.fromEntries(t.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(Object.keys(registered).sort()).toEqual(Object.keys(ACCESS_TABLE).sort());
    for (const [route, access] of Object.entries(ACCESS_TABLE))
      expect(normalized(registered[route]), route).toEqual(normalized(access));
  });

  for (const [route, access] of Object.entries(ACCESS_TABLE)) {
    const who = access === 'public' ? 'everyone' : access === 'signedIn' ? 'any signed-in user' : access.join(', ');
    it(`${route}: ${who}`, async () => {
      const [method, path] = route.split(' ');
      const url = path.replace(/:[a-zA-Z]+/g, SAMPLE_ID);
      // Fresh sessions for every route: logout and password change end the ones they are called with.
      const cookies = await signInEach(t.app, people);
      for (const role of ROLES) {
        const response = await call(t.app, cookies[role], {
          method: method as 'GET',
          url,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const allowed = access === 'public' || (role !== 'anon' && (access === 'signedIn' || access.includes(role)));
        if (allowed) {
          // Let in, the call may still be refused for its (empty) input, but never fail on the server.
          expect(response.statusCode, `${route} as ${role}: ${response.body}`).toBeLessThan(500);
          expect([401, 403], `${route} as ${role}: ${response.body}`).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, `${route} as ${role}`).toBe(role === 'anon' ? 401 : 403);
          expect(response.json().message, `${route} as ${role}`).toMatch(/\S/);
        }
      }
    });
  }
});
