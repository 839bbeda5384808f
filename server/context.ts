import type { Config } from './config';
import type { Db } from './db/client';
import type { BatchWriter } from './lib/batch-writer';
import type { Mailer } from './lib/mail';
import type { SessionCache } from './lib/session-cache';
import type { NewAttempt } from './modules/student/attempts';
import type { Memos } from './plugins/kept';
import type { CurrentUser } from './plugins/session';

/** What services need from the outside world; tests build their own (a clock they control, a mail catcher). */
export interface AppContext {
  db: Db;
  mailer: Mailer;
  config: Config;
  now: () => Date;
  /** Signed-in users by token; evict a user after a commit that ends their sessions or changes their account. */
  sessionCache: SessionCache<CurrentUser>;
  /** Values services keep between requests, emptied on every instance by the changes that alter them (plugins/kept.ts). */
  memos: Memos;
  /** Answer attempts, written behind the answers; `flush()` before reading them. */
  attempts: BatchWriter<NewAttempt>;
  /** Multiplies every rate limit; tests that are not about rate limits raise it. */
  rateLimitFactor: number;
}
