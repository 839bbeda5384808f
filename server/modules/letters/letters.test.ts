/**
 * Parents' letters: the settings routes (a parent's own child only, each validation), the scheduler that claims a
 * period's letter once, the letter's content for a seeded week (its chart a real PNG, every name escaped, the skills
 * moved by answers not yet counted), the one-click unsubscribe without signing in, and a claimed letter kept across
 * a restart.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_MESSAGES } from '../../../common/rules';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPglite } from '../../db/client';
import {
  focusAreas,
  letters,
  letterSettings,
  parentStudents,
  skills,
  skillAnswerQueue,
  studentDays,
  studentSkillChanges,
} from '../../db/schema';
import type { Mail } from '../../lib/mail';
import { xssPayloads } from '../../test/corpora';
import { buildUser, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, MemoryOutbox, type TestApp } from '../../test/harness';
import { buildSkills } from '../../test/skills';
import { solvedChartPng } from './chart';
import { CHART_CID, letterMail } from './letter';
import { nextSendAt } from './schedule';
import { claimDueLetters } from './service';

/** Sunday, November 29 2026, 18:30 UTC: the default letter (Sunday, 18:00 UTC) is due. */
const SUNDAY_EVENING = Date.parse('2026-11-29T18:30:00Z');

let t: TestApp;
let parent: TestUser & { cookie: string };
let child: TestUser;
beforeAll(async () => {
  // The keeper would count queued answers a minute later: a letter counts them itself before reading the skills.
  // No minute's tick either: the tests claim letters themselves, so what is due stays unclaimed until they do.
  t = await createTestApp({ jobs: { tick: false }, skillCountingDelayMs: 60_000 });
  t.clock.advance((SUNDAY_EVENING - Date.now()) / 1000);
  t.clock.stop();
  parent = await person('parent');
  child = await buildUser(t.db, 'student');
  await t.db.insert(parentStudents).values({ parentId: parent.id, studentId: child.id });
});
afterAll(() => t.close());

async function person(type: 'parent' | 'student' | 'teacher' | 'admin'): Promise<TestUser & { cookie: string }> {
  const user = await buildUser(t.db, type);
  return { ...user, cookie: await signIn(t.app, user) };
}

const letterUrl = (id: string) => `/api/parent/children/${id}/letter`;
const settings = (overrides: Record<string, unknown> = {}) => ({
  frequency: 'weekly',
  weekday: 1,
  hour: 7,
  timeZone: 'America/Toronto',
  ...overrides,
});

async function until<T>(read: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the next send time', () => {
  const now = new Date('2026-11-29T18:30:00Z');
  it('is the chosen weekday and hour in the parent’s zone', () => {
    expect(
      nextSendAt({ frequency: 'weekly', weekday: 1, hour: 7, timeZone: 'America/Toronto' }, now)?.toISOString(),
    ).toBe('2026-11-30T12:00:00.000Z');
  });
  it('is tomorrow at the hour when daily, and a half-hour zone meets its hour', () => {
    expect(nextSendAt({ frequency: 'daily', weekday: 3, hour: 6, timeZone: 'Asia/Kolkata' }, now)?.toISOString()).toBe(
      '2026-11-30T00:30:00.000Z',
    );
  });
  it('keeps the local hour across a change of daylight saving time', () => {
    const before = new Date('2026-03-05T12:00:00Z');
    expect(
      nextSendAt({ frequency: 'weekly', weekday: 0, hour: 9, timeZone: 'America/New_York' }, before)?.toISOString(),
    ).toBe('2026-03-08T13:00:00.000Z');
  });
  it('is none while letters are off', () => {
    expect(nextSendAt({ frequency: 'off', weekday: 0, hour: 9, timeZone: 'UTC' }, now)).toBeNull();
  });
});

describe('the chart', () => {
  it('is a PNG of the chart’s size', async () => {
    const png = await solvedChartPng([
      { label: 'Mon', solved: 3 },
      { label: '<b>', solved: 0 },
    ]);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([560, 220]);
  });

  it('draws its labels with its own font, whatever fonts the machine has', async () => {
    const drawn = async (label: string) => (await solvedChartPng([{ label, solved: 3 }])).toString('base64');
    // Same bar, other day's name: only the drawn label tells the two apart.
    expect(await drawn('Mon')).not.toBe(await drawn('Tue'));
  });
});

describe('drawing the chart', () => {
  it('leaves the event loop free for requests while it draws', async () => {
    let turns = 0;
    let drawn = false;
    const turn = () => {
      turns++;
      if (!drawn) setImmediate(turn);
    };
    const drawing = solvedChartPng([{ label: 'Mon', solved: 3 }]);
    setImmediate(turn);
    await drawing;
    drawn = true;
    expect(turns).toBeGreaterThan(0);
  });
});

describe('letter settings', () => {
  it('are the defaults until the parent chooses, with the next send time', async () => {
    const res = await call(t.app, parent.cookie, { method: 'GET', url: letterUrl(child.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      frequency: 'weekly',
      weekday: 0,
      hour: 18,
      timeZone: 'UTC',
      nextSendAt: '2026-12-06T18:00:00.000Z',
      // Sunday's 18:00 has come: this week's letter is owed and leaves at the next tick.
      sendingNow: true,
    });
  });

  it('are saved for the parent’s own child and read back', async () => {
    const res = await call(t.app, parent.cookie, { method: 'PUT', url: letterUrl(child.id), payload: settings() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: LETTER_MESSAGES.saved,
      settings: { ...settings(), nextSendAt: '2026-11-30T12:00:00.000Z', sendingNow: false },
    });
    const read = await call(t.app, parent.cookie, { method: 'GET', url: letterUrl(child.id) });
    expect(read.json()).toMatchObject(settings());
    const off = await call(t.app, parent.cookie, {
      method: 'PUT',
      url: letterUrl(child.id),
      payload: settings({ frequency: 'off' }),
    });
    expect(off.json().settings.nextSendAt).toBeNull();
  });

  it.each([
    ['frequency', { frequency: 'hourly' }, LETTER_MESSAGES.frequencyInvalid],
    ['weekday', { weekday: 7 }, LETTER_MESSAGES.weekdayInvalid],
    ['weekday', { weekday: 1.5 }, LETTER_MESSAGES.weekdayInvalid],
    ['hour', { hour: 24 }, LETTER_MESSAGES.hourInvalid],
    ['hour', { hour: '7' }, LETTER_MESSAGES.hourInvalid],
    ['time zone', { timeZone: 'Mars/Olympus' }, LETTER_MESSAGES.timeZoneInvalid],
    ['time zone', { timeZone: '' }, LETTER_MESSAGES.timeZoneInvalid],
  ])('refuse a bad %s with its message', async (_what, overrides, message) => {
    const res = await call(t.app, parent.cookie, {
      method: 'PUT',
      url: letterUrl(child.id),
      payload: settings(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('of another parent’s child, or of no child, are not found', async () => {
    const other = await person('parent');
    for (const id of [child.id, 'not-an-id', '00000000-0000-0000-0000-000000000000']) {
      const read = await call(t.app, other.cookie, { method: 'GET', url: letterUrl(id) });
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(DASHBOARD_MESSAGES.childNotFound);
      const write = await call(t.app, other.cookie, { method: 'PUT', url: letterUrl(id), payload: settings() });
      expect(write.statusCode).toBe(404);
    }
  });

  it('send the period’s letter within seconds when the chosen hour has already come', async () => {
    const family = await person('parent');
    const kit = await buildUser(t.db, 'student', { firstName: 'Kit' });
    await t.db.insert(parentStudents).values({ parentId: family.id, studentId: kit.id });
    const res = await call(t.app, family.cookie, {
      method: 'PUT',
      url: letterUrl(kit.id),
      payload: settings({ frequency: 'daily', hour: 0, timeZone: 'UTC' }),
    });
    expect(res.statusCode).toBe(200);
    // No tick was run by the test: saving asked for one.
    const mail = await until(() => t.outbox.to(family.email)[0]);
    expect(mail.subject).toBe("Kit's day at Math Academy");
    expect(mail.text).toContain("Here is Kit's day (November 28).");
  });

  it('are refused to the child, staff and nobody', async () => {
    for (const type of ['student', 'teacher', 'admin'] as const) {
      const user = await person(type);
      expect((await call(t.app, user.cookie, { method: 'GET', url: letterUrl(child.id) })).statusCode).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: letterUrl(child.id) })).statusCode).toBe(401);
  });
});

describe('the weekly letter', () => {
  let mail: Mail;
  let family: { parent: TestUser; child: TestUser };
  let answered: Awaited<ReturnType<typeof buildSkills>>;

  beforeAll(async () => {
    family = {
      parent: await buildUser(t.db, 'parent'),
      child: await buildUser(t.db, 'student', { firstName: 'Ada & <Co>' }),
    };
    await t.db.insert(parentStudents).values({ parentId: family.parent.id, studentId: family.child.id });
    const [area] = await t.db.insert(focusAreas).values({ name: 'Fractions <i>' }).returning();
    const [down] = await t.db.insert(focusAreas).values({ name: 'Decimals' }).returning();
    const [fractions] = await t.db.insert(skills).values({ focusAreaId: area.id }).returning();
    const [decimals] = await t.db.insert(skills).values({ focusAreaId: down.id }).returning();
    await t.db.insert(studentDays).values([
      {
        studentId: family.child.id,
        day: '2026-11-23',
        checks: 6,
        solved: 5,
        firstTries: 4,
        firstTriesRight: 3,
        activeMinutes: 12,
      },
      {
        studentId: family.child.id,
        day: '2026-11-25',
        checks: 2,
        solved: 2,
        firstTries: 2,
        firstTriesRight: 2,
        activeMinutes: 8,
      },
      // Outside the week: the Sunday the letter is sent.
      {
        studentId: family.child.id,
        day: '2026-11-29',
        checks: 9,
        solved: 9,
        firstTries: 9,
        firstTriesRight: 9,
        activeMinutes: 30,
      },
    ]);
    await t.db.insert(studentSkillChanges).values([
      {
        studentId: family.child.id,
        skillId: fractions.id,
        fromLevel: 1,
        toLevel: 2,
        changedAt: new Date('2026-11-23T15:00:00Z'),
      },
      {
        studentId: family.child.id,
        skillId: fractions.id,
        fromLevel: 2,
        toLevel: 3,
        changedAt: new Date('2026-11-25T15:00:00Z'),
      },
      {
        studentId: family.child.id,
        skillId: decimals.id,
        fromLevel: 3,
        toLevel: 2,
        changedAt: new Date('2026-11-24T15:00:00Z'),
      },
    ]);
    // Answered in the week but still queued for the keeper: the letter counts it before it reads what moved.
    answered = await buildSkills(t.db);
    await t.db.insert(skillAnswerQueue).values({
      studentId: family.child.id,
      questionId: answered.plain[0],
      isCorrect: true,
      mixed: false,
      answeredAt: new Date('2026-11-26T16:00:00Z'),
    });
    await t.app.letterJobs!.queueDue();
    mail = await until(() => t.outbox.to(family.parent.email)[0]);
  });

  it('tells the week’s figures, the skills that moved and a suggestion', () => {
    expect(mail.subject).toBe("Ada & <Co>'s week at Math Academy");
    expect(mail.text).toContain("Here is Ada & <Co>'s week (November 22 to November 28).");
    expect(mail.text).toContain('Minutes active: 20\nQuestions solved: 7\nFirst-try accuracy: 83%');
    expect(mail.text).toContain('Questions solved per day: Sun 0, Mon 5, Tue 0, Wed 2, Thu 0, Fri 0, Sat 0');
    const moved = /Skills that moved\n((?:- .*\n)+)/.exec(mail.text)![1].trim().split('\n');
    expect(moved.slice(0, -1).sort()).toEqual(['- Up: Fractions <i>', `- Up: ${answered.focusName}`].sort());
    expect(moved.at(-1)).toBe('- Down: Decimals');
    expect(mail.text).toContain('No test this week.');
    expect(mail.text).toContain('Suggestion: Decimals slipped a little');
    expect(mail.text).toContain(`${t.config.publicUrl}/parent-dashboard`);
  });

  it('escapes every name in its HTML and shows the chart as an inline PNG', () => {
    expect(mail.html).toContain('Ada &amp; &lt;Co&gt;');
    expect(mail.html).toContain('Fractions &lt;i&gt;');
    expect(mail.html).not.toContain('<Co>');
    expect(mail.html).toContain(`<img src="cid:${CHART_CID}"`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ cid: CHART_CID, contentType: 'image/png' });
    expect(mail.attachments![0].content.subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('is claimed once per period, however often the scheduler runs', async () => {
    expect(await t.app.letterJobs!.queueDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(t.outbox.to(family.parent.email)).toHaveLength(1);
    const rows = await t.db.select().from(letters).where(eq(letters.parentId, family.parent.id));
    expect(rows).toMatchObject([{ periodStart: '2026-11-22', status: 'sent' }]);
  });

  it('escapes every corpus payload as a child’s, a skill’s and a test’s name', () => {
    for (const { payload } of xssPayloads) {
      const facts = {
        childName: payload,
        periodWord: 'week' as const,
        periodText: 'November 22 to 28',
        days: [{ label: 'Mon', solved: 1 }],
        minutesActive: 1,
        solved: 1,
        firstTries: 1,
        firstTriesRight: 1,
        skillsUp: [payload],
        skillsDown: [],
        tests: [{ title: payload, percent: 90 }],
        dueNext: [{ title: payload, dueText: 'due Monday' }],
      };
      const html = letterMail(
        'p@example.com',
        facts,
        { dashboard: 'https://a.test/d', unsubscribe: 'https://a.test/u?token=x' },
        payload,
        Buffer.from('png'),
      ).html;
      if (/[<>&"']/.test(payload)) expect(html).not.toContain(payload);
    }
  });

  it('unsubscribes with one click on its link, without signing in', async () => {
    const link = /(\S+\/api\/letters\/unsubscribe\?token=\S+)/.exec(mail.text)![1];
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const res = await call(t.app, null, { method: 'GET', url: link.replace(t.config.publicUrl, '') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(LETTER_MESSAGES.unsubscribed);
    const [row] = await t.db
      .select({ frequency: letterSettings.frequency })
      .from(letterSettings)
      .where(and(eq(letterSettings.parentId, family.parent.id), eq(letterSettings.studentId, family.child.id)));
    expect(row.frequency).toBe('off');
    // A mail program's own button posts the one-click form.
    const post = await call(t.app, null, {
      method: 'POST',
      url: link.replace(t.config.publicUrl, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().message).toBe(LETTER_MESSAGES.unsubscribed);
  });

  it('refuses an unknown unsubscribe token with its message', async () => {
    const res = await call(t.app, null, { method: 'GET', url: '/api/letters/unsubscribe?token=nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(LETTER_MESSAGES.unsubscribeLinkInvalid);
    const post = await call(t.app, null, { method: 'POST', url: '/api/letters/unsubscribe' });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe(LETTER_MESSAGES.unsubscribeLinkInvalid);
  });
});

describe('a claimed letter', () => {
  it('is sent after a restart', async () => {
    const dataDir = `/tmp/academy-letters-${Date.now()}`;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const first = await openPglite(dataDir);
    const who = { parent: await buildUser(first.db, 'parent'), child: await buildUser(first.db, 'student') };
    await first.db.insert(parentStudents).values({ parentId: who.parent.id, studentId: who.child.id });
    // Claimed, then the process ends before its job runs.
    expect(await claimDueLetters(first.db, Buffer.from('k'.repeat(32)), new Date(SUNDAY_EVENING))).toHaveLength(1);
    await first.close();

    const second = await openPglite(dataDir);
    const outbox = new MemoryOutbox();
    const app = await buildApp({
      config,
      database: second,
      mailer: outbox,
      distDir: null,
      jobs: true,
      now: () => new Date(SUNDAY_EVENING + 20 * 60_000),
    });
    try {
      await app.ready();
      await app.letterJobs!.queueDue();
      const mail = await until(() => outbox.to(who.parent.email)[0]);
      expect(mail.subject).toContain('week at');
    } finally {
      await app.close();
      await second.close();
    }
  }, 60_000);
});
