import { inArray, lt, sql } from 'drizzle-orm';
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
export async function hitLimit(db: Db, limit: Limit, now: Date): Promise<void> {
  const row = await addToCount(db, limit.key, 1, limit.windowSeconds, now);
  if (row.count > limit.max) throw TooMany(limit.message, (row.windowEnds - now.getTime()) / 1000);
}

const DAY_MS = 24 * 3600 * 1000;
const lastPrunes = new WeakMap<Db, number>();

/**
 * Every key (an address, an e-mail, a user) leaves a row behind. No window lasts more than an hour, so rows whose
 * window began a day ago count nothing: they are deleted, at most once an hour per instance, so the table holds
 * about a day's keys instead of every key ever seen.
 */
async function pruneOldWindows(db: Db, now: Date): Promise<void> {
  if (now.getTime() - (lastPrunes.get(db) ?? 0) < 3600_000) return;
  lastPrunes.set(db, now.getTime());
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS)));
}

/** Adds `amount` to a key's count in its current window (opening a new one when the old has passed). */
async function addToCount(
  db: Db,
  key: string,
  amount: number,
  windowSeconds: number,
  now: Date,
): Promise<{ count: number; windowEnds: number }> {
  await pruneOldWindows(db, now);
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, ${amount})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})
                   then ${amount} else rate_limits.count + ${amount} end,
      window_start = case when rate_limits.window_start <= ${now.toISOString()}::timestamptz - make_interval(secs => ${windowSeconds})
                   then ${now.toISOString()}::timestamptz else rate_limits.window_start end
    returning count, window_start`)) as unknown as { rows: Array<{ count: number; window_start: string | Date }> };
  const row = result.rows[0];
  return { count: Number(row.count), windowEnds: new Date(row.window_start).getTime() + windowSeconds * 1000 };
}

/** What a limit reads of the app's context (the context itself lives above lib/, which it cannot import). */
export interface LimitContext {
  db: Db;
  now: () => Date;
  /** Multiplies every limit; tests that are not about rate limits raise it. */
  rateLimitFactor: number;
}

interface Tally {
  /** The shared count as last read, with what this instance had added by then. */
  shared: number;
  windowEnds: number;
  /** Counted here since, not yet added to the shared row. */
  pending: number;
  nextSyncAt: number;
  syncing: boolean;
  /** The key's first read of the shared count here, while it runs: every request arriving meanwhile waits for it. */
  firstSync: Promise<void> | null;
}

/**
 * A fixed-window limit for a route too busy for a statement per request (a student's answer checks): each
 * instance counts in memory and adds its count to the shared rate_limits row at most once a second per key
 * (always on a key's first request here), so a request costs no statement while every instance still sees the
 * others' counts. Instances together can pass the limit by about one second's worth of requests each.
 */
export class BatchedLimit {
  private readonly tallies = new Map<string, Tally>();

  constructor(
    private readonly limit: Omit<Limit, 'key'>,
    private readonly syncEveryMs = 1_000,
  ) {}

  /** Counts a request of `key`, or refuses it (refused requests are not counted). */
  async hit(ctx: LimitContext, key: string): Promise<void> {
    const now = ctx.now();
    const at = now.getTime();
    let tally = this.tallies.get(key);
    if (!tally || tally.windowEnds <= at) {
      if (this.tallies.size >= 100_000) this.forgetEnded(at);
      tally = {
        shared: 0,
        windowEnds: at + this.limit.windowSeconds * 1000,
        pending: 0,
        nextSyncAt: 0,
        syncing: false,
        firstSync: null,
      };
      this.tallies.set(key, tally);
    }
    if (tally.nextSyncAt === 0) {
      // A key's first requests here wait for the shared count, all of them: a burst arriving at once would
      // otherwise pass on a count of zero while the first one reads it (a failed read is tried by the next request).
      const current = tally;
      current.firstSync ??= this.sync(ctx.db, key, current, now).finally(() => {
        current.firstSync = null;
      });
      await current.firstSync;
    } else if (at >= tally.nextSyncAt && !tally.syncing) {
      // Later syncs add this instance's count behind the answers (a failed one is tried again by the next
      // request), so no request waits on the database for them.
      this.sync(ctx.db, key, tally, now).catch(() => {});
    }
    if (tally.shared + tally.pending >= this.limit.max * ctx.rateLimitFactor) {
      throw TooMany(this.limit.message, (tally.windowEnds - at) / 1000);
    }
    tally.pending++;
  }

  private async sync(db: Db, key: string, tally: Tally, now: Date): Promise<void> {
    const amount = tally.pending;
    tally.syncing = true;
    try {
      const row = await addToCount(db, key, amount, this.limit.windowSeconds, now);
      tally.pending -= amount;
      tally.shared = row.count;
      tally.windowEnds = row.windowEnds;
      tally.nextSyncAt = now.getTime() + this.syncEveryMs;
    } finally {
      tally.syncing = false;
    }
  }

  private forgetEnded(at: number): void {
    for (const [key, tally] of this.tallies) if (tally.windowEnds <= at && !tally.syncing) this.tallies.delete(key);
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

/** `max` requests of an action per client address per window; tests scale every limit with `rateLimitFactor`. */
export async function limitPerIp(
  ctx: LimitContext,
  action: string,
  ip: string,
  max: number,
  windowSeconds: number,
): Promise<void> {
  await hitLimit(
    ctx.db,
    { key: `${action}:ip:${ip}`, max: max * ctx.rateLimitFactor, windowSeconds, message: TOO_MANY_REQUESTS },
    ctx.now(),
  );
}

/** `max` requests of an action per signed-in user per window. */
export async function limitPerUser(
  ctx: LimitContext,
  action: string,
  userId: string,
  limit: { max: number; windowSeconds: number; message: string },
): Promise<void> {
  await hitLimit(
    ctx.db,
    {
      key: `${action}:user:${userId}`,
      max: limit.max * ctx.rateLimitFactor,
      windowSeconds: limit.windowSeconds,
      message: limit.message,
    },
    ctx.now(),
  );
}
