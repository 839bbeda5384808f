/**
 * A rolling upgrade under load: two servers of the previous release serve learners through a load balancer, a
 * server of this checkout starts on the same PostgreSQL database, migrates it and joins, the old ones keep serving
 * on the migrated schema, then they leave the balancer and get SIGTERM. No request may fail and every attempt a
 * student was told was checked must be stored. `upgrade.test.ts` runs it briefly; `rollingUpgrade` is also meant
 * for a script (`npm run crash`).
 *
 * The previous release is a git worktree of an earlier commit (`UPGRADE_FROM`, or by default the parent of the
 * newest commit that added a migration, so the newest schema change always meets the code written before it).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { LEARNING_LIMITS } from '../../common/schemas/learning';
import { NEWEST_MIGRATION } from '../db/client';
import { DEMO_PASSWORD } from '../db/demo/accounts';
import { freshPostgres, ServerProcess } from './processes';
import { startBucket } from './s3';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

async function git(...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd: root });
  return stdout.trim();
}

/** `ref` as a full commit id, or null when this repository does not have it. */
async function commitOf(ref: string): Promise<string | null> {
  try {
    return (await git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`)) || null;
  } catch {
    return null;
  }
}

/**
 * The commit whose server plays the release being replaced: `UPGRADE_FROM` when set, else the parent of the newest
 * commit that touched the migrations' journal (that is, added a migration). A migration not committed yet is in the
 * working tree only, so it too runs against that older code.
 */
export async function previousRelease(from = process.env.UPGRADE_FROM): Promise<string> {
  // A shallow clone lacks the older commits, and a missing one would look like a wrong UPGRADE_FROM.
  if ((await git('rev-parse', '--is-shallow-repository')) === 'true') {
    throw new Error(
      'The repository is a shallow clone: the previous release may not be in it. Fetch the whole history ' +
        '(git fetch --unshallow) to run the upgrade test.',
    );
  }
  if (from) {
    const commit = await commitOf(from);
    if (!commit) throw new Error(`UPGRADE_FROM=${from} names no commit of this repository.`);
    return commit;
  }
  const newest = await git('log', '-n1', '--format=%H', '--', 'server/db/migrations/meta/_journal.json');
  if (!newest) throw new Error('No commit has added a migration yet: there is no previous schema to upgrade from.');
  const parent = await commitOf(`${newest}^`);
  if (!parent) throw new Error(`The commit ${newest} that added the newest migration has no parent in this clone.`);
  return parent;
}

export interface Checkout {
  commit: string;
  dir: string;
  /** Whether the previous release runs on this checkout's node_modules or on its own installed copy. */
  dependencies: 'shared' | 'installed';
  remove(): Promise<void>;
}

type Lockfile = { packages?: Record<string, { version?: string; dev?: boolean }> };

/**
 * The packages the previous release runs with (not its development tools) whose version this checkout's lockfile
 * does not pin the same, at the same place in node_modules.
 */
function changedRuntimePackages(previous: Lockfile, current: Lockfile): string[] {
  const now = current.packages ?? {};
  return Object.entries(previous.packages ?? {})
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.dev && now[key]?.version !== entry.version)
    .map(
      ([key, entry]) => `${key.slice('node_modules/'.length)}@${entry.version} (now ${now[key]?.version ?? 'none'})`,
    );
}

/**
 * The previous release checked out beside this one (`git worktree add --detach`), removed by `remove()`.
 *
 * It runs on this checkout's node_modules (a symlink): two releases a few commits apart nearly always pin the same
 * packages, and installing a second copy would cost minutes and a network. That is only sound while it holds, so the
 * lockfiles are compared: when a package the old server runs with (any non-development entry of its lockfile) is
 * pinned at another version now, the old release gets its own `npm ci --prefer-offline --omit=dev` instead, as
 * skipping would leave untested exactly the upgrades that change dependencies as well as the schema.
 */
export async function checkoutRelease(commit: string, log: (line: string) => void = () => {}): Promise<Checkout> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-upgrade-'));
  let added = false;
  const remove = async () => {
    // The link first, on its own: nothing that removes the folder may reach this checkout's node_modules through it.
    try {
      if (fs.lstatSync(path.join(dir, 'node_modules')).isSymbolicLink()) fs.unlinkSync(path.join(dir, 'node_modules'));
    } catch {
      // no link
    }
    if (added) await git('worktree', 'remove', '--force', dir).catch(() => undefined);
    added = false;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Set first: an add that fails half-way may leave git's record of the worktree, which remove() clears.
    added = true;
    await git('worktree', 'add', '--detach', dir, commit);
    const readLock = (at: string) =>
      JSON.parse(fs.readFileSync(path.join(at, 'package-lock.json'), 'utf8')) as Lockfile;
    const changed = changedRuntimePackages(readLock(dir), readLock(root));
    let dependencies: Checkout['dependencies'] = 'shared';
    if (changed.length === 0) {
      fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    } else {
      log(`the previous release pins other packages (${changed.slice(0, 5).join(', ')}): installing them there`);
      await run('npm', ['ci', '--prefer-offline', '--omit=dev', '--no-audit', '--no-fund'], {
        cwd: dir,
        maxBuffer: 64 * 1024 * 1024,
      });
      dependencies = 'installed';
    }
    return { commit, dir, dependencies, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

interface Upstream {
  name: string;
  port: number;
  agent: http.Agent;
  /** Still sent new requests: an instance leaves the rotation before it is stopped. */
  inRotation: boolean;
  /** The last health check's verdict (`/api/ready` answering 200). */
  healthy: boolean;
  inFlight: number;
  served: number;
}

type Outcome =
  | { kind: 'response'; status: number; headers: http.IncomingHttpHeaders; body: Buffer }
  | { kind: 'retry'; reason: 'refused' | 'reset' | 'overloaded' }
  | { kind: 'failed'; error: Error };

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * A round-robin HTTP balancer as the deployment guide describes one: it sends each request to the next instance in
 * rotation that passed its last health check, and on to the following one when an instance refuses the connection,
 * drops a kept-alive connection before answering, or turns the request away as overloaded (503 OVERLOADED, answered
 * before any work). Those are the only retries: the instance did nothing with the request. Bodies are small JSON, so
 * requests and answers are buffered whole.
 */
export class Balancer {
  private readonly upstreams: Upstream[] = [];
  private next = 0;
  private readonly server: http.Server;
  private healthTimer: NodeJS.Timeout | undefined;
  private checking = false;
  readonly retries = { refused: 0, reset: 0, overloaded: 0 };
  /** Every health verdict that changed, with when. */
  readonly healthChanges: Array<{ name: string; at: number; healthy: boolean; detail: string }> = [];
  url = '';

  constructor() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    // Longer than the client's idle connections live, so the client never meets a connection closing under it.
    this.server.keepAliveTimeout = 30_000;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.healthTimer = setInterval(() => void this.checkHealth(), 1000);
    return this;
  }

  /** Puts an instance in rotation: the caller has seen its `/api/ready` answer 200. */
  add(name: string, port: number) {
    this.upstreams.push({
      name,
      port,
      agent: new http.Agent({ keepAlive: true, maxSockets: 32 }),
      inRotation: true,
      healthy: true,
      inFlight: 0,
      served: 0,
    });
  }

  /** Takes an instance out of rotation: no new request goes there; those in flight still get their answers. */
  remove(name: string): { inFlight: number } {
    const upstream = this.find(name);
    upstream.inRotation = false;
    return { inFlight: upstream.inFlight };
  }

  /** Forgets an instance once it has stopped, closing the connections kept to it. */
  forget(name: string) {
    const upstream = this.find(name);
    upstream.agent.destroy();
    this.upstreams.splice(this.upstreams.indexOf(upstream), 1);
  }

  served(): Record<string, number> {
    return Object.fromEntries(this.upstreams.map((u) => [u.name, u.served]));
  }

  async close() {
    clearInterval(this.healthTimer);
    for (const upstream of this.upstreams) upstream.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private find(name: string): Upstream {
    const upstream = this.upstreams.find((u) => u.name === name);
    if (!upstream) throw new Error(`No instance named ${name} in the balancer`);
    return upstream;
  }

  /** The next instance in rotation not tried yet for this request, preferring those that passed their health check. */
  private pick(tried: Set<Upstream>): Upstream | undefined {
    const candidates = this.upstreams.filter((u) => u.inRotation && !tried.has(u));
    const healthy = candidates.filter((u) => u.healthy);
    // As nginx does: when every instance failed its check, they are all tried rather than none.
    const pool = healthy.length ? healthy : candidates;
    if (pool.length === 0) return undefined;
    return pool[this.next++ % pool.length];
  }

  private async checkHealth() {
    // A round of checks slower than the interval (a busy machine) is not joined by the next one.
    if (this.checking) return;
    this.checking = true;
    await Promise.all(
      this.upstreams
        .filter((u) => u.inRotation)
        .map(async (upstream) => {
          const detail = await new Promise<string>((resolve) => {
            const request = http.get(
              { host: '127.0.0.1', port: upstream.port, path: '/api/ready', agent: false, timeout: 5000 },
              (res) => {
                // The reply names the check that failed (a migration missing, the database, the storage).
                readAll(res).then(
                  (body) => resolve(`${res.statusCode} ${body.toString('utf8').slice(0, 200)}`),
                  () => resolve(String(res.statusCode)),
                );
              },
            );
            request.on('timeout', () => request.destroy(new Error('timed out')));
            request.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
          });
          const healthy = detail.startsWith('200 ');
          if (healthy !== upstream.healthy && upstream.inRotation) {
            upstream.healthy = healthy;
            this.healthChanges.push({ name: upstream.name, at: Date.now(), healthy, detail });
          }
        }),
    ).finally(() => (this.checking = false));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readAll(req);
    const tried = new Set<Upstream>();
    let last: Outcome | undefined;
    for (;;) {
      const upstream = this.pick(tried);
      if (!upstream) break;
      tried.add(upstream);
      upstream.inFlight++;
      const outcome = await this.forward(upstream, req, body).finally(() => upstream.inFlight--);
      last = outcome;
      if (outcome.kind === 'retry') {
        this.retries[outcome.reason]++;
        continue;
      }
      if (outcome.kind === 'failed') break;
      upstream.served++;
      const headers: http.OutgoingHttpHeaders = { 'x-served-by': upstream.name };
      for (const [name, value] of Object.entries(outcome.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      headers['content-length'] = outcome.body.length;
      res.writeHead(outcome.status, headers).end(outcome.body);
      return;
    }
    const reason =
      last?.kind === 'failed'
        ? last.error.message
        : last?.kind === 'retry'
          ? `every instance: ${last.reason}`
          : 'no instance in rotation';
    res
      .writeHead(last?.kind === 'retry' && last.reason === 'overloaded' ? 503 : 502, {
        'content-type': 'application/json',
      })
      .end(JSON.stringify({ message: `The balancer could not place the request: ${reason}`, code: 'BALANCER' }));
  }

  private forward(upstream: Upstream, req: http.IncomingMessage, body: Buffer): Promise<Outcome> {
    return new Promise((resolve) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      headers.host = `127.0.0.1:${upstream.port}`;
      if (body.length > 0 || req.method === 'POST' || req.method === 'PUT') headers['content-length'] = body.length;
      let answered = false;
      const out = http.request(
        { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers, agent: upstream.agent },
        (response) => {
          answered = true;
          readAll(response).then(
            (bytes) => {
              const overloaded =
                response.statusCode === 503 && /"code"\s*:\s*"OVERLOADED"/.test(bytes.toString('utf8'));
              resolve(
                overloaded
                  ? { kind: 'retry', reason: 'overloaded' }
                  : { kind: 'response', status: response.statusCode ?? 502, headers: response.headers, body: bytes },
              );
            },
            (error: Error) => resolve({ kind: 'failed', error }),
          );
        },
      );
      out.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') resolve({ kind: 'retry', reason: 'refused' });
        // A kept-alive connection the instance closed as idle (it is stopping) before our request reached it: the
        // instance never read the request. Node's own advice for this race is to send it again.
        else if (!answered && out.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
          resolve({ kind: 'retry', reason: 'reset' });
        else resolve({ kind: 'failed', error });
      });
      out.end(body);
    });
  }
}

export interface UpgradeOptions {
  /** Seconds of load in each of the three steady phases (old only, old and new together, new only). */
  loadSeconds?: number;
  /** The previous release's commit; `UPGRADE_FROM`, or the parent of the newest commit with a migration. */
  from?: string;
  /** Learner loops per demo student (each student checks at most what the hourly check limit allows). */
  loopsPerStudent?: number;
  /**
   * SQL run once the new release has migrated, as if it were one more of its migrations: to try a contract step
   * against the previous release before writing it as a migration.
   */
  alsoApply?: string;
  log?: (line: string) => void;
}

type ExitCode = number | null | 'hung';

export interface UpgradeResult {
  /** The previous release's commit. */
  from: string;
  dependencies: Checkout['dependencies'];
  /** Requests the learners sent through the balancer, by status ('error' when fetch itself failed). */
  byStatus: Record<string, number>;
  /**
   * The same by phase: `old` (before the new server starts), `starting` (while it starts and migrates), `mixed` (old
   * and new in rotation), `stopping` (the old ones out of rotation until they exited), `new`.
   */
  byPhase: Record<string, Record<string, number>>;
  /** Every request that failed: a 5xx, an unexpected 4xx, an error or an answer of the wrong shape. */
  failures: string[];
  /** Requests the balancer sent to another instance, by why. */
  retries: Balancer['retries'];
  healthChanges: Balancer['healthChanges'];
  /** Checks answered 200 as stored tries, and the rows the students gained in answer_attempts. */
  attemptsAcknowledged: number;
  attemptsStored: number;
  /** Answers each old instance gave on the migrated schema, from the new instance's readiness to its own stop. */
  oldServedAfterMigration: Record<string, number>;
  /** The migrations check of each old instance's /api/ready right after the migration ('ok' or 'failed'). */
  oldReadyAfterMigration: Record<string, string>;
  /** The longest request of each phase, in ms. */
  slowestMs: Record<string, number>;
  /** Requests in flight to each old instance when it got SIGTERM. */
  inFlightAtStop: Record<string, number>;
  /** Each server's exit code after SIGTERM ('hung' when it had not exited a minute later, and was killed). */
  oldExitCodes: Record<string, ExitCode>;
  newExitCode: ExitCode;
  /** From the new server's spawn to its migration committed, and to its /api/ready answering 200. */
  newMigratedMs: number | null;
  /** From the start-up lock seen taken to the migration committed (to within the 50 ms it is watched at). */
  migrationMs: number | null;
  newReadyMs: number;
}

/** What went wrong in an upgrade, each in a sentence; empty when nothing did. The test and a script judge alike. */
export function upgradeProblems(result: UpgradeResult): string[] {
  const problems = [...result.failures];
  const statuses = Object.keys(result.byStatus).filter((status) => !/^2\d\d$/.test(status));
  if (statuses.length) problems.push(`answers other than 2xx: ${statuses.join(', ')}`);
  for (const [name, check] of Object.entries(result.oldReadyAfterMigration))
    if (check !== 'ok') problems.push(`${name}'s /api/ready said its migrations were ${check} on the migrated schema`);
  for (const change of result.healthChanges)
    if (change.detail.includes('"migrations":"failed"'))
      problems.push(`${change.name} left the rotation, its migrations check failing: ${change.detail}`);
  for (const [name, served] of Object.entries(result.oldServedAfterMigration))
    if (served === 0)
      problems.push(`${name} answered nothing after the migration: the old release went untested on it`);
  if (!result.byPhase.new?.['200']) problems.push('the new release alone answered nothing');
  if (result.attemptsAcknowledged === 0) problems.push('no answer check was acknowledged');
  if (result.attemptsStored !== result.attemptsAcknowledged)
    problems.push(`${result.attemptsAcknowledged} attempts acknowledged but ${result.attemptsStored} stored`);
  for (const [name, code] of Object.entries(result.oldExitCodes))
    if (code !== 0) problems.push(`${name} exited with ${code} on SIGTERM`);
  if (result.newExitCode !== 0) problems.push(`the new server exited with ${result.newExitCode} on SIGTERM`);
  return problems;
}

const ADMIN = { email: 'admin@upgrade.test', password: 'Admin-pass1!' };
const DEMO_STUDENTS = [
  'student@demo.academy',
  'ava.brooks@demo.academy',
  'ben.diaz@demo.academy',
  'cara.evans@demo.academy',
];
/** A mix of right and wrong answers for any question type: a wrong answer is a stored try like a right one. */
const ANSWERS = ['A', 'B', '1', '2', '3/4', '12'];
/** Below the hourly check limit, so a long run never turns a check away with 429. */
const CHECKS_PER_STUDENT = Math.floor(LEARNING_LIMITS.checksPerHour * 0.8);

interface Student {
  email: string;
  id: string;
  cookie: string;
  courseId: string;
  questions: string[];
  checks: number;
  acknowledged: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM, and SIGKILL a minute later: a server that cannot finish stopping must not hang the run. */
async function stopWithin(server: ServerProcess, ms = 60_000): Promise<ExitCode> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  const code = await Promise.race([server.stop('SIGTERM'), hung]).finally(() => clearTimeout(timer));
  if (code === 'hung') await server.stop('SIGKILL');
  return code;
}

/** The learners' side: every request through the balancer, every answer tallied and checked. */
class Learners {
  phase = 'old';
  running = true;
  readonly byStatus: Record<string, number> = {};
  readonly byPhase: Record<string, Record<string, number>> = {};
  /** The longest a request took in each phase: a migration that held a table's lock would show here. */
  readonly slowestMs: Record<string, number> = {};
  readonly failures: string[] = [];
  /** A check's verdict by student, question and answer: an old and a new server must give the same. */
  private readonly verdicts = new Map<string, boolean>();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly url: string,
    private readonly students: Student[],
  ) {}

  private tally(key: string) {
    this.byStatus[key] = (this.byStatus[key] ?? 0) + 1;
    const phase = (this.byPhase[this.phase] ??= {});
    phase[key] = (phase[key] ?? 0) + 1;
  }

  private fail(text: string) {
    if (this.failures.length < 50) this.failures.push(`[${this.phase}] ${text}`);
    else if (this.failures.length === 50) this.failures.push('... more failures not listed');
  }

  /** One request; null when it failed (already tallied and listed). */
  private async call(
    student: Student,
    method: string,
    url: string,
    json?: unknown,
  ): Promise<{ status: number; body: unknown; servedBy: string } | null> {
    let response: Response;
    let text: string;
    const began = performance.now();
    try {
      response = await fetch(`${this.url}${url}`, {
        method,
        headers: { cookie: student.cookie, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      text = await response.text();
    } catch (error) {
      this.tally('error');
      this.fail(`${method} ${url}: ${(error as Error).message}`);
      return null;
    }
    this.tally(String(response.status));
    this.slowestMs[this.phase] = Math.max(this.slowestMs[this.phase] ?? 0, Math.round(performance.now() - began));
    const servedBy = response.headers.get('x-served-by') ?? 'balancer';
    if (response.status >= 300) {
      this.fail(`${method} ${url} on ${servedBy}: ${response.status} ${text.slice(0, 300)}`);
      return null;
    }
    try {
      return { status: response.status, body: text ? JSON.parse(text) : null, servedBy };
    } catch {
      this.fail(`${method} ${url} on ${servedBy}: ${response.status} answered with no JSON: ${text.slice(0, 100)}`);
      return null;
    }
  }

  private async check(student: Student, step: number) {
    const questionId = student.questions[step % student.questions.length];
    const studentAnswer = ANSWERS[Math.floor(Math.random() * ANSWERS.length)];
    student.checks++;
    const answer = await this.call(student, 'POST', '/api/questions/check-answer', { questionId, studentAnswer });
    if (!answer) return;
    const result = (answer.body as { result?: { isCorrect?: unknown; formMissed?: boolean } } | null)?.result;
    if (typeof result?.isCorrect !== 'boolean') {
      this.fail(`check on ${answer.servedBy} answered without a verdict: ${JSON.stringify(answer.body)}`);
      return;
    }
    // A right value in the wrong form is a nudge the server does not store.
    if (!result.formMissed) student.acknowledged++;
    const key = `${student.email} ${questionId} ${studentAnswer}`;
    const before = this.verdicts.get(key);
    if (before === undefined) this.verdicts.set(key, result.isCorrect);
    else if (before !== result.isCorrect)
      this.fail(
        `${answer.servedBy} judged ${JSON.stringify(studentAnswer)} to ${questionId} ${result.isCorrect}, before ${before}`,
      );
  }

  private async read(student: Student, step: number) {
    switch (step % 5) {
      case 0:
        await this.call(student, 'GET', '/api/auth/me');
        break;
      case 1:
        await this.call(student, 'GET', '/api/student/courses');
        break;
      case 2:
        await this.call(student, 'GET', `/api/student/courses/${student.courseId}`);
        break;
      case 3:
        await this.call(student, 'POST', '/api/questions/batch', { questionIds: student.questions.slice(0, 10) });
        break;
      default:
        await this.call(student, 'GET', '/api/student/stats');
    }
  }

  /** A student at work: a check, a read, a pause; reads only once their share of the hourly checks is used. */
  private async loop(student: Student, offset: number) {
    for (let step = offset; this.running; step++) {
      if (student.checks < CHECKS_PER_STUDENT) await this.check(student, step);
      await this.read(student, step);
      await sleep(50 + Math.random() * 100);
    }
  }

  start(loopsPerStudent: number) {
    this.loops = this.students.flatMap((student) =>
      Array.from({ length: loopsPerStudent }, (_, i) => this.loop(student, i * 7)),
    );
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

async function signInStudents(url: string): Promise<Student[]> {
  const students: Student[] = [];
  for (const email of DEMO_STUDENTS) {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => /^academy_session=([^;]+)/.exec(line)?.[0])
      .find(Boolean);
    if (!cookie) continue;
    const me = (await (await fetch(`${url}/api/auth/me`, { headers: { cookie } })).json()) as {
      user?: { id: string };
      id?: string;
    };
    const list = (await (await fetch(`${url}/api/student/courses`, { headers: { cookie } })).json()) as {
      courses?: Array<{ id: string; exercises?: string[] }>;
    };
    const course = (list.courses ?? []).find((c) => (c.exercises ?? []).length > 0);
    const id = me.user?.id ?? me.id;
    if (!course || !id) continue;
    students.push({
      email,
      id,
      cookie,
      courseId: course.id,
      questions: course.exercises!,
      checks: 0,
      acknowledged: 0,
    });
  }
  if (students.length === 0) throw new Error('No demo student with exercises could sign in on the previous release.');
  return students;
}

async function attemptsOf(url: string, students: Student[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      'select count(*)::int as n from answer_attempts aa where aa.student_id = any($1::uuid[])',
      [students.map((s) => s.id)],
    );
    return result.rows[0].n;
  } finally {
    await client.end();
  }
}

/** The start-up lock's key (`server/db/client.ts`), as pg_locks shows an advisory lock taken with one bigint. */
const STARTUP_LOCK = 0x61636164;

/**
 * When the new server took the start-up lock and when the database held the newest migration of this checkout,
 * watched every 50 ms: the time between is what the migrations took, apart from the time the process took to load.
 */
async function watchMigration(
  url: string,
  stop: { done: boolean },
): Promise<{ locked: number | null; migrated: number | null }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let locked: number | null = null;
  try {
    while (!stop.done) {
      const result = await client.query<{ newest: string | null; locked: boolean }>(
        `select (select max(m.created_at)::text from drizzle.__drizzle_migrations m) as newest,
                exists (select 1 from pg_locks l
                        where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1
                          and l.database = (select d.oid from pg_database d where d.datname = current_database())) as locked`,
        [STARTUP_LOCK],
      );
      const now = Date.now();
      if (result.rows[0].locked) locked ??= now;
      if (Number(result.rows[0].newest ?? 0) >= NEWEST_MIGRATION) return { locked, migrated: now };
      await sleep(50);
    }
    return { locked, migrated: null };
  } finally {
    await client.end();
  }
}

/**
 * The whole upgrade on a fresh database, always cleaned up (servers, worktree, database, bucket) however it ends.
 * Returns the figures; judging them is the caller's (`upgrade.test.ts` asserts, a script prints).
 */
export async function rollingUpgrade(options: UpgradeOptions = {}): Promise<UpgradeResult> {
  const loadMs = (options.loadSeconds ?? 5) * 1000;
  const log = options.log ?? (() => {});
  const from = await previousRelease(options.from);
  log(`previous release: ${from}`);
  const checkout = await checkoutRelease(from, log);
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let bucket: Awaited<ReturnType<typeof startBucket>> | undefined;
  let balancer: Balancer | undefined;
  let learners: Learners | undefined;
  try {
    [database, bucket] = await Promise.all([freshPostgres(), startBucket()]);
    const databaseUrl = database.url;
    const bucketEnv = bucket.env;
    balancer = await new Balancer().listen();
    const codeSecret = randomBytes(32).toString('base64url');
    const start = (cwd: string, env: Record<string, string>) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-upgrade-data-'));
      dataDirs.push(dataDir);
      const server = new ServerProcess(
        {
          DATABASE_URL: databaseUrl,
          ...bucketEnv,
          DATA_DIR: dataDir,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          CODE_SECRET: codeSecret,
          ...env,
        },
        cwd,
      );
      servers.push(server);
      return server;
    };

    // The previous release on an empty database: its own migrations, its own demo academy.
    const startedOld = Date.now();
    const oldOne = start(checkout.dir, { SEED_DEMO: 'true' });
    const oldTwo = start(checkout.dir, { SEED_DEMO: 'false' });
    await Promise.all([oldOne.ready(), oldTwo.ready()]);
    log(`two servers of the previous release ready in ${Date.now() - startedOld} ms`);
    balancer.add('old-1', oldOne.port);
    balancer.add('old-2', oldTwo.port);

    const students = await signInStudents(balancer.url);
    const storedBefore = await attemptsOf(databaseUrl, students);
    learners = new Learners(balancer.url, students);
    learners.start(options.loopsPerStudent ?? 2);
    log(`${students.length} students at work through the balancer`);
    await sleep(loadMs);

    // The new release joins: it migrates under the start-up lock while the old ones serve.
    learners.phase = 'starting';
    const spawnedAt = Date.now();
    const polling = { done: false };
    const migration = watchMigration(databaseUrl, polling);
    const fresh = start(root, { SEED_DEMO: 'false' });
    try {
      await fresh.ready();
    } finally {
      polling.done = true;
    }
    const newReadyMs = Date.now() - spawnedAt;
    const { locked, migrated } = await migration;
    const newMigratedMs = migrated === null ? null : migrated - spawnedAt;
    const migrationMs = migrated === null || locked === null ? null : migrated - locked;
    log(
      `the new release took the start-up lock after ${locked === null ? '?' : locked - spawnedAt} ms, ` +
        `migrated in ${migrationMs ?? '?'} ms, was ready ${newReadyMs} ms after its start`,
    );
    const servedAtMigration = balancer.served();
    const oldReadyAfterMigration: Record<string, string> = {};
    for (const [name, server] of [
      ['old-1', oldOne],
      ['old-2', oldTwo],
    ] as const) {
      // The migrations check alone: under a busy machine's load the whole answer may be 503 OVERLOADED.
      const ready = await fetch(`${server.url}/api/ready`);
      const body = (await ready.json().catch(() => null)) as { migrations?: string } | null;
      oldReadyAfterMigration[name] = body?.migrations ?? `${ready.status}`;
    }
    if (options.alsoApply) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(options.alsoApply).finally(() => client.end());
      log('applied the extra SQL');
    }
    balancer.add('new', fresh.port);

    // The old release on the migrated schema, beside the new one.
    learners.phase = 'mixed';
    await sleep(loadMs);
    const servedBeforeStop = balancer.served();
    const oldServedAfterMigration = {
      'old-1': servedBeforeStop['old-1'] - servedAtMigration['old-1'],
      'old-2': servedBeforeStop['old-2'] - servedAtMigration['old-2'],
    };

    // Out of rotation, then SIGTERM at once: what is in flight is the stopping server's to finish.
    learners.phase = 'stopping';
    const inFlightAtStop = { 'old-1': balancer.remove('old-1').inFlight, 'old-2': balancer.remove('old-2').inFlight };
    const [exitOne, exitTwo] = await Promise.all([stopWithin(oldOne), stopWithin(oldTwo)]);
    balancer.forget('old-1');
    balancer.forget('old-2');
    log(`old servers stopped (${exitOne}, ${exitTwo}) with ${JSON.stringify(inFlightAtStop)} requests in flight`);

    learners.phase = 'new';
    await sleep(loadMs);
    await learners.stop();
    balancer.remove('new');
    const newExitCode = await stopWithin(fresh);
    const attemptsStored = (await attemptsOf(databaseUrl, students)) - storedBefore;
    const attemptsAcknowledged = students.reduce((sum, s) => sum + s.acknowledged, 0);
    log(
      `requests ${JSON.stringify(learners.byStatus)}; attempts acknowledged ${attemptsAcknowledged}, stored ${attemptsStored}`,
    );
    return {
      from,
      dependencies: checkout.dependencies,
      byStatus: learners.byStatus,
      byPhase: learners.byPhase,
      slowestMs: learners.slowestMs,
      failures: learners.failures,
      retries: { ...balancer.retries },
      healthChanges: [...balancer.healthChanges],
      attemptsAcknowledged,
      attemptsStored,
      oldServedAfterMigration,
      oldReadyAfterMigration,
      inFlightAtStop,
      oldExitCodes: { 'old-1': exitOne, 'old-2': exitTwo },
      newExitCode,
      newMigratedMs,
      migrationMs,
      newReadyMs,
    };
  } catch (error) {
    // What the servers printed is the likeliest explanation of a failed start.
    for (const server of servers) if (server.output().trim()) log(`server on ${server.port}:\n${server.output()}`);
    throw error;
  } finally {
    // In this order: the learners' requests end once the balancer answers them, the servers before their database.
    const quietly = (work: Promise<unknown> | undefined) => work?.catch(() => undefined);
    if (learners) learners.running = false;
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await quietly(learners?.stop());
    await quietly(balancer?.close());
    await quietly(bucket?.close());
    await quietly(database?.drop());
    await checkout.remove();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
