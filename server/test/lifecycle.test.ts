/**
 * The embedded database across process lifetimes: a second server on the same data directory is refused,
 * and a SIGTERM in the middle of load finishes cleanly and leaves a directory that opens again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../db/client';

const root = path.resolve(__dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-lifecycle-'));
const children: ChildProcess[] = [];

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the embedded database between processes', () => {
  const port = 3900 + Math.floor(Math.random() * 90);

  it('refuses a second server on the same data directory, and survives SIGTERM under load', async () => {
    const first = startServer(port);
    await waitForHealth(port);

    const second = startServer(port + 1);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is using the data directory ${dataDir}`);

    // Requests in flight when the signal arrives are finished, then the database is checkpointed and closed.
    // Fewer than the twenty sign-ups an address may make in an hour (the held request below is one more), so each
    // answer is the server finishing its work or refusing to start it, never the rate limit.
    const load = Array.from({ length: 18 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `load${i}@example.com` }),
      }).then(
        (r) => r.status,
        () => 'refused',
      ),
    );
    // A client whose request is half sent at the signal, and which keeps its connection open once answered. It asks
    // for "100 Continue", which the server sends once it has taken the request in: the signal comes after that.
    const body = JSON.stringify({ email: 'keep-alive@example.com' });
    const held = net.connect(port, '127.0.0.1');
    let heldAnswer = '';
    const continued = new Promise<void>((resolve) =>
      held.on('data', (d) => {
        heldAnswer += d;
        if (heldAnswer.startsWith('HTTP/1.1 100')) resolve();
      }),
    );
    await new Promise((resolve) => held.once('connect', resolve));
    held.write(
      `POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await continued;
    first.child.kill('SIGTERM');
    const signalled = Date.now();
    // The body once the server has stopped listening: the request is answered, its connection then idle.
    await new Promise((r) => setTimeout(r, 500));
    held.write(body);
    const statuses = await Promise.all(load);
    expect(await first.exited).toBe(0);
    // Not held until the keep-alive timeout (72 s): the answered connection is closed as soon as it is idle.
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(heldAnswer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    held.destroy();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 'refused' || s === 503)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const reopened = await openPglite(dataDir);
    try {
      const result = (await reopened.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(result.rows[0].n).toBeGreaterThanOrEqual(5);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
