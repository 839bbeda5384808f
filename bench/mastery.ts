/**
 * Skills, progress charts and the class heat map at scale (budgets: a student's skills and charts p99 < 50 ms, a
 * class's heat map of 40 students p99 < 100 ms, "with 10,000 students and 10,000,000 attempts"). Seeds the academy of
 * bench/mastery-seed.ts in a bench server (bench/server.ts: 10,000,000 answer attempts on PostgreSQL, 1,000,000 on
 * PGlite, whose database lives in the server's memory and core), then loads a real server with autocannon at 10
 * connections, each cycling through 4 users of its own:
 *   GET /api/student/skills                     40 students of 40 classes
 *   GET /api/students/:id/progress-charts       the same students, their own charts
 *   GET /api/parent/children/:id/skills         their parents
 *   GET /api/students/:id/progress-charts       their parents
 *   GET /api/classes/:id/skills                 10 teachers, each their class of 40 (the heat map)
 * and times what the skill keeper does before each read (`answersCounted`) with nothing queued, alone, on each
 * database: the check of the queue, and the counting pass it spares.
 *   npm run bench:mastery         (BENCH_SECONDS per load, default 8; about 10 minutes with PostgreSQL's seed)
 *   npm run bench:mastery count   (the keeper's check and pass alone)
 */
import { sql } from 'drizzle-orm';
import type { Request } from 'autocannon';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { answersWaiting, countQueuedAnswers } from '../server/modules/mastery/keep';
import { loadAverage } from './learners';
import { MASTERY_PASSWORD, type MasteryIds } from './mastery-seed';
import { BROWSER_HEADERS, DURATION_S, measure, type BenchResult } from './measure';
import {
  canPin,
  onPostgresServer,
  pinLoadGenerator,
  POSTGRES_URL,
  postgresReachable,
  signIn,
  start,
  stop,
} from './processes';

const CONNECTIONS = 10;
const PORT = 4607;
const ATTEMPTS = { postgres: 10_000_000, pglite: 1_000_000 };

function report(target: string, result: BenchResult, budgetMs: number) {
  const verdict = result.p99 < budgetMs ? `ok: p99 < ${budgetMs} ms` : `OVER: p99 budget ${budgetMs} ms`;
  console.log(
    `${target.padEnd(9)} ${result.name.padEnd(78)} ${String(result.rps).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms  (${result.connections} conn)  ${verdict}`,
  );
}

/** Connection k takes the requests of users k, k + 10, k + 20...: ten connections, every user read in turn. */
function spread(requests: Request[]) {
  let next = 0;
  return (client: { setRequests(r: Request[]): void }) => {
    const k = next++ % CONNECTIONS;
    client.setRequests(requests.filter((_, n) => n % CONNECTIONS === k));
  };
}

async function benchRoutes(kind: 'pglite' | 'postgres'): Promise<void> {
  const attempts = ATTEMPTS[kind];
  console.log(
    `\n${kind}: seeding 10,000 students in 250 classes, 200 skills, ${attempts.toLocaleString('en-US')} answer attempts and a year of days, levels and tests... (${loadAverage()})`,
  );
  const started = performance.now();
  const server = await start(['academy', kind, String(PORT)], ['mastery'], {
    BENCH_MASTERY_ATTEMPTS: String(attempts),
  });
  try {
    const ids = server.ids.mastery as MasteryIds;
    console.log(
      `${kind}: seeded, vacuumed and started in ${((performance.now() - started) / 1000).toFixed(0)} s (${loadAverage()}); steps in s: ${JSON.stringify(ids.seedSeconds)}`,
    );
    console.log(`${kind}: rows: ${JSON.stringify(ids.counts)}`);
    const base = `http://127.0.0.1:${PORT}`;
    const cookieOf = new Map<string, string>();
    for (const email of new Set([
      ...ids.students.map((s) => s.email),
      ...ids.parents.map((p) => p.email),
      ...ids.teachers.map((t) => t.email),
    ]))
      cookieOf.set(email, await signIn(base, { email, password: MASTERY_PASSWORD }));
    const get = (email: string, path: string): Request => ({
      method: 'GET',
      path,
      headers: { ...BROWSER_HEADERS, cookie: cookieOf.get(email)! },
    });
    const loads: Array<[string, Request[], number]> = [
      ['GET /api/student/skills (40 students)', ids.students.map((s) => get(s.email, '/api/student/skills')), 50],
      [
        'GET /api/students/:id/progress-charts (40 students, their own)',
        ids.students.map((s) => get(s.email, `/api/students/${s.id}/progress-charts`)),
        50,
      ],
      [
        'GET /api/parent/children/:id/skills (their parents)',
        ids.parents.map((p) => get(p.email, `/api/parent/children/${p.childId}/skills`)),
        50,
      ],
      [
        'GET /api/students/:id/progress-charts (their parents)',
        ids.parents.map((p) => get(p.email, `/api/students/${p.childId}/progress-charts`)),
        50,
      ],
      [
        'GET /api/classes/:id/skills (heat map, 10 teachers, 40 students each)',
        ids.teachers.map((t) => get(t.email, `/api/classes/${t.classId}/skills`)),
        100,
      ],
    ];
    for (const [name, requests, budget] of loads) {
      const result = await measure(`${name}; ${loadAverage()}`, {
        url: base,
        connections: CONNECTIONS,
        setupClient: spread(requests),
      });
      report(kind, result, budget);
    }
  } finally {
    await stop(server.child);
  }
}

/**
 * What every read of levels and charts runs first, with nothing queued (the usual case): the check of the queue, and
 * the counting pass it spares, timed alone on an empty database of each kind, since both read nothing but the queue.
 */
async function benchEmptyCount(kind: 'pglite' | 'postgres'): Promise<void> {
  const name = `academy_keeper_bench_${process.pid}`;
  let database: Database;
  if (kind === 'postgres') {
    await onPostgresServer(`drop database if exists ${name} with (force)`);
    await onPostgresServer(`create database ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 10);
  } else database = await openPglite(null);
  try {
    await database.db.execute(sql`select 1`);
    const timed = async (what: string, pass: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let n = 0; n < 2200; n++) {
        const at = performance.now();
        await pass();
        if (n >= 200) times.push(performance.now() - at);
      }
      times.sort((a, b) => a - b);
      const at = (share: number) => times[Math.floor(times.length * share)].toFixed(2);
      console.log(
        `${kind.padEnd(9)} ${what}, 2,000 one after another: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${loadAverage()})`,
      );
    };
    await timed("the keeper's check before a read, nothing queued (answersWaiting)", () => answersWaiting(database.db));
    await timed('a counting pass under the lock, nothing queued (countQueuedAnswers)', () =>
      countQueuedAnswers(database.db),
    );
  } finally {
    await database.close();
    if (kind === 'postgres') await onPostgresServer(`drop database if exists ${name} with (force)`);
  }
}

async function main() {
  pinLoadGenerator();
  console.log(
    `npm run bench:mastery: ${DURATION_S} s per load, ${canPin ? 'server on core 1, load on core 0' : 'server and load not pinned'}, ${CONNECTIONS} connections (${loadAverage()})`,
  );
  const kinds: Array<'pglite' | 'postgres'> = ['pglite'];
  if (await postgresReachable()) kinds.push('postgres');
  for (const kind of kinds) await benchEmptyCount(kind);
  // `npm run bench:mastery count`: the keeper's check alone, without the seed.
  if (process.argv.includes('count')) return;
  for (const kind of kinds) await benchRoutes(kind);
}

await main();
