import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { hitLimit } from './rate-limit';
import { freshPglite } from '../test/harness';

let database: Database;
beforeAll(async () => {
  database = await freshPglite();
});
afterAll(() => database.close());

describe('the rate_limits table', () => {
  it('forgets windows that began a day ago, so keys seen once do not pile up', async () => {
    const now = new Date();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
    await database.db.insert(rateLimits).values([
      { key: 'login:client:10.0.0.1:old@example.com', windowStart: hoursAgo(30), count: 3 },
      { key: 'signup:ip:10.0.0.2', windowStart: hoursAgo(25), count: 1 },
      { key: 'signup:ip:10.0.0.3', windowStart: hoursAgo(0.5), count: 2 },
    ]);
    await hitLimit(database.db, { key: 'signup:ip:10.0.0.4', max: 10, windowSeconds: 3600, message: 'Too many' }, now);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(['signup:ip:10.0.0.3', 'signup:ip:10.0.0.4']);
  });
});
