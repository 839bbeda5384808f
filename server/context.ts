import type { Config } from './config';
import type { Db } from './db/client';
import type { BatchWriter } from './lib/batch-writer';
import type { Mailer } from './lib/mail';
import type { UploadStore } from './lib/storage';
import type { NewAttempt } from './modules/student/attempts';
import type { SkillKeeper } from './modules/mastery/keeper';
import type { SessionCache } from './modules/sessions/cache';
import type { CurrentUser } from './modules/sessions/store';
import type { MemosOf } from './lib/kept/declare';
import { academyMemos } from './modules/academy/kept';
import { gradebookMemos } from './modules/gradebook/kept';
import { masteryMemos } from './modules/mastery/kept';
import { questionMemos } from './modules/questions/kept';
import { studentMemos } from './modules/student/kept';
import { testMemos } from './modules/saved-tests/kept';
import { testTakingMemos } from './modules/test-taking/kept';
import { userMemos } from './modules/users/kept';
import { variantMemos } from './modules/variants/kept';

/** Every memo, declared in the `kept.ts` of the module that owns it: `registerKept` (app.ts) makes their stores. */
export const MEMOS = {
  ...studentMemos,
  ...questionMemos,
  ...testMemos,
  ...testTakingMemos,
  ...userMemos,
  ...academyMemos,
  ...gradebookMemos,
  ...masteryMemos,
  ...variantMemos,
};
export type Memos = MemosOf<typeof MEMOS>;

/** What services need from the outside world; tests build their own (a clock they control, a mail catcher). */
export interface AppContext {
  db: Db;
  /** Takes mail for delivery behind the answer (server/lib/mail-queue.ts): `send` never waits for the mail server. */
  mailer: Mailer;
  /**
   * Delivers at once and fails with the mail server, without the queue's retries: for jobs that retry by
   * themselves from the database (the parents' letters), which a mail held in this process's memory would not.
   */
  deliver: Mailer;
  config: Config;
  now: () => Date;
  /** Signed-in users by token; evict a user after a commit that ends their sessions or changes their account. */
  sessionCache: SessionCache<CurrentUser>;
  /** Values services keep between requests, emptied on every instance by the changes that alter them (server/plugins/kept.ts). */
  memos: Memos;
  /** Answer attempts, written behind the answers; `flush()` before reading them. */
  attempts: BatchWriter<NewAttempt>;
  /** Counts queued answers into skills behind the answers; `catchUp()` (after flushing attempts) before reading levels. */
  skills: SkillKeeper;
  /** Uploaded images, in DATA_DIR/uploads or the bucket. */
  uploads: UploadStore;
  /** The key e-mail codes are stored hashed with (lib/code-key.ts). */
  codeKey: Buffer;
  /** Multiplies every rate limit; tests that are not about rate limits raise it. */
  rateLimitFactor: number;
}
