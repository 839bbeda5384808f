import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * A prepared statement built once per database: for the hot learning queries, planning costs more than running.
 * `cache` is the statement's own WeakMap, so a closed test database takes its statements with it.
 */
export function preparedFor<T>(db: Db, cache: WeakMap<Db, T>, prepare: (db: Db) => T): T {
  let query = cache.get(db);
  if (!query) cache.set(db, (query = prepare(db)));
  return query;
}

/** Runs a raw query on PGlite or node-postgres alike (both answer with `rows`). */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
