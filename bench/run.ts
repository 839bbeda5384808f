/**
 * npm run bench: each target in its own process pinned to one core, autocannon pinned to the other,
 * and every figure reported beside a bare Fastify route measured in the same run (DESIGN section 10).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { BENCH_PASSWORD } from './scenarios';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;
const cores = (await import('node:os')).cpus().length;
const canPin = cores > 1 && spawnSync('taskset', ['-V']).status === 0;
if (canPin) spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]);

interface Result {
  target: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
}
const results: Result[] = [];

async function start(args: string[], seed: string[] = []): Promise<{ child: ChildProcess; ids: Record<string, string> }> {
  const command = canPin ? 'taskset' : process.execPath;
  const argv = canPin ? ['-c', '1', process.execPath, '--import', 'tsx', 'bench/server.ts', ...args] : ['--import', 'tsx', 'bench/server.ts', ...args];
  const child = spawn(command, argv, { env: { ...process.env, BENCH_SEED: seed.join(',') }, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const ids = await new Promise<Record<string, string>>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.on('line', (line) => {
      try {
        const message = JSON.parse(line);
        if (message.ready) resolve(message.ids);
      } catch {
        // not our line
      }
    });
  });
  return { child, ids };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface Load {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  cookie?: string;
  connections?: number;
}

async function measure(target: string, load: Load): Promise<Result> {
  const headers: Record<string, string> = {};
  if (load.cookie) headers.cookie = load.cookie;
  if (load.body) headers['content-type'] = 'application/json';
  const outcome = await autocannon({
    url: load.url,
    method: load.method ?? 'GET',
    body: load.body,
    headers,
    connections: load.connections ?? CONNECTIONS,
    duration: DURATION,
  });
  if (outcome.non2xx > 0 || outcome.errors > 0) {
    throw new Error(`${load.name}: ${outcome.non2xx} non-2xx answers and ${outcome.errors} errors`);
  }
  const result = { target, name: load.name, rps: Math.round(outcome.requests.average), p50: outcome.latency.p50, p99: outcome.latency.p99 };
  results.push(result);
  console.log(`${target.padEnd(9)} ${load.name.padEnd(48)} ${String(result.rps).padStart(7)} req/s  p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms`);
  return result;
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const cookie = response.headers.get('set-cookie');
  if (!response.ok || !cookie) throw new Error(`bench sign-in failed: ${response.status}`);
  return cookie.split(';')[0];
}

function postgresReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.on('connect', () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
}

async function main() {
  console.log(`npm run bench: ${DURATION} s per load, ${CONNECTIONS} connections, ${canPin ? 'server on core 1, load on core 0' : 'not pinned'}\n`);
  const bare = await start(['bare', '4601']);
  const yardstick = await measure('bare', { name: 'GET /bare (Fastify, one route)', url: 'http://127.0.0.1:4601/bare' });
  await stop(bare.child);

  const kinds: Array<'pglite' | 'postgres'> = ['pglite'];
  if (await postgresReachable()) kinds.push('postgres');
  for (const kind of kinds) {
    const server = await start(['academy', kind, '4602'], ['accounts']);
    const base = 'http://127.0.0.1:4602';
    const studentCookie = await signIn(base, 'bench-student@example.com');
    const me = await measure(kind, { name: 'GET /api/auth/me (signed in)', url: `${base}/api/auth/me`, cookie: studentCookie });
    console.log(`${''.padEnd(9)} ${'  ratio to bare Fastify'.padEnd(48)} ${(me.rps / yardstick.rps).toFixed(2)}`);
    await stop(server.child);
  }
  console.log('\nJSON:', JSON.stringify({ yardstick: yardstick.rps, results }));
}

await main();
