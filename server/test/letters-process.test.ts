/**
 * On PostgreSQL the server builds no letters itself: a process of its own does, at a lower priority, started again
 * if it stops and stopped with the server. A parent whose letter falls due gets it from that process. Always on
 * PostgreSQL: on the embedded database the server builds its letters itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { parentStudents } from '../db/schema';
import { LETTERS_NICENESS, LETTERS_RESTART_MS } from '../letters-process';
import { buildUser, TEST_PASSWORD } from './factories';
import { freshPostgres, ServerProcess, until } from './processes';

let database: Awaited<ReturnType<typeof freshPostgres>>;
let server: ServerProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-letters-process-'));

beforeAll(async () => {
  database = await freshPostgres();
  server = await new ServerProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    CODE_SECRET: 'letters-process-test-secret-0123456789',
  }).ready();
}, 240_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A process's parent and nice value, from /proc (Linux). */
function processInfo(pid: number): { parent: number; nice: number } | null {
  try {
    // After the command's closing parenthesis: the parent is field 4, the nice value field 19.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { parent: Number(fields[1]), nice: Number(fields[16]) };
  } catch {
    return null;
  }
}

/**
 * The server's letters' processes that are running (its other children, such as the TypeScript loader's, aside).
 * A process just started is `nice` until it has lowered itself and become Node: it is counted from then on.
 */
function lettersProcessesOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((id) => {
      const command = commandOf(id);
      return processInfo(id)?.parent === pid && command.includes('letters-worker') && !command.startsWith('nice\0');
    });
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

it('runs the letters in one process of its own at a lower priority, started again when it stops', async () => {
  const serverPid = server.child.pid!;
  const { value: first } = await until(
    async () => lettersProcessesOf(serverPid),
    (ids) => ids.length === 1,
    10_000,
  );
  expect(first).toHaveLength(1);
  expect(processInfo(first[0])!.nice).toBe(processInfo(serverPid)!.nice + LETTERS_NICENESS);

  process.kill(first[0], 'SIGKILL');
  const { value: again } = await until(
    async () => lettersProcessesOf(serverPid),
    (ids) => ids.length === 1 && ids[0] !== first[0],
    LETTERS_RESTART_MS + 10_000,
  );
  expect(again).toHaveLength(1);
  expect(again[0]).not.toBe(first[0]);
  expect(processInfo(again[0])!.nice).toBe(processInfo(serverPid)!.nice + LETTERS_NICENESS);
}, 60_000);

it("sends a parent's letter that falls due from that process, and stops it with the server", async () => {
  const db = await openPostgres(database.url, 2);
  const parent = await buildUser(db.db, 'parent');
  const child = await buildUser(db.db, 'student', { firstName: 'Ada' });
  await db.db.insert(parentStudents).values({ parentId: parent.id, studentId: child.id });
  await db.close();

  const cookie = await server.signIn(parent.email, TEST_PASSWORD);
  // Daily at this hour, which has come: yesterday's letter is due at once.
  const saved = await server.request('PUT', `/api/parent/children/${child.id}/letter`, {
    cookie,
    headers: { origin: server.url },
    json: { frequency: 'daily', weekday: 0, hour: new Date().getUTCHours(), timeZone: 'UTC' },
  });
  expect(saved.status).toBe(200);
  const outbox = path.join(dataDir, 'outbox');
  const letterFor = () =>
    (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
      .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
      .filter((mail) => mail.includes(`To: ${parent.email}`) && mail.includes("Ada's day"));
  const { value: letters } = await until(
    async () => letterFor(),
    (found) => found.length > 0,
    30_000,
  );
  expect(letters).toHaveLength(1);

  const serverPid = server.child.pid!;
  const [lettersPid] = lettersProcessesOf(serverPid);
  expect(await server.stop('SIGTERM')).toBe(0);
  expect(processInfo(lettersPid)).toBeNull();
}, 60_000);
