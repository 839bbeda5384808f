/**
 * `npm run db:to-postgres` on a demo academy with activity (a new question and its image, answers, a parent's letter
 * sent): every table's rows the same on PostgreSQL, its sequences going on, every upload in the bucket, and the
 * academy running there on the copy. Refused: a server still on DATA_DIR, no DATABASE_URL, no database in DATA_DIR,
 * a target that already holds an academy or another application's tables. Always on PGlite and PostgreSQL both, whatever the run chose.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client';
import { DEMO_PASSWORD } from '../db/demo/accounts';
import { S3Driver } from '../lib/s3-storage';
import { isStoredName, readAll } from '../lib/storage';
import { claimDueLetters } from '../modules/letters/service';
import { TEMPLATE_VARIABLE } from '../test/pglite-template';
import { freshPostgres, ServerProcess, until } from '../test/processes';
import { imageQuestionForm, pngBytes } from '../test/questionFixtures';
import { startBucket, type TestBucket } from '../test/s3';
import { FILLED_BY_MIGRATIONS, summary, toPostgres, ToPostgresError } from './to-postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Whatever the machine's environment says: each run names its own database and bucket.
const ownEnv = {
  NODE_ENV: 'test',
  DATABASE_URL: '',
  S3_BUCKET: '',
  S3_ENDPOINT: '',
  CODE_SECRET: '',
  ADMIN_EMAIL: 'admin@to-postgres.test',
  ADMIN_PASSWORD: 'Admin-pass1!',
};

function runTool(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/tools/to-postgres.ts'], {
      cwd: root,
      env: { ...process.env, ...ownEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

type Run = <T>(text: string) => Promise<T[]>;

/** Settings that change how values print, the same on both sides, so equal rows print the same. */
const SAME_PRINTING = [
  `set timezone to 'UTC'`,
  `set datestyle to 'ISO, MDY'`,
  `set intervalstyle to 'postgres'`,
  'set extra_float_digits to 1',
];

/** Each table of the public schema with its rows' count and a checksum of every row, in one byte order. */
async function checksums(run: Run): Promise<Record<string, string>> {
  for (const statement of SAME_PRINTING) await run(statement);
  const tables = await run<{ name: string }>(
    `select pt.tablename as name from pg_catalog.pg_tables pt where pt.schemaname = 'public' order by 1`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await run<{ rows: string; sum: string }>(
      `select count(*)::text as rows, md5(coalesce(string_agg(t::text, ',' order by t::text collate "C"), '')) as sum
         from ${pg.escapeIdentifier('public')}.${pg.escapeIdentifier(name)} t`,
    );
    sums[name] = `${row.rows} ${row.sum}`;
  }
  return sums;
}

async function sequences(run: Run): Promise<Record<string, string | null>> {
  const rows = await run<{ name: string; value: string | null }>(
    `select s.sequencename as name, s.last_value::text as value from pg_catalog.pg_sequences s
      where s.schemaname = 'public' order by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

const runOn =
  (database: Database): Run =>
  async (text) =>
    (await database.executeSql(text, [])).rows as never;
const runOnClient =
  (client: pg.Client): Run =>
  async (text) =>
    (await client.query(text)).rows;

/**
 * A request that waits out the server's answer to overload (503, before any handler runs): on a machine shared with
 * other test runs, a server's event loop can fall a second behind.
 */
async function call(server: ServerProcess, ...request: Parameters<ServerProcess['request']>) {
  for (let tries = 1; ; tries++) {
    const response = await server.request(...request);
    if (response.status !== 503 || tries === 10) return response;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await call(server, 'POST', '/api/auth/login', { json: { email, password } });
  if (!response.cookie) throw new Error(`Sign-in failed (${response.status}): ${response.bytes.toString()}`);
  return response.cookie;
}

/**
 * A new question with an image, placed by the admin in the first open section of the demo student's first course:
 * one the student has never answered, so their first answer also queues its skills.
 */
async function newExercise(server: ServerProcess, student: string, bytes: Buffer): Promise<string> {
  const admin = await signIn(server, ownEnv.ADMIN_EMAIL, ownEnv.ADMIN_PASSWORD);
  const [category] = (await call(server, 'GET', '/api/category', { cookie: admin })).json() as Array<{ id: string }>;
  const [focus] = (await call(server, 'GET', '/api/focus', { cookie: admin })).json() as Array<{ id: string }>;
  const body = await imageQuestionForm('<p>Which shape is shown?</p>', { category: category.id, focus: focus.id }, [
    { field: 'attachments', name: 'shape.png', type: 'image/png', bytes },
  ]);
  const created = await call(server, 'POST', '/api/questions', {
    cookie: admin,
    body: body.payload,
    headers: body.headers,
  });
  expect(created.status).toBe(201);
  const questionId = (created.json() as { question: { id: string } }).question.id;
  const [course] = (await call(server, 'GET', '/api/student/courses', { cookie: student })).json().courses as Array<{
    id: string;
  }>;
  const detail = (await call(server, 'GET', `/api/student/courses/${course.id}`, { cookie: student })).json() as {
    units: Array<{ sections: Array<{ id: string; hasAccess: boolean }> }>;
  };
  const section = detail.units.flatMap((unit) => unit.sections).find((s) => s.hasAccess)!;
  const placed = await call(server, 'POST', '/api/questions/assign-to-section', {
    cookie: admin,
    json: { sectionId: section.id, questionIds: [questionId] },
  });
  expect(placed.status, placed.bytes.toString()).toBe(200);
  return questionId;
}

async function answer(server: ServerProcess, student: string, questionId: string, studentAnswer: string) {
  const checked = await call(server, 'POST', '/api/questions/check-answer', {
    cookie: student,
    json: { questionId, studentAnswer },
  });
  expect(checked.status, checked.bytes.toString()).toBe(200);
}

/** Migrates the database and names the tables that then hold rows. */
async function tablesWithRows(url: string): Promise<string[]> {
  const database = await openPostgres(url, 2);
  try {
    const filled: string[] = [];
    const run = runOn(database);
    for (const { name } of await run<{ name: string }>(
      `select pt.tablename as name from pg_catalog.pg_tables pt where pt.schemaname = 'public' order by 1`,
    )) {
      const [row] = await run<{ found: boolean }>(
        `select exists (select 1 from ${pg.escapeIdentifier('public')}.${pg.escapeIdentifier(name)} t) as found`,
      );
      if (row.found) filled.push(name);
    }
    return filled;
  } finally {
    await database.close();
  }
}

let work: string;
let original: string;
let bucket: TestBucket;
const dropLater: Array<() => Promise<void>> = [];
const image = pngBytes(9, 4, [20, 160, 90]);
const secondImage = pngBytes(5, 8, [200, 40, 10]);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-to-postgres-'));
  original = path.join(work, 'original');
  bucket = await startBucket();
  // A database made and migrated once for the run, loaded here instead of made again: the server's first start then
  // only seeds the demo.
  const template = process.env[TEMPLATE_VARIABLE];
  if (template) {
    const database = await openPglite(original, { from: new Blob([fs.readFileSync(template)]) });
    await database.close();
  }
});

afterAll(async () => {
  for (const drop of dropLater) await drop();
  await bucket?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const embeddedEnv = () => ({ ...ownEnv, DATA_DIR: original, SEED_DEMO: 'true' });

describe('npm run db:to-postgres', () => {
  it(
    'copies a demo academy into PostgreSQL and a bucket, and the academy runs there',
    { timeout: 240_000 },
    async () => {
      const target = await freshPostgres();
      dropLater.push(target.drop);

      // Migrating the target meanwhile: a newly migrated database holds rows in these tables alone, which the copy
      // replaces rather than count as an academy's.
      const filled = tablesWithRows(target.url);
      // Awaited below; a failed start meanwhile must not leave it unheard.
      filled.catch(() => undefined);
      // The embedded academy, with work of every kind on top of the demo.
      const server = await new ServerProcess(embeddedEnv()).ready();
      try {
        // Refused while the server holds DATA_DIR: run as a process, for its exit code and message, beside the work.
        const locked = runTool({ DATA_DIR: original, DATABASE_URL: target.url });
        const student = await signIn(server, 'student@demo.academy', DEMO_PASSWORD);
        const questionId = await newExercise(server, student, image);
        for (const choice of ['B', 'B', 'A']) await answer(server, student, questionId, choice);
        // The figures wait for the attempts written behind the answers.
        expect((await call(server, 'GET', '/api/student/stats', { cookie: student })).status).toBe(200);

        // A daily letter from midnight on is due at once: the server sends it within seconds.
        const parent = await signIn(server, 'parent@demo.academy', DEMO_PASSWORD);
        const [child] = (await call(server, 'GET', '/api/parent/children', { cookie: parent })).json()
          .children as Array<{ id: string }>;
        const letter = `/api/parent/children/${child.id}/letter`;
        expect(
          (
            await call(server, 'PUT', letter, {
              cookie: parent,
              json: { frequency: 'daily', weekday: 1, hour: 0, timeZone: 'UTC' },
            })
          ).status,
        ).toBe(200);
        const sent = await until(
          async () => (await call(server, 'GET', letter, { cookie: parent })).json().sendingNow as boolean,
          (sending) => !sending,
          30_000,
        );
        expect(sent.value).toBe(false);

        const refused = await locked;
        expect(refused.code, refused.output).toBe(1);
        expect(refused.output).toBe(
          `The copy to PostgreSQL failed: A server (pid ${server.child.pid}) is using ${original}: stop it first, ` +
            'so the copy holds everything and nothing changes after it (npm run backup works while it runs).\n',
        );
      } finally {
        expect(await server.stop()).toBe(0);
      }

      expect(await filled, 'the tables a migration fills belong in FILLED_BY_MIGRATIONS').toEqual(
        [...FILLED_BY_MIGRATIONS].sort(),
      );

      const uploads = fs
        .readdirSync(path.join(original, 'uploads'))
        .filter((name) => isStoredName(name))
        .sort();
      const report = await toPostgres({ dataDir: original, databaseUrl: target.url, s3: bucket.settings });
      expect(report.tables.filter((count) => count.embedded !== count.postgres)).toEqual([]);
      expect(report.uploads).toEqual({
        kind: 'bucket',
        bucket: bucket.settings.bucket,
        copied: uploads.length,
        present: 0,
        skipped: [],
      });
      expect(report.notCopied).toEqual(['pgboss']);
      const printed = summary(report, { dataDir: original });
      expect(printed).toMatch(
        new RegExp(
          `into PostgreSQL in [\\d.]+ s: ${report.tables.length} tables, ${report.rows} rows, every count the same`,
        ),
      );
      expect(printed).toContain(
        `Uploads: ${uploads.length} file(s) copied into the bucket academy-uploads, 0 already there.`,
      );
      expect(printed).toContain('Not copied: the letters job queue (schema pgboss).');
      expect(fs.existsSync(path.join(original, 'server.lock'))).toBe(false);

      // Read on PostgreSQL before a server runs there (its letters and sweeps write).
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      let copied: Record<string, string>;
      let copiedSequences: Record<string, string | null>;
      try {
        copied = await checksums(runOnClient(client));
        copiedSequences = await sequences(runOnClient(client));
      } finally {
        await client.end();
      }

      // A letter sent before the move is not claimed, nor sent, again.
      const onTarget = await openPostgres(target.url, 2);
      try {
        const letters = async () =>
          (
            await onTarget.executeSql(
              `select l.parent_id, l.student_id, l.period_start::text as period, l.status from letters l
              order by l.parent_id, l.student_id, l.period_start`,
              [],
            )
          ).rows as Array<{ parent_id: string; student_id: string; period: string; status: string }>;
        // The daily letter, and the demo's weekly one too when the copy runs after its hour on a Sunday.
        const sent = await letters();
        expect(sent.length).toBeGreaterThan(0);
        expect(sent.map((l) => l.status)).toEqual(sent.map(() => 'sent'));
        await claimDueLetters(onTarget.db, Buffer.alloc(32), new Date());
        const after = await letters();
        for (const letter of sent) {
          const samePeriod = after.filter(
            (l) => l.parent_id === letter.parent_id && l.student_id === letter.student_id && l.period === letter.period,
          );
          expect(samePeriod).toEqual([letter]);
        }
      } finally {
        await onTarget.close();
      }

      // The academy on PostgreSQL and the bucket, with a data directory of its own: nothing comes from the old one.
      const onPostgres = new ServerProcess({
        ...ownEnv,
        ...bucket.env,
        DATABASE_URL: target.url,
        DATA_DIR: path.join(work, 'on-postgres'),
        SEED_DEMO: 'false',
      });
      try {
        // Meanwhile, the embedded database as the copy left it.
        const source = await openPglite(original, { migrate: false });
        try {
          expect(copied).toEqual(await checksums(runOn(source)));
          expect(report.rows).toBe(Object.values(copied).reduce((sum, entry) => sum + Number(entry.split(' ')[0]), 0));
          expect(copiedSequences).toEqual(await sequences(runOn(source)));
        } finally {
          await source.close();
        }
        expect(Number(copied.answer_attempts.split(' ')[0])).toBeGreaterThanOrEqual(3);

        const inBucket = new S3Driver(bucket.settings);
        try {
          expect((await inBucket.list()).sort()).toEqual(uploads);
          for (const name of uploads) {
            const file = await inBucket.open(name);
            expect(
              (await readAll(file!.stream)).equals(fs.readFileSync(path.join(original, 'uploads', name))),
              name,
            ).toBe(true);
          }
        } finally {
          inBucket.client.destroy();
        }
        const imageName = uploads.find((name) => fs.readFileSync(path.join(original, 'uploads', name)).equals(image));
        expect(imageName).toBeDefined();

        await onPostgres.ready();
        const student = await signIn(onPostgres, 'student@demo.academy', DEMO_PASSWORD);
        const courses = (await call(onPostgres, 'GET', '/api/student/courses', { cookie: student })).json()
          .courses as Array<{ id: string; exercises: string[] }>;
        expect(courses.length).toBeGreaterThan(0);
        expect(
          (await call(onPostgres, 'GET', `/api/student/courses/${courses[0].id}`, { cookie: student })).status,
        ).toBe(200);
        for (const name of uploads) {
          const served = await call(onPostgres, 'GET', `/api/questions/uploads/${name}`, { cookie: student });
          expect(served.status, name).toBe(200);
        }
        const served = await call(onPostgres, 'GET', `/api/questions/uploads/${imageName}`, { cookie: student });
        expect(served.bytes.equals(image)).toBe(true);

        // New rows take new ids: a new question, its image in the bucket, and an answer that queues its skills under
        // an identity column.
        const questionId = await newExercise(onPostgres, student, secondImage);
        await answer(onPostgres, student, questionId, 'A');
        expect((await call(onPostgres, 'GET', '/api/student/stats', { cookie: student })).status).toBe(200);
      } finally {
        expect(await onPostgres.stop()).toBe(0);
      }
      const afterwards = new S3Driver(bucket.settings);
      try {
        expect((await afterwards.list()).length, 'the new image went into the bucket').toBe(uploads.length + 1);
      } finally {
        afterwards.client.destroy();
      }
      const after = new pg.Client({ connectionString: target.url });
      await after.connect();
      try {
        const [attempts] = (await after.query<{ rows: string }>('select count(*)::text as rows from answer_attempts a'))
          .rows;
        expect(Number(attempts.rows)).toBe(Number(copied.answer_attempts.split(' ')[0]) + 1);
        const queued = copiedSequences.skill_answer_queue_id_seq;
        expect(queued, 'the answers before the move queued skills').not.toBeNull();
        const now = (await sequences(runOnClient(after))).skill_answer_queue_id_seq;
        expect(BigInt(now!)).toBeGreaterThan(BigInt(queued!));
      } finally {
        await after.end();
      }

      // Never into a database that holds an academy or another application's tables, nor from a folder without one.
      await expect(toPostgres({ dataDir: original, databaseUrl: target.url })).rejects.toThrow(
        /^The PostgreSQL database already holds academy data \(\d+ row\(s\) in the table \w+\): the copy goes into an empty database only/,
      );
      const other = await freshPostgres();
      dropLater.push(other.drop);
      const otherClient = new pg.Client({ connectionString: other.url });
      await otherClient.connect();
      try {
        await otherClient.query('create table invoices (id integer primary key)');
        await expect(toPostgres({ dataDir: original, databaseUrl: other.url })).rejects.toThrow(
          /holds tables that are not an academy's \(invoices\): the copy goes into a new, empty database only/,
        );
        const [untouched] = (
          await otherClient.query<{ migrated: boolean }>(
            `select to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
          )
        ).rows;
        expect(untouched.migrated).toBe(false);
      } finally {
        await otherClient.end();
      }
      await expect(toPostgres({ dataDir: original })).rejects.toThrow(
        'Set DATABASE_URL to the PostgreSQL database to copy the academy into',
      );
      const empty = path.join(work, 'empty');
      fs.mkdirSync(empty);
      await expect(toPostgres({ dataDir: empty, databaseUrl: target.url })).rejects.toThrow(ToPostgresError);
      await expect(toPostgres({ dataDir: empty, databaseUrl: target.url })).rejects.toThrow(
        `There is no embedded academy database in ${path.join(empty, 'pg')}`,
      );
    },
  );
});
