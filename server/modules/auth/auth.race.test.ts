/**
 * The sign-in and e-mail code rules under bursts of simultaneous requests: five tries per code, one code per 60 s,
 * ten per hour, a verified code used once, ten failed sign-ins per account and address. Always on PostgreSQL: PGlite runs one statement at a time, so the requests of a burst never overlap there and a
 * rule read in one statement and written in another would pass these tests all the same.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes } from '../../db/schema';
import { buildStudent, signIn, TEST_PASSWORD } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // The real limits.
  t = await createTestApp({ database: 'postgres', rateLimitFactor: 1 });
});
afterAll(() => t.close());

/** Each request from an address of its own, as a guesser with many addresses would send them. */
let nextAddress = 0;
const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    remoteAddress: `10.1.${Math.floor(++nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`,
  });

const TOO_MANY_TRIES = 'Too many incorrect attempts. Please request a new code.';

async function codesOf(email: string) {
  return t.db.select().from(emailCodes).where(eq(emailCodes.email, email));
}

describe('guessing a code with simultaneous requests', () => {
  it('judges at most five of 31 guesses sent at once, whatever the order they arrive in', async () => {
    const victim = await buildStudent(t.db);
    expect((await post('/auth/otp-forgot-password', { email: victim.email })).statusCode).toBe(200);
    const code = t.outbox.lastCode(victim.email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    // The right code at positions 25 and 30, as a guesser covering 31 codes in one burst would have it.
    const guesses = Array.from({ length: 31 }, (_, i) => (i === 24 || i === 29 ? code : wrong(i)));
    const answers = await Promise.all(
      guesses.map((otp) => post('/auth/verify-otp', { email: victim.email, otp, purpose: 'password-reset' })),
    );

    const accepted = answers.filter((a) => a.statusCode === 200);
    const judgedWrong = answers.filter((a) =>
      /^Invalid verification code\. \d attempts? left\.$/.test(a.json().message),
    );
    const [row] = await codesOf(victim.email);
    // Every guess compared with the code is counted on the code's row, the right one too.
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect(accepted.length + judgedWrong.length).toBeLessThanOrEqual(5);
    expect(accepted.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.statusCode !== 200).every((a) => a.statusCode === 400 || a.statusCode === 429)).toBe(
      true,
    );
    // The burst ends with the code verified by a right guess judged among its five tries (the requests arrive in any
    // order), or out of tries with the guessers told so.
    expect(
      row.verifiedAt !== null || (row.attempts === 5 && answers.some((a) => a.json().message === TOO_MANY_TRIES)),
    ).toBe(true);
  });

  it('gives a code that 31 wrong guesses met at once no further try, and counts them for the e-mail from every address', async () => {
    const email = 'burst@example.com';
    expect((await post('/auth/signup', { email })).statusCode).toBe(200);
    const code = t.outbox.lastCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 31 }, () => post('/auth/verify-otp', { email, otp: wrong })),
    );
    const [row] = await codesOf(email);
    expect(row.attempts).toBe(5);
    // 30 failures an hour per e-mail, whichever addresses they come from.
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(1);
    const right = await post('/auth/verify-otp', { email, otp: code });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many verification attempts for this email. Please try again later.');
    expect((await codesOf(email))[0].verifiedAt).toBeNull();
  });
});

describe('requesting codes with simultaneous requests', () => {
  it('sends one code for 25 requests at once: the 60 s wait holds', async () => {
    const email = 'resend-burst@example.com';
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => post('/auth/resend-otp', { email, purpose: 'email-verification' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(24);
    expect(await codesOf(email)).toHaveLength(1);
  });

  it('sends no eleventh code in an hour when the requests for both purposes come at once', async () => {
    const victim = await buildStudent(t.db);
    for (let i = 0; i < 9; i++) {
      expect((await post('/auth/resend-otp', { email: victim.email, purpose: 'email-verification' })).statusCode).toBe(
        200,
      );
      t.clock.advance(61);
    }
    const purposes = Array.from({ length: 24 }, (_, i) => (i % 2 ? 'password-reset' : 'email-verification'));
    const answers = await Promise.all(
      purposes.map((purpose) => post('/auth/resend-otp', { email: victim.email, purpose })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await codesOf(victim.email)).toHaveLength(10);
    const live = await t.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, victim.email), eq(emailCodes.purpose, 'email-verification')));
    expect(live.filter((c) => c.consumedAt === null).length).toBeLessThanOrEqual(1);
  });
});

describe('using a verified code and signing in, with simultaneous requests', () => {
  it('resets the password once for three resets at once with one verified code', async () => {
    const user = await buildStudent(t.db);
    expect((await post('/auth/otp-forgot-password', { email: user.email })).statusCode).toBe(200);
    expect(
      (
        await post('/auth/verify-otp', {
          email: user.email,
          otp: t.outbox.lastCode(user.email),
          purpose: 'password-reset',
        })
      ).statusCode,
    ).toBe(200);
    const passwords = ['Fresh-pass1!', 'Fresh-pass2!', 'Fresh-pass3!'];
    const answers = await Promise.all(
      passwords.map((newPassword) => post('/auth/reset-password', { email: user.email, newPassword })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    const chosen = passwords[answers.findIndex((a) => a.statusCode === 200)];
    const signIns = await Promise.all(
      passwords.map((password) => post('/auth/login', { email: user.email, password })),
    );
    expect(signIns.map((s) => s.statusCode)).toEqual(passwords.map((p) => (p === chosen ? 200 : 401)));
  });

  it('answers ten of fifteen wrong passwords sent at once from one address, and locks the account there', async () => {
    const user = await buildStudent(t.db);
    const from = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email: user.email, password },
      });
    const answers = await Promise.all(Array.from({ length: 15 }, () => from('Wrong-pass1!')));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
    expect((await from(TEST_PASSWORD)).statusCode).toBe(429);
  });
});

describe('changing a password from two sessions at once', () => {
  it('accepts one of two changes sent at once with the same current password, and the password it set holds', async () => {
    const user = await buildStudent(t.db);
    const [first, second] = [await signIn(t.app, user), await signIn(t.app, user)];
    const change = (cookie: string, newPassword: string) =>
      call(t.app, cookie, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: TEST_PASSWORD, newPassword },
      });
    const answers = await Promise.all([change(first, 'F1rst&Passw0rd'), change(second, 'S3cond&Passw0rd')]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().message).toBe('Current password is incorrect');
    const winner = answers[0].statusCode === 200 ? 'F1rst&Passw0rd' : 'S3cond&Passw0rd';
    const loser = winner === 'F1rst&Passw0rd' ? 'S3cond&Passw0rd' : 'F1rst&Passw0rd';
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });
    expect((await login(loser)).statusCode).toBe(401);
    expect((await login(winner)).statusCode).toBe(200);
  });
});
