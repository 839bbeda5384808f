/**
 * A screen timed in Chromium: the built app (run `npm run build` first) served by the real server over an embedded
 * database seeded for the measure, with an account signed in by its cookie before the first navigation.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { openPglite, type Db } from '../server/db/client';

export interface ScreenBench<Seeded> {
  port: number;
  seed: (db: Db) => Promise<Seeded>;
  account: { email: string; password: string };
}

export async function onBuiltApp<Seeded, Result>(
  bench: ScreenBench<Seeded>,
  use: (page: Page, seeded: Seeded) => Promise<Result>,
): Promise<Result> {
  if (!fs.existsSync(path.join('dist', 'index.html'))) {
    throw new Error('A screen is timed on the built app, and dist/ holds none: run `npm run build` first.');
  }
  const baseUrl = `http://127.0.0.1:${bench.port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-screen-'));
  const database = await openPglite(dataDir);
  const seeded = await bench.seed(database.db);
  await database.close();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(bench.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 240; i++) {
      const up = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
      const login = await context.request.post('/api/auth/login', { data: bench.account });
      if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
      return await use(await context.newPage(), seeded);
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** "median M ms, max X ms (each time)" of a few timed rounds. */
export function timesSummary(times: number[]): string {
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  return `median ${median} ms, max ${Math.max(...times)} ms (${times.join(', ')})`;
}
