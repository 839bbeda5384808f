import { isDatabaseUnreachable } from './database-errors';
import { DatabaseUnavailable, isDiskFull } from './errors';

interface Batch<Row> {
  /** Its place in the order batches were made: one tried again goes back before every batch made after it. */
  seq: number;
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
  /**
   * Rows that may wait before callers are made to wait for their own row (a slow database then slows intake), or,
   * while the database cannot be reached, before callers are refused.
   */
  maxBacklog?: number;
  /**
   * How long a statement waits for more rows before it leaves, unless it is full or someone flushes. A statement
   * costs the database about as much as a dozen rows, so at a few thousand checks a second fewer, larger statements
   * leave more of the machine to the requests. 0: rows read in one turn of the event loop go together.
   */
  gatherMs?: number;
  /** The wait before rows the database could not be reached for are tried again, doubled per miss up to maxMs. */
  retry?: { firstMs: number; maxMs: number };
  /** A row the database refused, even alone. */
  onError: (error: unknown, row: Row) => void;
  /** Told when writes begin to wait for the database, and when it answers again, with the rows waiting then. */
  onReachability?: (reachable: boolean, waiting: number) => void;
}

/**
 * A refusal that passes, after which the same rows are written again: the database out of reach, or its disk full
 * (an operator makes room; the rows wait in order meanwhile, as through an outage).
 */
const passes = (error: unknown) => isDatabaseUnreachable(error) || isDiskFull(error);

/**
 * Write-behind with group commit, for records an answer does not depend on (answer attempts): callers go on at
 * once, and rows that arrive while writes are in flight go together in the next multi-row insert, so fifty
 * simultaneous checks cost a couple of statements instead of fifty round trips. `flush()` waits for what is
 * queued: readers that must see their own writes and the server's shutdown call it.
 *
 * Callers were told their row is kept, so a database that cannot be reached (a restart, a cut network: see
 * database-errors.ts) loses none: the rows wait and are tried again, oldest first and one write at a time, after a
 * wait that grows, until it answers. New rows queue behind them up to maxBacklog; past it a caller is refused (503)
 * rather than told a row is kept that could only be kept by making them wait for the database's return. A row the
 * database refuses for itself (a constraint) would be refused again: it goes to onError.
 */
export class BatchWriter<Row> {
  private readonly waiting: Array<Batch<Row>> = [];
  private readonly inFlight = new Set<Batch<Row>>();
  private backlog = 0;
  private made = 0;
  private scheduled = false;
  /** The timer of a statement gathering rows, cut short by flush() or a full statement. */
  private gathering: NodeJS.Timeout | null = null;
  /** The timer of the next try while the database cannot be reached, cut short by drain(). */
  private retrying: NodeJS.Timeout | null = null;
  /** Told when a write ends, written or not (drain() waits for its tries). */
  private readonly afterWrite: Array<() => void> = [];
  /** A flush is waiting: statements leave at once until nothing waits. */
  private urgent = false;
  /** While the database cannot be reached, the wait before the next try; null while it answers. */
  private retryMs: number | null = null;
  /** Callers waiting on writes (flush, a full backlog), each refused the moment the database turns out unreachable. */
  private readonly waitingOnWrites = new Set<() => void>();
  private readonly maxRows: number;
  private readonly maxWrites: number;
  private readonly maxBacklog: number;
  private readonly retry: { firstMs: number; maxMs: number };

  constructor(
    private readonly write: (rows: Row[]) => Promise<unknown>,
    private readonly options: BatchWriterOptions<Row>,
  ) {
    this.maxRows = options.maxRows ?? 500;
    this.maxWrites = options.maxWrites ?? 2;
    this.maxBacklog = options.maxBacklog ?? 10_000;
    this.retry = options.retry ?? { firstMs: 250, maxMs: 2000 };
  }

  /** Rows queued and not yet written. */
  get unwritten(): number {
    return this.backlog;
  }

  /**
   * Queues a row; resolves at once, or when the row is written if the backlog is full. Refused (503) when the
   * backlog is full while the database cannot be reached, and then the row is not queued.
   */
  add(row: Row): Promise<void> {
    if (this.retryMs !== null && this.backlog >= this.maxBacklog) return Promise.reject(DatabaseUnavailable());
    let batch = this.waiting.at(-1);
    if (!batch || batch.rows.length >= this.maxRows) {
      let settle = () => {};
      const done = new Promise<void>((resolve) => (settle = resolve));
      batch = { seq: this.made++, rows: [], done, settle };
      this.waiting.push(batch);
    }
    batch.rows.push(row);
    this.backlog++;
    if (this.waiting[0].rows.length >= this.maxRows) this.stopGathering();
    this.schedule();
    return this.backlog > this.maxBacklog ? this.unlessUnreachable(batch.done) : Promise.resolve();
  }

  /**
   * Resolves when every row queued so far has been written (or reported as failed). Refused (503) while the
   * database cannot be reached: a reader could not see the rows kept meanwhile, and must not wait for its return.
   */
  flush(): Promise<void> {
    if (this.retryMs !== null) return Promise.reject(DatabaseUnavailable());
    this.urgent = true;
    this.stopGathering();
    this.schedule();
    const written = Promise.all([...this.inFlight, ...this.waiting].map((b) => b.done));
    return this.unlessUnreachable(written.then(() => undefined));
  }

  /**
   * The last flush, as the process stops. Rows held for a retry are tried again at once, not after the retry's wait:
   * the database (or room on the disk) may have come back since the last try, and a process that ends first loses
   * what it acknowledged. Then as flush(): refused if the database still cannot take them.
   */
  async drain(tries = 2): Promise<void> {
    for (let n = 0; n < tries && this.retryMs !== null; n++) {
      if (!this.retrying && this.inFlight.size === 0) break;
      const tried = new Promise<void>((resolve) => this.afterWrite.push(resolve));
      if (this.retrying) {
        clearTimeout(this.retrying);
        this.retrying = null;
        this.scheduled = false;
        this.leave();
      }
      await tried;
    }
    return this.flush();
  }

  /** `written`, unless the database turns out unreachable first: then a refusal at once. */
  private unlessUnreachable(written: Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => {
      const refuse = () => reject(DatabaseUnavailable());
      this.waitingOnWrites.add(refuse);
      void written.then(() => {
        this.waitingOnWrites.delete(refuse);
        resolve();
      });
    });
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
    if (this.scheduled || this.waiting.length === 0) return;
    // While the database cannot be reached one write at a time asks it again, after a wait: the rows keep their
    // order, and a database on its way back is not met by every statement at once.
    if (this.retryMs !== null) {
      if (this.inFlight.size > 0) return;
      this.scheduled = true;
      this.retrying = setTimeout(this.leave, this.retryMs);
      return;
    }
    if (this.inFlight.size >= this.maxWrites) return;
    this.scheduled = true;
    const gatherMs = this.options.gatherMs ?? 0;
    if (gatherMs > 0 && !this.urgent && this.waiting[0].rows.length < this.maxRows)
      this.gathering = setTimeout(this.leave, gatherMs);
    // Rows from every request read in this turn of the event loop join the same write.
    else setImmediate(this.leave);
  }

  /** The scheduled statement leaves. */
  private readonly leave = () => {
    this.scheduled = false;
    this.gathering = null;
    this.retrying = null;
    void this.writeNext();
  };

  private async writeNext(): Promise<void> {
    const batch = this.waiting.shift();
    if (!batch) return;
    this.inFlight.add(batch);
    this.schedule();
    const left = await this.writeRows(batch.rows);
    this.inFlight.delete(batch);
    this.backlog -= batch.rows.length - left.length;
    if (left.length === 0) {
      if (this.retryMs !== null) this.options.onReachability?.(true, this.backlog);
      this.retryMs = null;
      batch.settle();
    } else {
      batch.rows = left;
      this.holdForRetry(batch);
    }
    this.schedule();
    for (const told of this.afterWrite.splice(0)) told();
  }

  /**
   * Writes the rows and reports those the database refuses; returns those it could not be reached for. (A write
   * whose connection broke after the database committed it, before it said so, is written twice: a try counted
   * twice, rare, rather than one lost.)
   */
  private async writeRows(rows: Row[]): Promise<Row[]> {
    try {
      await this.write(rows);
      return [];
    } catch (error) {
      if (passes(error)) return rows;
    }
    // One bad row (say, its question deleted meanwhile) must not lose its neighbours: write them one by one.
    for (const [index, row] of rows.entries()) {
      try {
        await this.write([row]);
      } catch (error) {
        if (passes(error)) return rows.slice(index);
        this.options.onError(error, row);
      }
    }
    return [];
  }

  /** Puts a batch back in its place, before every batch made after it, so rows are stored in the order they came. */
  private holdForRetry(batch: Batch<Row>): void {
    const at = this.waiting.findIndex((other) => other.seq > batch.seq);
    this.waiting.splice(at === -1 ? this.waiting.length : at, 0, batch);
    if (this.retryMs !== null) {
      this.retryMs = Math.min(this.retryMs * 2, this.retry.maxMs);
      return;
    }
    this.retryMs = this.retry.firstMs;
    this.options.onReachability?.(false, this.backlog);
    // A statement gathering rows would leave beside the retries, and could be stored before the rows held.
    this.stopGathering();
    for (const refuse of this.waitingOnWrites) refuse();
    this.waitingOnWrites.clear();
  }
}
