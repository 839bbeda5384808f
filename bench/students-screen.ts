/**
 * How soon /course-assignment shows its first page of students in Chromium, with 5,000 students and the 200-course
 * catalogue (budget: within 1 s of navigation). Seeds a fresh embedded database, starts the real server on the
 * built app (run `npm run build` first), signs the admin in, then times two ways in, five times each: a full load
 * of the address, and a click on the sidebar's Course Assignment from the dashboard, each until the first row shows.
 *   npx tsx bench/students-screen.ts
 */
import type { Db } from '../server/db/client';
import { ensureAdmin } from '../server/db/demo/accounts';
import { seedCourseBench } from './courses';
import { BENCH_ADMIN } from './scenarios';
import { onBuiltApp, timesSummary } from './screen';
import { seedStudentBench } from './students';

const ROUNDS = 5;

async function main() {
  const seed = async (db: Db) => {
    await ensureAdmin(db, BENCH_ADMIN.email, BENCH_ADMIN.password);
    await seedCourseBench(db);
    await seedStudentBench(db);
  };
  await onBuiltApp({ port: 4790, seed, account: BENCH_ADMIN }, async (page) => {
    const firstRow = () =>
      page.getByRole('table', { name: 'Students' }).getByRole('row').nth(1).waitFor({ timeout: 30_000 });
    // A first visit fills the browser's cache as any returning teacher's would be.
    await page.goto('/course-assignment');
    await firstRow();
    const load: number[] = [];
    const click: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let started = Date.now();
      await page.goto(`/course-assignment?round=${round}`, { waitUntil: 'commit' });
      await firstRow();
      load.push(Date.now() - started);
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Course Assignment' }).first().waitFor();
      started = Date.now();
      await page.getByRole('link', { name: 'Course Assignment' }).first().click();
      await firstRow();
      click.push(Date.now() - started);
    }
    process.stdout.write(`full load of /course-assignment to the first row: ${timesSummary(load)}\n`);
    process.stdout.write(`sidebar click from /dashboard to the first row: ${timesSummary(click)}\n`);
  });
}

await main();
