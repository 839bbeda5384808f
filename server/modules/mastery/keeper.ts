import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { answersWaiting, countQueuedAnswers } from './keep';

/** How long queued answers wait for more before a count: a burst of checks is counted in one pass. */
export const SKILL_COUNTING_DELAY_MS = 1000;

/**
 * Counts queued answers into skills behind the answers (./keep.ts): a check only queues its first try, in the
 * statement that stores it, and a submission queues its sitting's answers, so neither waits for the mastery rule.
 * Readers of levels call `catchUp()` first and see every answer stored before they asked.
 */
export class SkillKeeper {
  private timer: NodeJS.Timeout | null = null;
  /** The count running or last run; the next one starts after it. */
  private counting: Promise<void> = Promise.resolve();
  /** A count waiting for the running one: callers meanwhile share it. */
  private waiting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = SKILL_COUNTING_DELAY_MS,
  ) {}

  /** Answers were queued: a count runs within the delay, one for any number of calls meanwhile. */
  soon(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.catchUp().catch((error: unknown) =>
        this.log.error({ err: error }, 'queued answers could not be counted into skills; they stay queued'),
      );
    }, this.delayMs);
    this.timer.unref();
  }

  /** Resolves once every answer queued before the call is counted, by this instance or another. */
  catchUp(): Promise<void> {
    if (this.waiting) return this.waiting;
    const run = this.counting.then(async () => {
      this.waiting = null;
      if (!(await answersWaiting(this.db))) return;
      while (await countQueuedAnswers(this.db));
    });
    this.waiting = run;
    this.counting = run.catch(() => undefined);
    return run;
  }

  /** No count starts after this; resolves when the one running ends (what is queued waits for the next start). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.counting;
  }
}

/** The answers waiting to be stored, then to be counted into skills: a read of levels after it shows the latest answer. */
export async function answersCounted(ctx: Pick<AppContext, 'attempts' | 'skills'>): Promise<void> {
  await ctx.attempts.flush();
  await ctx.skills.catchUp();
}
