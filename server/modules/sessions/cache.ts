import { sql } from 'drizzle-orm';
import { CHANNELS } from '../../db/changes';
import type { Db } from '../../db/client';

interface Entry<T> {
  value: T;
  userId: string;
  validUntil: number;
}

/**
 * Signed-in users by session-token hash, held for a few seconds so a signed-in request costs no query.
 * Correctness comes from eviction, not from the time-out: whatever ends a session or changes an account
 * announces it (announceUserChange, delivered by PostgreSQL on commit to every instance's listener) and
 * evicts locally at once. The time-out only bounds the damage of a notification that never arrives.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  get(tokenHash: string, nowMs: number): T | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.validUntil <= nowMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a user until the time-out, or earlier when the session itself must be seen by the database again. */
  set(tokenHash: string, userId: string, value: T, nowMs: number, mustRecheckAt: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { value, userId, validUntil: Math.min(nowMs + this.ttlMs, mustRecheckAt) });
  }

  evictUser(userId: string): void {
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Tells every instance that a user's sessions or account changed; inside a transaction it is sent on commit. It goes
 * on the channel of every account change (the triggers' too), so what is kept of the accounts is emptied as well.
 */
export async function announceUserChange(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNELS.users}, ${userId})`);
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Applies a notice of the users channel to a session cache: a user's id (announceUserChange) evicts that user, '*'
 * (the notifications were interrupted: anything may have changed) everything; a trigger's notice of an account
 * change names no user, and the code that changes a signed-in user's account announces the user besides.
 */
export function applyUserNotice(cache: SessionCache<unknown>, payload: string): void {
  if (payload === '*') cache.clear();
  else if (USER_ID.test(payload)) cache.evictUser(payload);
}
