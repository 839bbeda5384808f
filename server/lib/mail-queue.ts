import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mail';

export interface MailQueueOptions {
  /** The wait before each retry of a failed delivery; after the last, the mail is given up and logged. */
  retryDelaysMs?: readonly number[];
  /** Deliveries under way at once. */
  concurrency?: number;
  /** Mails waiting or due for a retry; beyond it a new mail is dropped and logged, so memory stays bounded. */
  capacity?: number;
}

/** Retries end within the five minutes a code lives (2 + 10 + 30 + 60 + 120 s): a later code is of no use. */
export const MAIL_RETRY_DELAYS_MS = [2_000, 10_000, 30_000, 60_000, 120_000] as const;

interface Job {
  mail: Mail;
  /** Deliveries tried so far. */
  tries: number;
}

/**
 * Mail leaves behind the answer: `send` takes the mail and returns at once, so no answer waits for, or fails
 * with, the mail server, and an answer that mails someone takes the time of one that mails nobody (who has
 * an account cannot be read from the timing or the status). Deliveries start at once and a failed one is
 * retried with growing waits. The queue lives in this process: mail still waiting when the process ends is
 * lost, and logged as lost at shutdown; the reader can ask for a new code.
 */
export class MailQueue implements Mailer {
  private readonly retryDelaysMs: readonly number[];
  private readonly concurrency: number;
  private readonly capacity: number;
  private readonly waiting: Job[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly deliveries = new Set<Promise<void>>();
  private settledWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly inner: Mailer,
    private readonly log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
    this.concurrency = options.concurrency ?? 4;
    this.capacity = options.capacity ?? 5_000;
  }

  async send(mail: Mail): Promise<void> {
    this.enqueue({ mail, tries: 0 });
  }

  /** Resolves when no mail is waiting, being delivered or due for a retry. */
  settled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Stops retrying, and waits up to `graceMs` for deliveries under way; what is left is logged as lost. */
  async close(graceMs = 5_000): Promise<void> {
    this.closed = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    const abandoned = this.retryTimers.size + this.waiting.length;
    this.retryTimers.clear();
    this.waiting.length = 0;
    if (this.deliveries.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(this.deliveries),
        new Promise((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
    }
    const lost = abandoned + this.deliveries.size;
    if (lost > 0) this.log.error({ lost }, 'mail not delivered before shutdown');
    this.notifyIfSettled();
  }

  private isSettled(): boolean {
    return this.waiting.length === 0 && this.deliveries.size === 0 && this.retryTimers.size === 0;
  }

  private notifyIfSettled(): void {
    if (!this.isSettled()) return;
    const waiters = this.settledWaiters;
    this.settledWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private enqueue(job: Job): void {
    if (this.closed) {
      this.log.error({ to: job.mail.to, subject: job.mail.subject }, 'mail dropped: the server is shutting down');
      return;
    }
    if (this.waiting.length + this.retryTimers.size >= this.capacity) {
      this.log.error(
        { to: job.mail.to, subject: job.mail.subject, capacity: this.capacity },
        'mail dropped: the mail queue is full',
      );
      return;
    }
    this.waiting.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.deliveries.size < this.concurrency && this.waiting.length > 0) {
      const delivery: Promise<void> = this.deliver(this.waiting.shift()!).finally(() => {
        this.deliveries.delete(delivery);
        this.pump();
      });
      this.deliveries.add(delivery);
    }
    this.notifyIfSettled();
  }

  private async deliver(job: Job): Promise<void> {
    try {
      await this.inner.send(job.mail);
    } catch (error) {
      const tries = job.tries + 1;
      const delay = this.retryDelaysMs[job.tries];
      const about = { err: error, to: job.mail.to, subject: job.mail.subject, tries };
      if (delay === undefined || this.closed) {
        this.log.error(about, 'mail could not be delivered; giving up');
        return;
      }
      this.log.warn({ ...about, retryInMs: delay }, 'mail delivery failed; will retry');
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        this.enqueue({ mail: job.mail, tries });
        this.notifyIfSettled();
      }, delay);
      this.retryTimers.add(timer);
    }
  }
}
