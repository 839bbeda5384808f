import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { evenPace } from '../../lib/pace';
import { claimDueLetters, LETTER_BATCH, sendLetter, staleLetters } from './service';

const TICK = 'letters-tick';

/**
 * Letters built at once. A letter is a chain of a dozen statements, each waiting its turn on the event loop behind
 * the learners' requests: one at a time, letters beside a busy learner loop were built at 6 a second (5,000 in about
 * 13 minutes); four at once, 20 a second, and the learners kept most of the server (`npm run bench:letters-loop`).
 */
export const LETTERS_AT_ONCE = 4;
/**
 * The most letters an instance starts a second, evenly spaced: 5,000 in a little over four minutes. As fast as they
 * could go, letters took half the server's core from the learners for as long as they ran; at this pace they take
 * a steady sliver of it (`npm run bench:letters-loop`).
 */
export const LETTERS_PER_SECOND = 20;
const SEND = 'letter-send';
/**
 * How often a failed delivery is tried again before its letter is marked failed: a mail server down for minutes
 * is waited for, one that keeps refusing is not asked for ever (a refused letter stays queued, and the stale sweep
 * would queue it again each tick).
 */
export const SEND_RETRIES = 3;

export interface LetterJobOptions {
  /** Whether the minute's tick is scheduled (tests run ticks themselves). */
  tick?: boolean;
  /**
   * Whether this process claims and builds letters (default true). A server whose letters are built by a process of
   * its own only asks for ticks (`tickSoon`).
   */
  work?: boolean;
  pollingIntervalSeconds?: number;
  /** The wait before a failed delivery is tried again. */
  retryDelaySeconds?: number;
}

export interface LetterJobs {
  /** Claims the letters due now and queues them, batch by batch; what a tick does. */
  queueDue(): Promise<number>;
  /** Asks for a tick at once instead of at the next minute, on any instance; the same claim, by the same rules. */
  tickSoon(): void;
  stop(): Promise<void>;
}

/**
 * The letters' job queue: pg-boss on the academy's own database, PGlite included (through `executeSql`), so held
 * letters survive a restart and every instance shares one queue. A tick each minute claims the letters due; each
 * claimed letter is one job.
 */
export async function startLetterJobs(
  ctx: AppContext,
  database: Database,
  log: FastifyBaseLogger,
  options: LetterJobOptions = {},
): Promise<LetterJobs> {
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) } });
  boss.on('error', (error) => log.error({ err: error }, 'letter queue error'));
  // Instances started together would each create pg-boss's tables and queues at once, and PostgreSQL stops one of
  // them as a deadlock: they take turns under the start-up lock.
  await database.exclusive(async () => {
    await boss.start();
    // `short`: a letter waiting to be sent is queued once, however often a tick finds it again.
    await boss.createQueue(SEND, { name: SEND, policy: 'short', retryLimit: SEND_RETRIES, retryDelay: 60 });
    await boss.createQueue(TICK, { name: TICK, policy: 'stately' });
  });

  // Each job carries its own retries, so a changed number or delay applies to a queue made by an earlier version.
  const sendJob = (letterId: string) => ({
    name: SEND,
    data: { letterId },
    singletonKey: letterId,
    retryLimit: SEND_RETRIES,
    retryDelay: options.retryDelaySeconds ?? 60,
  });

  const queueDue = async (): Promise<number> => {
    let queued = 0;
    for (;;) {
      const ids = await claimDueLetters(ctx.db, ctx.codeKey, ctx.now());
      if (ids.length > 0) {
        await boss.insert(ids.map(sendJob));
        queued += ids.length;
      }
      if (ids.length < LETTER_BATCH) break;
    }
    const stale = await staleLetters(ctx.db, ctx.now());
    if (stale.length > 0) await boss.insert(stale.map(sendJob));
    return queued;
  };

  if (options.work ?? true) {
    const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
    const letterTurn = evenPace(LETTERS_PER_SECOND);
    await boss.work<{ letterId: string }>(SEND, { ...polling, batchSize: 100, includeMetadata: true }, async (jobs) => {
      const waiting = [...jobs];
      await Promise.all(
        Array.from({ length: LETTERS_AT_ONCE }, async () => {
          for (let job = waiting.shift(); job; job = waiting.shift()) {
            const letterId = job.data.letterId;
            const lastTry = job.retryCount >= job.retryLimit;
            await letterTurn();
            try {
              await sendLetter(ctx, letterId, { lastTry });
            } catch (error) {
              if (lastTry)
                log.error({ err: error, letterId, tries: job.retryCount + 1 }, 'a letter could not be sent; it failed');
              else log.warn({ err: error, letterId }, 'a letter could not be sent; it will be retried');
              // Only this letter is retried: pg-boss completes the rest of the batch, and never a job failed here.
              await boss.fail(SEND, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }
        }),
      );
    });
    await boss.work(TICK, polling, async () => {
      await queueDue();
    });
    if (options.tick ?? true) await boss.schedule(TICK, '* * * * *');
  }
  return {
    queueDue,
    tickSoon() {
      // A tick already waiting takes this one's place (the queue is stately).
      boss.send(TICK, {}).catch((error: unknown) => log.error({ err: error }, 'a letter tick could not be queued'));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
