import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { TEST_CLIENT } from './server/test/oidc';

// One server on a temporary data directory for the whole run; specs read mailed codes from its outbox.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const port = Number(process.env.E2E_PORT ?? 3100 + Math.floor(Math.random() * 800));
process.env.E2E_PORT = String(port);
// The stand-in for Google (e2e/google-provider.ts) listens beside the academy.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1000);
process.env.E2E_OIDC_PORT = String(oidcPort);
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p));

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/google-provider.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: 'admin@e2e.academy',
      ADMIN_PASSWORD: 'Admin@pass1!',
      GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
      GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
    },
  },
});
