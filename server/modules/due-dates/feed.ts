import { eq, sql } from 'drizzle-orm';
import { CALENDAR_LIMITS, DUE_DATE_MESSAGES, DUE_STATE_LABELS } from '../../../common/rules';
import type { CalendarEvent } from '../../../common/schemas/due-dates';
import type { AppContext } from '../../context';
import { rows } from '../../db/prepared';
import { calendarFeeds } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { NotFound } from '../../lib/errors';
import { limitPerIp } from '../../lib/rate-limit';
import type { Actor } from '../../policies/actor';
import { calendarEvents } from './calendar';
import { buildCalendar, type IcsEvent } from './ics';

const DAY_MS = 24 * 3600_000;

/** The feed's address for a token: the secret is in it, so it is only ever shown once, when it is made. */
export const feedPath = (token: string) => `/api/calendar/feed/${token}.ics`;

/** Makes the user's secret feed address, replacing (and so revoking) the one they had. */
export async function createFeed(ctx: AppContext, userId: string): Promise<{ path: string }> {
  const token = newToken();
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: sha256(token), createdAt: ctx.now() })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: sha256(token), createdAt: ctx.now() } });
  return { path: feedPath(token) };
}

export async function revokeFeed(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

export async function feedStatus(ctx: AppContext, userId: string) {
  const [found] = await ctx.db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { exists: Boolean(found), createdAt: found ? found.createdAt.toISOString() : null };
}

const summaryOf = (event: CalendarEvent) => {
  const what =
    event.kind === 'due'
      ? `Due: ${event.title}`
      : `${event.kind === 'test-opens' ? 'Opens' : 'Closes'}: ${event.title}`;
  return event.className ? `${what} [${event.className}]` : what;
};

/**
 * The feed behind a token, as iCalendar text: the user's calendar from some weeks back to a year ahead. Unknown and
 * revoked tokens are one answer (404); every read counts against the caller's address first, so guessing is bounded.
 */
export async function readFeed(ctx: AppContext, token: string, ip: string): Promise<string> {
  await limitPerIp(ctx, 'calendar-feed', ip, CALENDAR_LIMITS.feedReadsPerHour, 3600);
  const [owner] = await rows<{ id: string; type: Actor['type'] }>(
    ctx.db,
    sql`select fu.id, fu.type from calendar_feeds ff join users fu on fu.id = ff.user_id
      where ff.token_hash = ${sha256(token)} and fu.status = 'active'`,
  );
  if (!owner) throw NotFound(DUE_DATE_MESSAGES.feedNotFound);
  const now = ctx.now();
  const events = await calendarEvents(
    ctx.db,
    { id: owner.id, type: owner.type },
    new Date(now.getTime() - CALENDAR_LIMITS.feedPastDays * DAY_MS),
    new Date(now.getTime() + CALENDAR_LIMITS.feedFutureDays * DAY_MS),
    now,
  );
  const ics: IcsEvent[] = events.map((event) => ({
    uid: `${event.id}@math-academy`,
    start: new Date(event.at),
    summary: summaryOf(event),
    description: event.state ? DUE_STATE_LABELS[event.state] : undefined,
  }));
  return buildCalendar('Math Academy', ics, now);
}
