/**
 * SIGKILL in the middle of writes, then a restart and an integrity check: the test runs a few rounds, and
 * `npm run crash` runs twenty on each database. The load creates questions with three images (and deletes some),
 * creates courses with two units and deletes them, and records answer attempts, all at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../db/demo/accounts';
import { openPglite, openPostgres, type Database } from '../db/client';
import { S3Driver } from '../lib/s3-storage';
import { LocalDriver, type FileDriver } from '../lib/storage';
import { freshPostgres, ServerProcess } from './processes';
import { imageQuestionForm, pngBytes } from './questionFixtures';
import { startBucket, type TestBucket } from './s3';

export type Backend = 'pglite' | 'postgres';

export interface Integrity {
  /** Every problem found; empty when the data is whole. */
  problems: string[];
  questions: number;
  files: number;
  /** Answer checks answered 200 before the kill, and attempt rows stored. */
  attemptsAnswered: number;
  attemptsStored: number;
}

async function rows<T>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What must hold after any crash: no partial question, no orphan row or file, no half-deleted course. */
export async function checkIntegrity(
  db: Database['db'],
  files: FileDriver,
  options: { sweptAll: boolean; completeCourses: Map<string, number> },
): Promise<Omit<Integrity, 'attemptsAnswered'>> {
  const problems: string[] = [];
  const untagged = await rows<{ id: string }>(
    db,
    sql`
    select q.id from questions q
    where not exists (select 1 from question_categories qc where qc.question_id = q.id)
       or not exists (select 1 from question_focus qf where qf.question_id = q.id)`,
  );
  if (untagged.length) problems.push(`questions without tags: ${untagged.map((r) => r.id).join(', ')}`);
  const partial = await rows<{ id: string; n: number }>(
    db,
    sql`
    select q.id, count(a.id)::int as n from questions q left join attachments a on a.question_id = q.id
    where q.question_text like '<p>Crash load%' group by q.id having count(a.id) <> 3`,
  );
  if (partial.length)
    problems.push(`load questions without their three images: ${partial.map((r) => `${r.id} (${r.n})`).join(', ')}`);
  const orphans = await rows<{ what: string; n: number }>(
    db,
    sql`
    select 'units without course' as what, count(*)::int as n from units u where not exists (select 1 from courses c where c.id = u.course_id)
    union all select 'sections without unit', count(*)::int from sections s where not exists (select 1 from units u where u.id = s.unit_id)
    union all select 'attachments without question', count(*)::int from attachments a where a.question_id is not null and not exists (select 1 from questions q where q.id = a.question_id)
    union all select 'tags without question', count(*)::int from question_categories qc where not exists (select 1 from questions q where q.id = qc.question_id)
    union all select 'attempts without question', count(*)::int from answer_attempts aa where not exists (select 1 from questions q where q.id = aa.question_id)`,
  );
  for (const o of orphans) if (o.n > 0) problems.push(`${o.n} ${o.what}`);

  for (const [courseId, unitCount] of options.completeCourses) {
    const [course] = await rows<{ units: number | null }>(
      db,
      sql`
      select (select count(*)::int from units u where u.course_id = c.id) as units from courses c where c.id = ${courseId}`,
    );
    if (course && course.units !== unitCount)
      problems.push(`course ${courseId} half deleted: ${course.units} of ${unitCount} units`);
  }

  const stored = new Set(await files.list());
  const named = new Set(
    (await rows<{ filename: string }>(db, sql`select a.filename from attachments a`)).map((r) => r.filename),
  );
  const loose = new Set(
    (await rows<{ filename: string }>(db, sql`select l.filename from loose_files l`)).map((r) => r.filename),
  );
  const missing = [...named].filter((name) => !stored.has(name));
  if (missing.length) problems.push(`attachments whose file is gone: ${missing.join(', ')}`);
  const unowned = [...stored].filter((name) => !named.has(name) && !loose.has(name));
  if (unowned.length) problems.push(`files nothing names: ${unowned.join(', ')}`);
  if (options.sweptAll && loose.size) problems.push(`${loose.size} loose files left after the start-up sweep`);

  const [{ n: questions }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from questions q`);
  const [{ n: attempts }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from answer_attempts aa`);
  return { problems, questions, files: stored.size, attemptsStored: attempts };
}

/**
 * A question of the load: its text begins "Crash load", which checkIntegrity looks for, and it has three images
 * (`width` pixels wide, to make them weigh more).
 */
export function loadQuestion(name: string, category: string, focus: string, width = 3) {
  const images = [0, 1, 2].map((i) => ({
    field: 'attachments',
    name: `f${i}.png`,
    type: 'image/png',
    bytes: pngBytes(width + i, 3),
  }));
  return imageQuestionForm(`<p>Crash load ${name}</p>`, { category, focus }, images);
}

interface Load {
  stop(): void;
  /** Resolves once a question with its images was created and a course deleted: the kill comes after. */
  started: Promise<void>;
  done: Promise<void>;
  completeCourses: Map<string, number>;
  attemptsAnswered: () => number;
}

/** Writers that run until stopped or until the server dies under them. */
async function startLoad(server: ServerProcess, round: number): Promise<Load> {
  const teacher = await server.signIn('teacher@demo.academy', DEMO_PASSWORD);
  const admin = await server.signIn('admin@crash.test', 'Admin-pass1!');
  const student = await server.signIn('student@demo.academy', DEMO_PASSWORD);
  const [category] = (await server.request('GET', '/api/category', { cookie: teacher })).json() as Array<{
    id: string;
  }>;
  const [focus] = (await server.request('GET', '/api/focus', { cookie: teacher })).json() as Array<{ id: string }>;
  const courses = (await server.request('GET', '/api/student/courses', { cookie: student })).json().courses as Array<{
    exercises: string[];
  }>;
  const questionId = courses.flatMap((c) => c.exercises)[0];
  let running = true;
  let answered = 0;
  let markQuestion!: () => void;
  let markCourse!: () => void;
  const started = Promise.all([
    new Promise<void>((r) => (markQuestion = r)),
    new Promise<void>((r) => (markCourse = r)),
  ]).then(() => {});
  const completeCourses = new Map<string, number>();

  const questionsWorker = async (worker: number) => {
    let previous: string | null = null;
    for (let n = 0; running; n++) {
      const body = await loadQuestion(`${round}.${worker}.${n}`, category.id, focus.id);
      const created = await server.request('POST', '/api/questions', {
        cookie: teacher,
        body: body.payload,
        headers: body.headers,
      });
      const id = created.json()?.question?.id as string | undefined;
      if (id) markQuestion();
      if (n % 3 === 2 && previous) await server.request('DELETE', `/api/questions/${previous}`, { cookie: teacher });
      previous = id ?? null;
    }
  };
  const coursesWorker = async () => {
    for (let n = 0; running; n++) {
      const course = await server.request('POST', '/api/courses', {
        cookie: admin,
        json: { title: `Crash course ${round}.${n}` },
      });
      const id = course.json()?.id as string | undefined;
      if (!id) continue;
      for (let u = 1; u <= 2; u++)
        await server.request('POST', `/api/courses/${id}/units`, { cookie: admin, json: { title: `Unit ${u}` } });
      completeCourses.set(id, 2);
      if ((await server.request('DELETE', `/api/courses/${id}`, { cookie: admin })).status === 200) markCourse();
    }
  };
  const attemptsWorker = async () => {
    while (running) {
      const response = await server.request('POST', '/api/questions/check-answer', {
        cookie: student,
        json: { questionId, studentAnswer: String(answered) },
      });
      if (response.status === 200) answered++;
    }
  };
  // The server dies under the workers: their requests fail, which ends them.
  const quietly = (work: Promise<void>) => work.catch(() => {});
  const done = Promise.all([
    quietly(questionsWorker(0)),
    quietly(questionsWorker(1)),
    quietly(coursesWorker()),
    quietly(attemptsWorker()),
    quietly(attemptsWorker()),
  ]).then(() => {});
  return { stop: () => (running = false), started, done, completeCourses, attemptsAnswered: () => answered };
}

export interface CrashRig {
  backend: Backend;
  /** Kills the server mid-load after a random time, restarts it and checks the data. */
  round(round: number): Promise<Integrity>;
  close(): Promise<void>;
}

/**
 * One academy (PGlite in a data directory with local uploads, or PostgreSQL with a bucket) that survives its
 * server being killed round after round.
 */
export async function crashRig(backend: Backend): Promise<CrashRig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-crash-'));
  let database: Awaited<ReturnType<typeof freshPostgres>> | null = null;
  let bucket: TestBucket | null = null;
  if (backend === 'postgres') [database, bucket] = await Promise.all([freshPostgres(), startBucket()]);
  const env = {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'admin@crash.test',
    ADMIN_PASSWORD: 'Admin-pass1!',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(bucket ? bucket.env : {}),
  };
  const files: FileDriver = bucket ? new S3Driver(bucket.settings) : new LocalDriver(dataDir);
  const completeCourses = new Map<string, number>();
  let answeredTotal = 0;
  // PostgreSQL's check needs no stopped server, so the restarted one carries the next round's load.
  let running: ServerProcess | null = null;

  return {
    backend,
    async round(round) {
      const server = running ?? (await new ServerProcess(env).ready());
      running = null;
      const load = await startLoad(server, round);
      await load.started;
      await new Promise((r) => setTimeout(r, Math.random() * 1000));
      await server.stop('SIGKILL');
      load.stop();
      await load.done;
      for (const [id, units] of load.completeCourses) completeCourses.set(id, units);
      answeredTotal += load.attemptsAnswered();

      // The restart opens the database (PGlite recovers from its write-ahead log) and sweeps loose files.
      const restarted = await new ServerProcess(env).ready();
      let result: Omit<Integrity, 'attemptsAnswered'>;
      if (backend === 'pglite') {
        expectExit(await restarted.stop('SIGTERM'));
        const opened = await openPglite(dataDir);
        try {
          result = await checkIntegrity(opened.db, files, { sweptAll: true, completeCourses });
        } finally {
          await opened.close();
        }
      } else {
        const opened = await openPostgres(database!.url, 2);
        try {
          result = await checkIntegrity(opened.db, files, { sweptAll: false, completeCourses });
        } finally {
          await opened.close();
        }
        running = restarted;
      }
      return { ...result, attemptsAnswered: answeredTotal };
    },
    async close() {
      await running?.stop('SIGTERM');
      await bucket?.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function expectExit(code: number | null) {
  if (code !== 0) throw new Error(`The restarted server did not stop cleanly (${code})`);
}
