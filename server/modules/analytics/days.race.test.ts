/**
 * The analytics' kept days and months (academy_days, category_months) under simultaneous reads: admins filling
 * the same days at once store each once, with the direct sums, and none of them fails; a rebuild or an enrollment changing while they read
 * leaves no sum counted before it. Always on PostgreSQL: PGlite runs one statement at a time, so these reads
 * never overlap there.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferingProgram } from '../../../common/rules/offerings';
import type { AnalyticsReply } from '../../../common/schemas/analytics';
import { rebuildDays } from '../../db/days';
import { rows } from '../../db/prepared';
import { categories, enrollments, questionCategories } from '../../db/schema';
import { buildAdmin, buildOffering, buildQuestion, buildStudent, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { directCategories, directDays, enroll } from './fixtures';

let t: TestApp;
let cookies: string[];
let studentIds: string[];

const YEAR = { from: '2025-03-12', to: '2026-03-11' };
const READS = 8;

const read = (cookie: string, program: OfferingProgram | '') =>
  call(t.app, cookie, {
    method: 'GET',
    url: `/api/admin/analytics?from=${YEAR.from}&to=${YEAR.to}&program=${program}`,
  });

/**
 * READS reads at once (or `spreadMs` apart, to fall within a longer write), half for every student and half for
 * SSAT, beside `alongside`: each answers 200.
 */
async function readAtOnce(alongside: () => Promise<unknown> = async () => {}, spreadMs = 0) {
  const readAfter = async (cookie: string, i: number) => {
    await new Promise((resolve) => setTimeout(resolve, i * spreadMs));
    return read(cookie, i % 2 === 0 ? '' : 'ssat');
  };
  const [answers] = await Promise.all([Promise.all(cookies.map(readAfter)), alongside()]);
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  return answers.map((answer) => answer.json<AnalyticsReply>().days);
}

/** A read now answers the direct sums, and then every closed day is kept once per program, with those sums. */
async function expectKeptOnceAsDirect() {
  for (const program of [undefined, 'ssat'] as const) {
    const answer = (await read(cookies[0], program ?? '')).json<AnalyticsReply>();
    expect(answer.days).toEqual(await directDays(t.db, { ...YEAR, program }));
    expect(answer.categories).toEqual(await directCategories(t.db, YEAR));
  }
  const kept = await rows<{ program: string; days: number; checks: number }>(
    t.db,
    sql`select k_a.program, count(*)::int as days, sum(k_a.checks)::int as checks
      from academy_days k_a group by k_a.program order by k_a.program`,
  );
  const direct = async (program?: OfferingProgram) =>
    (await directDays(t.db, { from: YEAR.from, to: '2026-03-10', program })).reduce((n, d) => n + d.checks, 0);
  expect(kept).toEqual([
    { program: '', days: 364, checks: await direct() },
    { program: 'ssat', days: 364, checks: await direct('ssat') },
  ]);
  // The closed whole months of the year: April 2025 to February 2026.
  const months = await rows<{ months: number; checks: number; direct: number }>(
    t.db,
    sql`select count(distinct k_m.month)::int as months, sum(k_m.checks)::int as checks,
        (select sum(x_cd.checks)::int from category_days x_cd
          where x_cd.day >= '2025-04-01' and x_cd.day < '2026-03-01') as direct
      from category_months k_m`,
  );
  expect(months).toEqual([{ months: 11, checks: months[0].direct, direct: months[0].direct }]);
  expect(months[0].direct).toBeGreaterThan(0);
}

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  t.clock.set(new Date('2026-03-11T12:00:00Z'));
  const admin = await buildAdmin(t.db);
  cookies = await Promise.all(Array.from({ length: READS }, () => signIn(t.app, admin)));
  const ssat = await buildOffering(t.db, { title: 'Race SSAT' });
  studentIds = [];
  for (let i = 0; i < 12; i++) {
    const student = await buildStudent(t.db);
    studentIds.push(student.id);
    if (i % 2 === 0) await enroll(t.db, student.id, ssat, i % 4 === 0 ? 'active' : 'pending');
  }
  const question = await buildQuestion(t.db);
  const [category] = await t.db.insert(categories).values({ name: 'Race category' }).returning();
  await t.db.insert(questionCategories).values({ questionId: question.id, categoryId: category.id });
  // A year of answers, counted into the days by a rebuild: each student on some days, today among them.
  await t.db.execute(sql`insert into answer_attempts (student_id, question_id, answer, is_correct, created_at)
    select s.id, ${question.id}, '{}'::jsonb, (s.n + g.i) % 3 = 0,
      '2025-03-12T10:00:00Z'::timestamptz + g.i * interval '1 day' + s.n * interval '1 minute'
    from (select s_u.id, row_number() over (order by s_u.id) as n from users s_u where s_u.type = 'student') s
    cross join generate_series(0, 364) g(i)
    where (s.n + g.i) % 5 < 2`);
  await rebuildDays(t.db);
});
afterAll(() => t.close());

describe('the kept days under simultaneous reads', () => {
  it('are stored once, with the direct sums, by reads filling them at once', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      await t.db.execute(sql`delete from academy_days`);
      await t.db.execute(sql`delete from category_months`);
      const days = await readAtOnce();
      expect(days[0], `round ${round}`).toEqual(await directDays(t.db, YEAR));
      expect(days[1], `round ${round}`).toEqual(await directDays(t.db, { ...YEAR, program: 'ssat' }));
      for (const [i, reply] of days.entries()) expect(reply, `round ${round}, read ${i}`).toEqual(days[i % 2]);
      await expectKeptOnceAsDirect();
    }
  });

  it(
    'keep no sum counted before a rebuild or an enrollment that commits while they read',
    { timeout: 120_000 },
    async () => {
      for (let round = 0; round < 6; round++) {
        await t.db.execute(sql`delete from academy_days`);
        await t.db.execute(sql`delete from category_months`);
        // A check lands on a closed day and is counted in by a rebuild, while the reads fill the days (spread out
        // more each round, so some start within the rebuild).
        await readAtOnce(async () => {
          await t.db.execute(sql`insert into answer_attempts (student_id, question_id, answer, is_correct, created_at)
          select a_a.student_id, a_a.question_id, '{}'::jsonb, true, '2025-06-01T12:00:00Z'
          from answer_attempts a_a limit 1`);
          await rebuildDays(t.db);
        }, round);
        await expectKeptOnceAsDirect();
        // A student's enrollment turns active (or back) while the reads fill SSAT's days.
        const student = studentIds[(2 + 4 * round) % studentIds.length];
        await readAtOnce(() =>
          t.db
            .update(enrollments)
            .set({ status: round % 2 === 0 ? 'active' : 'cancelled' })
            .where(eq(enrollments.studentId, student)),
        );
        await expectKeptOnceAsDirect();
      }
    },
  );
});
