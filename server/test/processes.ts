/**
 * Academy servers as real processes (`server/main.ts`), for the tests and scripts about what happens between
 * processes: several instances on one database, kills, restarts. Requests go over HTTP with fetch.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new, empty PostgreSQL database on the test server; `drop()` removes it. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `academy_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(POSTGRES_URL);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

let nextPort = 4100 + Math.floor(Math.random() * 400) * 2;

/** How often a server whose port another program holds is started again on the next one. */
const PORT_RETRIES = 5;

export class ServerProcess {
  child!: ChildProcess;
  port!: number;
  url!: string;
  exited!: Promise<number | null>;
  private out = '';

  constructor(
    private readonly env: Record<string, string>,
    /** Another checkout's root, to run another release's server (`upgrade-run.ts`); this one's by default. */
    private readonly cwd: string = root,
  ) {
    this.start();
  }

  /** On the next port of a range the tests share; ready() moves on when another program listens there already. */
  private start() {
    this.port = nextPort++;
    this.url = `http://127.0.0.1:${this.port}`;
    this.out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: this.cwd,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        ...this.env,
        PORT: String(this.port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (this.out += d));
    child.stderr!.on('data', (d) => (this.out += d));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    this.child = child;
  }

  output(): string {
    return this.out;
  }

  /** Resolves once the server answers /api/ready, or throws with what it printed. */
  async ready(timeoutMs = 240_000): Promise<this> {
    const deadline = Date.now() + timeoutMs;
    let lastAnswer = 'no answer';
    let retries = PORT_RETRIES;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) {
        if (!this.out.includes('EADDRINUSE') || retries-- === 0)
          throw new Error(`The server exited (${this.child.exitCode}): ${this.out}`);
        this.start();
      }
      try {
        const response = await fetch(`${this.url}/api/ready`);
        if (response.ok) return this;
        lastAnswer = `${response.status} ${await response.text()}`;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`The server did not start in time (last /api/ready: ${lastAnswer}): ${this.out}`);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  /** A request with an optional session cookie; JSON bodies are sent as JSON. */
  async request(
    method: string,
    url: string,
    options: { cookie?: string | null; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.cookie) headers.cookie = options.cookie;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      body = new Uint8Array(options.body);
    }
    const response = await fetch(`${this.url}${url}`, { method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      json: () => (type.includes('json') ? JSON.parse(bytes.toString('utf8')) : null),
      cookie: sessionCookieOf(response),
    };
  }

  async signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
    const response = await this.request('POST', '/api/auth/login', { json: { email, password }, headers });
    if (!response.cookie) throw new Error(`Sign-in failed (${response.status}): ${response.bytes.toString()}`);
    return response.cookie;
  }
}

function sessionCookieOf(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const match = /^academy_session=([^;]+)/.exec(line);
    if (match && match[1]) return `academy_session=${match[1]}`;
  }
  return null;
}

/** Retries `read` until `done` accepts its value or `timeoutMs` passes; returns the value and how long it took. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 3000,
): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() - start > timeoutMs) return { value, ms: performance.now() - start };
    await new Promise((r) => setTimeout(r, 20));
  }
}
