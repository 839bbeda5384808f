/**
 * npm run bench: every budget of DESIGN section 10 in one run. Each server runs in its own process pinned to
 * one core, the load generator is pinned to the other, and throughput is reported beside a bare Fastify route
 * measured in the same run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import readline from 'node:readline';
import { benchCourses } from './courses';
import { benchLighthouse } from './lighthouse';
import { benchCheckAnswer, benchCourseView, type LearningIds } from './learning';
import { BROWSER_HEADERS, measure, DURATION_S, type BenchResult } from './measure';
import { benchLearnerLoop } from './learners';
import { benchQuestions } from './questions';
import { BENCH_ADMIN } from './scenarios';

const canPin = os.cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0;
if (canPin) spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]);

interface Row extends BenchResult {
  target: string;
  verdict?: string;
}
const rows: Row[] = [];

function report(target: string, result: BenchResult, verdict?: string) {
  rows.push({ target, ...result, verdict });
  const figures = `${String(result.rps).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  (${result.connections} conn)`;
  console.log(`${target.padEnd(9)} ${result.name.padEnd(72)} ${figures}${verdict ? `  ${verdict}` : ''}`);
}

async function start(args: string[], seed: string[] = []): Promise<{ child: ChildProcess; ids: Record<string, unknown> }> {
  const node = [process.execPath, '--import', 'tsx', 'bench/server.ts', ...args];
  const [command, ...argv] = canPin ? ['taskset', '-c', '1', ...node] : node;
  const child = spawn(command, argv, { env: { ...process.env, BENCH_SEED: seed.join(',') }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const ids = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve(JSON.parse(line).ids);
    });
  });
  return { child, ids };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  const cookie = response.headers.get('set-cookie');
  if (!response.ok || !cookie) throw new Error(`bench sign-in of ${account.email} failed: ${response.status}`);
  return cookie.split(';')[0];
}

function postgresReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.on('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const under = (ms: number) => (r: BenchResult) => (r.p99 < ms ? `ok: p99 < ${ms} ms` : `OVER: p99 budget ${ms} ms`);

async function main() {
  console.log(`npm run bench: ${DURATION_S} s per load, ${canPin ? 'server on core 1, load on core 0' : 'server and load not pinned'}, requests as a browser sends them (accept-encoding: gzip)\n`);
  const bare = await start(['bare', '4601']);
  const yardstick = await measure('GET /bare (Fastify, one route)', { url: 'http://127.0.0.1:4601/bare', connections: 50 });
  report('bare', yardstick);
  await stop(bare.child);
  const ratio = (r: BenchResult) => {
    const share = r.rps / yardstick.rps;
    return `${share.toFixed(2)} of bare (${share >= 0.25 ? 'ok' : 'UNDER'}: budget 0.25 on PostgreSQL)`;
  };

  const kinds: Array<'pglite' | 'postgres'> = ['pglite'];
  if (await postgresReachable()) kinds.push('postgres');
  // `npm run bench:learners`: the learner loop alone.
  const learnersOnly = process.argv.includes('learners');
  for (const kind of learnersOnly ? [] : kinds) {
    console.log(`\n${kind}: seeding 200 courses x 10 x 10, a 10x10 learning course and 100,000 questions...`);
    const server = await start(['academy', kind, '4602'], ['admin', 'courses', 'learning', 'questions']);
    const base = 'http://127.0.0.1:4602';
    const learning = server.ids.learning as LearningIds;
    const [admin, student] = [await signIn(base, BENCH_ADMIN), await signIn(base, { email: learning.studentEmail, password: learning.studentPassword })];

    const me = await measure('GET /api/auth/me (signed in)', { url: `${base}/api/auth/me`, headers: { ...BROWSER_HEADERS, cookie: student }, connections: 50 });
    report(kind, me, ratio(me));
    const courseView = await benchCourseView(base, student, learning);
    report(kind, courseView, ratio(courseView));
    for (const r of await benchCourses(base, admin, { courseId: server.ids.courseId as string, unitId: server.ids.unitId as string })) report(kind, r, under(20)(r));
    for (const r of await benchQuestions(base, admin)) report(kind, r, under(50)(r));
    // The one write load goes last: the database's upkeep after it (autovacuum) would share the cores with the
    // loads measured after it.
    const check = await benchCheckAnswer(base, student, learning);
    report(kind, check, kind === 'postgres' ? under(20)(check) : 'for information: the budget is on PostgreSQL');
    await stop(server.child);
  }
  for (const kind of kinds) await benchLearnerLoop(kind, { start, stop, signIn, report });
  console.log('\nThe first visit (Lighthouse):');
  const lighthouse = await benchLighthouse();
  console.log(`\nJSON: ${JSON.stringify({ yardstick: yardstick.rps, rows, lighthouse })}`);
}

await main();
