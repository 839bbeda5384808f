/**
 * `npm run backup` of a demo academy while its server runs (with a new question and its image, and answer
 * attempts), `npm run restore` into a new folder, and every row of every table and every upload compared; then the
 * academy starts on the copy. Restore refuses a folder that is not empty and a damaged or cut-short file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { DEMO_PASSWORD } from '../db/demo/accounts';
import { indexTar } from '../lib/tar';
import { ServerProcess } from '../test/processes';
import { imageQuestionForm, pngBytes } from '../test/questionFixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Whatever the machine's environment says, these commands work on the embedded database and local uploads.
const ownEnv = { NODE_ENV: 'test', DATABASE_URL: '', S3_BUCKET: '' };

function runTool(
  tool: 'backup' | 'restore',
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/tools/${tool}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, ...ownEnv, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every row of every table of the public schema, each table's rows in one order. */
async function everyRow(dataDir: string): Promise<Record<string, string[]>> {
  const database = await openPglite(dataDir, { migrate: false });
  try {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rows<{ name: string }>(
      sql`select t.tablename as name from pg_tables t where t.schemaname = 'public' order by 1`,
    );
    const all: Record<string, string[]> = {};
    for (const { name } of tables) {
      all[name] = (
        await rows<{ row: string }>(sql.raw(`select to_jsonb(t)::text as row from "${name}" t order by 1`))
      ).map((r) => r.row);
    }
    return all;
  } finally {
    await database.close();
  }
}

/**
 * Tables the server writes on its own clock, not on a request: a parent's weekly letter falls due on Sunday at
 * 18:00 by default, and may while this test runs, between the backup and the server's stop. The copy holds the rows
 * of the backup's moment; the original may hold more since, or a letter queued then and sent since.
 */
const WRITTEN_ON_THE_SERVERS_CLOCK = new Set(['letters', 'letter_settings']);

function rowKey(table: string, row: string): string {
  const value = JSON.parse(row) as Record<string, unknown>;
  return table === 'letters' ? String(value.id) : `${String(value.parent_id)} ${String(value.student_id)}`;
}

function uploadsOf(dataDir: string): Map<string, Buffer> {
  const dir = path.join(dataDir, 'uploads');
  return new Map(
    fs
      .readdirSync(dir)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(dir, name))]),
  );
}

const env = (dataDir: string) => ({
  ...ownEnv,
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  ADMIN_EMAIL: 'admin@backup.test',
  ADMIN_PASSWORD: 'Admin-pass1!',
});

let work: string;
let original: string;
let backupFile: string;
const image = pngBytes(7, 5, [200, 30, 90]);

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-backup-'));
  original = path.join(work, 'original');
  backupFile = path.join(work, 'academy.tar');
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('npm run backup and npm run restore', () => {
  it('back up a running academy and restore it, table by table and file by file', { timeout: 150_000 }, async () => {
    const server = await new ServerProcess(env(original)).ready();
    try {
      const teacher = await server.signIn('teacher@demo.academy', DEMO_PASSWORD);
      const [category] = (await server.request('GET', '/api/category', { cookie: teacher })).json() as Array<{
        id: string;
      }>;
      const [focus] = (await server.request('GET', '/api/focus', { cookie: teacher })).json() as Array<{ id: string }>;
      const body = await imageQuestionForm('<p>Which shape is shown?</p>', { category: category.id, focus: focus.id }, [
        { field: 'attachments', name: 'shape.png', type: 'image/png', bytes: image },
      ]);
      expect(
        (await server.request('POST', '/api/questions', { cookie: teacher, body: body.payload, headers: body.headers }))
          .status,
      ).toBe(201);

      const student = await server.signIn('student@demo.academy', DEMO_PASSWORD);
      const courses = (await server.request('GET', '/api/student/courses', { cookie: student })).json()
        .courses as Array<{ exercises: string[] }>;
      const questionId = courses.flatMap((c) => c.exercises)[0];
      for (const answer of ['1', '2', '3']) {
        expect(
          (
            await server.request('POST', '/api/questions/check-answer', {
              cookie: student,
              json: { questionId, studentAnswer: answer },
            })
          ).status,
        ).toBe(200);
      }
      // The figures wait for the attempts written behind the answers, so the backup holds all three.
      expect((await server.request('GET', '/api/student/stats', { cookie: student })).status).toBe(200);

      // Nobody else gets the backup: not without the secret, nor with a wrong one.
      expect((await server.request('GET', '/api/backup')).status).toBe(404);
      expect(
        (await server.request('GET', '/api/backup', { headers: { authorization: `Bearer ${'x'.repeat(43)}` } })).status,
      ).toBe(404);

      const backup = await runTool('backup', [backupFile], original);
      expect(backup.output).toContain('taken by the running server');
      expect(backup.code, backup.output).toBe(0);
      expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(fs.existsSync(path.join(original, 'backup-access.json'))).toBe(false);

    const restoredDir = path.join(work, 'restored');
    const restore = await runTool('restore', [backupFile], restoredDir);
    expect(restore.code, restore.output).toBe(0);

    const [before, after] = [await everyRow(original), await everyRow(restoredDir)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) {
      if (WRITTEN_ON_THE_SERVERS_CLOCK.has(table)) {
        const keysOf = (rows: string[]) => rows.map((row) => rowKey(table, row));
        expect(keysOf(before[table]), table).toEqual(expect.arrayContaining(keysOf(after[table])));
      } else expect(after[table], table).toEqual(before[table]);
    }
    expect(before.answer_attempts.length).toBeGreaterThanOrEqual(3);
    const files = uploadsOf(original);
    expect(uploadsOf(restoredDir)).toEqual(files);
    expect(before.attachments.length).toBe(files.size);
    const imageName = [...files].find(([, bytes]) => bytes.equals(image))?.[0];
    expect(imageName).toBeDefined();

    // The academy starts on the copy and serves the image.
    const restored = await new ServerProcess(env(restoredDir)).ready();
    try {
      const teacher = await restored.signIn('teacher@demo.academy', DEMO_PASSWORD);
      const served = await restored.request('GET', `/api/questions/uploads/${imageName}`, { cookie: teacher });
      expect(served.status).toBe(200);
      expect(served.bytes.equals(image)).toBe(true);
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  });

  it('restore refuses a folder that is not empty, and a damaged or cut-short file', { timeout: 60_000 }, async () => {
    const uploadEntry = (await indexTar(backupFile)).find((entry) => entry.name.startsWith('uploads/'))!;
    const damaged = path.join(work, 'damaged.tar');
    const bytes = fs.readFileSync(backupFile);
    bytes[uploadEntry.offset + 10] ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const cutShort = path.join(work, 'cut-short.tar');
    fs.writeFileSync(cutShort, fs.readFileSync(backupFile).subarray(0, uploadEntry.offset + 512));

    const [occupied, corrupt, truncated] = await Promise.all([
      runTool('restore', [backupFile], original),
      runTool('restore', [damaged], path.join(work, 'from-damaged')),
      runTool('restore', [cutShort], path.join(work, 'from-cut-short')),
    ]);
    expect(occupied.code).toBe(1);
    expect(occupied.output).toMatch(/is not empty/);
    expect(corrupt.code).toBe(1);
    expect(corrupt.output).toContain(`${uploadEntry.name} in ${damaged} is damaged`);
    expect(truncated.code).toBe(1);
    expect(truncated.output).toMatch(/cut short/);
    // Nothing was written anywhere.
    expect(fs.existsSync(path.join(work, 'from-damaged'))).toBe(false);
    expect(fs.existsSync(path.join(work, 'from-cut-short'))).toBe(false);
    expect(fs.existsSync(path.join(original, 'server.lock'))).toBe(false);
  });
});
