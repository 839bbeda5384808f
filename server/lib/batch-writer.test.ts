import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer';

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
});
