import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './lib/mail';

/** What services need from the outside world; tests build their own (a clock they control, a mail catcher). */
export interface AppContext {
  db: Db;
  mailer: Mailer;
  config: Config;
  now: () => Date;
  /** Multiplies every rate limit; tests that are not about rate limits raise it. */
  rateLimitFactor: number;
}
