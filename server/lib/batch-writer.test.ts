import { describe, expect, it, vi } from 'vitest';
import { BatchWriter } from './batch-writer';
import { DomainError } from './errors';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const noErrors = { onError: (error: unknown) => expect.fail(String(error)) };

describe('BatchWriter', () => {
  it('writes the rows queued in one turn together, and the rows that wait meanwhile in the next write', async () => {
    const writes: number[][] = [];
    const writer = new BatchWriter<number>(
      async (rows) => {
        writes.push(rows);
        await pause(5);
      },
      { ...noErrors, maxWrites: 1 },
    );
    for (const n of [1, 2, 3]) await writer.add(n);
    await pause(1);
    for (const n of [4, 5]) await writer.add(n);
    await writer.flush();
    expect(writes).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('lets callers go on at once, and flush waits until their rows are written', async () => {
    const written: number[] = [];
    const writer = new BatchWriter<number>(async (rows) => {
      await pause(5);
      written.push(...rows);
    }, noErrors);
    await writer.add(1);
    expect(written).toEqual([]);
    await writer.flush();
    expect(written).toEqual([1]);
  });

  it('keeps a statement within its row limit', async () => {
    const sizes: number[] = [];
    const writer = new BatchWriter<number>(async (rows) => void sizes.push(rows.length), {
      ...noErrors,
      maxRows: 2,
      maxWrites: 1,
    });
    for (const n of [1, 2, 3, 4, 5]) await writer.add(n);
    await writer.flush();
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('makes callers wait for their own row once the backlog is full', async () => {
    const written: number[] = [];
    const writer = new BatchWriter<number>(async (rows) => void written.push(...rows), { ...noErrors, maxBacklog: 2 });
    await writer.add(1);
    await writer.add(2);
    expect(written).toEqual([]);
    await writer.add(3);
    expect(written).toEqual([1, 2, 3]);
  });

  it('reports only the bad row of a batch: the others are written one by one', async () => {
    const written: number[] = [];
    const failed: number[] = [];
    const writer = new BatchWriter<number>(
      async (rows) => {
        if (rows.includes(2)) throw new Error('bad row');
        written.push(...rows);
      },
      { onError: (_error, row) => failed.push(row) },
    );
    for (const n of [1, 2, 3]) await writer.add(n);
    await writer.flush();
    expect(written).toEqual([1, 3]);
    expect(failed).toEqual([2]);
  });

  it('lets a statement gather the rows of several turns for gatherMs, and leaves full at once', async () => {
    const writes: number[][] = [];
    const writer = new BatchWriter<number>(async (rows) => void writes.push(rows), {
      ...noErrors,
      gatherMs: 40,
      maxRows: 4,
      maxWrites: 1,
    });
    await writer.add(1);
    await pause(5);
    await writer.add(2);
    await pause(5);
    // Two turns later nothing has left: the statement is still gathering.
    expect(writes).toEqual([]);
    await pause(60);
    expect(writes).toEqual([[1, 2]]);
    for (const n of [3, 4, 5, 6]) await writer.add(n);
    await pause(5);
    // Full: it did not wait out its 40 ms.
    expect(writes).toEqual([
      [1, 2],
      [3, 4, 5, 6],
    ]);
  });

  it('writes a gathering statement at once when someone flushes', async () => {
    const writes: number[][] = [];
    const writer = new BatchWriter<number>(async (rows) => void writes.push(rows), { ...noErrors, gatherMs: 10_000 });
    await writer.add(1);
    await writer.add(2);
    const started = Date.now();
    await writer.flush();
    expect(writes).toEqual([[1, 2]]);
    expect(Date.now() - started).toBeLessThan(1_000);
    // Once nothing waits, statements gather again.
    await writer.add(3);
    await pause(20);
    expect(writes).toEqual([[1, 2]]);
    await writer.flush();
    expect(writes).toEqual([[1, 2], [3]]);
  });

  describe('while the database cannot be reached', () => {
    /** A database the test turns off and on: refused connections while off, rows kept in order while on. */
    function database() {
      const stored: number[] = [];
      const tries: number[] = [];
      let up = true;
      return {
        stored,
        tries,
        set up(value: boolean) {
          up = value;
        },
        write: async (rows: number[]) => {
          tries.push(Date.now());
          await pause(1);
          if (!up) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          stored.push(...rows);
        },
      };
    }
    const quickRetry = { firstMs: 20, maxMs: 80 };

    it('keeps the rows and writes them, in order, once it answers again, with new rows behind them', async () => {
      const db = database();
      const told: Array<[boolean, number]> = [];
      const writer = new BatchWriter<number>(db.write, {
        ...noErrors,
        maxRows: 2,
        retry: quickRetry,
        onReachability: (reachable, waiting) => told.push([reachable, waiting]),
      });
      db.up = false;
      for (const n of [1, 2, 3]) await writer.add(n);
      await vi.waitFor(() => expect(told).toEqual([[false, 3]]));
      for (const n of [4, 5]) await writer.add(n);
      await pause(60);
      expect(db.stored).toEqual([]);
      expect(writer.unwritten).toBe(5);
      db.up = true;
      await vi.waitFor(() => expect(db.stored).toEqual([1, 2, 3, 4, 5]));
      await vi.waitFor(() => writer.flush());
      expect(writer.unwritten).toBe(0);
      // Once when the writes began to wait, once when the first of them went through.
      expect(told).toEqual([
        [false, 3],
        [true, 3],
      ]);
    });

    it('tries one write at a time, waiting longer after each miss up to its cap', async () => {
      const db = database();
      const writer = new BatchWriter<number>(db.write, { ...noErrors, maxRows: 1, retry: { firstMs: 20, maxMs: 40 } });
      db.up = false;
      for (const n of [1, 2, 3, 4]) await writer.add(n);
      await pause(800);
      // The first two statements left together, before anyone knew; after them, one try per wait of 40 ms. Waits
      // that kept doubling (40, 80, 160, 320 ms) would have made six tries in all.
      const waits = db.tries.slice(1).map((at, i) => at - db.tries[i]);
      expect(Math.min(...waits.slice(1))).toBeGreaterThanOrEqual(18);
      expect(db.tries.length).toBeGreaterThanOrEqual(7);
      db.up = true;
      await vi.waitFor(() => expect(db.stored).toEqual([1, 2, 3, 4]));
    });

    it('refuses new rows once the backlog is full, without queueing them, and takes them again after', async () => {
      const db = database();
      let reachable = true;
      const writer = new BatchWriter<number>(db.write, {
        ...noErrors,
        maxBacklog: 2,
        retry: quickRetry,
        onReachability: (now) => (reachable = now),
      });
      db.up = false;
      await writer.add(1);
      await vi.waitFor(() => expect(reachable).toBe(false));
      await writer.add(2);
      const refused = await writer.add(3).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', headers: { 'Retry-After': '5' } });
      db.up = true;
      await vi.waitFor(() => expect(reachable).toBe(true));
      await writer.add(4);
      await writer.flush();
      expect(db.stored).toEqual([1, 2, 4]);
    });

    it('refuses a caller waiting on a full backlog the moment the database turns out unreachable', async () => {
      const db = database();
      const writer = new BatchWriter<number>(db.write, { ...noErrors, maxBacklog: 1, retry: quickRetry });
      await writer.add(1);
      db.up = false;
      const started = Date.now();
      const waited = await writer.add(2).catch((error: unknown) => error);
      expect(waited).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(1000);
      // Its row stays queued: the student was told to try again, and nothing is lost either way.
      db.up = true;
      await vi.waitFor(() => expect(db.stored).toEqual([1, 2]));
    });

    it('makes flush settle at once: refused while rows wait for the database, resolved once they are stored', async () => {
      const db = database();
      const writer = new BatchWriter<number>(db.write, { ...noErrors, gatherMs: 10_000, retry: quickRetry });
      await writer.add(1);
      db.up = false;
      const started = Date.now();
      await expect(writer.flush()).rejects.toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
      await expect(writer.flush()).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(1000);
      db.up = true;
      await vi.waitFor(() => writer.flush());
      expect(db.stored).toEqual([1]);
    });

    it('drains at once as the process stops: the held rows are tried again without waiting out the retry', async () => {
      const db = database();
      const writer = new BatchWriter<number>(db.write, { ...noErrors, retry: { firstMs: 60_000, maxMs: 60_000 } });
      db.up = false;
      for (const n of [1, 2, 3]) await writer.add(n);
      await vi.waitFor(() => expect(db.tries.length).toBe(1));
      // Still away: two tries at once, then refused, the rows kept.
      const started = Date.now();
      await expect(writer.drain()).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(db.tries.length).toBe(3);
      expect(writer.unwritten).toBe(3);
      // Back within the retry's minute: drained now, not in a minute.
      db.up = true;
      await writer.drain();
      expect(db.stored).toEqual([1, 2, 3]);
      expect(writer.unwritten).toBe(0);
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('keeps a batch written one by one from the row where it was cut off, writing none twice', async () => {
      const stored: number[] = [];
      const failed: number[] = [];
      let cut = false;
      const writer = new BatchWriter<number>(
        async (rows) => {
          // Row 2 is one the database refuses; the connection breaks the first time it is sent alone.
          if (rows.length === 1 && rows[0] === 2 && !cut) {
            cut = true;
            throw new Error('Connection terminated unexpectedly');
          }
          if (rows.includes(2)) throw Object.assign(new Error('violates foreign key'), { code: '23503' });
          stored.push(...rows);
        },
        { onError: (_error, row) => failed.push(row), retry: quickRetry },
      );
      for (const n of [1, 2, 3]) await writer.add(n);
      await vi.waitFor(() => expect(failed).toEqual([2]));
      expect(stored).toEqual([1, 3]);
      expect(cut).toBe(true);
      expect(writer.unwritten).toBe(0);
    });

    it('still reports a row the database refuses for itself, once, instead of trying it again', async () => {
      const stored: number[] = [];
      const failed: number[] = [];
      let writes = 0;
      const writer = new BatchWriter<number>(
        async (rows) => {
          writes++;
          if (rows.includes(2)) throw Object.assign(new Error('violates foreign key'), { code: '23503' });
          stored.push(...rows);
        },
        { onError: (_error, row) => failed.push(row), retry: quickRetry },
      );
      for (const n of [1, 2, 3]) await writer.add(n);
      await writer.flush();
      await pause(100);
      expect(stored).toEqual([1, 3]);
      expect(failed).toEqual([2]);
      expect(writes).toBe(4);
    });
  });
});
