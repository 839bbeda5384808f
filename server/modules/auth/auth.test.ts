import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { FAMILY_MESSAGES, MESSAGES } from '../../../common/rules';
import { emailCodes, sessions, users } from '../../db/schema';
import { buildStudent, buildUser, signIn, STUDENT_DETAILS, TEST_PASSWORD } from '../../test/factories';
import { call, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import { buildApp } from '../../app';
import { codeKey } from '../../lib/code-key';
import { hashCode, sha256 } from '../../lib/crypto';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, cookie: string | null = null) =>
  call(t.app, cookie, { method: 'POST', url, payload: payload as object });

const strongPassword = 'Str0ng&pass';
let emailCounter = 0;
const freshEmail = () => `new${++emailCounter}-${Date.now()}@example.com`;

async function countRows(table: typeof users | typeof emailCodes | typeof sessions) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row.n;
}

/** Sign-up through verification; returns the e-mail ready for complete-profile. */
async function verifiedSignup(email = freshEmail()) {
  expect((await post('/api/auth/signup', { email })).statusCode).toBe(200);
  const verify = await post('/api/auth/verify-otp', { email, otp: t.outbox.lastCode(email) });
  expect(verify.statusCode).toBe(200);
  return email;
}

describe('sign-up, verification and profile completion', () => {
  it('creates a student end to end and signs them in', async () => {
    const email = await verifiedSignup();
    const response = await post('/api/users/complete-profile', {
      email,
      password: strongPassword,
      type: 'student',
      extra_field: STUDENT_DETAILS,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      email,
      type: 'student',
      status: 'active',
      studentProfile: { firstName: 'Ada', grade: '7', school: 'Engine Middle School', dateOfBirth: '2012-05-01' },
    });
    expect(body.user.passwordHash).toBeUndefined();
    const me = await call(t.app, sessionCookie(response), { method: 'GET', url: '/api/auth/me' });
    expect(me.json().user.email).toBe(email);
  });

  it('creates a parent with a parent profile, asking for no school, grade or birthday', async () => {
    const email = await verifiedSignup();
    const parentDetails = {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_number: '(123) 456-7890',
      address: '2 Navy Yard',
    };
    // What belongs to a child is not kept for a parent, even when sent.
    const response = await post('/api/users/complete-profile', {
      email,
      password: strongPassword,
      type: 'parent',
      extra_field: { ...parentDetails, school: 'Somewhere', grade_level: '4', birthday: '1990-01-01' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      email,
      type: 'parent',
      parentProfile: { firstName: 'Grace', lastName: 'Hopper', school: null, grade: null, dateOfBirth: null },
    });
    const me = await call(t.app, sessionCookie(response), { method: 'GET', url: '/api/auth/me' });
    expect(me.json().user.type).toBe('parent');
  });

  it.each([
    ['first name', { first_name: '' }, 'First name is required'],
    ['last name', { last_name: ' ' }, 'Last name is required'],
    ['phone', { phone_number: '123' }, MESSAGES.phoneInvalid],
    ['address', { address: '' }, 'Address is required'],
  ])("a parent's profile refuses a bad %s", async (_name, change, message) => {
    const email = await verifiedSignup();
    const response = await post('/api/users/complete-profile', {
      email,
      password: strongPassword,
      type: 'parent',
      extra_field: {
        first_name: 'Grace',
        last_name: 'Hopper',
        phone_number: '(123) 456-7890',
        address: 'x',
        ...change,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('mails a six-digit code and answers alike for a registered e-mail, which gets a notice instead', async () => {
    const existing = await buildStudent(t.db);
    const fresh = freshEmail();
    const a = await post('/api/auth/signup', { email: existing.email });
    const b = await post('/api/auth/signup', { email: fresh });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(t.outbox.lastCode(fresh)).toMatch(/^\d{6}$/);
    const notice = t.outbox.to(existing.email).at(-1)!;
    expect(notice.subject).toMatch(/already have/);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
  });

  it('lower-cases and trims the e-mail', async () => {
    const response = await post('/api/auth/signup', { email: '  Mixed.Case@Example.COM ' });
    expect(response.statusCode).toBe(200);
    expect(t.outbox.lastCode('mixed.case@example.com')).toMatch(/^\d{6}$/);
  });

  it.each([
    [{}, MESSAGES.emailRequired],
    [{ email: '' }, MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, MESSAGES.emailInvalid],
    [{ email: 42 }, MESSAGES.emailRequired],
    [{ email: `${'a'.repeat(100_000)}@example.com` }, MESSAGES.emailInvalid],
  ])('refuses a bad sign-up body %#', async (payload, message) => {
    const before = await countRows(emailCodes);
    const response = await post('/api/auth/signup', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await countRows(emailCodes)).toBe(before);
  });

  it('refuses an array body, invalid JSON and a non-JSON body with a message', async () => {
    const array = await post('/api/auth/signup', [{ email: 'a@b.co' }]);
    expect(array.statusCode).toBe(400);
    expect(array.json().message).toBeTruthy();
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Send the request as JSON.');
  });

  it('says how many tries are left, and the fifth wrong try ends the code', async () => {
    const email = freshEmail();
    await post('/api/auth/signup', { email });
    const code = t.outbox.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await post('/api/auth/verify-otp', { email, otp: wrong })).json().message);
    expect(messages.slice(0, 4)).toEqual([
      'Invalid verification code. 4 attempts left.',
      'Invalid verification code. 3 attempts left.',
      'Invalid verification code. 2 attempts left.',
      'Invalid verification code. 1 attempt left.',
    ]);
    expect(messages[4]).toBe('Too many incorrect attempts. Please request a new code.');
    const right = await post('/api/auth/verify-otp', { email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many incorrect attempts. Please request a new code.');
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    await post('/api/auth/signup', { email });
    t.clock.advance(301);
    const response = await post('/api/auth/verify-otp', { email, otp: t.outbox.lastCode(email) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('This verification code has expired. Please request a new code.');
  });

  it('stores a code only as an HMAC under the server key, which a leaked row alone cannot be tested against', async () => {
    const email = freshEmail();
    await post('/api/auth/signup', { email });
    const code = t.outbox.lastCode(email);
    const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(row.codeHash).toBe(hashCode(codeKey(t.config), email, 'email-verification', code));
    expect(row.codeHash).not.toBe(sha256(`${email}\nemail-verification\n${code}`));
  });

  it.each([
    [{ otp: '12345' }, MESSAGES.codeIncomplete],
    [{ otp: '12a456' }, MESSAGES.codeIncomplete],
    [{ otp: 123456 }, MESSAGES.codeIncomplete],
    [{}, MESSAGES.codeIncomplete],
  ])('refuses a malformed code %#', async (payload, message) => {
    const response = await post('/api/auth/verify-otp', { email: 'someone@example.com', ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('enforces the 60 s resend cooldown on the server and ends the old code', async () => {
    const email = freshEmail();
    await post('/api/auth/signup', { email });
    const first = t.outbox.lastCode(email);
    const tooSoon = await post('/api/auth/resend-otp', { email, purpose: 'email-verification' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait (60|59) seconds before requesting a new code\.$/);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61);
    const again = await post('/api/auth/resend-otp', { email, purpose: 'email-verification' });
    expect(again.statusCode).toBe(200);
    const second = t.outbox.lastCode(email);
    if (first !== second) {
      const old = await post('/api/auth/verify-otp', { email, otp: first });
      expect(old.statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('caps codes at 10 per e-mail per hour', async () => {
    const email = freshEmail();
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/auth/resend-otp', { email, purpose: 'email-verification' })).statusCode).toBe(200);
      t.clock.advance(61);
    }
    const eleventh = await post('/api/auth/resend-otp', { email, purpose: 'email-verification' });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('Too many codes were requested for this email. Please try again later.');
  });

  it('refuses a resend with an unknown purpose', async () => {
    const response = await post('/api/auth/resend-otp', { email: 'a@example.com', purpose: 'anything' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Purpose must be email-verification or password-reset');
  });

  it('refuses complete-profile without a verified sign-up code, and creates nothing', async () => {
    const email = freshEmail();
    await post('/api/auth/signup', { email });
    const before = await countRows(users);
    const response = await post('/api/users/complete-profile', {
      email,
      password: strongPassword,
      type: 'student',
      extra_field: STUDENT_DETAILS,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Please verify your email before completing your profile. Verification is valid for 30 minutes.',
    );
    expect(await countRows(users)).toBe(before);
  });

  it('accepts complete-profile only once and only within 30 minutes of verification', async () => {
    const late = await verifiedSignup();
    t.clock.advance(31 * 60);
    const tooLate = await post('/api/users/complete-profile', {
      email: late,
      password: strongPassword,
      type: 'student',
      extra_field: STUDENT_DETAILS,
    });
    expect(tooLate.statusCode).toBe(400);

    const email = await verifiedSignup();
    const body = { email, password: strongPassword, type: 'student', extra_field: STUDENT_DETAILS };
    expect((await post('/api/users/complete-profile', body)).statusCode).toBe(200);
    // The code is used up: a second try is answered as any try without a verified code.
    const twice = await post('/api/users/complete-profile', body);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(
      'Please verify your email before completing your profile. Verification is valid for 30 minutes.',
    );
  });

  it('tells the holder of a verified code that the e-mail got an account in the meantime', async () => {
    const email = await verifiedSignup();
    await buildStudent(t.db, { email });
    const response = await post('/api/users/complete-profile', {
      email,
      password: strongPassword,
      type: 'student',
      extra_field: STUDENT_DETAILS,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An account with this email already exists. Please sign in.');
  });

  it.each([
    ['first_name', { first_name: '' }, 'First name is required'],
    ['last_name', { last_name: undefined }, 'Last name is required'],
    ['school', { school: '   ' }, 'School is required'],
    ['address', { address: '' }, 'Address is required'],
    ['grade', { grade_level: '13' }, 'Please choose a grade from K to 12'],
    ['gender', { gender: 'robot' }, 'Please choose a gender'],
    ['birthday future', { birthday: '2999-01-01' }, MESSAGES.birthdayFuture],
    ['birthday old', { birthday: '1900-01-01' }, MESSAGES.birthdayTooOld],
    ['birthday missing', { birthday: '' }, 'Birthday is required'],
    ['phone', { phone_number: '1234567890' }, MESSAGES.phoneInvalid],
    ['huge name', { first_name: 'x'.repeat(100_000) }, 'First name must be at most 100 characters'],
  ])('complete-profile refuses a bad %s', async (_name, change, message) => {
    const response = await post('/api/users/complete-profile', {
      email: 'someone@example.com',
      password: strongPassword,
      type: 'student',
      extra_field: { ...STUDENT_DETAILS, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    ['short', 'Ab1!', MESSAGES.passwordTooShort],
    ['no upper', 'abcdefg1!', MESSAGES.passwordNeedsUpper],
    ['no lower', 'ABCDEFG1!', MESSAGES.passwordNeedsLower],
    ['no number', 'Abcdefgh!', MESSAGES.passwordNeedsNumber],
    ['no special', 'Abcdefgh1', MESSAGES.passwordNeedsSpecial],
    ['missing', '', MESSAGES.passwordRequired],
  ])('complete-profile applies the password policy: %s', async (_name, password, message) => {
    const response = await post('/api/users/complete-profile', {
      email: 'someone@example.com',
      password,
      type: 'student',
      extra_field: STUDENT_DETAILS,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses every type but student and parent at sign-up, and a missing e-mail with the start-over message', async () => {
    const teacher = await post('/api/users/complete-profile', {
      email: 'x@example.com',
      password: strongPassword,
      type: 'teacher',
      extra_field: STUDENT_DETAILS,
    });
    expect(teacher.statusCode).toBe(400);
    expect(teacher.json().message).toBe(FAMILY_MESSAGES.signupTypes);
    const noEmail = await post('/api/users/complete-profile', {
      password: strongPassword,
      type: 'student',
      extra_field: STUDENT_DETAILS,
    });
    expect(noEmail.json().message).toBe(MESSAGES.emailMissingStartOver);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with a session cookie that is HttpOnly and SameSite=Lax', async () => {
    const user = await buildStudent(t.db);
    const response = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Login successful',
      user: { email: user.email, type: 'student' },
    });
    const cookie = response.cookies.find((c) => c.name === 'academy_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.expires).toBeUndefined();
    const [stored] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.tokenHash).not.toBe(cookie.value);
  });

  it('keeps a remembered session for 30 days', async () => {
    const user = await buildStudent(t.db);
    const response = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD, rememberMe: true });
    const cookie = response.cookies.find((c) => c.name === 'academy_session')!;
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('gives one message for an unknown e-mail and a wrong password', async () => {
    const user = await buildStudent(t.db);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'Wrong-pass1!' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong-pass1!' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(unknown.json().message).toBe('Invalid email or password');
  });

  it('refuses an inactive account with its own message', async () => {
    const user = await buildStudent(t.db, { status: 'inactive' });
    const response = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your account is inactive. Please contact the academy.');
  });

  it.each([
    [{ email: 'a@example.com' }, MESSAGES.passwordRequired],
    [{ password: 'x' }, MESSAGES.emailRequired],
    [{ email: 'bad', password: 'x' }, MESSAGES.emailInvalid],
    [{ email: 'a@example.com', password: 'x', rememberMe: 'yes' }, 'rememberMe must be true or false'],
  ])('refuses a bad sign-in body %#', async (payload, message) => {
    const response = await post('/api/auth/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers /me with 401 and a message when signed out or with a forged cookie', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Please sign in to continue.');
    const forged = await call(t.app, 'academy_session=forged', { method: 'GET', url: '/api/auth/me' });
    expect(forged.statusCode).toBe(401);
  });

  it('reports the role profile the screens read, for each type', async () => {
    const keys = {
      student: 'studentProfile',
      parent: 'parentProfile',
      teacher: 'teacherProfile',
      admin: 'adminProfile',
      'data-entry': 'dataEntryProfile',
    } as const;
    for (const [type, key] of Object.entries(keys)) {
      const user = await buildUser(t.db, type as keyof typeof keys);
      const me = await call(t.app, await signIn(t.app, user), { method: 'GET', url: '/api/auth/me' });
      expect(me.json().user.type).toBe(type);
      expect(me.json().user[key]).toMatchObject({ firstName: expect.any(String), lastName: 'Tester' });
    }
  });

  it('ends the session on the server at logout', async () => {
    const user = await buildStudent(t.db);
    const cookie = await signIn(t.app, user);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const logout = await call(t.app, cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((c) => c.name === 'academy_session')?.value).toBe('');
    const me = await call(t.app, cookie, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
  });

  it('ends a session after 12 idle hours', async () => {
    const user = await buildStudent(t.db);
    const cookie = await signIn(t.app, user);
    t.clock.advance(12 * 3600 + 1);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('limits sign-in attempts per e-mail', async () => {
    const strict = await createTestApp({ rateLimitFactor: 1 });
    try {
      const user = await buildStudent(strict.db);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (
            await strict.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: user.email, password: 'Wrong-pass1!' },
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      const limited = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(
        'Too many sign-in attempts for this email. Please wait 15 minutes or reset your password.',
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
  });
});

describe('the signed-in user cache', () => {
  it('is emptied on every instance when a user changes, through the database', async () => {
    // A second app on the same database plays another server instance with a cache of its own.
    const other = await buildApp({ config: t.config, database: t.database, distDir: null, rateLimitFactor: 100 });
    try {
      const user = await buildStudent(t.db);
      const cookie = await signIn(t.app, user);
      const elsewhere = await signIn(t.app, user);
      expect(
        (await call(other, cookie, { method: 'GET', url: '/api/auth/me' })).json().user.studentProfile.firstName,
      ).not.toBe('Renamed');
      const rename = await call(t.app, elsewhere, {
        method: 'PUT',
        url: '/api/users/profile',
        payload: { extra_field: { first_name: 'Renamed', last_name: 'Tester' } },
      });
      expect(rename.statusCode).toBe(200);
      await expect
        .poll(
          async () =>
            (await call(other, cookie, { method: 'GET', url: '/api/auth/me' })).json().user.studentProfile.firstName,
        )
        .toBe('Renamed');
      await post(
        '/api/auth/change-password',
        { currentPassword: TEST_PASSWORD, newPassword: 'N3w&Passw0rd' },
        elsewhere,
      );
      await expect
        .poll(async () => (await call(other, cookie, { method: 'GET', url: '/api/auth/me' })).statusCode)
        .toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('password change', () => {
  it('changes the password and ends every session of the user', async () => {
    const user = await buildStudent(t.db);
    const first = await signIn(t.app, user);
    const second = await signIn(t.app, user);
    expect((await call(t.app, second, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'N3w&Passw0rd' },
      first,
    );
    expect(response.statusCode).toBe(200);
    expect((await call(t.app, second, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await call(t.app, first, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'N3w&Passw0rd' })).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: TEST_PASSWORD, newPassword: 'Short1!' }, MESSAGES.newPasswordWeak],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'abcdefgh1!' }, MESSAGES.newPasswordWeak],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'Abcdefgh1^' }, MESSAGES.newPasswordWeak],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'Ab1!' }, MESSAGES.newPasswordWeak],
    [{ currentPassword: TEST_PASSWORD }, MESSAGES.newPasswordRequired],
    [{ newPassword: 'N3w&Passw0rd' }, MESSAGES.currentPasswordRequired],
    [{ currentPassword: 'Wrong-pass1!', newPassword: 'N3w&Passw0rd' }, 'Current password is incorrect'],
    [
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      'New password must be different from the current password',
    ],
  ])('applies the change-password rules %#', async (payload, message) => {
    const user = await buildStudent(t.db);
    const cookie = await signIn(t.app, user);
    const response = await post('/api/auth/change-password', payload, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('refuses a change when signed out', async () => {
    const response = await post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'N3w&Passw0rd' });
    expect(response.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('resets the password after a verified code, once, and ends every session', async () => {
    const user = await buildStudent(t.db);
    const cookie = await signIn(t.app, user);
    const request = await post('/api/auth/otp-forgot-password', { email: user.email, purpose: 'password-reset' });
    expect(request.statusCode).toBe(200);
    const verify = await post('/api/auth/verify-otp', { email: user.email, otp: t.outbox.lastCode(user.email) });
    expect(verify.json()).toEqual({ message: 'Code verified successfully', purpose: 'password-reset' });
    const reset = await post('/api/auth/reset-password', { email: user.email, newPassword: 'Fresh&Start9' });
    expect(reset.statusCode).toBe(200);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'Fresh&Start9' })).statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { email: user.email, newPassword: 'Other&Start9' });
    expect(again.statusCode).toBe(400);
  });

  it('answers alike whether or not the account exists, and mails nobody unknown', async () => {
    const user = await buildStudent(t.db);
    const known = await post('/api/auth/otp-forgot-password', { email: user.email, purpose: 'password-reset' });
    const unknownEmail = freshEmail();
    const unknown = await post('/api/auth/otp-forgot-password', { email: unknownEmail, purpose: 'password-reset' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(t.outbox.to(unknownEmail)).toHaveLength(0);
  });

  it('refuses a reset without a verified code, or more than 10 minutes after it', async () => {
    const user = await buildStudent(t.db);
    const without = await post('/api/auth/reset-password', { email: user.email, newPassword: 'Fresh&Start9' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(
      'Please verify your reset code first. A verified code can be used once, within 10 minutes.',
    );
    await post('/api/auth/otp-forgot-password', { email: user.email, purpose: 'password-reset' });
    await post('/api/auth/verify-otp', { email: user.email, otp: t.outbox.lastCode(user.email) });
    t.clock.advance(11 * 60);
    expect(
      (await post('/api/auth/reset-password', { email: user.email, newPassword: 'Fresh&Start9' })).statusCode,
    ).toBe(400);
    expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('applies the password policy to the new password', async () => {
    const response = await post('/api/auth/reset-password', { email: 'a@example.com', newPassword: 'weakpass' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.passwordNeedsUpper);
    expect(response.json().issues.map((i: { message: string }) => i.message)).toEqual([
      MESSAGES.passwordNeedsUpper,
      MESSAGES.passwordNeedsNumber,
      MESSAGES.passwordNeedsSpecial,
    ]);
  });

  it('a sign-up code cannot be used to reset a password', async () => {
    const user = await buildStudent(t.db);
    t.clock.advance(120);
    await post('/api/auth/resend-otp', { email: user.email, purpose: 'email-verification' });
    expect(t.outbox.to(user.email).at(-1)!.subject).toMatch(/already have/);
    expect(
      (await post('/api/auth/reset-password', { email: user.email, newPassword: 'Fresh&Start9' })).statusCode,
    ).toBe(400);
  });
});
