import type { Db } from './client';

/**
 * A prepared statement built once per database: for the hot learning queries, planning costs more than running.
 * `cache` is the statement's own WeakMap, so a closed test database takes its statements with it.
 */
export function preparedFor<T>(db: Db, cache: WeakMap<Db, T>, prepare: (db: Db) => T): T {
  let query = cache.get(db);
  if (!query) cache.set(db, (query = prepare(db)));
  return query;
}
