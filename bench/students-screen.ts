/**
 * How soon /course-assignment shows its first page of students in Chromium, with 5,000 students and the 200-course
 * catalogue (budget: within 1 s of navigation). Seeds a fresh embedded database, starts the real server on the
 * built app (run `npm run build` first), signs the admin in, then times two ways in, five times each: a full load
 * of the address, and a click on the sidebar's Course Assignment from the dashboard, each until the first row shows.
 *   npx tsx bench/students-screen.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { openPglite } from '../server/db/client';
import { ensureAdmin } from '../server/db/demo/accounts';
import { seedCourseBench } from './courses';
import { BENCH_ADMIN } from './scenarios';
import { seedStudentBench } from './students';

const PORT = 4790;
const BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = 5;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-screen-'));
  const database = await openPglite(dataDir);
  await ensureAdmin(database.db, BENCH_ADMIN.email, BENCH_ADMIN.password);
  await seedCourseBench(database.db);
  await seedStudentBench(database.db);
  await database.close();

  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 240; i++) {
      if (
        await fetch(`${BASE}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
    const login = await context.request.post('/api/auth/login', { data: BENCH_ADMIN });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const page = await context.newPage();
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
    const summary = (list: number[]) =>
      `median ${[...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]} ms, max ${Math.max(...list)} ms (${list.join(', ')})`;
    process.stdout.write(`full load of /course-assignment to the first row: ${summary(load)}\n`);
    process.stdout.write(`sidebar click from /dashboard to the first row: ${summary(click)}\n`);
    await browser.close();
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
