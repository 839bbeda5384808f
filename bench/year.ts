/**
 * `npm run bench:year`: a year of an academy (bench/year-seed.ts) seeded on PostgreSQL into a database of its own,
 * then measured with a bench server on it (bench/server.ts, BENCH_ATTACH), beside a bare Fastify route in the same
 * run: how soon the server is ready after its process starts, the first learner loop of 50 students after a restart
 * (nothing kept), the learner loop, and each staff list and screen read at 10 connections. Then the embedded
 * database's year (a tenth of the people and history: 1,000,000 attempts): its start, first loop and learner loop.
 *   BENCH_YEAR_SCALE=0.01        every count times 0.01 (default 1)
 *   BENCH_KEEP=1                 keep the PostgreSQL database (its name is printed) and the PGlite data directory
 *   BENCH_YEAR_DB=<name>         measure that PostgreSQL database, seeded by an earlier run, without seeding
 *   BENCH_YEAR_DATABASES=postgres|pglite   one of the two (default both)
 *   BENCH_YEAR_PGLITE_READS=1    the staff reads on the embedded database too
 */
import type { Client } from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { asStudents, firstLoops, LOOP, LOOP_FLOOR, LOOP_P99_MS, loadAverage } from './learners';
import {
  BROWSER_HEADERS,
  cpuSince,
  cpuTicks,
  DURATION_S,
  firstRead,
  measure,
  measureLarge,
  watchCpu,
  type BenchResult,
} from './measure';
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
import { benchQuestions } from './questions';
import { BENCH_ADMIN } from './scenarios';
import { benchStudents } from './students';
import { benchUsers } from './users';
import { seedYear, yearPlan, yearSample, type YearPlan, type YearSample } from './year-seed';

type Kind = 'postgres' | 'pglite';
const SCALE = Number(process.env.BENCH_YEAR_SCALE ?? 1);
const KEEP = process.env.BENCH_KEEP === '1';
const REUSED = process.env.BENCH_YEAR_DB || null;
const PORT = 4621;
const BASE = `http://127.0.0.1:${PORT}`;
const STAFF_CONNECTIONS = 10;
/** Budgets: the product's, in milliseconds. */
const READY_MS = 10_000;
const FIRST_LOOP_MS = 2_000;
const STAFF_P99_MS = 50;
/** The admin's analytics over a year were given half a second (bench/analytics.ts). */
const ANALYTICS_P99_MS = 500;

interface Row {
  target: string;
  load: string;
  figures: string;
  verdict: string;
}
const table: Row[] = [];
function note(target: string, load: string, figures: string, verdict = '') {
  table.push({ target, load, figures, verdict });
  console.log(`${target.padEnd(9)} ${load.padEnd(84)} ${figures.padEnd(40)} ${verdict}`);
}
/** Processor milliseconds by group, e.g. "server 4.1 + database 2.3 ms". */
const cpuText = (cpu: Record<string, number> | undefined) =>
  cpu
    ? `${Object.entries(cpu)
        .map(([group, ms]) => `${group} ${ms}`)
        .join(' + ')} ms`
    : '';
function report(target: string, result: BenchResult, verdict = '') {
  const cpu = result.cpuMs ? `; processor a request: ${cpuText(result.cpuMs)}` : '';
  note(
    target,
    result.name,
    `${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms (${result.connections} conn)${cpu}`,
    verdict,
  );
}

/** The backends of a PostgreSQL database (their titles name it), for the processor time its loads cost. */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** Watches the processor time of the server `pid` and, on PostgreSQL, of the database's backends. */
function watchServer(kind: Kind, attach: string, pid: number | undefined) {
  if (os.platform() !== 'linux' || pid === undefined) return watchCpu(null);
  watchCpu(kind === 'postgres' ? { server: () => [pid], database: () => backendsOf(attach) } : { server: () => [pid] });
}
const under = (ms: number) => (r: BenchResult) => (r.p99 < ms ? `ok: p99 < ${ms} ms` : `OVER: p99 budget ${ms} ms`);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Seeds `plan` into `database`, printing each step; resolves with the total in milliseconds. */
async function seed(kind: Kind, database: Database, plan: YearPlan): Promise<number> {
  console.log(`${kind}: seeding ${JSON.stringify(plan)} (${loadAverage()})`);
  const started = performance.now();
  await seedYear(database.db, plan, (name, s) =>
    note(kind, `seed: ${name}`, `${s.toFixed(1)} s`, `(${loadAverage()})`),
  );
  const total = performance.now() - started;
  note(kind, 'seed: total', seconds(total), `(${loadAverage()})`);
  return total;
}

/** Starts the bench server on the seeded database; resolves once /api/ready answers 200, with the time from spawn. */
async function startAttached(kind: Kind, attach: string) {
  const spawned = performance.now();
  const server = await start(['academy', kind, String(PORT)], [], { BENCH_ATTACH: attach });
  for (;;) {
    const response = await fetch(`${BASE}/api/ready`).catch(() => null);
    if (response?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { server, readyMs: Math.round(performance.now() - spawned) };
}

/**
 * The academy's own entry point (server/main.ts, as `npm start` runs it without the web build) on the seeded
 * database: the time from its spawn to /api/ready answering 200, then it is stopped.
 */
async function productionStart(kind: Kind, attach: string): Promise<number> {
  const dataDir = kind === 'pglite' ? attach : fs.mkdtempSync(path.join(os.tmpdir(), 'academy-year-start-'));
  const port = PORT + 5;
  const node = [process.execPath, '--import', 'tsx', 'server/main.ts'];
  const [command, ...argv] = canPin ? ['taskset', '-c', '1', ...node] : node;
  const spawned = performance.now();
  const child = spawn(command, argv, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...(kind === 'postgres' ? { DATABASE_URL: databaseUrl(attach) } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server/main.ts exited with ${child.exitCode}`);
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
      if (response?.status === 200) return Math.round(performance.now() - spawned);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    if (kind === 'postgres') fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The measurements of one database, seeded or kept, through a bench server attached to it. */
async function measureYear(kind: Kind, attach: string, sample: YearSample, staffReads: boolean) {
  const { learners } = sample;
  // A first start signs everyone in (the sessions outlive the server), then the server restarts with nothing kept.
  const first = await startAttached(kind, attach);
  note(
    kind,
    'server ready from spawn (bench server, first start)',
    `${first.readyMs} ms`,
    verdictMs(first.readyMs, READY_MS),
  );
  const admin = await signIn(BASE, BENCH_ADMIN);
  const cookies: string[] = [];
  for (const learner of learners) cookies.push(await signIn(BASE, learner));
  await stop(first.server.child);

  const { server, readyMs } = await startAttached(kind, attach);
  watchServer(kind, attach, server.child.pid);
  try {
    note(kind, 'server ready from spawn (bench server, restart)', `${readyMs} ms`, verdictMs(readyMs, READY_MS));
    const before = cpuTicks();
    const firstLoop = await firstLoops(BASE, learners, cookies);
    const cpu = cpuSince(before);
    note(
      kind,
      `first learner loop after the restart, ${learners.length} students at once, nothing kept (${loadAverage()})`,
      `${firstLoop} ms${cpu ? `; processor: ${cpuText(cpu)}` : ''}`,
      verdictMs(firstLoop, FIRST_LOOP_MS),
    );

    const bare = await start(['bare', String(PORT + 1)]);
    watchCpu(null);
    const yardstick = await measure(`GET /bare (Fastify, one route; ${loadAverage()})`, {
      url: `http://127.0.0.1:${PORT + 1}/bare`,
      connections: learners.length,
    });
    watchServer(kind, attach, server.child.pid);
    await stop(bare.child);
    report('bare', yardstick, 'yardstick');

    const loop = await measure(`learner loop (8 calls, ${learners.length} students; ${loadAverage()})`, {
      url: BASE,
      connections: learners.length,
      setupClient: asStudents(learners, cookies, LOOP),
    });
    const floor = LOOP_FLOOR[kind];
    report(
      kind,
      loop,
      `${(loop.rps / yardstick.rps).toFixed(2)} of bare; ${
        loop.rps >= floor && loop.p99 < LOOP_P99_MS
          ? `ok: >= ${floor} req/s, p99 < ${LOOP_P99_MS} ms`
          : `OVER: budget >= ${floor} req/s, p99 < ${LOOP_P99_MS} ms`
      }`,
    );
    if (staffReads) await measureStaffReads(kind, admin, sample);
  } finally {
    watchCpu(null);
    await stop(server.child);
  }
  const production = await productionStart(kind, attach);
  note(
    kind,
    'server ready from spawn (server/main.ts, production)',
    `${production} ms`,
    verdictMs(production, READY_MS),
  );
}

const verdictMs = (ms: number, budget: number) =>
  ms < budget ? `ok: < ${seconds(budget)}` : `OVER: budget ${seconds(budget)}`;

/**
 * Every staff list and screen read of the year, at 10 connections, each with what its first read cost. A load the
 * server sheds (503 under pressure) is reported as such, and the others still run.
 */
async function measureStaffReads(kind: Kind, admin: string, sample: YearSample) {
  const headers = { ...BROWSER_HEADERS, cookie: admin };
  const tolerant = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      note(kind, name, 'FAILED under load', error instanceof Error ? error.message : String(error));
    }
  };
  const load = (name: string, urls: string[], budget: number, large = false) =>
    tolerant(name, async () => {
      const first = await firstRead(urls[0], headers);
      const label = `${name}; first read ${first} ms; ${loadAverage()}`;
      const result = large
        ? await measureLarge(label, { url: urls[0], urls, headers, connections: STAFF_CONNECTIONS })
        : await measure(label, {
            url: BASE,
            connections: STAFF_CONNECTIONS,
            setupClient: spreadOver(
              urls.map((u) => u.slice(BASE.length)),
              headers,
            ),
          });
      report(kind, result, under(budget)(result));
    });
  await tolerant('the question bank', async () => {
    for (const r of await benchQuestions(BASE, admin)) report(kind, r, under(STAFF_P99_MS)(r));
  });
  const { students } = sample.counts;
  const yearUsers: Array<[string, string]> = [
    ['first page', 'page=1&limit=10'],
    ['students, page 1,000', 'type=student&page=1000&limit=10'],
    ['parents, page 500', 'type=parent&page=500&limit=10'],
    ['inactive, page 20', 'status=inactive&page=20&limit=10'],
    ['search a name', `q=${encodeURIComponent('okafor')}`],
    ['search an e-mail', `q=${encodeURIComponent('year-student-4242')}`],
    ['search a phone', `q=${encodeURIComponent('(404) 555')}`],
  ];
  await tolerant('the users table', async () => {
    for (const r of await benchUsers(BASE, admin, yearUsers)) report(kind, r, under(STAFF_P99_MS)(r));
  });
  await tolerant('the student manager', async () => {
    for (const r of await benchStudents(BASE, admin, students)) report(kind, r, under(STAFF_P99_MS)(r));
  });
  await load(
    `GET /api/tests/:id/results (${sample.tests.length} tests of 100 sittings x 20 questions, one per connection)`,
    sample.tests.map((id) => `${BASE}/api/tests/${id}/results`),
    STAFF_P99_MS,
  );
  await load(
    `GET /api/classes/:id/gradebook (${sample.teachers.length} classes of 40, one per connection, Node client)`,
    sample.teachers.map((t) => `${BASE}/api/classes/${t.classId}/gradebook`),
    STAFF_P99_MS,
    true,
  );
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  for (const [label, query] of [
    ['a year, all programs', `?from=${yearAgo}&to=${today}`],
    ['a year, SSAT', `?from=${yearAgo}&to=${today}&program=ssat`],
    ['the last 30 days', ''],
    ['a year as CSV', `.csv?from=${yearAgo}&to=${today}`],
  ])
    await load(`GET /api/admin/analytics (${label})`, [`${BASE}/api/admin/analytics${query}`], ANALYTICS_P99_MS);
}

/** Connection k reads path k (modulo their number): each connection its own test or class. */
function spreadOver(paths: string[], headers: Record<string, string>) {
  let next = 0;
  return (client: Client) => {
    const k = next++;
    client.setRequests([{ method: 'GET', path: paths[k % paths.length], headers }]);
  };
}

async function postgresYear() {
  const name = REUSED ?? `academy_year_${process.pid}`;
  const url = databaseUrl(name);
  try {
    let database: Database;
    if (REUSED) {
      // Opening applies the migrations this code has and the kept database has not: timed on the year's data.
      const opening = performance.now();
      database = await openPostgres(url, 4);
      note('postgres', `kept database ${name} opened, new migrations applied`, seconds(performance.now() - opening));
    } else {
      await onPostgresServer(`drop database if exists ${name} with (force)`);
      await onPostgresServer(`create database ${name}`);
      // The seed's sorts (the days' windows over every attempt, the index builds) in memory rather than on disk, and
      // its commits without waiting for the disk: for the seed's connections only, reset before the server starts.
      await onPostgresServer(
        `alter database ${name} set work_mem = '256MB'; alter database ${name} set maintenance_work_mem = '512MB'; alter database ${name} set synchronous_commit = off`,
      );
      database = await openPostgres(url, 4);
      try {
        await seed('postgres', database, yearPlan({ people: SCALE, catalogue: SCALE }));
      } finally {
        await onPostgresServer(`alter database ${name} reset all`);
      }
    }
    // What the academy's first start builds while it serves (a kept year of an earlier release lacks them), timed
    // here so that the measurements below read a database as it stands once built.
    const building = performance.now();
    await database.buildIndexes({ info: () => {}, warn: (message) => note('postgres', message, '') });
    note('postgres', 'indexes built concurrently (background-indexes.ts)', seconds(performance.now() - building));
    const sample = await yearSample(database.db);
    await database.close();
    console.log(`postgres: rows: ${JSON.stringify(sample.counts)}`);
    await measureYear('postgres', name, sample, true);
  } finally {
    // A database that failed half-way too is dropped unless kept on purpose.
    if (!REUSED && !KEEP) await onPostgresServer(`drop database if exists ${name} with (force)`);
    else console.log(`postgres: the year is kept in database ${name} (BENCH_YEAR_DB=${name} measures it again)`);
  }
}

/**
 * The embedded database's year: the whole catalogue, a tenth of the people and their history (1,000,000 attempts at
 * scale 1), seeded in this process into a data directory the server then opens.
 */
async function pgliteYear() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-year-'));
  try {
    const database = await openPglite(dataDir);
    let sample: YearSample;
    try {
      await seed('pglite', database, yearPlan({ people: SCALE / 10, catalogue: SCALE }));
      sample = await yearSample(database.db);
    } finally {
      await database.close();
    }
    console.log(`pglite: rows: ${JSON.stringify(sample.counts)}`);
    await measureYear('pglite', dataDir, sample, process.env.BENCH_YEAR_PGLITE_READS === '1');
  } finally {
    if (KEEP) console.log(`pglite: the year is kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  pinLoadGenerator();
  console.log(
    `npm run bench:year: scale ${SCALE}, ${DURATION_S} s per load, ${canPin ? 'server on core 1, load on core 0' : 'server and load not pinned'} (${loadAverage()})`,
  );
  const wanted = (process.env.BENCH_YEAR_DATABASES ?? 'postgres,pglite').split(',');
  if (wanted.includes('postgres')) {
    if (await postgresReachable()) await postgresYear();
    else console.log('postgres: nothing answers on 127.0.0.1:5432; skipped');
  }
  if (wanted.includes('pglite') && !REUSED) await pgliteYear();
  console.log('\n| database | load | figures | verdict |\n|---|---|---|---|');
  for (const row of table) console.log(`| ${row.target} | ${row.load} | ${row.figures} | ${row.verdict} |`);
  console.log(`\nJSON: ${JSON.stringify({ scale: SCALE, table })}`);
}

await main();
