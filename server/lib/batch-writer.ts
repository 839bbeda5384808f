interface Batch<Row> {
  rows: Row[];
  /** Settles once the rows are written or their failure reported; never rejects. */
  done: Promise<void>;
  settle: () => void;
}

export interface BatchWriterOptions<Row> {
  /** Rows per statement, within PostgreSQL's limits. */
  maxRows?: number;
  /** Statements in flight at once, so rows that arrive just after one left need not wait for it. */
  maxWrites?: number;
  /** Rows that may wait before callers are made to wait for their own row (a slow database then slows intake). */
  maxBacklog?: number;
  /**
   * How long a statement waits for more rows before it leaves, unless it is full or someone flushes. A statement
   * costs the database about as much as a dozen rows, so at a few thousand checks a second fewer, larger statements
   * leave more of the machine to the requests. 0: rows read in one turn of the event loop go together.
   */
  gatherMs?: number;
  /** A row that could not be written, even alone. */
  onError: (error: unknown, row: Row) => void;
}

/**
 * Write-behind with group commit, for records an answer does not depend on (answer attempts): callers go on at
 * once, and rows that arrive while writes are in flight go together in the next multi-row insert, so fifty
 * simultaneous checks cost a couple of statements instead of fifty round trips. `flush()` waits for what is
 * queued: readers that must see their own writes and the server's shutdown call it.
 */
export class BatchWriter<Row> {
  private readonly waiting: Array<Batch<Row>> = [];
  private readonly inFlight = new Set<Batch<Row>>();
  private backlog = 0;
  private scheduled = false;
  /** The timer of a statement gathering rows, cut short by flush() or a full statement. */
  private gathering: NodeJS.Timeout | null = null;
  /** A flush is waiting: statements leave at once until nothing waits. */
  private urgent = false;
  private readonly maxRows: number;
  private readonly maxWrites: number;
  private readonly maxBacklog: number;

  constructor(
    private readonly write: (rows: Row[]) => Promise<unknown>,
    private readonly options: BatchWriterOptions<Row>,
  ) {
    this.maxRows = options.maxRows ?? 500;
    this.maxWrites = options.maxWrites ?? 2;
    this.maxBacklog = options.maxBacklog ?? 10_000;
  }

  /** Queues a row; resolves at once, or when the row is written if the backlog is full. */
  add(row: Row): Promise<void> {
    let batch = this.waiting.at(-1);
    if (!batch || batch.rows.length >= this.maxRows) {
      let settle = () => {};
      const done = new Promise<void>((resolve) => (settle = resolve));
      batch = { rows: [], done, settle };
      this.waiting.push(batch);
    }
    batch.rows.push(row);
    this.backlog++;
    if (this.waiting[0].rows.length >= this.maxRows) this.stopGathering();
    this.schedule();
    return this.backlog > this.maxBacklog ? batch.done : Promise.resolve();
  }

  /** Resolves when every row queued so far has been written (or reported as failed). */
  flush(): Promise<void> {
    this.urgent = true;
    this.stopGathering();
    this.schedule();
    return Promise.all([...this.inFlight, ...this.waiting].map((b) => b.done)).then(() => undefined);
  }

  /** A statement gathering rows leaves at the next schedule(). */
  private stopGathering(): void {
    if (!this.gathering) return;
    clearTimeout(this.gathering);
    this.gathering = null;
    this.scheduled = false;
  }

  private schedule(): void {
    if (this.waiting.length === 0) this.urgent = false;
    if (this.scheduled || this.waiting.length === 0 || this.inFlight.size >= this.maxWrites) return;
    this.scheduled = true;
    const write = () => {
      this.scheduled = false;
      this.gathering = null;
      void this.writeNext();
    };
    const gatherMs = this.options.gatherMs ?? 0;
    if (gatherMs > 0 && !this.urgent && this.waiting[0].rows.length < this.maxRows)
      this.gathering = setTimeout(write, gatherMs);
    // Rows from every request read in this turn of the event loop join the same write.
    else setImmediate(write);
  }

  private async writeNext(): Promise<void> {
    const batch = this.waiting.shift();
    if (!batch) return;
    this.inFlight.add(batch);
    this.schedule();
    try {
      await this.write(batch.rows);
    } catch {
      // One bad row (say, its question deleted meanwhile) must not lose its neighbours: write them one by one.
      for (const row of batch.rows) await this.write([row]).catch((error: unknown) => this.options.onError(error, row));
    } finally {
      this.inFlight.delete(batch);
      this.backlog -= batch.rows.length;
      batch.settle();
      this.schedule();
    }
  }
}
