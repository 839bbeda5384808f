import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { TooMany } from './errors';

export interface Limit {
  /** What is counted, e.g. `login:ip:127.0.0.1`. */
  key: string;
  max: number;
  windowSeconds: number;
  message: string;
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.';

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

/**
 * Takes back the count a request made, for limits that count failures only: the request is counted before it
 * is judged (so parallel tries cannot all slip under the limit) and refunded when it succeeds.
 */
export async function refundLimits(db: Db, keys: string[]): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(sql`${inArray(rateLimits.key, keys)} and ${rateLimits.count} > 0`);
}

/** Forgets the counts of these keys, e.g. a sign-in lock once the owner has proved themselves by e-mail. */
export async function clearLimits(db: Db, keys: string[]): Promise<void> {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

type LimitContext = Pick<AppContext, 'db' | 'now' | 'rateLimitFactor'>;

/** `max` requests of an action per client address per window; tests scale every limit with `rateLimitFactor`. */
export async function limitPerIp(ctx: LimitContext, action: string, ip: string, max: number, windowSeconds: number): Promise<void> {
  await hitLimit(ctx.db, { key: `${action}:ip:${ip}`, max: max * ctx.rateLimitFactor, windowSeconds, message: TOO_MANY_REQUESTS }, ctx.now());
}

/** `max` requests of an action per signed-in user per window. */
export async function limitPerUser(
  ctx: LimitContext,
  action: string,
  userId: string,
  limit: { max: number; windowSeconds: number; message: string },
): Promise<void> {
  await hitLimit(ctx.db, { key: `${action}:user:${userId}`, max: limit.max * ctx.rateLimitFactor, windowSeconds: limit.windowSeconds, message: limit.message }, ctx.now());
}
