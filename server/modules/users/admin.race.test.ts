/**
 * The account rules that hold across users under simultaneous requests: one active admin always stays, an e-mail
 * belongs to one account. Always on PostgreSQL: PGlite runs one statement at a time, so two requests never overlap
 * there and neither a lost rule nor a deadlock between them could show.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../common/rules';
import { users } from '../../db/schema';
import { buildAdmin, signIn, STUDENT_DETAILS, TEST_PASSWORD } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
});
afterAll(() => t.close());

const activeAdmins = async () =>
  (
    await t.db
      .select()
      .from(users)
      .where(and(eq(users.type, 'admin'), eq(users.status, 'active')))
  ).length;

/** Every admin there is made inactive, so that a round starts with exactly the admins it builds. */
const retireAdmins = () => t.db.update(users).set({ status: 'inactive' }).where(eq(users.type, 'admin'));

describe('two admins removing each other at once', () => {
  it(
    'one succeeds and the other is refused with 409, never a server error, and an active admin stays',
    { timeout: 120_000 },
    async () => {
      const removals = [
        (cookie: string, id: string) => call(t.app, cookie, { method: 'DELETE', url: `/api/admin/users/${id}` }),
        (cookie: string, id: string) =>
          call(t.app, cookie, { method: 'PUT', url: `/api/admin/users/${id}`, payload: { status: 'inactive' } }),
      ];
      for (let round = 0; round < 8; round++) {
        await retireAdmins();
        const [a, b] = [await buildAdmin(t.db), await buildAdmin(t.db)];
        const [ca, cb] = [await signIn(t.app, a), await signIn(t.app, b)];
        const [first, second] = await Promise.all([
          removals[round % 2](ca, b.id),
          removals[(round >> 1) % 2](cb, a.id),
        ]);
        const statuses = [first.statusCode, second.statusCode].sort();
        expect(statuses, `round ${round}: ${first.body} ${second.body}`).toEqual([200, 409]);
        expect([first, second].find((r) => r.statusCode === 409)!.json().message).toBe(USER_MESSAGES.lastAdmin);
        expect(await activeAdmins(), `round ${round}`).toBe(1);
      }
    },
  );
});

describe('one e-mail, one account', () => {
  const teacherForm = (email: string) => ({
    first_name: 'Tess',
    last_name: 'Ruler',
    email,
    phone_number: '(555) 111-2222',
    specialization: 'Algebra',
    password: TEST_PASSWORD,
  });
  const accountsOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email))).length;
  const post = (cookie: string | null, url: string, payload: object) =>
    call(t.app, cookie, { method: 'POST', url: `/api${url}`, payload });

  async function verifiedSignup(email: string) {
    expect((await post(null, '/auth/signup', { email })).statusCode).toBe(200);
    expect((await post(null, '/auth/verify-otp', { email, otp: t.outbox.lastCode(email) })).statusCode).toBe(200);
  }

  it('registers ten requests for one e-mail at once as one account, the others refused with 409', async () => {
    const admin = await signIn(t.app, await buildAdmin(t.db));
    const email = 'twice@example.com';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(admin, '/admin/register', { userType: 'teacher', formData: teacherForm(email) }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().message === USER_MESSAGES.emailTaken),
    ).toBe(true);
    expect(await accountsOf(email)).toBe(1);
  });

  it('completes a profile once for three requests with one verified code', async () => {
    const email = 'thrice@example.com';
    await verifiedSignup(email);
    const body = { email, password: 'Str0ng&pass', type: 'student', extra_field: STUDENT_DETAILS };
    const answers = await Promise.all([1, 2, 3].map(() => post(null, '/users/complete-profile', body)));
    // The others find the code used, or the account made.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 400 || a.statusCode === 409)).toBe(
      true,
    );
    expect(await accountsOf(email)).toBe(1);
  });

  it(
    'answers 409 and never a server error when an admin registers the e-mail a sign-up is completing',
    { timeout: 120_000 },
    async () => {
      const admin = await signIn(t.app, await buildAdmin(t.db));
      for (let round = 0; round < 6; round++) {
        const email = `meanwhile-${round}@example.com`;
        await verifiedSignup(email);
        const answers = await Promise.all([
          post(null, '/users/complete-profile', {
            email,
            password: 'Str0ng&pass',
            type: 'student',
            extra_field: STUDENT_DETAILS,
          }),
          post(admin, '/admin/register', { userType: 'teacher', formData: teacherForm(email) }),
        ]);
        const statuses = answers.map((a) => a.statusCode);
        expect(
          statuses.filter((s) => s === 200 || s === 201),
          `round ${round}: ${answers.map((a) => `${a.statusCode} ${a.body.slice(0, 100)}`).join(' ')}`,
        ).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 409),
          `round ${round}: ${statuses.join(' ')}`,
        ).toHaveLength(1);
        expect(await accountsOf(email)).toBe(1);
      }
    },
  );
});
