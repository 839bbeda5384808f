import type { Db } from '../client';
import { seedDemoAccounts, type Credentials } from './accounts';
import { seedDemoQuestions } from './questions';

/**
 * The demo academy (SEED_DEMO): one account per role, then each domain's demo content.
 * Every step is idempotent, so a restart leaves existing demo data alone.
 */
export async function seedDemo(db: Db, dataDir: string): Promise<Credentials[]> {
  const accounts = await seedDemoAccounts(db);
  await seedDemoQuestions(db, dataDir);
  return accounts;
}
