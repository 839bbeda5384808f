/**
 * The admin's analytics over a year at scale: 10,000 students with a year of days (about 40% of days active, 5 to
 * 12 checks a day: some 12 million checks), 40 categories over 12 grades every day, an enrollment per student in an
 * offering of each program, and 10 scored sittings per student. All seeded by SQL straight into the tables the
 * route reads (student_days, category_days, enrollments, test_attempts). Measures GET /api/admin/analytics for a
 * year, all programs and one program, 50 calls each in process (app.inject), on PGlite and PostgreSQL
 * (budget p99 < 500 ms).
 *   npm run bench:analytics
 *   BENCH_DATABASES=pglite npm run bench:analytics    (one database: pglite or postgres)
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rows } from '../server/db/prepared';
import { buildAdmin, signIn } from '../server/test/factories';
import { call, createTestApp } from '../server/test/harness';
import { postgresReachable } from './processes';

const STUDENTS = 10_000;
const CATEGORIES = 40;
const SITTINGS = 10;
const CALLS = 50;
const TODAY = '2026-03-11';
const YEAR_AGO = '2025-03-11';

async function seed(db: Db): Promise<Record<string, number>> {
  await db.execute(sql`insert into users (email, password_hash, type)
    select 'bench-analytics-' || n || '@example.com', 'x', 'student' from generate_series(1, ${STUDENTS}) n`);
  await db.execute(sql`insert into offerings (slug, title, program, grade_band, level, position)
    select 'bench-' || p, 'Bench ' || p, p::offering_program, 'Grades 5-8', 'Middle School', row_number() over ()
    from unnest(enum_range(null::offering_program)) p`);
  // One enrollment per student, in a program by turn; most active, some cancelled or pending.
  await db.execute(sql`insert into enrollments (offering_id, offering_title, student_id, status, method, amount_minor,
      currency, search_text, created_at)
    select o.id, o.title, u.id, (array['active','active','active','cancelled','pending'])[1 + u.n % 5], 'academy', 0,
      'USD', o.title, ${`${YEAR_AGO}T00:00:00Z`}::timestamptz + (u.n % 365) * interval '1 day'
    from (select b_u.id, row_number() over (order by b_u.id) as n from users b_u where b_u.email like 'bench-analytics-%') u
    join (select b_o.id, b_o.title, row_number() over (order by b_o.position) - 1 as k from offerings b_o
      where b_o.slug like 'bench-%') o on o.k = u.n % 8`);
  await db.execute(sql`insert into student_days (student_id, day, checks, solved, first_tries, first_tries_right, active_minutes)
    select u.id, d::date, 5 + (u.n + i) % 8, 2, 4, (u.n + i) % 5, 20
    from (select b_u.id, row_number() over (order by b_u.id) as n from users b_u where b_u.email like 'bench-analytics-%') u
    cross join generate_series(0, 365) i
    cross join lateral (select ${YEAR_AGO}::date + i as d) dd
    where (u.n * 7 + i * 13) % 10 < 4`);
  await db.execute(
    sql`insert into categories (name) select 'Bench category ' || n from generate_series(1, ${CATEGORIES}) n`,
  );
  await db.execute(sql`insert into category_days (day, grade, category_id, checks, correct)
    select ${YEAR_AGO}::date + i, g, c.id, 200 + g, 100 + i % 90
    from generate_series(0, 365) i cross join generate_series(1, 12) g
    cross join (select b_c.id from categories b_c where b_c.name like 'Bench category %') c`);
  await db.execute(
    sql`insert into tests (title) select 'Bench analytics test ' || n from generate_series(1, ${SITTINGS}) n`,
  );
  await db.execute(sql`insert into test_assignments (test_id, student_id)
    select t.id, u.id from tests t cross join users u
    where t.title like 'Bench analytics test %' and u.email like 'bench-analytics-%'`);
  await db.execute(sql`insert into test_attempts (assignment_id, student_id, paper, started_at, submitted_at, score, max_marks)
    select a.id, a.student_id, '[]'::jsonb, at, at + interval '1 hour', (hashtext(a.id::text) & 15) + 5, 20
    from test_assignments a
    cross join lateral (select ${`${YEAR_AGO}T09:00:00Z`}::timestamptz + (hashtext(a.id::text) & 511) % 365 * interval '1 day' as at) x`);
  await db.execute(sql`analyze`);
  const [counts] = await rows<Record<string, number>>(
    db,
    sql`select (select count(*)::int from student_days) as student_days,
      (select sum(checks)::int from student_days) as checks,
      (select count(*)::int from category_days) as category_days,
      (select count(*)::int from enrollments) as enrollments,
      (select count(*)::int from test_attempts) as sittings`,
  );
  return counts;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function bench(kind: 'embedded' | 'postgres'): Promise<void> {
  const t = await createTestApp({ database: kind });
  try {
    t.clock.set(new Date(`${TODAY}T12:00:00Z`));
    const started = Date.now();
    const counts = await seed(t.db);
    console.log(`\n${kind}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
    const admin = await buildAdmin(t.db);
    const cookie = await signIn(t.app, admin);
    for (const [label, query] of [
      ['a year, all programs', `?from=${YEAR_AGO}&to=${TODAY}`],
      ['a year, SSAT', `?from=${YEAR_AGO}&to=${TODAY}&program=ssat`],
      ['30 days, all programs', ''],
      ['a year as CSV', `.csv?from=${YEAR_AGO}&to=${TODAY}`],
    ]) {
      const url = `/api/admin/analytics${query}`;
      const first = await call(t.app, cookie, { method: 'GET', url });
      if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const at = performance.now();
        const response = await call(t.app, cookie, { method: 'GET', url });
        times.push(performance.now() - at);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 0.99);
      console.log(
        `${kind.padEnd(9)} GET ${url.padEnd(70)} ${label.padEnd(22)} p50 ${percentile(times, 0.5).toFixed(0)} ms  p99 ${p99.toFixed(0)} ms  ${p99 < 500 ? 'ok: p99 < 500 ms' : 'OVER: budget 500 ms'}`,
      );
    }
  } finally {
    await t.close();
  }
}

const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const kinds: Array<'embedded' | 'postgres'> = [];
if (wanted.includes('pglite')) kinds.push('embedded');
if (wanted.includes('postgres') && (await postgresReachable())) kinds.push('postgres');
for (const kind of kinds) await bench(kind);
