/**
 * One benchmark target in its own process, so the load generator can be pinned to another core:
 *   bare PORT                      a bare Fastify route, the yardstick
 *   academy pglite|postgres PORT   the academy on a fresh database, seeded by the SEEDERS named in BENCH_SEED
 * Prints one JSON line {ready: true, ids} when listening.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { SEEDERS } from './scenarios';

const [mode, kind, portArg] = process.argv.slice(2);

const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// One database per bench server: with one shared name, a bench started meanwhile on the same PostgreSQL (another
// checkout, a soak beside a bench) dropped the running one's database under it.
const benchDatabase = `academy_bench_${process.pid}`;

async function onPostgresServer(statement: string) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function freshPostgres(): Promise<Database> {
  await onPostgresServer(`drop database if exists ${benchDatabase} with (force)`);
  await onPostgresServer(`create database ${benchDatabase}`);
  const target = new URL(postgresUrl);
  target.pathname = `/${benchDatabase}`;
  return openPostgres(target.toString(), 20);
}

async function main() {
  if (mode === 'bare') {
    const app = Fastify();
    app.get('/bare', async () => ({ hello: 'world' }));
    await app.listen({ port: Number(kind), host: '127.0.0.1' });
    process.stdout.write(`${JSON.stringify({ ready: true, ids: {} })}\n`);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-bench-'));
  const database = kind === 'postgres' ? await freshPostgres() : await openPglite(dataDir);
  const ids: Record<string, unknown> = {};
  for (const name of (process.env.BENCH_SEED ?? '').split(',').filter(Boolean)) {
    Object.assign(ids, await SEEDERS[name](database.db));
  }
  // Leaves autovacuum nothing to do after the bulk seed: its upkeep would otherwise share the cores with the loads.
  await database.db.execute(sql`vacuum analyze`);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: portArg });
  const app = await buildApp({ config, database, distDir: null, rateLimitFactor: 1_000_000 });
  await app.listen({ port: Number(portArg), host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ ready: true, ids })}\n`);
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    // Each run seeds afresh; hundreds of megabytes of old ones would otherwise pile up.
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await onPostgresServer(`drop database if exists ${benchDatabase} with (force)`);
    process.exit(0);
  });
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
