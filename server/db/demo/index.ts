import { sql } from 'drizzle-orm';
import type { UploadStore } from '../../lib/storage';
import { rows } from '../prepared';
import { rebuildDays } from '../days';
import type { Db } from '../client';
import { studentDays } from '../schema';
import { seedDemoAccounts, type Credentials } from './accounts';
import { seedDemoClass } from './classes';
import { seedDemoCourses } from './courses';
import { seedDemoLearning } from './learning';
import { seedDemoOfferings } from './offerings';
import { seedDemoQuestions } from './questions';
import { seedDemoSkills } from './skills';
import { seedDemoTemplates } from './templates';
import { seedDemoTest } from './tests';
import { seedDemoMocks } from './mocks';

/**
 * The demo academy (SEED_DEMO): one account per role, then each domain's demo content.
 * Every step is idempotent, so a restart leaves existing demo data alone.
 */
export async function seedDemo(db: Db, uploads: UploadStore): Promise<Credentials[]> {
  const accounts = await seedDemoAccounts(db);
  await seedDemoCourses(db);
  await seedDemoQuestions(db, uploads);
  await seedDemoTemplates(db, uploads);
  await seedDemoSkills(db);
  // After courses and questions: it assigns what exists to the demo student.
  await seedDemoLearning(db, uploads);
  // After the accounts: the demo teacher's test, sat and released by the demo student.
  await seedDemoTest(db, uploads);
  await seedDemoMocks(db, uploads);
  // After the courses and the test: the public catalogue grants them.
  await seedDemoOfferings(db);
  // After the courses, questions and the test: a class with a gradebook to read, and its own teacher.
  const classAccounts = await seedDemoClass(db);
  // Last: the answers seeded above, counted into the days the progress charts read; once, as the rest (a restart
  // finds the days kept since by the answers themselves).
  const [kept] = await db.select({ day: studentDays.day }).from(studentDays).limit(1);
  if (!kept) await rebuildDays(db);
  return [...accounts, ...classAccounts];
}

/** The demo academy's students (their addresses are at demo.academy), for what is computed from their answers. */
export async function demoStudentIds(db: Db): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select u.id from users u where u.type = 'student' and u.email like '%@demo.academy' order by u.id`,
  );
  return found.map((u) => u.id);
}
