/**
 * Cross-site requests through other spellings of an /api path: the router decodes `%61` to `a`, so a check on the
 * raw URL's prefix let `/%61pi/...` through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { questions } from '../db/schema';
import { buildQuestion, buildStudent, buildUser, signIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FOREIGN = 'http://localhost:4000';

/** Spellings a browser can send for /api/auth/logout; the router reaches the route through some of them. */
const logoutSpellings = [
  '/api/auth/logout',
  '/%61pi/auth/logout',
  '/%61%70%69/auth/logout',
  '/api/auth/l%6Fgout',
  '/API/auth/logout',
  '//api/auth/logout',
  '/api/../api/auth/logout',
  '/api%2Fauth%2Flogout',
  '/api/auth/logout?x=1',
];

async function signedIn(): Promise<string> {
  return signIn(t.app, await buildStudent(t.db));
}

async function stillSignedIn(cookie: string): Promise<boolean> {
  return (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode === 200;
}

describe('unsafe requests from another origin, whatever the spelling of the path', () => {
  it.each(logoutSpellings)(
    'refuses a text/plain logout from a foreign origin at %s, and the session lives on',
    async (url) => {
      const cookie = await signedIn();
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: FOREIGN, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Cross-site requests are not allowed.');
      expect(await stillSignedIn(cookie)).toBe(true);
    },
  );

  it.each(logoutSpellings)('refuses a text/plain logout without an Origin at %s', async (url) => {
    const cookie = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it.each(['/%61pi/questions/bulk-delete', '/api/questions/bulk-d%65lete', '/api/questions/bulk-delete'])(
    'refuses a multipart bulk delete from a foreign origin at %s, and deletes nothing',
    async (url) => {
      const author = await buildUser(t.db, 'data-entry');
      const cookie = await signIn(t.app, author);
      const question = await buildQuestion(t.db, { createdBy: author.id });
      const boundary = '----attacker';
      // The field twice makes a list, which is what the route's schema wants.
      const field = `--${boundary}\r\nContent-Disposition: form-data; name="questionIds"\r\n\r\n${question.id}\r\n`;
      const payload = `${field}${field}--${boundary}--\r\n`;
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: FOREIGN, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode).toBe(403);
      const [left] = await t.db.select({ n: count() }).from(questions).where(eq(questions.id, question.id));
      expect(left.n).toBe(1);
    },
  );

  it('still lets our own pages act through an encoded spelling', async () => {
    const cookie = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { cookie, origin: t.config.publicUrl },
    });
    expect(response.statusCode).toBe(200);
    expect(await stillSignedIn(cookie)).toBe(false);
  });
});
