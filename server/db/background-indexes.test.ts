/**
 * The indexes built while the academy serves (background-indexes.ts): on PostgreSQL concurrently, by one instance
 * at a time, one left INVALID by a stopped build dropped and built again, a build stopped when the database closes;
 * on PGlite at open.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, until } from '../test/processes';
import { openPglite, openPostgres, type Database } from './client';

const CHECKS = 'answer_attempts_student_checks_idx';
const REPLACED = 'answer_attempts_student_question_idx';

/** The indexes of answer_attempts by name, whether each is valid. */
async function attemptIndexes(database: Database): Promise<Record<string, boolean>> {
  const { rows } = await database.executeSql(
    `select ic.relname as name, ix.indisvalid as valid
     from pg_index ix join pg_class ic on ic.oid = ix.indexrelid
     where ix.indrelid = 'answer_attempts'::regclass`,
    [],
  );
  return Object.fromEntries((rows as Array<{ name: string; valid: boolean }>).map((row) => [row.name, row.valid]));
}

function recordingLog() {
  const lines: string[] = [];
  return { lines, info: (line: string) => void lines.push(line), warn: (line: string) => void lines.push(line) };
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

describe('on PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof freshPostgres>>;
  let database: Database;

  beforeAll(async () => {
    server = await freshPostgres();
    database = await openPostgres(server.url, 2);
  });
  afterAll(async () => {
    await database.close();
    await server.drop();
  });

  it('the migrations leave the build to the server: it builds the checks index and drops the one it replaces', async () => {
    expect(await attemptIndexes(database)).toMatchObject({ [REPLACED]: true });
    expect(await attemptIndexes(database)).not.toHaveProperty(CHECKS);

    const log = recordingLog();
    await database.buildIndexes(log);

    const after = await attemptIndexes(database);
    expect(after[CHECKS]).toBe(true);
    expect(after).not.toHaveProperty(REPLACED);
    const { rows } = await database.executeSql(`select pg_get_indexdef(to_regclass($1)) as definition`, [CHECKS]);
    expect((rows[0] as { definition: string }).definition).toContain(
      'USING btree (student_id, question_id, created_at) INCLUDE (is_correct, id)',
    );
    expect(log.lines[0]).toBe(`building index ${CHECKS} on answer_attempts (the academy serves meanwhile)`);
    expect(log.lines[1]).toMatch(new RegExp(`^index ${CHECKS} built in \\d+\\.\\d s$`));

    const again = recordingLog();
    await database.buildIndexes(again);
    expect(again.lines).toEqual([]);
  });

  it('an index left INVALID by a stopped build is dropped and built again', async () => {
    await database.buildIndexes(recordingLog());
    await database.executeSql(`update pg_index set indisvalid = false where indexrelid = to_regclass($1)`, [CHECKS]);
    expect((await attemptIndexes(database))[CHECKS]).toBe(false);

    const log = recordingLog();
    await database.buildIndexes(log);
    expect((await attemptIndexes(database))[CHECKS]).toBe(true);
    expect(log.lines[0]).toContain(`building index ${CHECKS}`);
  });

  it('while another instance builds, this one leaves the index alone, INVALID as it is while being built', async () => {
    await database.executeSql(`update pg_index set indisvalid = false where indexrelid = to_regclass($1)`, [CHECKS]);
    const otherInstance = await connect(server.url);
    try {
      await otherInstance.query('select pg_advisory_lock(7318004)');
      const log = recordingLog();
      await database.buildIndexes(log);
      expect(log.lines).toEqual(['another instance builds the indexes']);
      expect((await attemptIndexes(database))[CHECKS]).toBe(false);
    } finally {
      await otherInstance.end();
    }
    await database.buildIndexes(recordingLog());
    expect((await attemptIndexes(database))[CHECKS]).toBe(true);
  });

  it('closing the database stops a build under way, which the next start does again', async () => {
    await database.executeSql(`drop index ${CHECKS}`);
    // A transaction holding the lock that CREATE INDEX CONCURRENTLY takes keeps the build waiting.
    const blocker = await connect(server.url);
    const instance = await openPostgres(server.url, 2);
    try {
      await blocker.query('begin');
      await blocker.query('lock table answer_attempts in share update exclusive mode');
      const log = recordingLog();
      const building = instance.buildIndexes(log);
      const waiting = await until(
        async () =>
          (
            await database.executeSql(
              `select count(*)::int as n from pg_stat_activity sa
               where sa.datname = current_database() and sa.query ilike 'create index concurrently%' and sa.wait_event_type = 'Lock'`,
              [],
            )
          ).rows[0] as { n: number },
        (row) => row.n === 1,
      );
      expect(waiting.value.n).toBe(1);

      const closing = performance.now();
      await instance.close();
      await building;
      expect(performance.now() - closing).toBeLessThan(2000);
      // Stopped, not carried on by the database once the lock is free, and not reported as a failure.
      await blocker.query('commit');
      expect(await attemptIndexes(database)).not.toHaveProperty(CHECKS);
      expect(log.lines).toEqual([`building index ${CHECKS} on answer_attempts (the academy serves meanwhile)`]);
    } finally {
      await blocker.end();
      await instance.close();
    }
    await database.buildIndexes(recordingLog());
    expect((await attemptIndexes(database))[CHECKS]).toBe(true);
  });
});

it('PGlite builds them at open, in place of the one replaced', async () => {
  const database = await openPglite(null);
  try {
    const indexes = await attemptIndexes(database);
    expect(indexes[CHECKS]).toBe(true);
    expect(indexes).not.toHaveProperty(REPLACED);
  } finally {
    await database.close();
  }
});
