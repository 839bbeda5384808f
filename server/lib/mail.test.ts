import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database } from '../db/client';
import { startSmtpServer } from '../test/smtp';
import { codeMail, createMailer, subscriptionConfirmationMail } from './mail';
import { freshPglite } from '../test/harness';

describe('mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers the sign-up code, which the reader can type back in', async () => {
    let database: Database | null = null;
    try {
      database = await freshPglite();
      const config = loadConfig({
        NODE_ENV: 'test',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Math Academy <hello@academy.test>',
      });
      const app = await buildApp({ config, database, distDir: null });
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'reader@example.com' },
      });
      expect(signup.statusCode).toBe(200);
      // Mail is delivered behind the answer.
      await expect.poll(() => smtp.received.find((m) => /^To: reader@example\.com/m.test(m))).toBeDefined();
      const message = smtp.received.find((m) => /^To: reader@example\.com/m.test(m));
      expect(message).toMatch(/^From: Math Academy <hello@academy\.test>/m);
      expect(message).toMatch(/Subject: Your Math Academy verification code/);
      const code = /\n(\d{6})\r?\n/.exec(message!)![1];
      const verify = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email: 'reader@example.com', otp: code },
      });
      expect(verify.statusCode).toBe(200);
      await app.close();
    } finally {
      await database?.close();
    }
  });
});

describe('mail to the outbox', () => {
  it('writes each message as an .eml file with text and HTML bodies', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-outbox-'));
    const mailer = createMailer({ outboxDir: dir, from: 'Math Academy <no-reply@academy.test>' });
    await mailer.send(codeMail('kid@example.com', 'password-reset', '123456', 5));
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dir, files[0]), 'utf8');
    expect(eml).toMatch(/^To: kid@example\.com$/m);
    expect(eml).toMatch(/Subject: Your Math Academy password reset code/);
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
    expect(eml).toMatch(/\n123456\n/);
  });

  it("writes a mail's own header lines, such as a subscription's List-Unsubscribe", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-outbox-'));
    const mailer = createMailer({ outboxDir: dir, from: 'Math Academy <no-reply@academy.test>' });
    const link = 'https://academy.test/unsubscribe#token';
    await mailer.send(
      subscriptionConfirmationMail('reader@example.com', link, {
        name: 'Math Academy',
        email: 'hello@academy.test',
        phone: '+1 555 0100',
      }),
    );
    const eml = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]), 'utf8');
    expect(eml).toMatch(/^List-Unsubscribe: <https:\/\/academy\.test\/unsubscribe#token>$/m);
  });
});
