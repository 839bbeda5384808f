/**
 * Password guessing limits: failures are counted, not sign-ins; a guesser locks the account
 * for their own address only, and a lock of the whole account (guessing from many addresses) yields to a password
 * reset through the e-mail. A stolen session cannot test current passwords without limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent, signIn, TEST_PASSWORD } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // The real limits.
  t = await createTestApp({ rateLimitFactor: 1 });
});
afterAll(() => t.close());

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

async function failFrom(remoteAddress: string, email: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await signInFrom(remoteAddress, email, 'Wrong-pass1!')).statusCode);
  return statuses;
}

describe('sign-in limits', () => {
  it('locks an account after 10 failures for the failing address only; the owner elsewhere signs in', async () => {
    const user = await buildStudent(t.db);
    expect(await failFrom('10.1.0.1', user.email, 10)).toEqual(Array(10).fill(401));
    const guesser = await signInFrom('10.1.0.1', user.email, TEST_PASSWORD);
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json().message).toBe(
      'Too many sign-in attempts for this email. Please wait 15 minutes or reset your password.',
    );
    expect(Number(guesser.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInFrom('10.1.0.2', user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures, not sign-ins, and forgives a client its slips once the right password comes', async () => {
    const user = await buildStudent(t.db);
    for (let i = 0; i < 12; i++) expect((await signInFrom('10.2.0.1', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await failFrom('10.2.0.1', user.email, 9)).toEqual(Array(9).fill(401));
    expect((await signInFrom('10.2.0.1', user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await failFrom('10.2.0.1', user.email, 9)).toEqual(Array(9).fill(401));
    expect((await signInFrom('10.2.0.1', user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it(
    'locks the account everywhere after 50 failures from many addresses, until the owner resets the password by e-mail',
    { timeout: 180_000 },
    async () => {
      const user = await buildStudent(t.db);
      for (let address = 1; address <= 10; address++) {
        expect(await failFrom(`10.3.0.${address}`, user.email, 5)).toEqual(Array(5).fill(401));
      }
      const owner = await signInFrom('10.3.1.1', user.email, TEST_PASSWORD);
      expect(owner.statusCode).toBe(429);
      expect(owner.json().message).toBe(
        'Too many failed sign-in attempts for this email. Reset your password to sign in now, or try again in an hour.',
      );

      // The same answer for an e-mail without an account: the lock tells nobody who is registered.
      for (let address = 1; address <= 10; address++) await failFrom(`10.4.0.${address}`, 'nobody-here@example.com', 5);
      const unknown = await signInFrom('10.4.1.1', 'nobody-here@example.com', TEST_PASSWORD);
      expect(unknown.statusCode).toBe(429);
      expect(unknown.json().message).toBe(owner.json().message);

      const from = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, remoteAddress: '10.3.1.1', payload });
      expect(
        (await from('/api/auth/otp-forgot-password', { email: user.email, purpose: 'password-reset' })).statusCode,
      ).toBe(200);
      expect(
        (await from('/api/auth/verify-otp', { email: user.email, otp: t.outbox.lastCode(user.email) })).statusCode,
      ).toBe(200);
      expect(
        (await from('/api/auth/reset-password', { email: user.email, newPassword: 'Fresh&Start9' })).statusCode,
      ).toBe(200);
      expect((await signInFrom('10.3.1.1', user.email, 'Fresh&Start9')).statusCode).toBe(200);
    },
  );
});

describe('password change limits', () => {
  it('allows 5 tries in 15 minutes, right or wrong, so a stolen session cannot test passwords', async () => {
    const user = await buildStudent(t.db);
    const cookie = await signIn(t.app, user);
    const change = (currentPassword: string) =>
      call(t.app, cookie, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword, newPassword: 'N3w&Passw0rd' },
      });
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`Guess-${i}-pass1!`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Current password is incorrect');
    }
    const limited = await change(TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many password change attempts. Please wait 15 minutes and try again.');
    t.clock.advance(15 * 60);
    expect((await change(TEST_PASSWORD)).statusCode).toBe(200);
  });
});
