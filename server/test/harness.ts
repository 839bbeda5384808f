import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import type { Mail, Mailer } from '../lib/mail';
import type { FileDriver } from '../lib/storage';
import { TEMPLATE_VARIABLE } from './pglite-template';

/** Catches mail in memory, so tests read the codes the server sent. */
export class MemoryOutbox implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  /** The last six-digit code mailed to an address. */
  lastCode(to: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to === to && /\b\d{6}\b/.test(m.text));
    if (!mail) throw new Error(`No code was mailed to ${to}`);
    return /\b(\d{6})\b/.exec(mail.text)![1];
  }
  to(address: string): Mail[] {
    return this.sent.filter((m) => m.to === address);
  }
}

/** A clock the test moves forward, to reach expiries and cooldowns without waiting. */
export class TestClock {
  private offsetMs = 0;
  private stoppedAt: number | null = null;
  now = () => new Date((this.stoppedAt ?? Date.now()) + this.offsetMs);
  advance(seconds: number) {
    this.offsetMs += seconds * 1000;
  }
  /** Holds the time still, so that what follows happens within one millisecond. */
  stop() {
    this.stoppedAt = Date.now();
  }
  start() {
    this.stoppedAt = null;
  }
  /** Holds the time still at a given instant, for a test that compares the stored times. */
  set(at: Date) {
    this.stoppedAt = at.getTime();
    this.offsetMs = 0;
  }
}

/** Where race tests find PostgreSQL when TEST_DATABASE_URL names none. */
export const RACE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Which database a test file gets: `default` is PGlite in memory, or PostgreSQL where TEST_DATABASE_URL names a
 * server; `embedded` is always PGlite (for what only the embedded database does); `postgres` is always PostgreSQL
 * (TEST_DATABASE_URL or 127.0.0.1:5432), for tests of concurrent requests: PGlite runs one statement at a time, so
 * a race between requests can never happen there, and such a test would pass whatever the locking does.
 */
export type TestDatabase = 'default' | 'embedded' | 'postgres';

let migratedDump: Promise<Blob> | undefined;

/**
 * A new PGlite database in memory with every migration applied, loaded from the dump the test run's set-up made
 * (a run of one file outside that set-up migrates its own).
 */
export async function freshPglite(): Promise<Database> {
  const file = process.env[TEMPLATE_VARIABLE];
  if (!file) return openPglite(null);
  migratedDump ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return openPglite(null, { from: await migratedDump });
}

/** A fresh database for one test file; on PostgreSQL, a new database created for the file and dropped afterwards. */
async function freshDatabase(kind: TestDatabase): Promise<Database> {
  const url =
    kind === 'postgres' ? (process.env.TEST_DATABASE_URL ?? RACE_DATABASE_URL) : process.env.TEST_DATABASE_URL;
  if (!url || kind === 'embedded') return freshPglite();
  const name = `academy_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `These tests need PostgreSQL, and none answers at ${url} (set TEST_DATABASE_URL): ${String(error)}`,
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Races need requests that really run at once: a connection each for a burst of them.
  const database = await openPostgres(target.toString(), kind === 'postgres' ? 20 : 4);
  return {
    ...database,
    listen: database.listen,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  outbox: MemoryOutbox;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    rateLimitFactor?: number;
    files?: FileDriver;
    pressure?: AppDeps['pressure'];
    database?: TestDatabase;
    logger?: AppDeps['logger'];
    /** More environment variables for the configuration (e.g. a sign-in provider's). */
    env?: Record<string, string>;
    /** Runs the job queue, for the tests of the parents' letters. */
    jobs?: AppDeps['jobs'];
    /** Where mail goes; the memory outbox (`outbox`) unless a test delivers through a real transport. */
    mailer?: Mailer;
    /** How long the skill keeper lets queued answers wait; long, for a test that a reader counts them itself. */
    skillCountingDelayMs?: number;
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase(options.database ?? 'default');
  const outbox = new MemoryOutbox();
  const clock = new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/academy-test-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer ?? outbox,
    now: clock.now,
    rateLimitFactor: options.rateLimitFactor ?? 100,
    distDir: null,
    files: options.files,
    // A test machine running many files at once lags in bursts; overload is tested on its own.
    pressure: options.pressure ?? { maxEventLoopDelay: 0 },
    logger: options.logger,
    jobs: options.jobs,
    skillCountingDelayMs: options.skillCountingDelayMs,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    outbox,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The session cookie from a response, ready to send back as a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'academy_session');
  if (!cookie) throw new Error(`No session cookie in the response (status ${response.statusCode}: ${response.body})`);
  return `academy_session=${cookie.value}`;
}

/** Injects a request as a signed-in caller (cookie) or anonymously (null). */
export function call(app: FastifyInstance, cookie: string | null, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } });
}
