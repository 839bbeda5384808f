import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { isDatabaseUnreachable } from '../lib/database-errors';
import { buildIndexesConcurrently, createIndexesInPlace, type IndexLog } from './background-indexes';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database handle inside `db.transaction(...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Calls `handler` with the payload of every NOTIFY on `channel`, from any instance. */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  /**
   * Runs `work` while no other instance runs exclusive work on this database (start-up: migrations, the first
   * admin, the demo), so instances started together do not each apply a migration or create the admin.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Flushes to disk (PGlite) and closes; safe to call twice. */
  close(): Promise<void>;
  /** PGlite only: the whole database as it stands between two statements, for a backup. PostgreSQL has pg_dump. */
  snapshot?(): Promise<DatabaseSnapshot>;
  /** PostgreSQL only: the pool's connections as they are now, for the metrics. PGlite is one connection in process. */
  poolStats?(): PoolStats;
  /**
   * Runs SQL as the job queue (pg-boss) writes it: with values, one statement; without, possibly several in one
   * string (its migrations), which PGlite accepts only outside a prepared statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Builds the indexes of background-indexes.ts that the database lacks, without holding its writes. Resolves once
   * they stand, another instance builds them, the build failed (logged: the next start tries again) or the database
   * was closed (which stops the build).
   */
  buildIndexes(log: IndexLog): Promise<void>;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above zero for long, the pool is too small or the database too slow. */
  waiting: number;
  max: number;
}

export interface DatabaseSnapshot {
  /** PGlite's data directory as a gzipped tar (`dumpDataDir`), which `restorePglite` loads again. */
  dump: Blob;
  /** The uploads the rows of that same state name. */
  filenames: string[];
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** When the newest migration this code ships was written (drizzle records it as the migration's `created_at`). */
export const NEWEST_MIGRATION: number = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  }
).entries.reduce((newest, entry) => Math.max(newest, entry.when), 0);

/** Whether the database has every migration of this code (a newer instance may have applied more). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select max(m.created_at) as newest from drizzle.__drizzle_migrations m`,
  )) as unknown as { rows: Array<{ newest: string | number | null }> };
  return Number(result.rows[0]?.newest ?? 0) >= NEWEST_MIGRATION;
}

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own, and two processes writing one data directory corrupt it:
 * a lock file holding our pid keeps a second server out. A lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `Another server (pid ${holder}) is using the data directory ${dir}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

/** The pid of the live process that holds the data directory's lock, if another one does. */
export function dataDirHolder(dir: string): number | null {
  let holder: number;
  try {
    holder = Number(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'));
  } catch {
    return null;
  }
  return holder && holder !== process.pid && isAlive(holder) ? holder : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * drizzle hands PGlite its own type parsers with every statement (dates, intervals and numeric arrays kept as
 * text), and PGlite copies its whole parser table to merge them in, statement by statement: that cost more than a
 * short query itself (0.26 against 0.09 ms for `select 1`, 0.90 against 0.33 ms for ten questions). PGlite gets
 * those parsers once, when it is created, and drizzle's client drops them from each statement.
 */
const keepText = (value: string) => value;
// drizzle also keeps arrays of these as text; PGlite makes its own array parsers from these when it starts, which
// no statement of the academy meets (its only array columns hold text).
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((oid) => [oid, keepText]),
);

type Queryable = Pick<PGlite, 'query'>;
function withoutStatementParsers<C extends Queryable>(client: C): C {
  const query: Queryable['query'] = (text, params, options) =>
    client.query(text, params, options && { ...options, parsers: undefined });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') {
        return <T>(work: (tx: Transaction) => Promise<T>) =>
          (target as unknown as PGlite).transaction((tx) => work(withoutStatementParsers(tx)));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Opens PGlite in `dataDir/pg` (or in memory when dataDir is null) and applies the migrations, unless told not to
 * (a backup copies the database as it is).
 */
export async function openPglite(
  dataDir: string | null,
  /** `from`: a `snapshot` dump to start from instead of an empty database (tests start from a migrated one). */
  options: { migrate?: boolean; from?: Blob } = {},
): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, 'pg') : undefined, {
      extensions: { pg_trgm },
      parsers: DRIZZLE_PARSERS,
      loadDataDir: options.from,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client: withoutStatementParsers(client), schema }) as unknown as Db;
  if (options.migrate ?? true) {
    await migratePglite(db as never, { migrationsFolder });
    await createIndexesInPlace((text) => client.query(text));
  }
  let closed = false;
  return {
    db,
    kind: 'pglite',
    // The data directory's lock already keeps every other process out.
    exclusive: (work) => work(),
    // Built at open.
    buildIndexes: async () => {},
    async executeSql(text, values) {
      if (!values || values.length === 0) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
      return { rows: (await client.query(text, values)).rows };
    },
    async listen(channel, handler) {
      await client.listen(channel, handler);
    },
    async snapshot() {
      // Less write-ahead log to replay when the copy is opened.
      await client.exec('CHECKPOINT');
      // A transaction holds PGlite's statement queue: no other statement runs between reading the names and the
      // dump, so the copy names exactly these files.
      return client.transaction(async (tx) => {
        const names = await tx.query<{ filename: string }>('select a.filename from attachments a order by a.filename');
        const dump = await client.dumpDataDir('gzip');
        return { dump, filenames: names.rows.map((row) => row.filename) };
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.exec('CHECKPOINT');
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Writes a `snapshot`'s dump into `dataDir/pg`, which must not hold a database yet, and checks that it opens and
 * holds the academy. The caller holds the data directory's lock.
 */
export async function restorePglite(dataDir: string, dump: Blob): Promise<void> {
  const client = await PGlite.create(path.join(dataDir, 'pg'), { extensions: { pg_trgm }, loadDataDir: dump });
  try {
    await client.query('select 1 from drizzle.__drizzle_migrations limit 1');
    await client.exec('CHECKPOINT');
  } finally {
    await client.close();
  }
}

/** The advisory lock key of start-up work ("acad" in ASCII). */
const STARTUP_LOCK = 0x61636164;

/**
 * How long a statement waits for a connection, a new one or one of the pool's: a database that is down refuses at
 * once, but one whose machine or network stopped answering would otherwise keep every request waiting on the TCP
 * handshake; with this it answers 503 (plugins/errors.ts) in about a second. A pool so busy that no connection
 * comes free within it turns requests away the same way, rather than queueing them without end.
 */
export const CONNECT_TIMEOUT_MS = 1000;

/**
 * How long a connection may be held before a fresh one asks whether the database is still there, and how long that
 * one has to answer (see endConnectionsOnSilence).
 */
const HELD_LONG_MS = 1000;
const ASK_WITHIN_MS = 3 * CONNECT_TIMEOUT_MS;

/**
 * How long a connection stays silent before TCP asks whether its peer is still there, so an idle one whose database
 * vanished without a word is dropped within minutes instead of kept until a statement meets it.
 */
const KEEPALIVE_AFTER_MS = 10_000;

/**
 * A network that drops a connection's packets without a word (a cut link, a database machine gone dark) leaves the
 * statements on it waiting for minutes, and the pool hands out its other connections to wait the same way. So once
 * a connection has been held past HELD_LONG_MS, a fresh connection asks the database whether it is there, and
 * when it cannot reach it within ASK_WITHIN_MS (thrice what the pool allows, so a database merely busy is not
 * taken for gone; one with no connection to spare answers so) every connection of the pool is ended: the statements
 * on them fail (503) a few seconds into the silence instead of minutes, and the pool opens new ones. A statement
 * that is simply long, such as an export, costs a connection and a `select 1` every half second while it runs.
 */
function endConnectionsOnSilence(pool: pg.Pool, connection: pg.ClientConfig): () => void {
  const clients = new Set<pg.PoolClient>();
  const heldSince = new Map<pg.PoolClient, number>();
  pool.on('connect', (client) => clients.add(client));
  pool.on('remove', (client) => {
    clients.delete(client);
    heldSince.delete(client);
  });
  pool.on('acquire', (client) => heldSince.set(client, Date.now()));
  pool.on('release', (_error, client) => heldSince.delete(client));
  let asking = false;
  const check = async () => {
    const now = Date.now();
    if (asking || ![...heldSince.values()].some((since) => now - since >= HELD_LONG_MS)) return;
    asking = true;
    try {
      if (await databaseAnswers(connection)) return;
      for (const client of clients) void client.end().catch(() => {});
    } finally {
      asking = false;
    }
  };
  const timer = setInterval(() => void check(), HELD_LONG_MS / 2);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Whether a fresh connection reaches the database and hears from it within ASK_WITHIN_MS. A process that stalled
 * meanwhile on work of its own (a second or more) may have left the answer unread until too late: then the question
 * says nothing, and the database is taken to answer.
 */
async function databaseAnswers(connection: pg.ClientConfig): Promise<boolean> {
  const probe = new pg.Client({ ...connection, connectionTimeoutMillis: ASK_WITHIN_MS });
  probe.on('error', () => {});
  // A connection made in time may still go silent before its answer.
  const bound = setTimeout(() => void probe.end().catch(() => {}), ASK_WITHIN_MS);
  const stalls = monitorEventLoopDelay({ resolution: 20 });
  stalls.enable();
  try {
    await probe.connect();
    await probe.query('select 1');
    return true;
  } catch (error) {
    return !isDatabaseUnreachable(error) || stalls.max > CONNECT_TIMEOUT_MS * 1e6;
  } finally {
    stalls.disable();
    clearTimeout(bound);
    void probe.end().catch(() => {});
  }
}

/**
 * Connects to PostgreSQL with a pool and applies the migrations. The pool opens connections again by itself once
 * the database is back. Statements have no time limit: exports and analytics rightly run for many seconds; one whose
 * connection breaks ends with it, and one whose network went silent is ended by endConnectionsOnSilence.
 */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS,
  };
  const pool = new pg.Pool({ ...connection, max: poolSize });
  // An idle connection closed by the server (a restart, an administrator) must not bring the process down:
  // the pool drops it and opens a new one when it is next needed.
  pool.on('error', () => {});
  // One that breaks while a request holds it (between two statements of a transaction) reports on itself, where
  // nobody else listens: that too must not end the process. node-postgres marks it unusable, so the pool drops it
  // when it is given back instead of handing it to the next request.
  pool.on('connect', (client) => client.on('error', () => {}));
  const stopWatching = endConnectionsOnSilence(pool, connection);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    // A session lock, held on a connection of its own for as long as the work runs (the work uses the pool).
    const holder = await pool.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      try {
        return await work();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
      }
    } finally {
      holder.release();
    }
  };
  await exclusive(() => migratePg(db as never, { migrationsFolder }));
  let closed = false;
  /** The backend building an index, cancelled by close(): the build would otherwise go on after the process. */
  let indexBuilderPid: number | null = null;
  // LISTEN holds a connection of its own for good. When it is lost, every handler hears '*' (anything may have
  // changed while nobody listened) and the channels are listened to again on a new connection; then once more, as
  // what was read between the loss and then (the pool may be back first) may have missed a notice.
  const handlers = new Map<string, Array<(payload: string) => void>>();
  let listener: pg.Client | null = null;
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client(connection);
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => {
      if (closed || listener !== client) return;
      listener = null;
      hearAnything();
      setTimeout(() => void relisten(), 1000);
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      void client.end().catch(() => {});
      throw error;
    }
    return client;
  };
  const hearAnything = () => {
    for (const list of handlers.values()) for (const handler of list) handler('*');
  };
  const relisten = async () => {
    if (closed || listener) return;
    try {
      listener = await connectListener();
      hearAnything();
    } catch {
      setTimeout(() => void relisten(), 1000);
    }
  };
  return {
    db,
    kind: 'postgres',
    exclusive,
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async buildIndexes(log) {
      if (closed) return;
      // A connection of its own: the build holds it for minutes, and the pool is for requests.
      const builder = new pg.Client(connection);
      builder.on('error', () => {});
      try {
        await builder.connect();
        indexBuilderPid = ((await builder.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
        const run = (text: string, values?: unknown[]) => builder.query(text, values);
        if ((await buildIndexesConcurrently(run, log)) === 'busy') log.info('another instance builds the indexes');
      } catch (error) {
        if (!closed) log.warn(`indexes not built (${(error as Error).message}): the next start tries again`);
      } finally {
        indexBuilderPid = null;
        await builder.end().catch(() => {});
      }
    },
    async listen(channel, handler) {
      const isNew = !handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      if (!listener) listener = await connectListener();
      else if (isNew) await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    async close() {
      if (closed) return;
      closed = true;
      // Left INVALID, it is dropped and built again at the next start.
      if (indexBuilderPid !== null) await pool.query('select pg_cancel_backend($1)', [indexBuilderPid]).catch(() => {});
      stopWatching();
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
