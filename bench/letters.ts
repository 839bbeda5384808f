/**
 * The weekly letters at scale (budget: 5,000 parents' letters built and queued within five minutes): seeds 5,000
 * parents with a child each and a week of activity, then times the tick that claims and queues them and the jobs
 * that build and hand them to the mail server, with the processor time a letter costs the server (and, on
 * PostgreSQL, the database's processes). Nothing else runs: `npm run bench:letters-loop` measures letters beside
 * the learners.
 *   npm run bench:letters                            (both databases; PostgreSQL when reachable)
 *   BENCH_DATABASES=pglite npm run bench:letters     (one database: pglite or postgres)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import type { Mail } from '../server/lib/mail';
import { onPostgresServer, POSTGRES_URL, postgresReachable } from './processes';

const PARENTS = Number(process.env.PARENTS ?? 5000);
const SUNDAY_EVENING = new Date('2026-11-29T18:30:00Z');
/** The kernel's clock ticks a second, as /proc counts processor time (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

async function seed(database: Database) {
  const db = database.db;
  await db.execute(sql`insert into users (email, password_hash, type)
    select 'bench-parent-' || lg || '@example.com', 'x', 'parent' from generate_series(1, ${PARENTS}::int) lg`);
  await db.execute(sql`insert into users (email, password_hash, type)
    select 'bench-child-' || lg || '@example.com', 'x', 'student' from generate_series(1, ${PARENTS}::int) lg`);
  await db.execute(sql`insert into parent_students (parent_id, student_id)
    select lp.id, lc.id from users lp join users lc on lc.email = replace(lp.email, 'bench-parent-', 'bench-child-')
    where lp.email like 'bench-parent-%'`);
  await db.execute(sql`insert into student_days (student_id, day, checks, solved, first_tries, first_tries_right, active_minutes)
    select lc.id, ld::date, 6, 4, 4, 3, 15 from users lc, generate_series('2026-11-22'::date, '2026-11-28'::date, '1 day') ld
    where lc.email like 'bench-child-%'`);
}

/**
 * The processor seconds the database's processes on this machine have used so far, from /proc (Linux) in the
 * kernel's ticks: `ps` rounds each process down to whole seconds, and a letter's statements spread over the pool's
 * twenty connections.
 */
function postgresCpuSeconds(): number {
  const ids = execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n');
  let ticks = 0;
  for (const id of ids) {
    try {
      // After the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15.
      const fields = fs.readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

async function bench(kind: 'pglite' | 'postgres') {
  let database: Database;
  const name = `academy_letters_bench_${process.pid}`;
  if (kind === 'postgres') {
    await onPostgresServer(`create database ${name}`);
    const target = new URL(POSTGRES_URL);
    target.pathname = `/${name}`;
    database = await openPostgres(target.toString(), 20);
  } else database = await openPglite(null);
  try {
    await seed(database);
    let sent = 0;
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: `/tmp/academy-letters-bench-${process.pid}`,
        LOG_LEVEL: 'silent',
      }),
      database,
      mailer: { send: async (_mail: Mail) => void sent++ },
      distDir: null,
      jobs: true,
      now: () => SUNDAY_EVENING,
    });
    await app.ready();
    const postgresBefore = kind === 'postgres' ? postgresCpuSeconds() : 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const queued = await app.letterJobs!.queueDue();
    const queuedMs = performance.now() - started;
    while (sent < queued) await new Promise((resolve) => setTimeout(resolve, 200));
    const allMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const serverMs = (cpu.user + cpu.system) / 1000 / queued;
    const postgresMs = kind === 'postgres' ? ((postgresCpuSeconds() - postgresBefore) * 1000) / queued : null;
    process.stdout.write(
      `${kind.padEnd(9)} ${queued} letters claimed and queued in ${(queuedMs / 1000).toFixed(1)} s; built and handed to the mail server in ${(allMs / 1000).toFixed(1)} s (${allMs < 300_000 ? 'ok: within 5 minutes' : 'OVER: budget 5 minutes'}); processor time a letter: server ${serverMs.toFixed(1)} ms${postgresMs === null ? '' : `, PostgreSQL ${postgresMs.toFixed(1)} ms`}\n`,
    );
    await app.close();
  } finally {
    await database.close();
    if (kind === 'postgres') await onPostgresServer(`drop database if exists ${name} with (force)`);
  }
}

const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
if (wanted.includes('pglite')) await bench('pglite');
if (wanted.includes('postgres') && (await postgresReachable())) await bench('postgres');
