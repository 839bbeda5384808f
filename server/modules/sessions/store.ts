import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, sessions, users } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { accountOf, type Account, type ProfileRow } from '../users/present';
import { announceUserChange, type SessionCache } from './cache';

export const SESSION_COOKIE = 'academy_session';
const REMEMBER_MS = 30 * 24 * 3600 * 1000;
const IDLE_MS = 12 * 3600 * 1000;
/** A session's idle deadline is pushed forward at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** The signed-in user of a request, as kept in the session cache. */
export interface CurrentUser extends Account {
  profile: ProfileRow | null;
  sessionId: string;
}

/** The session lookup runs on every signed-in request: prepared once per database, planned once by PostgreSQL. */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({
      session: sessions,
      // Only what a request needs: the password hash stays in the database.
      user: { id: users.id, email: users.email, type: users.type, status: users.status, createdAt: users.createdAt },
      profile: profiles,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_lookup');
}

/**
 * Finds the signed-in user behind a session token in one query, extending an idle session's deadline now and then.
 * Also tells until when the answer may be reused without asking the database again.
 */
export async function userForToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: CurrentUser; recheckAt: number } | null> {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.execute({ tokenHash: sha256(token), now });
  if (!row || row.user.status !== 'active') return null;
  const { session } = row;
  let expiresAt = session.expiresAt.getTime();
  if (!session.remember && expiresAt - now.getTime() < IDLE_MS - TOUCH_EVERY_MS) {
    expiresAt = now.getTime() + IDLE_MS;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt), lastSeenAt: now })
      .where(eq(sessions.id, session.id));
  }
  const recheckAt = session.remember ? expiresAt : expiresAt - (IDLE_MS - TOUCH_EVERY_MS);
  return { user: { ...accountOf(row.user), profile: row.profile, sessionId: session.id }, recheckAt };
}

/** Starts a new session (a fresh token at every sign-in) and sets its cookie. */
export async function startSession(
  ctx: { db: Db; now: () => Date; config: { publicUrl: string } },
  reply: FastifyReply,
  request: FastifyRequest,
  userId: string,
  remember: boolean,
): Promise<void> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + (remember ? REMEMBER_MS : IDLE_MS));
  await ctx.db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    remember,
    expiresAt,
    lastSeenAt: now,
    createdAt: now,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind a TLS proxy that TRUST_PROXY does not name, the request looks like plain HTTP: the academy's own
    // address still says the cookie must only travel encrypted.
    secure: request.protocol === 'https' || ctx.config.publicUrl.startsWith('https://'),
    // Without "remember me" the cookie ends with the browser; the server ends the session after 12 idle hours.
    ...(remember ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends one session (logout) on every instance. */
export async function endSession(
  ctx: { db: Db; sessionCache: SessionCache<CurrentUser> },
  user: CurrentUser,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, user.sessionId));
    await announceUserChange(tx, user.id);
  });
  ctx.sessionCache.evictUser(user.id);
}

/** Ends every session of a user, on every instance. Callers evict their own cache after the commit. */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await announceUserChange(db, userId);
}
