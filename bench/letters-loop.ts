/**
 * The weekly letters beside the learner loop, on PostgreSQL (budget: 5,000 parents' letters built and queued within
 * five minutes on the 2-core machine, without pushing the loop's p99 over its budget while they run: 8,000 req/s,
 * p99 < 25 ms). One bench server runs the learner loop's 50 students (bench/learners.ts) and the letters' job queue as
 * in production (BENCH_JOBS=1, mail counted, not sent), with 5,000 parents of a child each whose week has days,
 * level changes and a sitting. The loop is measured alone, then in windows of BENCH_SECONDS while the letters fall due
 * and are claimed, queued, built and handed over, then alone again.
 *   npm run bench:letters-loop
 */
import readline from 'node:readline';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { asStudents, firstLoops, LOOP, LOOP_FLOOR, LOOP_P99_MS, loadAverage, type Learner } from './learners';
import { DURATION_S, measure, type BenchResult } from './measure';
import { canPin, pinLoadGenerator, postgresReachable, signIn, start, stop } from './processes';

const PARENTS = Number(process.env.PARENTS ?? 5000);
const PORT = 4608;

/**
 * The families: a parent and a child each, letters chosen weekly on today's weekday (UTC) from midnight but off
 * until the bench turns them on, and the child's last seven days: activity every day, two skills that moved (one up,
 * one down), a test sat.
 */
export async function seedLetterFamilies(db: Db): Promise<{ letterFamilies: { parents: number } }> {
  await db.execute(sql`insert into users (email, password_hash, type)
    select 'bench-letters-parent-' || lg.n || '@example.com', 'x', 'parent' from generate_series(1, ${PARENTS}::int) as lg(n)`);
  await db.execute(sql`insert into users (email, password_hash, type)
    select 'bench-letters-child-' || lg.n || '@example.com', 'x', 'student' from generate_series(1, ${PARENTS}::int) as lg(n)`);
  await db.execute(sql`insert into profiles (user_id, first_name, last_name)
    select lu.id, 'Child', split_part(lu.email, '@', 1) from users lu where lu.email like 'bench-letters-child-%'`);
  await db.execute(sql`insert into parent_students (parent_id, student_id)
    select lp.id, lc.id from users lp
    join users lc on lc.email = replace(lp.email, 'bench-letters-parent-', 'bench-letters-child-')
    where lp.email like 'bench-letters-parent-%'`);
  await db.execute(sql`insert into letter_settings (parent_id, student_id, frequency, weekday, hour, time_zone,
      unsubscribe_token_hash)
    select lps.parent_id, lps.student_id, 'off', extract(dow from now() at time zone 'UTC')::smallint, 0, 'UTC',
      md5(lps.parent_id::text || lps.student_id::text)
    from parent_students lps join users lu on lu.id = lps.parent_id where lu.email like 'bench-letters-parent-%'`);
  await db.execute(sql`insert into student_days (student_id, day, checks, solved, first_tries, first_tries_right, active_minutes)
    select lu.id, ld.day::date, 6 + ld.i, 4, 4, 3, 15 from users lu
    cross join lateral (select current_date - lg.i as day, lg.i from generate_series(1, 7) as lg(i)) ld
    where lu.email like 'bench-letters-child-%'`);
  await db.execute(sql`insert into focus_areas (name) values ('Letters focus')`);
  await db.execute(sql`insert into categories (name) values ('Letters category')`);
  await db.execute(sql`insert into skills (focus_area_id, category_id)
    select lf.id, lc.id from focus_areas lf cross join (select lcat.id from categories lcat
      where lcat.name = 'Letters category' union all select null::uuid) lc
    where lf.name = 'Letters focus'`);
  await db.execute(sql`insert into student_skill_changes (student_id, skill_id, from_level, to_level, created_at)
    select lu.id, lsk.id, case when lsk.category_id is null then 1 else 3 end, 2, now() - interval '2 days'
    from users lu cross join skills lsk
    join focus_areas lf on lf.id = lsk.focus_area_id and lf.name = 'Letters focus'
    where lu.email like 'bench-letters-child-%'`);
  await db.execute(sql`insert into tests (title) values ('Letters bench test')`);
  await db.execute(sql`insert into test_assignments (test_id, student_id)
    select lt.id, lu.id from tests lt cross join users lu
    where lt.title = 'Letters bench test' and lu.email like 'bench-letters-child-%'`);
  await db.execute(sql`insert into test_attempts (assignment_id, student_id, paper, started_at, submitted_at, score, max_marks)
    select lta.id, lta.student_id, '[]'::jsonb, now() - interval '3 days', now() - interval '3 days' + interval '1 hour', 15, 20
    from test_assignments lta join tests lt on lt.id = lta.test_id where lt.title = 'Letters bench test'`);
  return { letterFamilies: { parents: PARENTS } };
}

/** One window of the loop, without measure()'s warm-up: the windows follow one another while the letters run. */
async function loopWindow(name: string, base: string, setupClient: ReturnType<typeof asStudents>, connections: number) {
  const result = await autocannon({ url: base, connections, duration: DURATION_S, timeout: 30, setupClient });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} answers were not 2xx and ${result.errors} failed`);
  return {
    name,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
  } satisfies BenchResult;
}

const verdictOf = (r: { rps: number; p99: number }) =>
  r.rps >= LOOP_FLOOR.postgres && r.p99 < LOOP_P99_MS
    ? `ok: >= ${LOOP_FLOOR.postgres} req/s, p99 < ${LOOP_P99_MS} ms`
    : `OVER: budget >= ${LOOP_FLOOR.postgres} req/s, p99 < ${LOOP_P99_MS} ms`;

function report(result: BenchResult, verdict = verdictOf(result)) {
  console.log(
    `postgres  ${result.name.padEnd(70)} ${String(result.rps).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms  (${result.connections} conn)  ${verdict}`,
  );
}

async function main() {
  pinLoadGenerator();
  if (!(await postgresReachable())) {
    console.log('npm run bench:letters-loop: no PostgreSQL on 127.0.0.1:5432; nothing measured.');
    return;
  }
  console.log(
    `npm run bench:letters-loop: ${DURATION_S} s windows, ${canPin ? 'server on core 1, load on core 0' : 'server and load not pinned'}; seeding the learners and ${PARENTS} families on PostgreSQL... (${loadAverage()})`,
  );
  const server = await start(['academy', 'postgres', String(PORT)], ['learners', 'letterFamilies'], {
    BENCH_JOBS: '1',
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const learners = server.ids.learners as Learner[];
    const cookies = await Promise.all(learners.map((learner) => signIn(base, learner)));
    const connections = learners.length;
    const clients = () => asStudents(learners, cookies, LOOP);
    await firstLoops(base, learners, cookies);
    report(
      await measure(`learner loop alone, before (${connections} students; ${loadAverage()})`, {
        url: base,
        connections,
        setupClient: clients(),
      }),
    );

    const lines = readline.createInterface({ input: server.child.stdout! });
    let letters: { queued: number; queuedMs: number; allMs: number } | null = null;
    lines.on('line', (line) => {
      if (line.startsWith('{"letters"')) letters = JSON.parse(line).letters;
    });
    server.child.kill('SIGUSR2');
    const windows: BenchResult[] = [];
    while (!letters) {
      const window = await loopWindow(
        `learner loop during the letters, window ${windows.length + 1} (${loadAverage()})`,
        base,
        clients(),
        connections,
      );
      windows.push(window);
      report(window);
    }
    const done = letters as { queued: number; queuedMs: number; allMs: number };
    console.log(
      `postgres  ${PARENTS} letters: claimed and queued in ${(done.queuedMs / 1000).toFixed(1)} s; built and handed to the mail server in ${(done.allMs / 1000).toFixed(1)} s  ${done.allMs < 300_000 ? 'ok: within 5 minutes' : 'OVER: budget 5 minutes'}`,
    );
    const during = {
      rps: Math.round(windows.reduce((total, w) => total + w.rps, 0) / windows.length),
      p99: Math.max(...windows.map((w) => w.p99)),
    };
    console.log(
      `postgres  the loop during the letters, ${windows.length} windows: mean ${during.rps} req/s, worst p99 ${during.p99} ms  ${verdictOf(during)}`,
    );
    report(
      await measure(`learner loop alone, after (${connections} students; ${loadAverage()})`, {
        url: base,
        connections,
        setupClient: clients(),
      }),
    );
  } finally {
    await stop(server.child);
  }
}

if (process.argv[1]?.endsWith('letters-loop.ts')) await main();
