import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { TEST_CLIENT } from './server/test/oidc';

/**
 * One academy per worker, each on its own temporary data directory, so workers' specs never meet in one database
 * (specs read mailed codes from their academy's outbox). The runner chooses them once; its workers load this file
 * again with the same environment and take the academy of their own slot (TEST_PARALLEL_INDEX). One worker by
 * default. A spec's steps wait on the browser and the server in turn, so one worker keeps about one core busy and two
 * finish the suite in about two thirds of the time on two cores (CI runs two), each step then waiting a little longer:
 * with more than one worker, a step may wait 15 s and a test run 90 s where they have 10 s and 60 s alone.
 */
const workers = Number(process.env.E2E_WORKERS ?? 1);
const shared = workers > 1;
if (!process.env.E2E_ACADEMIES) {
  const firstPort = Number(process.env.E2E_PORT ?? 3100 + Math.floor(Math.random() * 400) * 2);
  process.env.E2E_ACADEMIES = JSON.stringify(
    Array.from({ length: workers }, (_, slot) => ({
      url: `http://127.0.0.1:${firstPort + slot}`,
      port: firstPort + slot,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `academy-e2e-${slot}-`)),
    })),
  );
}
const academies = JSON.parse(process.env.E2E_ACADEMIES) as Array<{ url: string; port: number; dataDir: string }>;
const academy = academies[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % academies.length];
process.env.E2E_DATA_DIR = academy.dataDir;
// The stand-in for Google (e2e/google-provider.ts) listens beside the academies.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? academies[0].port + 1000);
process.env.E2E_OIDC_PORT = String(oidcPort);
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p));

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/google-provider.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: shared ? 90_000 : 60_000,
  expect: { timeout: shared ? 15_000 : 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: academy.url,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: academies.map(({ url, port, dataDir }) => ({
    command: 'node --import tsx server/main.ts',
    url: `${url}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      ADMIN_EMAIL: 'admin@e2e.academy',
      ADMIN_PASSWORD: 'Admin@pass1!',
      GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
      GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
    },
  })),
});
