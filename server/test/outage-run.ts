/**
 * PostgreSQL goes away under a running academy server and comes back, while students study: the test runs short
 * outages, `npm run crash outage` long ones. The server reaches the database through a TCP proxy the rig runs, which
 * the rig closes (its listener and every connection, as a restart does) or silences (nothing passes), then opens
 * again; or the rig ends every connection to the database from an administrator's (pg_terminate_backend). What
 * must hold: every answer meanwhile comes within a second (a few through a silent network), served from memory or
 * 503 with Retry-After; `/api/ready` says not ready; everything answers again within 5 s of the return; and every
 * attempt a check acknowledged is stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { sectionQuestions, studentCourses, studentSections, studentUnits } from '../db/schema';
import { buildCourse, buildQuestion, buildStudent, TEST_PASSWORD } from './factories';
import { freshPostgres, ServerProcess, until } from './processes';
import { startProxy } from './tcp-proxy';

/** An answer during the outage may take this long, at most. */
export const ANSWER_WITHIN_MS = 1000;
/**
 * Through a silent network longer: a statement in flight, and those sent on the pool's connections before they are
 * found silent, wait until a fresh connection fails to reach the database (server/db/client.ts).
 */
export const SILENT_ANSWER_WITHIN_MS = 5000;
/** Everything must answer again within this long of the database's return. */
export const RECOVER_WITHIN_MS = 5000;
/** The learners' think time between two requests: the loop stays well under the checks' hourly limit. */
const PACE_MS = 100;
/** A request not answered by then is reported as hanging (and the loop goes on). */
const HANG_MS = 10_000;
/** How long the loop runs before the outage, and on after the return. */
const BEFORE_MS = 1000;
const WATCH_AFTER_MS = RECOVER_WITHIN_MS + 2000;

/**
 * `cut`: the database's address refuses, its connections broken; `silent`: nothing passes and nothing says so;
 * `terminate`: the database ends every connection.
 */
export type OutageKind = 'cut' | 'silent' | 'terminate';

export interface OutageRound {
  kind: OutageKind;
  outageMs: number;
  /** Requests in flight during the outage, by status (0: no answer). */
  duringByStatus: Record<number, number>;
  /** The slowest of their answers, and which it was. */
  slowestMs: number;
  slowest: string;
  /** `/api/ready` during the outage, by status. */
  readyDuring: Record<number, number>;
  /** From the database's return until the last request that did not answer 2xx was answered. */
  recoveredMs: number;
  /** Checks answered 200 since the rig started, and checks stored for the same students (each once). */
  attemptsAcknowledged: number;
  attemptsStored: number;
  /** Checks stored twice: a write cut off after the database committed it, tried again. */
  attemptsWrittenTwice: number;
  /** What broke a rule; empty when the round went as it should. */
  problems: string[];
}

export interface OutageRig {
  /** The database itself, not through the proxy. */
  databaseUrl: string;
  round(kind: OutageKind, outageMs: number): Promise<OutageRound>;
  /** What the server printed, for a failure's report. */
  output(): string;
  close(): Promise<void>;
}

interface Learner {
  id: string;
  email: string;
  courseId: string;
  sectionId: string;
  questionIds: string[];
  cookie: string;
}

/** Students each with a course of their own, one section open with two questions, straight into the database. */
async function seedLearners(url: string, count: number): Promise<Omit<Learner, 'cookie'>[]> {
  const database = await openPostgres(url, 2);
  try {
    const learners: Omit<Learner, 'cookie'>[] = [];
    for (let n = 0; n < count; n++) {
      const { db } = database;
      const student = await buildStudent(db);
      const course = await buildCourse(db, { units: 1, sections: 1 });
      const unit = course.units[0];
      const section = unit.sections[0];
      const questions = [await buildQuestion(db), await buildQuestion(db)];
      await db
        .insert(sectionQuestions)
        .values(questions.map((q, i) => ({ sectionId: section.id, questionId: q.id, position: i + 1 })));
      await db.insert(studentCourses).values({ studentId: student.id, courseId: course.id });
      await db.insert(studentUnits).values({ studentId: student.id, unitId: unit.id });
      await db.insert(studentSections).values({ studentId: student.id, sectionId: section.id });
      learners.push({
        id: student.id,
        email: student.email,
        courseId: course.id,
        sectionId: section.id,
        questionIds: questions.map((q) => q.id),
      });
    }
    return learners;
  } finally {
    await database.close();
  }
}

interface Answer {
  call: string;
  start: number;
  end: number;
  status: number;
  code?: string;
  retryAfter: string | null;
}

async function timedRequest(
  base: string,
  call: string,
  init: { method: string; path: string; cookie?: string; json?: unknown },
): Promise<Answer> {
  const start = performance.now();
  const headers: Record<string, string> = init.cookie ? { cookie: init.cookie } : {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${base}${init.path}`, {
      method: init.method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await response.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      // not JSON
    }
    return {
      call,
      start,
      end: performance.now(),
      status: response.status,
      code,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch {
    return { call, start, end: performance.now(), status: 0, retryAfter: null };
  }
}

/** What a studying student asks over and over: who am I, my courses, the course, its questions, a hint, two checks, figures. */
function studentLoop(base: string, learner: Learner, log: Answer[], acknowledged: Map<string, number>) {
  let running = true;
  let checks = 0;
  const calls = (): Array<[string, Parameters<typeof timedRequest>[2]]> => [
    ['me', { method: 'GET', path: '/api/auth/me' }],
    ['courses', { method: 'GET', path: '/api/student/courses' }],
    ['course', { method: 'GET', path: `/api/student/courses/${learner.courseId}` }],
    ['batch', { method: 'POST', path: '/api/questions/batch', json: { questionIds: learner.questionIds } }],
    // Written at once, never from memory: this one meets the database every time.
    ['hint', { method: 'POST', path: `/api/student/questions/${learner.questionIds[0]}/hint-opened`, json: {} }],
    ...learner.questionIds.map((questionId): [string, Parameters<typeof timedRequest>[2]] => [
      'check',
      {
        method: 'POST',
        path: '/api/questions/check-answer',
        // Right and wrong in turn.
        json: { questionId, sectionId: learner.sectionId, studentAnswer: checks++ % 2 === 0 ? 'A' : 'B' },
      },
    ]),
    ['stats', { method: 'GET', path: '/api/student/stats' }],
  ];
  const done = (async () => {
    while (running) {
      for (const [call, init] of calls()) {
        if (!running) break;
        const answer = await timedRequest(base, call, { ...init, cookie: learner.cookie });
        log.push(answer);
        if (call === 'check' && answer.status === 200)
          acknowledged.set(learner.id, (acknowledged.get(learner.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
    }
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

/** Asks `/api/ready` every 200 ms, as a load balancer would. */
function readyLoop(base: string, log: Answer[]) {
  let running = true;
  const done = (async () => {
    while (running) {
      log.push(await timedRequest(base, 'ready', { method: 'GET', path: '/api/ready' }));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: () => {
      running = false;
      return done;
    },
  };
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
/** The only refusal an outage may cause: 503 with a time to come back, and the code that says why. */
const refusedForOutage = (answer: Answer) =>
  answer.status === 503 && answer.code === 'DATABASE_UNAVAILABLE' && answer.retryAfter !== null;

function byStatus(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

const describe = (answers: Answer[]) =>
  answers
    .slice(0, 5)
    .map((a) => `${a.call} ${a.status}${a.code ? ` ${a.code}` : ''} in ${Math.round(a.end - a.start)} ms`)
    .join(', ');

const CALLS = ['me', 'courses', 'course', 'batch', 'hint', 'check', 'stats', 'ready'];

/**
 * When everything answered again after the database's return at `back`: the end of the last answer other than 2xx
 * to a request made after it, and the calls (with /api/ready) that have not answered 2xx since.
 */
function recovery(answers: Answer[], readiness: Answer[], back: number) {
  const after = [...answers, ...readiness].filter((a) => a.start > back);
  const failed = after.filter((a) => !ok(a));
  const at = Math.max(back, ...failed.map((a) => a.end));
  const answered = new Set(after.filter((a) => a.start > at && ok(a)).map((a) => a.call));
  return { at, failed, missing: CALLS.filter((call) => !answered.has(call)) };
}

/**
 * Attempt rows per student, counted on the database itself: the distinct checks, and the rows beyond them (a
 * write whose connection broke after the database committed it is written again). The loop's checks are 100 ms
 * apart, so two rows of one student, question and millisecond are one check written twice.
 */
async function storedAttempts(url: string): Promise<{ checks: Map<string, number>; twice: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ student_id: string; checks: number; rows: number }>(
      `select a.student_id, count(distinct (a.question_id, date_trunc('milliseconds', a.created_at)))::int as checks,
         count(*)::int as rows
       from answer_attempts a group by a.student_id`,
    );
    return {
      checks: new Map(result.rows.map((row) => [row.student_id, row.checks])),
      twice: result.rows.reduce((sum, row) => sum + row.rows - row.checks, 0),
    };
  } finally {
    await client.end();
  }
}

/** Ends every other connection to the database, as an administrator (or a failover) would. */
async function terminateConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      'select pg_terminate_backend(s.pid) from pg_stat_activity s where s.datname = current_database() and s.pid <> pg_backend_pid()',
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * One academy server on a fresh PostgreSQL database, reached through the proxy, with `learners` students of its
 * own; each round cuts the database off (or ends its connections) under their loop.
 */
export async function outageRig(options: { learners?: number } = {}): Promise<OutageRig> {
  const database = await freshPostgres();
  const direct = new URL(database.url);
  const proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(database.url);
  proxied.port = String(proxy.port);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-outage-'));
  const server = new ServerProcess({ DATABASE_URL: proxied.toString(), DATA_DIR: dataDir });
  try {
    await server.ready();
  } catch (error) {
    proxy.close();
    await database.drop();
    throw error;
  }
  const seeded = await seedLearners(database.url, options.learners ?? 4);
  const learners: Learner[] = [];
  for (const learner of seeded)
    learners.push({ ...learner, cookie: await server.signIn(learner.email, TEST_PASSWORD) });
  const acknowledged = new Map<string, number>();

  return {
    databaseUrl: database.url,
    output: () => server.output(),
    async round(kind, outageMs) {
      const answers: Answer[] = [];
      const readiness: Answer[] = [];
      const students = learners.map((learner) => studentLoop(server.url, learner, answers, acknowledged));
      const ready = readyLoop(server.url, readiness);
      await new Promise((resolve) => setTimeout(resolve, BEFORE_MS));
      // Right after a check was acknowledged: its attempt is still waiting to be written when the database goes.
      const checked = answers.filter((a) => a.call === 'check' && a.status === 200).length;
      await until(
        async () => answers.filter((a) => a.call === 'check' && a.status === 200).length,
        (n) => n > checked,
        5000,
      );
      const from = performance.now();
      if (kind === 'terminate') {
        // Again and again for the whole span: the connections the pool opens meanwhile go too.
        while (performance.now() - from < outageMs) {
          await terminateConnections(database.url);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } else {
        if (kind === 'cut') proxy.cut();
        else proxy.silence();
        await new Promise((resolve) => setTimeout(resolve, outageMs));
        await proxy.restore();
      }
      const back = performance.now();
      // The loop goes on until every call and /api/ready answered 2xx again, or long enough to say they did not.
      await until(
        async () => recovery(answers, readiness, back),
        (found) => found.missing.length === 0 && performance.now() - found.at > 500,
        WATCH_AFTER_MS,
      );
      await Promise.all([...students.map((s) => s.stop()), ready.stop()]);

      const problems: string[] = [];
      const before = answers.filter((a) => a.end < from);
      const notOkBefore = before.filter((a) => !ok(a));
      if (notOkBefore.length) problems.push(`before the outage, answers other than 2xx: ${describe(notOkBefore)}`);
      const overlapping = (a: Answer) => a.end >= from && a.start <= back;
      const during = answers.filter(overlapping);
      const readyDuring = readiness.filter(overlapping);
      const within = kind === 'silent' ? SILENT_ANSWER_WITHIN_MS : ANSWER_WITHIN_MS;
      const slow = [...during, ...readyDuring].filter((a) => a.end - a.start > within);
      if (slow.length)
        problems.push(`${slow.length} answers during the outage took over ${within} ms: ${describe(slow)}`);
      const wrong = during.filter((a) => !ok(a) && !refusedForOutage(a));
      if (wrong.length)
        problems.push(`answers during the outage neither 2xx nor 503 DATABASE_UNAVAILABLE: ${describe(wrong)}`);
      const wrongReady = readyDuring.filter((a) => a.status !== 200 && a.status !== 503);
      if (wrongReady.length) problems.push(`/api/ready during the outage: ${describe(wrongReady)}`);
      if (kind !== 'terminate' && !readyDuring.some((a) => a.status === 503))
        problems.push(`/api/ready never said not ready during the outage: ${JSON.stringify(byStatus(readyDuring))}`);
      const recovered = recovery(answers, readiness, back);
      const recoveredMs = recovered.at - back;
      if (recoveredMs > RECOVER_WITHIN_MS)
        problems.push(
          `not every request answered 2xx within 5 s of the return: ${describe(recovered.failed.slice(-5))}`,
        );
      if (recovered.missing.length)
        problems.push(`never answered 2xx after the return: ${recovered.missing.join(', ')}`);

      // Acknowledged attempts are written behind the answer: a moment for the last ones.
      const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
      const { value: stored } = await until(
        () => storedAttempts(database.url),
        (counts) => learners.every((l) => (counts.checks.get(l.id) ?? 0) >= (acknowledged.get(l.id) ?? 0)),
        5000,
      );
      for (const learner of learners) {
        const given = acknowledged.get(learner.id) ?? 0;
        const kept = stored.checks.get(learner.id) ?? 0;
        if (kept < given) problems.push(`${learner.email}: ${given} attempts acknowledged, ${kept} stored`);
      }
      return {
        kind,
        outageMs,
        duringByStatus: byStatus(during),
        slowestMs: Math.round(Math.max(0, ...during.map((a) => a.end - a.start))),
        slowest: describe([...during].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 1)),
        readyDuring: byStatus(readyDuring),
        recoveredMs: Math.round(recoveredMs),
        attemptsAcknowledged: total(acknowledged),
        attemptsStored: total(stored.checks),
        attemptsWrittenTwice: stored.twice,
        problems,
      };
    },
    async close() {
      await server.stop('SIGTERM');
      proxy.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
