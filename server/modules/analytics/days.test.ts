/**
 * The analytics' days, test results and categories read from the sums kept of closed days and months (academy_days,
 * category_months) and, for the rest, from student_days, test_attempts and category_days: always the figures the
 * direct sums give, whatever changed since a day or month was kept.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferingProgram } from '../../../common/rules/offerings';
import type { AnalyticsReply } from '../../../common/schemas/analytics';
import { rebuildDays } from '../../db/days';
import { rows } from '../../db/prepared';
import {
  academyDays,
  answerAttempts,
  categories,
  categoryMonths,
  enrollments,
  offerings,
  questionCategories,
  testAssignments,
  testAttempts,
  tests,
  users,
} from '../../db/schema';
import { checkWriter } from '../../test/checks';
import { buildAdmin, buildOffering, buildQuestion, buildStudent, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { closedMonths } from './categories';
import { DAY_CLOSES_AFTER_MS, lastClosedDay } from './days';
import { directCategories, directDays, directTests, enroll } from './fixtures';

let t: TestApp;
let admin: string;
let checks: ReturnType<typeof checkWriter>;
let students: TestUser[];
let questions: string[];
let ssat: { id: string; title: string };
let sittings: string[];

/** A sitting of a test of its own, submitted (or not) at `submittedAt`; its id. */
async function sit(student: TestUser, submittedAt: string | null, score: number | null, maxMarks = 20) {
  const [test] = await t.db.insert(tests).values({ title: 'Days quiz' }).returning();
  const [given] = await t.db.insert(testAssignments).values({ testId: test.id, studentId: student.id }).returning();
  const [sitting] = await t.db
    .insert(testAttempts)
    .values({
      assignmentId: given.id,
      studentId: student.id,
      paper: [],
      startedAt: new Date(submittedAt ?? '2026-03-11T09:00:00Z'),
      submittedAt: submittedAt ? new Date(submittedAt) : null,
      score,
      maxMarks,
    })
    .returning();
  return sitting.id;
}
let amc: { id: string; title: string };

const YEAR = { from: '2025-03-12', to: '2026-03-11' };

async function reply(range: { from: string; to: string; program?: OfferingProgram }) {
  const query = `from=${range.from}&to=${range.to}&program=${range.program ?? ''}`;
  const response = await call(t.app, admin, { method: 'GET', url: `/api/admin/analytics?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyticsReply>();
}
const read = async (range: { from: string; to: string; program?: OfferingProgram }) => (await reply(range)).days;

/** The route's days for a year, all programs and each program with students, and its categories, against the direct sums. */
async function expectDirectSums(range = YEAR) {
  for (const program of [undefined, 'ssat', 'amc8'] as const) {
    const asked = { ...range, program };
    const answer = await reply(asked);
    expect(answer.days, program ?? 'all programs').toEqual(await directDays(t.db, asked));
    expect(answer.tests, program ?? 'all programs').toEqual(await directTests(t.db, asked));
    expect(answer.categories, program ?? 'all programs').toEqual(await directCategories(t.db, range));
  }
}

const keptDays = async (program = '') =>
  (
    await rows<{ day: string }>(
      t.db,
      sql`select to_char(k_a.day, 'YYYY-MM-DD') as day from academy_days k_a where k_a.program = ${program} order by k_a.day`,
    )
  ).map((r) => r.day);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-03-11T20:00:00Z'));
  admin = await signIn(t.app, await buildAdmin(t.db));
  checks = checkWriter(t.db, t.app.log);
  students = [];
  for (let i = 0; i < 5; i++) students.push(await buildStudent(t.db));
  questions = [];
  const [algebra] = await t.db.insert(categories).values({ name: 'Days algebra' }).returning();
  const [geometry] = await t.db.insert(categories).values({ name: 'Days geometry' }).returning();
  for (let i = 0; i < 4; i++) {
    const question = await buildQuestion(t.db, { grade: 5 + (i % 2) });
    questions.push(question.id);
    await t.db
      .insert(questionCategories)
      .values({ questionId: question.id, categoryId: i < 3 ? algebra.id : geometry.id });
  }
  await t.db.insert(questionCategories).values({ questionId: questions[1], categoryId: geometry.id });
  ssat = await buildOffering(t.db, { title: 'Days SSAT' });
  amc = await buildOffering(t.db, { title: 'Days AMC 8' });
  await t.db.update(offerings).set({ program: 'amc8' }).where(eq(offerings.id, amc.id));
  // Students 0 and 1 in SSAT (1 also in AMC 8), 2 in AMC 8, 3 waiting to pay for SSAT, 4 in nothing.
  await enroll(t.db, students[0].id, ssat, 'active');
  await enroll(t.db, students[1].id, ssat, 'active');
  await enroll(t.db, students[1].id, amc, 'active');
  await enroll(t.db, students[2].id, amc, 'active');
  await enroll(t.db, students[3].id, ssat, 'pending');
  // Checks over the last two weeks and on a day of last spring, right and wrong, first tries and tries again.
  for (const [s, student] of students.entries())
    for (let day = 1; day <= 11; day++)
      if ((s + day) % 3 !== 0)
        for (const [q, question] of questions.entries())
          if ((s + q + day) % 2 === 0) {
            const at = `2026-03-${String(day).padStart(2, '0')}T${String(8 + q).padStart(2, '0')}:00:00Z`;
            await checks.add(student.id, question, (s + q) % 3 !== 0, at);
          }
  await checks.add(students[4].id, questions[0], true, '2025-04-02T10:00:00Z');
  await checks.add(students[4].id, questions[1], false, '2025-03-31T10:00:00Z');
  await checks.add(students[2].id, questions[3], false, '2026-02-28T23:59:59Z');
  await checks.add(students[2].id, questions[2], true, '2026-02-01T00:00:00Z');
  await checks.flush();
  // Sittings submitted over the last weeks, one last spring and one today; one with no score, one still open.
  sittings = [];
  for (const [s, student] of students.entries()) {
    sittings.push(await sit(student, `2026-03-0${2 + s}T10:00:00Z`, 8 + 2 * s));
    sittings.push(await sit(student, `2026-02-2${s}T23:30:00Z`, s === 3 ? null : 20 - s));
  }
  sittings.push(await sit(students[0], '2025-04-02T10:00:00Z', 11));
  sittings.push(await sit(students[1], '2026-03-11T10:00:00Z', 17));
  sittings.push(await sit(students[2], null, null));
});
afterAll(() => t.close());

describe('the days of the analytics', () => {
  it('equal the direct sums over closed days and today, and keep the closed days only', async () => {
    expect(await keptDays()).toEqual([]);
    await expectDirectSums();
    // Every closed day of the year is kept, for every student and for each program read; today is not.
    const kept = await keptDays();
    expect(kept).toHaveLength(364);
    expect(kept[0]).toBe(YEAR.from);
    expect(kept.at(-1)).toBe('2026-03-10');
    expect(await keptDays('ssat')).toHaveLength(364);
    // The closed whole months of the year with checks are kept (April 2025, February 2026), the ends are not.
    const months = await t.db.selectDistinct({ month: categoryMonths.month }).from(categoryMonths);
    expect(months.map((m) => m.month).sort()).toEqual(['2025-04-01', '2026-02-01']);
    // Read again, from what was kept: the same figures.
    await expectDirectSums();
    const march = await read({ from: '2026-03-01', to: '2026-03-11' });
    expect(march.map((d) => d.checks).some((n) => n > 0)).toBe(true);
  });

  it('count today’s new checks at once', async () => {
    const before = (await read({ from: '2026-03-11', to: '2026-03-11' }))[0];
    await checks.add(students[4].id, questions[1], true, '2026-03-11T11:58:00Z');
    await checks.add(students[4].id, questions[1], false, '2026-03-11T11:59:00Z');
    await checks.flush();
    const after = (await read({ from: '2026-03-11', to: '2026-03-11' }))[0];
    expect(after.checks).toBe(before.checks + 2);
    expect(after.activeStudents).toBe(before.activeStudents + 1);
    await expectDirectSums();
  });

  it('read a day as it stands until it is closed, a while after its end', async () => {
    // Half an hour into 12 March, the 11th is not closed yet: a check stamped at its last moment, written late, counts.
    t.clock.set(new Date('2026-03-12T00:30:00Z'));
    expect(lastClosedDay(t.clock.now())).toBe('2026-03-10');
    const range = { from: '2026-03-01', to: '2026-03-12' };
    await expectDirectSums(range);
    await checks.add(students[2].id, questions[3], true, '2026-03-11T23:59:59.900Z');
    await checks.flush();
    await expectDirectSums(range);
    expect(await keptDays()).not.toContain('2026-03-11');
    // Once closed, it is kept with that check.
    t.clock.set(new Date(Date.parse('2026-03-12T00:00:00Z') + DAY_CLOSES_AFTER_MS));
    await expectDirectSums(range);
    expect(await keptDays()).toContain('2026-03-11');
    t.clock.set(new Date('2026-03-11T20:00:00Z'));
  });

  it('sum again the days a rebuild reaches: a check stored on a closed day', async () => {
    await expectDirectSums();
    // On a closed day of this month, and in February, a closed month.
    await t.db.insert(answerAttempts).values(
      [
        [questions[2], false, '2026-03-05T15:00:00Z'],
        [questions[3], true, '2026-02-14T15:00:00Z'],
      ].map(([questionId, isCorrect, at]) => ({
        studentId: students[4].id,
        questionId: questionId as string,
        answer: {},
        isCorrect: isCorrect as boolean,
        createdAt: new Date(at as string),
      })),
    );
    await rebuildDays(t.db);
    expect(await t.db.select().from(academyDays)).toEqual([]);
    expect(await t.db.select().from(categoryMonths)).toEqual([]);
    await expectDirectSums();
    const fifth = (await read({ from: '2026-03-05', to: '2026-03-05' }))[0];
    expect(fifth).toEqual((await directDays(t.db, { from: '2026-03-05', to: '2026-03-05' }))[0]);
  });

  it('sum again the days a sitting of a past day reaches: a re-score, a review’s marks, a delete, a past sitting', async () => {
    await expectDirectSums();
    const kept = (await keptDays()).length;
    // Re-scored on a closed day of this month, then a closed month's.
    await t.db.update(testAttempts).set({ score: 3 }).where(eq(testAttempts.id, sittings[0]));
    await expectDirectSums();
    await t.db.update(testAttempts).set({ score: 19 }).where(eq(testAttempts.id, sittings[3]));
    await expectDirectSums();
    await t.db.delete(testAttempts).where(eq(testAttempts.id, sittings[5]));
    await expectDirectSums();
    // Written with a past day (an import, the demo).
    await sit(students[4], '2026-03-06T10:00:00Z', 5, 10);
    await expectDirectSums();
    // Submitted today: no kept day is reached, and every one stays kept.
    await t.db
      .update(testAttempts)
      .set({ submittedAt: new Date('2026-03-11T19:00:00Z'), score: 12 })
      .where(eq(testAttempts.id, sittings.at(-1)!));
    expect((await keptDays()).length).toBe(kept);
    await expectDirectSums();
  });

  it('sum again a day kept without its sittings, as the release before them keeps it while both serve', async () => {
    await expectDirectSums();
    await t.db.execute(
      sql`update academy_days set sittings = null, score_percent_sum = null where day = '2026-03-04'::date`,
    );
    await expectDirectSums();
    const [again] = await rows<{ sittings: number | null }>(
      t.db,
      sql`select k_a.sittings from academy_days k_a where k_a.program = '' and k_a.day = '2026-03-04'::date`,
    );
    expect(again.sittings).toBe(1);
  });

  it('follow a program’s members as enrollments and offerings change', async () => {
    await expectDirectSums();
    const ssatBefore = await read({ ...YEAR, program: 'ssat' });
    // Paid: student 3 joins SSAT; their past days count for it.
    await t.db.update(enrollments).set({ status: 'active' }).where(eq(enrollments.studentId, students[3].id));
    await expectDirectSums();
    expect(await read({ ...YEAR, program: 'ssat' })).not.toEqual(ssatBefore);
    // Cancelled: student 0 leaves it.
    await t.db.update(enrollments).set({ status: 'cancelled' }).where(eq(enrollments.studentId, students[0].id));
    await expectDirectSums();
    // A new enrollment: student 4 joins AMC 8.
    await enroll(t.db, students[4].id, amc, 'active');
    await expectDirectSums();
    // The AMC 8 offering moves to SSAT: its students with it.
    await t.db.update(offerings).set({ program: 'ssat' }).where(eq(offerings.id, amc.id));
    await expectDirectSums();
    // And is deleted: its enrollments lose their offering.
    await t.db.delete(offerings).where(eq(offerings.id, amc.id));
    await expectDirectSums();
  });

  it('forget a deleted student’s days', async () => {
    await expectDirectSums();
    expect((await keptDays()).length).toBeGreaterThan(300);
    await t.db.delete(users).where(eq(users.id, students[1].id));
    await expectDirectSums();
  });

  it('forget a deleted category’s months', async () => {
    await expectDirectSums();
    const [geometry] = await t.db.select().from(categories).where(eq(categories.name, 'Days geometry'));
    await t.db.delete(categories).where(eq(categories.id, geometry.id));
    await expectDirectSums();
  });

  it.each([
    // The last day of February closes an hour into March.
    ['2026-01-01', '2026-03-11', '2026-03-01T00:30:00Z', '2026-01-01', '2026-02-01'],
    ['2026-01-01', '2026-03-11', '2026-03-01T01:00:00Z', '2026-01-01', '2026-03-01'],
    // A range starting within a month keeps from the next; one ending on a month's last day keeps that month.
    ['2025-03-11', '2025-12-31', '2026-03-11T12:00:00Z', '2025-04-01', '2026-01-01'],
    // No whole closed month: nothing kept.
    ['2026-02-05', '2026-02-20', '2026-03-11T12:00:00Z', '2026-03-01', '2026-03-01'],
    ['2026-03-01', '2026-03-11', '2026-03-11T12:00:00Z', '2026-03-01', '2026-03-01'],
  ])('keep the whole closed months of %s to %s at %s: from %s to before %s', (from, to, now, first, after) => {
    expect(closedMonths({ from, to }, new Date(now))).toEqual({ first, after });
  });

  it('refuse a bad range with a 400 and its message, and anyone but an admin', async () => {
    const bad = await call(t.app, admin, { method: 'GET', url: '/api/admin/analytics?from=2026-03-12&to=2026-03-01' });
    expect(bad.statusCode).toBe(400);
    const student = await signIn(t.app, students[2]);
    expect((await call(t.app, student, { method: 'GET', url: '/api/admin/analytics' })).statusCode).toBe(403);
  });
});
