import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createIndexesInPlace } from '../db/background-indexes';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';

/**
 * A database that records every statement it runs, to prove a list is one query whatever its length, or that a
 * kept answer costs none. The caller fills it through `db`, or builds an app on `database`.
 */
export async function countingDb(): Promise<{ db: Db; database: Database; queries: string[]; close(): Promise<void> }> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const queries: string[] = [];
  const db = drizzle(client, { schema, logger: { logQuery: (query) => void queries.push(query) } }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: new URL('../db/migrations', import.meta.url).pathname });
  await createIndexesInPlace((text) => client.query(text));
  const close = () => client.close();
  const database: Database = {
    db,
    kind: 'pglite',
    exclusive: (work) => work(),
    listen: async (channel, handler) => void (await client.listen(channel, handler)),
    executeSql: async (text, values) =>
      values?.length
        ? { rows: (await client.query(text, values)).rows }
        : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    buildIndexes: async () => {},
    close,
  };
  return { db, database, queries, close };
}
