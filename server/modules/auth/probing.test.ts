/**
 * What an outsider can learn or cost without an account: whether an e-mail has an account
 * must not show in the status, the body or the time of an answer, and unauthenticated requests must not make the
 * server hash passwords.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { buildStudent, STUDENT_DETAILS } from '../../test/factories';
import { createTestApp, type TestApp, freshPglite } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp';

// The real argon2, counted: a request that may not hash must leave the count alone.
const argon2Hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2Hashes.count++;
      return real.hash(...args);
    },
  };
});

const profile = (email: string) => ({ email, password: 'Str0ng&pass', type: 'student', extra_field: STUDENT_DETAILS });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  argon2Hashes.count = 0;
});

describe('complete-profile without a verified code', () => {
  it('answers a registered and an unknown e-mail alike', async () => {
    const registered = await buildStudent(t.db);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/users/complete-profile',
      payload: profile(registered.email),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/complete-profile',
      payload: profile('nobody-here@example.com'),
    });
    expect(known.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(
      'Please verify your email before completing your profile. Verification is valid for 30 minutes.',
    );
  });

  it('hashes no password', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/complete-profile',
        payload: profile(`stranger${i}@example.com`),
      });
      expect(response.statusCode).toBe(400);
    }
    expect(argon2Hashes.count).toBe(0);
  });

  it('is limited per client address: 20 an hour', async () => {
    const strict = await createTestApp({ rateLimitFactor: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        statuses.push(
          (
            await strict.app.inject({
              method: 'POST',
              url: '/api/users/complete-profile',
              payload: profile(`probe${i}@example.com`),
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
      const limited = await strict.app.inject({
        method: 'POST',
        url: '/api/users/complete-profile',
        payload: profile('probe@example.com'),
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Too many requests. Please wait a few minutes and try again.');
      const elsewhere = await strict.app.inject({
        method: 'POST',
        url: '/api/users/complete-profile',
        remoteAddress: '10.0.0.9',
        payload: profile('probe@example.com'),
      });
      expect(elsewhere.statusCode).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe('reset-password without a verified code', () => {
  it('hashes no password, for a registered or an unknown e-mail', async () => {
    const registered = await buildStudent(t.db);
    for (const email of [registered.email, 'nobody-here@example.com']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email, newPassword: 'Fresh&Start9' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Please verify your reset code first. A verified code can be used once, within 10 minutes.',
      );
    }
    expect(argon2Hashes.count).toBe(0);
  });
});

/** A real SMTP server that answers each message after `delayMs`, and keeps what it received. */
const slowMailServer = (delayMs: number) =>
  startSmtpServer({ answer: () => new Promise<void>((resolve) => setTimeout(resolve, delayMs)) });

/** A port on which nothing listens: a mail server that is down. */
async function deadPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function appWithSmtp(port: number) {
  const database = await freshPglite();
  const config = loadConfig({ NODE_ENV: 'test', SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, distDir: null });
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function timed(run: () => Promise<{ statusCode: number; body: string }>) {
  const started = performance.now();
  const response = await run();
  return { status: response.statusCode, body: response.body, ms: performance.now() - started };
}

const MAIL_DELAY_MS = 3_000;

describe('answers that mail someone, with a slow or a stopped mail server', () => {
  let mail: Awaited<ReturnType<typeof slowMailServer>>;
  beforeAll(async () => {
    mail = await slowMailServer(MAIL_DELAY_MS);
  });
  afterAll(() => mail.close());

  it('forgot-password takes no longer for a registered e-mail, and the mail still goes out', async () => {
    const s = await appWithSmtp(mail.port);
    try {
      const user = await buildStudent(s.db);
      const forgot = (email: string) => () =>
        s.app.inject({
          method: 'POST',
          url: '/api/auth/otp-forgot-password',
          payload: { email, purpose: 'password-reset' },
        });
      // Warm up the code paths, so the first measured request pays no first-use cost.
      await forgot('warm-up@example.com')();
      const registered = await timed(forgot(user.email));
      const unknown = await timed(forgot('nobody-here@example.com'));
      expect(registered.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(registered.body).toBe(unknown.body);
      // The mail server takes 3 s per message; neither answer waits for it (generous margins: a loaded machine).
      expect(registered.ms).toBeLessThan(MAIL_DELAY_MS / 3);
      expect(unknown.ms).toBeLessThan(MAIL_DELAY_MS / 3);
      expect(Math.abs(registered.ms - unknown.ms)).toBeLessThan(MAIL_DELAY_MS / 6);
      await expect
        .poll(() => mail.received.some((m) => m.includes(`To: ${user.email}`) && /password reset code/.test(m)), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(mail.received.some((m) => m.includes('To: nobody-here@example.com'))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('sign-up answers at once for a registered and a new e-mail alike', async () => {
    const s = await appWithSmtp(mail.port);
    try {
      const user = await buildStudent(s.db);
      const signup = (email: string) => () =>
        s.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email } });
      await signup('warm-up@example.com')();
      const registered = await timed(signup(user.email));
      const fresh = await timed(signup('brand-new@example.com'));
      expect([registered.status, fresh.status]).toEqual([200, 200]);
      expect(registered.body).toBe(fresh.body);
      expect(registered.ms).toBeLessThan(MAIL_DELAY_MS / 3);
      expect(fresh.ms).toBeLessThan(MAIL_DELAY_MS / 3);
    } finally {
      await s.close();
    }
  });

  it('forgot-password and sign-up answer 200 alike when the mail server is down', async () => {
    const s = await appWithSmtp(await deadPort());
    try {
      const user = await buildStudent(s.db);
      const forgot = (email: string) =>
        s.app.inject({
          method: 'POST',
          url: '/api/auth/otp-forgot-password',
          payload: { email, purpose: 'password-reset' },
        });
      const registered = await forgot(user.email);
      const unknown = await forgot('nobody-here@example.com');
      expect([registered.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(registered.body).toBe(unknown.body);
      const signup = await s.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'brand-new@example.com' },
      });
      expect(signup.statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });
});
