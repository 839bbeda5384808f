import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OVERLOADED } from '../../app';
import { NEWEST_MIGRATION } from '../../db/client';
import { LocalDriver } from '../../lib/storage';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { READY_VERDICT_CACHE_MS } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health and GET /api/ready', () => {
  it('says alive, and ready when the database answers with every migration and the uploads take a file', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await call(t.app, null, { method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', storage: 'ok' });
  });

  it('is not ready while the database lacks a migration of this code', async () => {
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations m set created_at = ${NEWEST_MIGRATION - 1} where m.created_at = ${NEWEST_MIGRATION}`,
    );
    try {
      t.clock.advance(READY_VERDICT_CACHE_MS / 1000);
      const response = await call(t.app, null, { method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'ok', migrations: 'failed', storage: 'ok' });
    } finally {
      await t.db.execute(
        sql`update drizzle.__drizzle_migrations m set created_at = ${NEWEST_MIGRATION} where m.created_at = ${NEWEST_MIGRATION - 1}`,
      );
    }
    t.clock.advance(READY_VERDICT_CACHE_MS / 1000);
    expect((await call(t.app, null, { method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('checks at most once per period however often it is asked: a flood of asks writes one probe file', async () => {
    let probes = 0;
    const driver = new LocalDriver(`/tmp/academy-ready-${process.pid}-${Date.now()}`);
    const probe = driver.probe.bind(driver);
    driver.probe = () => {
      probes++;
      return probe();
    };
    const counted = await createTestApp({ files: driver });
    try {
      const ask = () => call(counted.app, null, { method: 'GET', url: '/api/ready' });
      const burst = await Promise.all(Array.from({ length: 30 }, ask));
      expect(burst.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
      for (let i = 0; i < 10; i++) expect((await ask()).json().status).toBe('ready');
      expect(probes).toBe(1);
      counted.clock.advance(READY_VERDICT_CACHE_MS / 1000 - 1);
      await ask();
      expect(probes).toBe(1);
      counted.clock.advance(1);
      expect((await ask()).json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', storage: 'ok' });
      expect(probes).toBe(2);
    } finally {
      await counted.close();
    }
  });
});

// Each builds an app of its own, which takes a while on a loaded machine.
describe('under overload', () => {
  it('answers 503 with Retry-After at once, while /api/health still answers alive', async () => {
    // A heap limit of one byte: overloaded from the first sample on.
    const busy = await createTestApp({ pressure: { maxHeapUsedBytes: 1, sampleInterval: 10 } });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const url of ['/api/courses', '/api/ready', '/api/auth/me']) {
        const response = await call(busy.app, null, { method: 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['retry-after'], url).toBe('5');
        expect(response.json(), url).toEqual({ message: OVERLOADED, code: 'OVERLOADED' });
      }
      expect((await call(busy.app, null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  }, 120_000);

  it('is not overloaded by default', async () => {
    const calm = await createTestApp({ pressure: {} });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await call(calm.app, null, { method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await calm.close();
    }
  }, 120_000);
});
