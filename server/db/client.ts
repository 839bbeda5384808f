import fs from 'node:fs';
import path from 'node:path';
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
  if (options.migrate ?? true) await migratePglite(db as never, { migrationsFolder });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    // The data directory's lock already keeps every other process out.
    exclusive: (work) => work(),
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

/** Connects to PostgreSQL with a pool and applies the migrations. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (a restart, an administrator) must not bring the process down:
  // the pool drops it and opens a new one when it is next needed.
  pool.on('error', () => {});
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
  // LISTEN holds a connection of its own for good. When it is lost, every handler hears '*' (anything may have
  // changed while nobody listened) and the channels are listened to again on a new connection.
  const handlers = new Map<string, Array<(payload: string) => void>>();
  let listener: pg.Client | null = null;
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => {
      if (closed || listener !== client) return;
      listener = null;
      for (const list of handlers.values()) for (const handler of list) handler('*');
      setTimeout(() => void relisten(), 1000);
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return client;
  };
  const relisten = async () => {
    if (closed || listener) return;
    try {
      listener = await connectListener();
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
    async listen(channel, handler) {
      const isNew = !handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      if (!listener) listener = await connectListener();
      else if (isNew) await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
