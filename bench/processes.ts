/**
 * The bench servers (bench/server.ts) as child processes, shared by `npm run bench` and `npm run soak`: the server
 * pinned to one core and the load generator to the other where the machine has two and `taskset` exists.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import readline from 'node:readline';
import pg from 'pg';

export const canPin = os.cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0;

/** Pins this process (the load generator) to core 0; the servers go to core 1. */
export function pinLoadGenerator() {
  if (canPin) spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]);
}

/**
 * Starts bench/server.ts with `args`, seeded by the SEEDERS named in `seed`; resolves with the ids it printed once
 * listening. `env` reaches the seeders (e.g. BENCH_STUDENTS). taskset execs node, so `child.pid` is the server's.
 */
/** Servers still running: a load that fails ends the run, and must not leave its server behind. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function start(
  args: string[],
  seed: string[] = [],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ids: Record<string, unknown> }> {
  const node = [process.execPath, '--import', 'tsx', 'bench/server.ts', ...args];
  const [command, ...argv] = canPin ? ['taskset', '-c', '1', ...node] : node;
  const child = spawn(command, argv, {
    env: { ...process.env, ...env, BENCH_SEED: seed.join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  const lines = readline.createInterface({ input: child.stdout! });
  const ids = await new Promise<Record<string, unknown>>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve(JSON.parse(line).ids);
    });
  });
  return { child, ids };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function signIn(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const cookie = response.headers.get('set-cookie');
  if (!response.ok || !cookie) throw new Error(`bench sign-in of ${account.email} failed: ${response.status}`);
  return cookie.split(';')[0];
}

export function postgresReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.on('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** The PostgreSQL server the benches make their databases on. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the PostgreSQL server itself (creating or dropping a bench's database). */
export async function onPostgresServer(statement: string) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
