/**
 * One benchmark target in its own process, so the load generator can be pinned to another core:
 *   bare PORT                      a bare Fastify route, the yardstick
 *   academy pglite|postgres PORT   the academy on a fresh database, seeded by the SEEDERS named in BENCH_SEED
 * Prints one JSON line {ready: true, ids} when listening. With BENCH_JOBS=1 the server runs the letters' job queue,
 * and SIGUSR2 makes the seeded families' letters fall due (bench/letters-loop.ts). With BENCH_ATTACH (a PostgreSQL
 * database's name, or a PGlite data directory) the academy opens that database as it is, seeded beforehand
 * (bench/year.ts), and leaves it in place when it stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { rows } from '../server/db/prepared';
import { startLettersProcess, type LettersProcess } from '../server/letters-process';
import { onPostgresServer, POSTGRES_URL } from './processes';

const [mode, kind, portArg] = process.argv.slice(2);

// One database per bench server: with one shared name, a bench started meanwhile on the same PostgreSQL (another
// checkout, a soak beside a bench) dropped the running one's database under it.
const attached = process.env.BENCH_ATTACH || null;
const benchDatabase = (kind === 'postgres' && attached) || `academy_bench_${process.pid}`;

const benchDatabaseUrl = (() => {
  const target = new URL(POSTGRES_URL);
  target.pathname = `/${benchDatabase}`;
  return target.toString();
})();

async function freshPostgres(): Promise<Database> {
  await onPostgresServer(`drop database if exists ${benchDatabase} with (force)`);
  await onPostgresServer(`create database ${benchDatabase}`);
  return openPostgres(benchDatabaseUrl, 20);
}

async function main() {
  if (mode === 'bare') {
    const app = Fastify();
    app.get('/bare', async () => ({ hello: 'world' }));
    await app.listen({ port: Number(kind), host: '127.0.0.1' });
    process.stdout.write(`${JSON.stringify({ ready: true, ids: {} })}\n`);
    return;
  }
  const dataDir = kind === 'pglite' && attached ? attached : fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-'));
  const database =
    kind === 'postgres'
      ? attached
        ? await openPostgres(benchDatabaseUrl, 20)
        : await freshPostgres()
      : await openPglite(dataDir);
  const ids: Record<string, unknown> = {};
  const seeders = (process.env.BENCH_SEED ?? '').split(',').filter(Boolean);
  // Loaded only to seed: they bring the load generator and the browser, a second of a start that is measured.
  if (seeders.length) {
    const { SEEDERS } = await import('./scenarios');
    for (const name of seeders) Object.assign(ids, await SEEDERS[name](database.db));
  }
  // Leaves autovacuum nothing to do after the bulk seed: its upkeep would otherwise share the cores with the loads.
  // An attached database was vacuumed by its seed, and its start is measured.
  if (!attached) await database.db.execute(sql`vacuum analyze`);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: portArg });
  // BENCH_JOBS=1: the letters' job queue runs as it does in production: on PostgreSQL in the letters' process (its
  // mail written to the outbox, as without SMTP_URL), on PGlite in the server (its mail counted, not sent).
  const jobs = process.env.BENCH_JOBS === '1';
  const lettersApart = jobs && kind === 'postgres';
  let mailed = 0;
  const app = await buildApp({
    config,
    database,
    distDir: null,
    rateLimitFactor: 1_000_000,
    jobs: lettersApart ? { work: false } : jobs,
    ...(jobs && !lettersApart ? { mailer: { send: async () => void mailed++ } } : {}),
  });
  await app.listen({ port: Number(portArg), host: '127.0.0.1' });
  // As the academy's start does (a seeded year has them already).
  void database.buildIndexes(app.log);
  let letters: LettersProcess | undefined;
  if (lettersApart) {
    Object.assign(process.env, {
      DATABASE_URL: benchDatabaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    });
    letters = startLettersProcess(app.log);
  }
  const lettersHandedOver = async () =>
    lettersApart
      ? (
          await rows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from letters bl where bl.status = 'sent'`,
          )
        )[0].n
      : mailed;
  process.stdout.write(`${JSON.stringify({ ready: true, ids })}\n`);
  // SIGUSR2: the families' letters fall due (seeder `letterFamilies`), are claimed and queued at once, and built and
  // handed over by the jobs; prints {letters: {queued, queuedMs, allMs}} when every one is handed over.
  process.on('SIGUSR2', async () => {
    const started = performance.now();
    const before = await lettersHandedOver();
    await database.db.execute(sql`update letter_settings bls set frequency = 'weekly' where bls.frequency = 'off'`);
    const queued = await app.letterJobs!.queueDue();
    const queuedMs = Math.round(performance.now() - started);
    const expected = Number((ids.letterFamilies as { parents: number }).parents);
    while ((await lettersHandedOver()) - before < expected) await new Promise((resolve) => setTimeout(resolve, 100));
    const allMs = Math.round(performance.now() - started);
    process.stdout.write(`${JSON.stringify({ letters: { queued, queuedMs, allMs } })}\n`);
  });
  process.on('SIGTERM', async () => {
    await letters?.stop();
    await app.close();
    await database.close();
    // Each run seeds afresh; hundreds of megabytes of old ones would otherwise pile up. An attached database is
    // its owner's to keep or drop.
    if (!(attached && kind === 'pglite')) fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && !attached)
      await onPostgresServer(`drop database if exists ${benchDatabase} with (force)`);
    process.exit(0);
  });
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
