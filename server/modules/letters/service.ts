import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LETTER_DEFAULTS, LETTER_MESSAGES, type LetterFrequency } from '../../../common/rules';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import type { letterSettingsBody, LetterSettingsReply } from '../../../common/schemas/letters';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { letterSettings } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { NotFound } from '../../lib/errors';
import { limitPerIp } from '../../lib/rate-limit';
import { actorOf } from '../../policies/actor';
import { requireStudent } from '../../policies/students';
import { readAcademy } from '../academy/service';
import { studentDueItems } from '../due-dates/student-due';
import { answersCounted } from '../mastery/keeper';
import type { CurrentUser } from '../sessions/store';
import { solvedChartPng } from './chart';
import { letterMail, type LetterFacts } from './letter';
import { nextSendAt, periodDays } from './schedule';

const childRefusals = { unknown: DASHBOARD_MESSAGES.childNotFound, notYours: DASHBOARD_MESSAGES.childNotFound };

/** Opening an unsubscribe link is public: a generous allowance that still stops a scan. */
const UNSUBSCRIBES_PER_IP_PER_HOUR = 30;

/**
 * The unsubscribe token of a parent and child: derived from the server's key, so every letter can carry it while
 * the database keeps only its hash (a leaked copy of the database cannot unsubscribe anyone).
 */
export function unsubscribeToken(key: Buffer, parentId: string, studentId: string): string {
  return createHmac('sha256', key).update(`letter-unsubscribe\n${parentId}\n${studentId}`).digest('base64url');
}

export const unsubscribeUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}/api/letters/unsubscribe?token=${encodeURIComponent(token)}`;

interface SettingsRow {
  frequency: LetterFrequency;
  weekday: number;
  hour: number;
  timeZone: string;
}

/**
 * The settings as the parent reads them, with when letters leave. A chosen hour that has already come this period
 * makes the period's letter due at once (the scheduler claims it within a minute), so the card says a letter is on
 * its way rather than naming only the next hour, which would hide it: `sendingNow` while the period's letter is
 * owed or claimed and not yet sent, `nextSendAt` the hour after.
 */
async function reply(
  db: Db,
  parentId: string,
  childId: string,
  row: SettingsRow,
  now: Date,
): Promise<LetterSettingsReply> {
  const next = nextSendAt(row, now);
  const [owed] = await rows<{ status: string | null }>(
    db,
    sql`select rl.status from (${duePeriods(now, { parentId, childId })}) rd
      left join letters rl on rl.parent_id = rd.parent_id and rl.student_id = rd.student_id
        and rl.period_start = rd.period_start::date`,
  );
  return {
    ...row,
    nextSendAt: next?.toISOString() ?? null,
    sendingNow: owed !== undefined && (owed.status === null || owed.status === 'queued'),
  };
}

/** A parent's letter settings for their own child, or the defaults while they never chose. */
export async function readLetterSettings(
  ctx: AppContext,
  parent: CurrentUser,
  childId: string,
): Promise<LetterSettingsReply> {
  await requireStudent(ctx.db, actorOf(parent), childId, childRefusals, 'manage');
  const [row] = await ctx.db
    .select({
      frequency: letterSettings.frequency,
      weekday: letterSettings.weekday,
      hour: letterSettings.hour,
      timeZone: letterSettings.timeZone,
    })
    .from(letterSettings)
    .where(and(eq(letterSettings.parentId, parent.id), eq(letterSettings.studentId, childId)));
  return reply(ctx.db, parent.id, childId, row ?? LETTER_DEFAULTS, ctx.now());
}

/** Saves a parent's choice for their own child in one upsert. */
export async function saveLetterSettings(
  ctx: AppContext,
  parent: CurrentUser,
  childId: string,
  input: z.output<typeof letterSettingsBody>,
): Promise<LetterSettingsReply> {
  await requireStudent(ctx.db, actorOf(parent), childId, childRefusals, 'manage');
  const values = { frequency: input.frequency, weekday: input.weekday, hour: input.hour, timeZone: input.timeZone };
  await ctx.db
    .insert(letterSettings)
    .values({
      parentId: parent.id,
      studentId: childId,
      ...values,
      unsubscribeTokenHash: sha256(unsubscribeToken(ctx.codeKey, parent.id, childId)),
      updatedAt: ctx.now(),
    })
    .onConflictDoUpdate({
      target: [letterSettings.parentId, letterSettings.studentId],
      set: { ...values, updatedAt: ctx.now() },
    });
  return reply(ctx.db, parent.id, childId, values, ctx.now());
}

/** The one-click unsubscribe of a letter's link: no sign-in, the token alone names the parent and child. */
export async function unsubscribeLetters(ctx: AppContext, token: string, ip: string): Promise<void> {
  await limitPerIp(ctx, 'letter-unsubscribe', ip, UNSUBSCRIBES_PER_IP_PER_HOUR, 3600);
  const [row] = await ctx.db
    .update(letterSettings)
    .set({ frequency: 'off', updatedAt: ctx.now() })
    .where(eq(letterSettings.unsubscribeTokenHash, sha256(token)))
    .returning({ parentId: letterSettings.parentId });
  if (!row) throw NotFound(LETTER_MESSAGES.unsubscribeLinkInvalid);
}

/** Pairs claimed per statement when letters fall due. */
export const LETTER_BATCH = 500;

/**
 * The parents and children whose chosen hour has come today in the parent's time zone (on the chosen weekday,
 * unless daily), with the period their letter covers: the one rule of when a letter is due, for the claim and for
 * what the parent reads. A pair that never chose has the defaults. One pair, or all.
 */
function duePeriods(now: Date, pair?: { parentId: string; childId: string }) {
  const d = LETTER_DEFAULTS;
  const onePair = pair ? sql`where ps.parent_id = ${pair.parentId} and ps.student_id = ${pair.childId}` : sql``;
  return sql`select w.parent_id, w.student_id, w.has_settings, w.period_start from (
          select ps.parent_id, ps.student_id, ls.parent_id is not null as has_settings,
            coalesce(ls.frequency, ${d.frequency}) as frequency, coalesce(ls.weekday, ${d.weekday}) as weekday,
            coalesce(ls.hour, ${d.hour}) as hour, (${now.toISOString()}::timestamptz at time zone coalesce(ls.time_zone, ${d.timeZone})) as local_now
          from parent_students ps
          left join letter_settings ls on ls.parent_id = ps.parent_id and ls.student_id = ps.student_id
          ${onePair}
        ) w0
        cross join lateral (select w0.parent_id, w0.student_id, w0.has_settings,
          (w0.local_now::date - case when w0.frequency = 'daily' then 1 else 7 end)::text as period_start) w
        where w0.frequency <> 'off'
          and (w0.frequency = 'daily' or extract(dow from w0.local_now) = w0.weekday)
          and extract(hour from w0.local_now) >= w0.hour`;
}

/**
 * Claims the letters now due, up to `limit`: every parent and child whose chosen hour has come today in the
 * parent's time zone (on the chosen weekday, unless daily) and whose period has no letter yet. The insert is the
 * claim: the letters' unique key (parent, child, period start) lets one instance alone write a period's letter.
 * A pair that never chose gets the defaults, and its settings row (with the unsubscribe token's hash) is written
 * here too, so its letter's link works. Two statements whatever the number.
 */
export async function claimDueLetters(db: Db, key: Buffer, now: Date, limit = LETTER_BATCH): Promise<string[]> {
  const due = await rows<{ parent_id: string; student_id: string; has_settings: boolean; period_start: string }>(
    db,
    sql`select cd.parent_id, cd.student_id, cd.has_settings, cd.period_start from (${duePeriods(now)}) cd
        where not exists (select 1 from letters cl
          where cl.parent_id = cd.parent_id and cl.student_id = cd.student_id and cl.period_start = cd.period_start::date)
        order by cd.parent_id, cd.student_id
        limit ${limit}`,
  );
  if (due.length === 0) return [];
  const fresh = due.filter((p) => !p.has_settings);
  if (fresh.length > 0) {
    await db
      .insert(letterSettings)
      .values(
        fresh.map((p) => ({
          parentId: p.parent_id,
          studentId: p.student_id,
          unsubscribeTokenHash: sha256(unsubscribeToken(key, p.parent_id, p.student_id)),
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  const claimed = await rows<{ id: string }>(
    db,
    sql`insert into letters (parent_id, student_id, period_start, status, created_at)
        select (p->>'parent')::uuid, (p->>'student')::uuid, (p->>'period')::date, 'queued', ${now.toISOString()}::timestamptz
        from jsonb_array_elements(${JSON.stringify(due.map((p) => ({ parent: p.parent_id, student: p.student_id, period: p.period_start })))}::jsonb) p
        on conflict do nothing
        returning id`,
  );
  return claimed.map((row) => row.id);
}

/** Letters claimed but still queued after this long lost their job (a process ended between the two): queued again. */
export const STALE_LETTER_MS = 10 * 60_000;

export async function staleLetters(db: Db, now: Date, limit = LETTER_BATCH): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select l.id from letters l where l.status = 'queued' and l.created_at < ${new Date(now.getTime() - STALE_LETTER_MS).toISOString()}::timestamptz
        order by l.status, l.created_at limit ${limit}`,
  );
  return found.map((row) => row.id);
}

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const WEEKDAY_SHORT = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const DUE_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** Reads a period's facts about a child: a fixed number of statements. */
export async function letterFacts(
  db: Db,
  studentId: string,
  periodStart: string,
  frequency: LetterFrequency,
  now: Date,
): Promise<LetterFacts & { parentEmail?: string }> {
  const dayCount = periodDays(frequency);
  const from = new Date(`${periodStart}T00:00:00Z`);
  const until = new Date(from.getTime() + dayCount * 86_400_000);
  const [[child], dayRows, changes, tests, due] = await Promise.all([
    rows<{ first_name: string | null; email: string }>(
      db,
      sql`select p.first_name, u.email from users u left join profiles p on p.user_id = u.id where u.id = ${studentId}`,
    ),
    rows<{ day: string; solved: number; first_tries: number; first_tries_right: number; active_minutes: number }>(
      db,
      sql`select sd.day::text as day, sd.solved, sd.first_tries, sd.first_tries_right, sd.active_minutes
          from student_days sd where sd.student_id = ${studentId} and sd.day >= ${periodStart}::date
            and sd.day < ${periodStart}::date + ${dayCount}::int`,
    ),
    rows<{ name: string; from_level: number; to_level: number }>(
      db,
      sql`select fa.name || coalesce(': ' || c.name, '') as name, first_change.from_level, last_change.to_level
          from (select distinct ssc.skill_id from student_skill_changes ssc where ssc.student_id = ${studentId}
                  and ssc.created_at >= ${from.toISOString()}::timestamptz and ssc.created_at < ${until.toISOString()}::timestamptz) moved
          join skills s on s.id = moved.skill_id
          join focus_areas fa on fa.id = s.focus_area_id
          left join categories c on c.id = s.category_id
          cross join lateral (select f.from_level from student_skill_changes f where f.student_id = ${studentId} and f.skill_id = moved.skill_id
                  and f.created_at >= ${from.toISOString()}::timestamptz and f.created_at < ${until.toISOString()}::timestamptz
                  order by f.created_at, f.id limit 1) first_change
          cross join lateral (select l.to_level from student_skill_changes l where l.student_id = ${studentId} and l.skill_id = moved.skill_id
                  and l.created_at >= ${from.toISOString()}::timestamptz and l.created_at < ${until.toISOString()}::timestamptz
                  order by l.created_at desc, l.id desc limit 1) last_change
          order by name`,
    ),
    rows<{ title: string; score: number | null; max_marks: number; released: boolean }>(
      db,
      sql`select t.title, tat.score, tat.max_marks, (ta.release = 'on-submit' or ta.released_at is not null) as released
          from test_attempts tat join test_assignments ta on ta.id = tat.assignment_id join tests t on t.id = ta.test_id
          where tat.student_id = ${studentId} and tat.submitted_at >= ${from.toISOString()}::timestamptz
            and tat.submitted_at < ${until.toISOString()}::timestamptz
          order by tat.submitted_at`,
    ),
    studentDueItems(db, studentId, now),
  ]);
  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const days = Array.from({ length: dayCount }, (_, index) => {
    const day = new Date(from.getTime() + index * 86_400_000);
    return { label: WEEKDAY_SHORT.format(day), solved: byDay.get(day.toISOString().slice(0, 10))?.solved ?? 0 };
  });
  const sum = (pick: (row: (typeof dayRows)[number]) => number) => dayRows.reduce((total, row) => total + pick(row), 0);
  const last = new Date(until.getTime() - 86_400_000);
  return {
    childName: child?.first_name || child?.email || 'Your child',
    periodWord: dayCount === 1 ? 'day' : 'week',
    periodText: dayCount === 1 ? MONTH_DAY.format(from) : `${MONTH_DAY.format(from)} to ${MONTH_DAY.format(last)}`,
    days,
    minutesActive: sum((row) => row.active_minutes),
    solved: sum((row) => row.solved),
    firstTries: sum((row) => row.first_tries),
    firstTriesRight: sum((row) => row.first_tries_right),
    skillsUp: changes.filter((c) => c.to_level > c.from_level).map((c) => c.name),
    skillsDown: changes.filter((c) => c.to_level < c.from_level).map((c) => c.name),
    tests: tests.map((t) => ({
      title: t.title,
      percent: t.released && t.score !== null && t.max_marks > 0 ? Math.round((100 * t.score) / t.max_marks) : null,
    })),
    dueNext: due
      .filter((item) => item.state !== 'done' && Date.parse(item.dueAt) >= now.getTime())
      .slice(0, 3)
      .map((item) => ({ title: item.title, dueText: `due ${DUE_FORMAT.format(new Date(item.dueAt))}` })),
  };
}

/**
 * Sends one claimed letter. Marking it sent is the send's own claim (queued to sent, one statement): a job run
 * twice, by a retry or a second instance, finds it sent and mails nothing. A failed delivery gives it back and
 * throws, for the job's retry; on the `lastTry` it marks the letter failed instead, which nothing claims or
 * queues again, and throws the error for the server's log.
 */
export async function sendLetter(ctx: AppContext, letterId: string, { lastTry = false } = {}): Promise<boolean> {
  const [letter] = await rows<{
    parent_id: string;
    student_id: string;
    period_start: string;
    email: string;
    frequency: LetterFrequency | null;
  }>(
    ctx.db,
    sql`update letters l set status = 'sent', sent_at = ${ctx.now().toISOString()}::timestamptz
        from users u, letter_settings ls
        where l.id = ${letterId} and l.status = 'queued' and u.id = l.parent_id
          and ls.parent_id = l.parent_id and ls.student_id = l.student_id
        returning l.parent_id, l.student_id, l.period_start::text as period_start, u.email, ls.frequency`,
  );
  if (!letter) return false;
  // Turned off after the letter was claimed: it is not sent.
  if (letter.frequency === 'off') return false;
  try {
    // The skills that moved are read from the changes the keeper writes a moment after the answers.
    await answersCounted(ctx);
    const [facts, academy] = await Promise.all([
      letterFacts(ctx.db, letter.student_id, letter.period_start, letter.frequency ?? 'weekly', ctx.now()),
      readAcademy(ctx),
    ]);
    const chart = await solvedChartPng(facts.days);
    const token = unsubscribeToken(ctx.codeKey, letter.parent_id, letter.student_id);
    // Handed over before the job ends, not to the in-memory mail queue: a failed delivery fails the job, which
    // pg-boss retries from the database, and a restart loses no letter the queue was still holding.
    await ctx.deliver.send(
      letterMail(
        letter.email,
        facts,
        { dashboard: `${ctx.config.publicUrl}/parent-dashboard`, unsubscribe: unsubscribeUrl(ctx, token) },
        academy.name,
        chart,
      ),
    );
  } catch (error) {
    // Given back, so the job's retry claims it again; after the last try, failed for good.
    await ctx.db.execute(
      sql`update letters set status = ${lastTry ? 'failed' : 'queued'}, sent_at = null where id = ${letterId}`,
    );
    throw error;
  }
  return true;
}
