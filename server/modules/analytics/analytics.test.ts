/** The admin's analytics: figures from the day tables, enrollments and sittings, the filters, the CSV, the roles. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '../../../common/rules';
import { ANALYTICS_MESSAGES as M } from '../../../common/rules/analytics';
import type { AnalyticsReply } from '../../../common/schemas/analytics';
import { rebuildDays } from '../../db/days';
import {
  answerAttempts,
  categories,
  enrollments,
  offerings,
  questionCategories,
  testAssignments,
  testAttempts,
  tests,
} from '../../db/schema';
import {
  buildOffering,
  buildOneOfEach,
  buildQuestion,
  buildStudent,
  signInEach,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let cookies: Record<UserType, string>;

const read = (query: string, cookie = cookies.admin) =>
  call(t.app, cookie, { method: 'GET', url: `/api/admin/analytics${query}` });

beforeAll(async () => {
  t = await createTestApp();
  // A Wednesday: the default range is 10 February to 11 March 2026, in the weeks of Mondays 9 February to 9 March.
  t.clock.set(new Date('2026-03-11T12:00:00Z'));
  const each = await buildOneOfEach(t.db);
  cookies = (await signInEach(t.app, each)) as Record<UserType, string>;

  const ssat = await buildOffering(t.db, { title: 'SSAT prep' });
  const amc = await buildOffering(t.db, { title: 'AMC 8 prep' });
  await t.db.update(offerings).set({ program: 'amc8' }).where(eq(offerings.id, amc.id));
  const [s1, s2, s3] = [await buildStudent(t.db), await buildStudent(t.db), await buildStudent(t.db)];
  const enroll = (student: TestUser, offering: { id: string; title: string }, status: string, createdAt: string) =>
    t.db.insert(enrollments).values({
      offeringId: offering.id,
      offeringTitle: offering.title,
      studentId: student.id,
      status: status as 'active',
      method: 'academy',
      amountMinor: 0,
      currency: 'USD',
      searchText: offering.title,
      createdAt: new Date(createdAt),
    });
  await enroll(s1, ssat, 'active', '2026-03-02T09:00:00Z');
  await enroll(s2, amc, 'active', '2026-03-09T10:00:00Z');
  await enroll(s3, ssat, 'cancelled', '2026-03-10T10:00:00Z');
  await enroll(s3, amc, 'refunded', '2026-01-05T10:00:00Z'); // before the range

  const [fractions] = await t.db.insert(categories).values({ name: 'Analytics fractions' }).returning();
  const [formula] = await t.db.insert(categories).values({ name: '=Analytics formula' }).returning();
  const q1 = await buildQuestion(t.db, { grade: 5 });
  const q2 = await buildQuestion(t.db, { grade: 7 });
  await t.db.insert(questionCategories).values([
    { questionId: q1.id, categoryId: fractions.id },
    { questionId: q2.id, categoryId: formula.id },
  ]);
  const check = (student: TestUser, questionId: string, isCorrect: boolean, at: string) => ({
    studentId: student.id,
    questionId,
    answer: {},
    isCorrect,
    createdAt: new Date(at),
  });
  await t.db.insert(answerAttempts).values([
    check(s1, q1.id, false, '2026-03-10T10:00:00Z'),
    check(s1, q1.id, true, '2026-03-10T10:01:00Z'),
    check(s1, q2.id, true, '2026-03-10T10:02:00Z'),
    check(s2, q1.id, true, '2026-03-10T11:00:00Z'),
    check(s2, q2.id, false, '2026-03-11T09:00:00Z'),
    check(s3, q1.id, true, '2026-01-01T09:00:00Z'), // before the range
  ]);
  await rebuildDays(t.db);

  const sitting = async (student: TestUser, score: number | null, submittedAt: string | null) => {
    const [test] = await t.db.insert(tests).values({ title: 'Analytics quiz' }).returning();
    const [given] = await t.db.insert(testAssignments).values({ testId: test.id, studentId: student.id }).returning();
    await t.db.insert(testAttempts).values({
      assignmentId: given.id,
      studentId: student.id,
      paper: [],
      startedAt: new Date('2026-03-03T09:00:00Z'),
      submittedAt: submittedAt ? new Date(submittedAt) : null,
      score,
      maxMarks: 20,
    });
  };
  await sitting(s1, 15, '2026-03-03T10:00:00Z');
  await sitting(s2, 10, '2026-03-04T10:00:00Z');
  await sitting(s3, null, null); // still open: no result
});

afterAll(() => t.close());

describe('GET /api/admin/analytics', () => {
  it('sums the last 30 days by default: students and checks per day, categories, enrollments and tests per week', async () => {
    const response = await read('');
    expect(response.statusCode).toBe(200);
    const body = response.json<AnalyticsReply>();
    expect(body).toMatchObject({ from: '2026-02-10', to: '2026-03-11', program: null });
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toEqual({
      date: '2026-02-10',
      activeStudents: 0,
      checks: 0,
      firstTries: 0,
      firstTryAccuracy: null,
    });
    expect(body.days.at(-2)).toEqual({
      date: '2026-03-10',
      activeStudents: 2,
      checks: 4,
      firstTries: 3,
      firstTryAccuracy: 67,
    });
    expect(body.days.at(-1)).toEqual({
      date: '2026-03-11',
      activeStudents: 1,
      checks: 1,
      firstTries: 1,
      firstTryAccuracy: 0,
    });
    expect(
      body.categories.map(({ category, grade, checks, correct, accuracy }) => ({
        category,
        grade,
        checks,
        correct,
        accuracy,
      })),
    ).toEqual([
      { category: '=Analytics formula', grade: 7, checks: 2, correct: 1, accuracy: 50 },
      { category: 'Analytics fractions', grade: 5, checks: 3, correct: 2, accuracy: 67 },
    ]);
    expect(body.enrollments.map((w) => w.weekStart)).toEqual([
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(body.enrollments.at(-2)).toEqual({
      weekStart: '2026-03-02',
      enrollments: 1,
      pending: 0,
      active: 1,
      cancelled: 0,
      refunded: 0,
    });
    expect(body.enrollments.at(-1)).toMatchObject({ enrollments: 2, active: 1, cancelled: 1 });
    expect(body.enrollments[0].enrollments).toBe(0);
    expect(body.tests.at(-2)).toEqual({ weekStart: '2026-03-02', sittings: 2, averagePercent: 62.5 });
    expect(body.tests.at(-1)).toEqual({ weekStart: '2026-03-09', sittings: 0, averagePercent: null });
  });

  it('reads the range asked for, the two days included', async () => {
    const body = (await read('?from=2026-01-01&to=2026-01-05')).json<AnalyticsReply>();
    expect(body.days.map((d) => d.checks)).toEqual([1, 0, 0, 0, 0]);
    expect(body.categories).toMatchObject([{ category: 'Analytics fractions', checks: 1, correct: 1 }]);
    expect(body.enrollments.map((w) => [w.weekStart, w.refunded])).toEqual([
      ['2025-12-29', 0],
      ['2026-01-05', 1],
    ]);
    // A range of a leap year's length is allowed; one day is too.
    expect((await read('?from=2025-03-11&to=2026-03-11')).json<AnalyticsReply>().days).toHaveLength(366);
    expect((await read('?from=2026-03-10&to=2026-03-10')).json<AnalyticsReply>().days).toHaveLength(1);
  });

  it('narrows students, checks and tests to a program’s active students, enrollments to its offerings', async () => {
    const body = (await read('?program=ssat')).json<AnalyticsReply>();
    expect(body.program).toBe('ssat');
    expect(body.days.at(-2)).toEqual({
      date: '2026-03-10',
      activeStudents: 1,
      checks: 3,
      firstTries: 2,
      firstTryAccuracy: 50,
    });
    expect(body.days.at(-1)).toMatchObject({ activeStudents: 0, checks: 0 });
    expect(body.enrollments.slice(-2).map((w) => [w.enrollments, w.active, w.cancelled])).toEqual([
      [1, 1, 0],
      [1, 0, 1],
    ]);
    expect(body.tests.at(-2)).toEqual({ weekStart: '2026-03-02', sittings: 1, averagePercent: 75 });
    // Category accuracy is kept per day, not per student: a program does not narrow it.
    expect(body.categories.map((c) => c.checks)).toEqual([2, 3]);
    // A program without students or offerings: zeros.
    const none = (await read('?program=mathcounts')).json<AnalyticsReply>();
    expect(none.days.every((d) => d.checks === 0)).toBe(true);
    expect(none.enrollments.every((w) => w.enrollments === 0)).toBe(true);
    expect(none.tests.every((w) => w.sittings === 0)).toBe(true);
  });

  it('refuses bad dates, a reversed or too long range and an unknown program, with the message', async () => {
    for (const [query, message] of [
      ['?from=2026-02-30', M.dayInvalid],
      ['?from=monday', M.dayInvalid],
      ['?to=2026-3-1', M.dayInvalid],
      ['?from=2026-03-11&to=2026-03-01', M.toBeforeFrom],
      ['?from=2026-04-01', M.toBeforeFrom],
      ['?from=2025-03-10&to=2026-03-11', M.rangeTooLong],
      ['?from=2020-01-01&to=2026-03-11', M.rangeTooLong],
      ['?program=chess', M.programUnknown],
    ]) {
      const response = await read(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
  });

  it('is the admin’s alone', async () => {
    for (const role of ['student', 'parent', 'teacher', 'data-entry'] as const) {
      expect((await read('', cookies[role])).statusCode, role).toBe(403);
      expect((await read('.csv', cookies[role])).statusCode, role).toBe(403);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/admin/analytics' })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/analytics.csv', () => {
  it('downloads the same figures as CSV, a formula-like category name escaped', async () => {
    const response = await read('.csv?from=2026-03-02&to=2026-03-11&program=');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="analytics-2026-03-02-to-2026-03-11.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'Figure,Date,Program,Category,Grade,Active students,Checks,First tries,First-try accuracy %,Correct,Accuracy %,Enrollments,Pending,Active,Cancelled,Refunded,Test sittings,Average test score %',
    );
    expect(lines).toContain('Day,2026-03-10,All programs,,,2,4,3,67,,,,,,,,,');
    expect(lines).toContain('Day,2026-03-02,All programs,,,0,0,0,,,,,,,,,,');
    expect(lines).toContain(
      `Category and grade,2026-03-02 to 2026-03-11,All programs,"'=Analytics formula",7,,2,,,1,50,,,,,,,`,
    );
    expect(lines).toContain('Enrollments week,2026-03-09,All programs,,,,,,,,,2,0,1,1,0,,');
    expect(lines).toContain('Test results week,2026-03-02,All programs,,,,,,,,,,,,,,2,62.5');
    expect(lines).toHaveLength(1 + 10 + 2 + 2 + 2);
    const narrowed = await read('.csv?program=amc8&from=2026-03-10&to=2026-03-10');
    expect(narrowed.body.split('\r\n')).toContain('Day,2026-03-10,AMC 8,,,1,1,1,100,,,,,,,,,');
    expect((await read('.csv?from=2026-03-11&to=2026-03-01')).json().message).toBe(M.toBeforeFrom);
  });
});
