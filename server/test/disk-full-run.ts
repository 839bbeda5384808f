/**
 * The embedded database's disk filling up under load, on a small filesystem made for the run (a tmpfs mounted in a
 * mount namespace of its own, so no privilege outside it is needed): `diskFullTest()` starts this file under
 * `unshare`, and it prints its findings as one line of JSON.
 *
 * Two rounds on one academy. Watched: the disk falls under DISK_RESERVE_MB while answers and questions with images
 * are written; the server refuses every write with DISK_FULL and goes on reading; room is made and writes resume.
 * Unwatched (reserve 0): the disk fills to its last byte, the database itself refuses what it cannot store. After
 * each round the server stops, the data is opened again and checked: no partial question, no orphan file, and
 * every answer acknowledged stored.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../db/demo/accounts';
import { openPglite } from '../db/client';
import { LocalDriver } from '../lib/storage';
import { DISK_CHECK_MS } from '../plugins/disk-guard';
import { checkIntegrity, loadQuestion } from './crash-run';
import { ServerProcess } from './processes';

const MB = 1024 * 1024;
const FILESYSTEM_MB = 160;
const RESERVE_MB = 24;

export interface DiskFullRound {
  watched: boolean;
  /** Milliseconds from the disk falling under the reserve (or filling) to the first write refused with DISK_FULL. */
  refusedAfterMs: number;
  /** Statuses of the writes while the disk was full, and whether reads and sign-in still answered 200. */
  writesWhileFull: Record<string, number>;
  readsWhileFull: boolean;
  signInWhileFull: boolean;
  /** A write answered 201 once room was made. */
  writesAfter: boolean;
  attemptsAcknowledged: number;
  attemptsStored: number;
  questions: number;
  problems: string[];
  serverExit: number | null;
}

const freeBytes = (dir: string) => {
  const room = fs.statfsSync(dir);
  return room.bavail * room.bsize;
};

/** Writes zeros into `file` until `dir` has `leaveBytes` free (or the disk refuses more). */
function fillUntil(dir: string, file: string, leaveBytes: number) {
  const chunk = Buffer.alloc(MB);
  const fd = fs.openSync(file, 'a');
  try {
    while (freeBytes(dir) > leaveBytes) {
      const want = Math.min(chunk.length, freeBytes(dir) - leaveBytes);
      fs.writeSync(fd, chunk, 0, Math.max(1, want));
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}

/** Answers and questions with three images, from two writers, until stopped; counts what was acknowledged. */
function startWriters(server: ServerProcess, cookies: { teacher: string; student: string }, questionId: string) {
  let running = true;
  let acknowledged = 0;
  // Each answer with the moment its request was sent: one sent before the disk filled may end after.
  const answered: Array<{ sent: number; status: string }> = [];
  const note = (sent: number, status: number, code?: string) =>
    answered.push({ sent, status: code ? `${status} ${code}` : String(status) });
  const answers = async () => {
    for (let n = 0; running; n++) {
      const sent = Date.now();
      const response = await server.request('POST', '/api/questions/check-answer', {
        cookie: cookies.student,
        json: { questionId, studentAnswer: `disk ${n}` },
      });
      if (response.status === 200) acknowledged++;
      note(sent, response.status, response.json()?.code);
    }
  };
  const questions = async (category: string, focus: string) => {
    for (let n = 0; running; n++) {
      const body = await loadQuestion(`disk ${n}`, category, focus, 40);
      const sent = Date.now();
      const response = await server.request('POST', '/api/questions', {
        cookie: cookies.teacher,
        body: body.payload,
        headers: body.headers,
      });
      note(sent, response.status, response.json()?.code);
    }
  };
  return {
    /** How the requests sent from `since` on (and answered by now) were answered, by status and code. */
    statusesSince(since: number) {
      const statuses: Record<string, number> = {};
      for (const a of answered) if (a.sent >= since) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      return statuses;
    },
    acknowledged: () => acknowledged,
    async start() {
      const [category] = (await server.request('GET', '/api/category', { cookie: cookies.teacher })).json();
      const [focus] = (await server.request('GET', '/api/focus', { cookie: cookies.teacher })).json();
      return Promise.all([answers(), answers(), questions(category.id, focus.id)]);
    },
    stop: () => (running = false),
  };
}

async function round(dataDir: string, ballast: string, watched: boolean, acknowledgedBefore: number) {
  const server = await new ServerProcess({
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'admin@crash.test',
    ADMIN_PASSWORD: 'Admin-pass1!',
    DISK_RESERVE_MB: String(watched ? RESERVE_MB : 0),
  }).ready();
  const cookies = {
    teacher: await server.signIn('teacher@demo.academy', DEMO_PASSWORD),
    student: await server.signIn('student@demo.academy', DEMO_PASSWORD),
  };
  const courses = (await server.request('GET', '/api/student/courses', { cookie: cookies.student })).json().courses;
  const questionId = (courses as Array<{ exercises: string[] }>).flatMap((c) => c.exercises)[0];
  const writers = startWriters(server, cookies, questionId);
  const writing = writers.start();
  await new Promise((r) => setTimeout(r, 1500));

  // Full: under the reserve when watched, to the last byte when not.
  const filledAt = Date.now();
  fillUntil(dataDir, ballast, watched ? (RESERVE_MB / 2) * MB : 0);
  let refusedAfterMs = -1;
  const deadline = Date.now() + 4 * DISK_CHECK_MS + 10_000;
  while (refusedAfterMs < 0 && Date.now() < deadline) {
    if (!watched) fillUntil(dataDir, ballast, 0);
    await new Promise((r) => setTimeout(r, 50));
    if (writers.statusesSince(filledAt)['503 DISK_FULL']) refusedAfterMs = Date.now() - filledAt;
  }
  // What the writers meet while it stays full: the requests sent after the first refusal.
  const refusedAt = Date.now();
  while (Date.now() < refusedAt + 2000) {
    if (!watched) fillUntil(dataDir, ballast, 0);
    await new Promise((r) => setTimeout(r, 50));
  }
  const writesWhileFull = writers.statusesSince(refusedAt);
  const reads = await server.request('GET', '/api/student/courses', { cookie: cookies.student });
  const signIn = await server.request('POST', '/api/auth/login', {
    json: { email: 'parent@demo.academy', password: DEMO_PASSWORD },
  });

  // Room again.
  fs.rmSync(ballast, { force: true });
  const roomAt = Date.now();
  let writesAfter = false;
  const back = Date.now() + 4 * DISK_CHECK_MS + 10_000;
  while (!writesAfter && Date.now() < back) {
    await new Promise((r) => setTimeout(r, 200));
    writesAfter = (writers.statusesSince(roomAt)['201'] ?? 0) > 0;
  }
  writers.stop();
  await writing;
  const serverExit = await server.stop('SIGTERM');

  const opened = await openPglite(dataDir);
  try {
    const found = await checkIntegrity(opened.db, new LocalDriver(dataDir), {
      sweptAll: false,
      completeCourses: new Map(),
    });
    return {
      watched,
      refusedAfterMs,
      writesWhileFull,
      readsWhileFull: reads.status === 200,
      signInWhileFull: signIn.status === 200,
      writesAfter,
      attemptsAcknowledged: acknowledgedBefore + writers.acknowledged(),
      attemptsStored: found.attemptsStored,
      questions: found.questions,
      problems: found.problems,
      serverExit,
    } satisfies DiskFullRound;
  } finally {
    await opened.close();
  }
}

export interface DiskFullResult {
  filesystemMb: number;
  reserveMb: number;
  rounds: DiskFullRound[];
}

/**
 * Runs both rounds in a mount namespace of their own: as root a plain one, otherwise inside a user namespace where
 * this user is root, which lets a tmpfs be mounted without any privilege outside it.
 */
export async function diskFullTest(): Promise<DiskFullResult> {
  const namespace = process.getuid?.() === 0 ? ['--mount'] : ['--user', '--map-root-user', '--mount'];
  const child = spawn(
    'unshare',
    [...namespace, '--propagation', 'private', process.execPath, '--import', 'tsx', import.meta.filename],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`The disk-full run failed (${code}): ${err || out}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as DiskFullResult;
}

/** Inside the namespace: mounts the small filesystem, runs both rounds, prints them. */
async function main() {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${FILESYSTEM_MB}m`, 'tmpfs', mountPoint]);
  if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr.toString()}`);
  const dataDir = path.join(mountPoint, 'data');
  const ballast = path.join(mountPoint, 'ballast');
  // The demo academy before the load: answers stored by the seed count as stored, not acknowledged.
  const seeded = await new ServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'true', DISK_RESERVE_MB: '0' }).ready();
  await seeded.stop('SIGTERM');
  const opened = await openPglite(dataDir);
  const base = await checkIntegrity(opened.db, new LocalDriver(dataDir), {
    sweptAll: false,
    completeCourses: new Map(),
  });
  await opened.close();
  const rounds: DiskFullRound[] = [];
  let acknowledged = base.attemptsStored;
  try {
    for (const watched of [true, false]) {
      const result = await round(dataDir, ballast, watched, acknowledged);
      acknowledged = result.attemptsAcknowledged;
      rounds.push(result);
    }
  } finally {
    // The filesystem goes with the namespace; its mount point would stay behind in the temporary folder.
    spawnSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  }
  process.stdout.write(
    `${JSON.stringify({ filesystemMb: FILESYSTEM_MB, reserveMb: RESERVE_MB, rounds } satisfies DiskFullResult)}\n`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
