import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { TooMany } from './errors';

export interface Limit {
  /** What is counted, e.g. `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowSeconds: number;
  message: string;
}

/**
 * Fixed-window counters in the database, so every server instance shares them.
 * One statement per check: it opens a new window when the old one has passed.
 */
export async function hitLimit(db: Db, limit: Limit, now = new Date()): Promise<void> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${limit.key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${limit.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${limit.windowSeconds})
                   then ${now.toISOString()}::timestamptz else rate_limits.window_start end
    returning count, window_start`)) as unknown as { rows: Array<{ count: number; window_start: string | Date }> };
  const row = result.rows[0];
  if (row && Number(row.count) > limit.max) {
    const windowEnds = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
    throw TooMany(limit.message, (windowEnds - now.getTime()) / 1000);
  }
}
