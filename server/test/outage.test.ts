/**
 * PostgreSQL goes away under the learner loop and comes back: cut off for a few seconds (its address closed and
 * every connection broken, as a restart does), then every connection ended by an administrator again and again.
 * Always on PostgreSQL (127.0.0.1:5432, or TEST_DATABASE_URL's server). `npm run crash outage` runs 30 s outages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Db } from '../db/client';
import { isDatabaseUnreachable } from '../lib/database-errors';
import { outageRig, type OutageRig, type OutageRound } from './outage-run';

let rig: OutageRig;

beforeAll(async () => {
  rig = await outageRig();
}, 240_000);

afterAll(() => rig?.close());

function report(round: OutageRound) {
  console.info(
    `${round.kind} ${round.outageMs / 1000} s: during ${JSON.stringify(round.duringByStatus)}, slowest ${round.slowest}, ` +
      `ready ${JSON.stringify(round.readyDuring)}, all 2xx again ${round.recoveredMs} ms after, ` +
      `attempts acknowledged ${round.attemptsAcknowledged}, stored ${round.attemptsStored} (${round.attemptsWrittenTwice} twice)`,
  );
}

describe('the database goes away and comes back', () => {
  it('cut off for 5 s: answers 503 with Retry-After within a second, not ready, then all again within 5 s, no attempt lost', async () => {
    const round = await rig.round('cut', 5000);
    report(round);
    expect(round.problems, rig.output()).toEqual([]);
    expect(round.duringByStatus[503]).toBeGreaterThan(0);
    expect(round.readyDuring[503]).toBeGreaterThan(0);
    expect(round.attemptsStored).toBe(round.attemptsAcknowledged);
    expect(round.attemptsWrittenTwice).toBe(0);
  }, 60_000);

  it('silent for 6 s (nothing passes, nothing says so): the pool finds it within seconds, then as above', async () => {
    const round = await rig.round('silent', 6000);
    report(round);
    expect(round.problems, rig.output()).toEqual([]);
    expect(round.attemptsStored).toBe(round.attemptsAcknowledged);
  }, 60_000);

  it('every connection ended for 2 s: no 500, no hang, all again within 5 s, no attempt lost', async () => {
    const round = await rig.round('terminate', 2000);
    report(round);
    expect(round.problems, rig.output()).toEqual([]);
    expect(round.attemptsStored).toBe(round.attemptsAcknowledged);
    expect(round.attemptsWrittenTwice).toBe(0);
  }, 60_000);
});

describe('the pool', () => {
  it('lives through a connection ended while a transaction holds it, and never hands that connection out again', async () => {
    const database = await openPostgres(rig.databaseUrl, 2);
    const admin = new pg.Client({ connectionString: rig.databaseUrl });
    await admin.connect();
    const pidOf = async (db: Pick<Db, 'execute'>) =>
      ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> }).rows[0]
        .pid;
    try {
      let ended = 0;
      const failure = await database.db
        .transaction(async (tx) => {
          ended = await pidOf(tx);
          await admin.query('select pg_terminate_backend($1)', [ended]);
          // The connection hears of its end between two statements, while nobody but the pool listens to it.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await pidOf(tx);
        })
        .catch((error: unknown) => error);
      expect(isDatabaseUnreachable(failure), String(failure)).toBe(true);
      // The pool hands out the connection given back last first: the ended one, had it been kept.
      for (let n = 0; n < 3; n++) expect(await pidOf(database.db)).not.toBe(ended);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
