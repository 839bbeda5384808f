/** The platform every module stands on: errors, headers, origin checks, the SPA fallback and the API document. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { buildStudent, signIn } from './factories';
import { createTestApp, MemoryOutbox, type TestApp, freshPglite } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers an unknown /api path with 404 JSON, never the web page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'No such endpoint: GET /api/no/such/thing', code: 'NOT_FOUND' });
  });

  it('hides the stack of a server error behind a plain sentence', async () => {
    const database = await freshPglite();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, distDir: null });
    app.get('/api/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    expect(response.body).not.toMatch(/secret|app\.ts/);
    await app.close();
    await database.close();
  });

  it('answers 409, not 500, when a row the change refers to was deleted at the same moment (a foreign key refused it)', async () => {
    const database = await freshPglite();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, distDir: null });
    app.get('/api/meanwhile', { config: { access: 'public' } }, async () => {
      // What drizzle throws when PostgreSQL refuses a row whose parent another transaction has just deleted.
      throw Object.assign(new Error('Failed query: insert into "course_assignments" ...'), {
        cause: { code: '23503' },
      });
    });
    const response = await app.inject({ method: 'GET', url: '/api/meanwhile' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Something this change refers to was removed meanwhile. Please reload and try again.',
      code: 'GONE_MEANWHILE',
    });
    await app.close();
    await database.close();
  });

  it('refuses to start when an /api route declares no access', async () => {
    const database = await freshPglite();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, distDir: null });
    expect(() => app.get('/api/open', async () => 'oops')).toThrow('Route GET /api/open declares no access');
    await app.close();
    await database.close();
  });

  it('refuses a body over 1 MB with 413 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request is too large.');
  });
});

describe('headers', () => {
  it('sends security headers, a Content-Security-Policy and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a page frame the two video players and nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(response.headers['content-security-policy']);
    const frameSrc = policy.split(';').find((d) => d.trim().startsWith('frame-src'));
    expect(frameSrc?.trim()).toBe('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    // child-src and default-src would be the fallbacks of frame-src: neither may widen it.
    expect(policy).not.toContain('child-src');
    expect(policy).toContain("default-src 'self'");
  });

  it('sends them on the answers the framework gives itself: a malformed URL, bad JSON, an unknown path, a body too large', async () => {
    const json = { 'content-type': 'application/json' };
    const answers = {
      malformedUrl: await t.app.inject({ method: 'GET', url: '/api/%' }),
      malformedPageUrl: await t.app.inject({ method: 'GET', url: '/%' }),
      badJson: await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: json, payload: '{bad' }),
      unknown: await t.app.inject({ method: 'GET', url: '/api/no/such/thing' }),
      tooLarge: await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: json,
        payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
      }),
      crossSite: await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { ...json, origin: 'https://evil.example' },
        payload: '{}',
      }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-security-policy'], name).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], name).toBe('nosniff');
      expect(response.headers['strict-transport-security'], name).toContain('max-age=');
      expect(response.headers['cache-control'], name).toBe('no-store');
      expect(response.headers['x-request-id'], name).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(answers.malformedUrl.statusCode).toBe(400);
    expect(answers.malformedUrl.json()).toEqual({ message: 'The address is malformed.', code: 'FST_ERR_BAD_URL' });
  });

  it("marks every API answer no-store, so a shared computer keeps no pupil's data in its cache", async () => {
    const cookie = await signIn(t.app, await buildStudent(t.db));
    for (const url of ['/api/health', '/api/ready', '/api/auth/me']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it("keeps a caller's X-Request-Id only in a plain format, in the answer and in the log", async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database: t.database,
      mailer: new MemoryOutbox(),
      distDir: null,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    const idOf = async (given: string) => {
      const response = await logged.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } });
      const reqIds = lines.splice(0).map((line) => JSON.parse(line).reqId);
      expect(reqIds.length, given).toBeGreaterThan(0);
      expect(new Set(reqIds), given).toEqual(new Set([response.headers['x-request-id']]));
      return response.headers['x-request-id'];
    };
    for (const safe of ['trace-42', 'a', 'A.b_c-9', 'x'.repeat(64)]) expect(await idOf(safe)).toBe(safe);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const unsafe = [
      '',
      'x'.repeat(65),
      'has space',
      'admin" level=60',
      '<script>',
      'üñí',
      'a/b',
      'a\u0000b',
      '\u001b[31mred',
      '{"json":1}',
      'a'.repeat(100_000) + '!',
    ];
    for (const given of unsafe) expect(await idOf(given), JSON.stringify(given.slice(0, 20))).toMatch(uuid);
    await logged.close();
  });
});

describe('cross-site requests', () => {
  it('refuses an unsafe request from a foreign origin, even with a valid session', async () => {
    const cookie = await signIn(t.app, await buildStudent(t.db));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-site requests are not allowed.');
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it('refuses the opaque origin "null" and accepts our own origins', async () => {
    const opaque = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'null' },
      payload: { email: 'a@example.com' },
    });
    expect(opaque.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: t.config.publicUrl },
      payload: { email: 'own@example.com' },
    });
    expect(own.statusCode).toBe(200);
    const sameHost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { email: 'host@example.com' },
    });
    expect(sameHost.statusCode).toBe(200);
  });

  it('refuses a form-encoded body, the shape a cross-site form would send', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.co&password=x',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('the API document', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeTruthy();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it("is not served in production unless API_DOCS=true: the route map is no one else's business", async () => {
    const productionApp = async (env: Record<string, string>) =>
      buildApp({
        config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env }),
        database: t.database,
        mailer: new MemoryOutbox(),
        distDir: null,
      });
    const hidden = await productionApp({});
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const response = await hidden.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message, url).toMatch(/^No such endpoint/);
    }
    await hidden.close();
    const shown = await productionApp({ API_DOCS: 'true' });
    expect((await shown.inject({ method: 'GET', url: '/api/docs/json' })).json().paths['/api/auth/login']).toBeTruthy();
    await shown.close();
  });
});

describe('the web app', () => {
  it('serves files, falls back to index.html for app routes, and keeps /api out of the fallback', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Math Academy</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'export {};');
    const database = await freshPglite();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test' }), database, distDir: dist });
    try {
      const page = await app.inject({ method: 'GET', url: '/course/1/unit/2' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Math Academy</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-security-policy']).toContain("script-src 'self'");
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
      const traversal = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
      expect(traversal.body).not.toContain('root:');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
