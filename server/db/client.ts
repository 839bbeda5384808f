import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /** Flushes to disk (PGlite) and closes; safe to call twice. */
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own, and two processes writing one data directory corrupt it:
 * a lock file holding our pid keeps a second server out. A lock left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Opens PGlite in `dataDir/pg` (or in memory when dataDir is null) and applies the migrations. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, 'pg') : undefined, { extensions: { pg_trgm } });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async listen(channel, handler) {
      await client.listen(channel, handler);
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

/** Connects to PostgreSQL with a pool and applies the migrations. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (a restart, an administrator) must not bring the process down:
  // the pool drops it and opens a new one when it is next needed.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
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
