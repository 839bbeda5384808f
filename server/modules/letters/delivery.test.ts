/**
 * A letter's delivery through a real SMTP server that refuses it: the letter goes back to queued and is tried
 * again, then sent; one refused every time is marked failed after its retries, with the error in the server's log,
 * and nothing queues it again. And the parent's card tells the truth about a letter whose hour has already come.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letters, parentStudents } from '../../db/schema';
import { createMailer } from '../../lib/mail';
import { buildUser, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { smtpRefusal, startSmtpServer } from '../../test/smtp';
import { SEND_RETRIES } from './jobs';
import { STALE_LETTER_MS, staleLetters } from './service';

/** Sunday, November 29 2026, 18:30 UTC: the default letter (Sunday, 18:00 UTC) is due. */
const SUNDAY_EVENING = Date.parse('2026-11-29T18:30:00Z');
/** The wait before a refused letter is tried again: short, and long enough to see it queued in between. */
const RETRY_DELAY_S = 2;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** Each recipient's refusals so far, and how many of their mails the server refuses. */
const refused = new Map<string, number>();
const refusals = new Map<string, number>();
/** Recipients whose accepted mail the server holds, unanswered, until the test lets it through. */
const holds = new Map<string, Promise<void>>();
const logLines: Array<{ msg: string; level: number; letterId?: string; err?: { message: string } }> = [];

const recipient = (message: string) => /^To: (\S+)$/im.exec(message)?.[1] ?? '';

beforeAll(async () => {
  smtp = await startSmtpServer({
    answer: (message) => {
      const to = recipient(message);
      const count = refused.get(to) ?? 0;
      if (count >= (refusals.get(to) ?? 0)) return holds.get(to);
      refused.set(to, count + 1);
      return smtpRefusal('Mailbox busy, try again later', 451);
    },
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  t = await createTestApp({
    // No minute's tick: each test claims its letters itself.
    jobs: { tick: false, pollingIntervalSeconds: 0.5, retryDelaySeconds: RETRY_DELAY_S },
    mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Math Academy <letters@academy.test>' }),
    logger: { level: 'warn', stream },
  });
  t.clock.set(new Date(SUNDAY_EVENING));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function until<T>(read: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A parent and child who never chose: their Sunday letter is due. */
async function family(): Promise<{ parent: TestUser; child: TestUser }> {
  const parent = await buildUser(t.db, 'parent');
  const child = await buildUser(t.db, 'student');
  await t.db.insert(parentStudents).values({ parentId: parent.id, studentId: child.id });
  return { parent, child };
}

const letterOf = async (parent: TestUser) =>
  (await t.db.select().from(letters).where(eq(letters.parentId, parent.id)))[0];

const delivered = (email: string) => smtp.received.filter((m) => recipient(m) === email);

describe('a refused delivery', () => {
  it('goes back to queued and is sent on its retry', async () => {
    const { parent } = await family();
    refusals.set(parent.email, 1);
    // The retry's delivery waits at the mail server until the letter has been seen queued, however slow the machine.
    let letThrough!: () => void;
    holds.set(parent.email, new Promise<void>((resolve) => (letThrough = resolve)));
    expect(await t.app.letterJobs!.queueDue()).toBeGreaterThanOrEqual(1);
    await until(() => (refused.get(parent.email) === 1 ? true : undefined));
    await until(() =>
      logLines.some((l) => l.msg === 'a letter could not be sent; it will be retried') ? true : undefined,
    );
    // Given back: queued, not sent, until the retry delivers it.
    expect(await letterOf(parent)).toMatchObject({ status: 'queued', sentAt: null });
    expect(delivered(parent.email)).toHaveLength(0);
    letThrough();

    await until(() => (delivered(parent.email).length > 0 ? true : undefined));
    await until(async () => ((await letterOf(parent)).status === 'sent' ? true : undefined));
    expect(delivered(parent.email)).toHaveLength(1);
    expect(refused.get(parent.email)).toBe(1);
  }, 60_000);

  it('is marked failed after its retries, logged with the error, and never queued again', async () => {
    const { parent } = await family();
    refusals.set(parent.email, Infinity);
    await t.app.letterJobs!.queueDue();
    const letter = await until(async () => {
      const row = await letterOf(parent);
      return row?.status === 'failed' ? row : undefined;
    }, 60_000);
    expect(refused.get(parent.email)).toBe(SEND_RETRIES + 1);
    expect(delivered(parent.email)).toHaveLength(0);
    const failed = logLines.filter((l) => l.msg === 'a letter could not be sent; it failed');
    expect(failed.map((l) => l.letterId)).toEqual([letter.id]);
    expect(failed[0].err?.message).toContain('Mailbox busy, try again later');
    expect(failed[0].level).toBe(50);

    // Long after: the sweep of letters that lost their job leaves it alone, and no retry comes.
    t.clock.advance((STALE_LETTER_MS + 60_000) / 1000);
    expect(await staleLetters(t.db, t.clock.now())).not.toContain(letter.id);
    expect(await t.app.letterJobs!.queueDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, (RETRY_DELAY_S + 1) * 1000));
    expect(refused.get(parent.email)).toBe(SEND_RETRIES + 1);
    expect((await letterOf(parent)).status).toBe('failed');
  }, 90_000);
});

describe("the card's next letter", () => {
  it('says a letter is on its way while its hour has come and it is not sent, then names the next', async () => {
    t.clock.set(new Date(SUNDAY_EVENING));
    const { parent, child } = await family();
    const cookie = await signIn(t.app, parent);
    const read = async () =>
      (await call(t.app, cookie, { method: 'GET', url: `/api/parent/children/${child.id}/letter` })).json();
    // Sunday 18:00 UTC has come and no letter was written: this week's leaves now, the next a week later.
    expect(await read()).toMatchObject({ sendingNow: true, nextSendAt: '2026-12-06T18:00:00.000Z' });
    // Monday at 7 in Toronto has not come this week: nothing is on its way.
    const monday = await call(t.app, cookie, {
      method: 'PUT',
      url: `/api/parent/children/${child.id}/letter`,
      payload: { frequency: 'weekly', weekday: 1, hour: 7, timeZone: 'America/Toronto' },
    });
    expect(monday.json().settings).toMatchObject({ sendingNow: false, nextSendAt: '2026-11-30T12:00:00.000Z' });
    // Daily at midnight: yesterday's letter is owed, leaves within seconds, and then the card names tomorrow only.
    const daily = await call(t.app, cookie, {
      method: 'PUT',
      url: `/api/parent/children/${child.id}/letter`,
      payload: { frequency: 'daily', weekday: 1, hour: 0, timeZone: 'UTC' },
    });
    expect(daily.json().settings).toMatchObject({ sendingNow: true, nextSendAt: '2026-11-30T00:00:00.000Z' });
    await until(() => (delivered(parent.email).length > 0 ? true : undefined));
    await until(async () => ((await letterOf(parent))?.status === 'sent' ? true : undefined));
    expect(await read()).toMatchObject({ sendingNow: false, nextSendAt: '2026-11-30T00:00:00.000Z' });
    // Off: nothing leaves.
    const off = await call(t.app, cookie, {
      method: 'PUT',
      url: `/api/parent/children/${child.id}/letter`,
      payload: { frequency: 'off', weekday: 1, hour: 0, timeZone: 'UTC' },
    });
    expect(off.json().settings).toMatchObject({ sendingNow: false, nextSendAt: null });
  }, 60_000);
});
