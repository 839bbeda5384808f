/**
 * The learner loop: N students (BENCH_STUDENTS, default 50), each signed in with a session of their own
 * and a course of their own (10 units x 10 sections, every one assigned, 3 questions in the first section), each
 * doing what a studying student does, over and over: me, My Courses, the course view, the section's questions,
 * three checks, the dashboard figures. Measured as that mix and call by call, each connection a student. Half the
 * questions have random numbers, so half the batches and checks are a student's own variant.
 * `npm run bench:learners` runs it alone; `npm run bench` runs it after the other loads.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { Client, Request } from 'autocannon';
import { sql } from 'drizzle-orm';
import { BROWSER_HEADERS, measure, type BenchResult } from './measure';
import type { Db } from '../server/db/client';
import {
  courses,
  questions,
  sectionQuestions,
  sections,
  studentCourses,
  studentSections,
  studentUnits,
  units,
} from '../server/db/schema';
import { buildStudent, TEST_PASSWORD } from '../server/test/factories';

export const LEARNERS = Number(process.env.BENCH_STUDENTS ?? 50);
const UNITS = 10;
const SECTIONS = 10;
const LESSON = String.raw`<h2>Adding fractions</h2><p>To add $\frac{1}{2} + \frac{1}{4}$, rename the half: $$\frac{2}{4} + \frac{1}{4} = \frac{3}{4}$$</p>`;

export interface Learner {
  email: string;
  password: string;
  courseId: string;
  sectionId: string;
  /** The three questions of the first section, with the answer the student gives to each (right, right, wrong). */
  checks: Array<{ questionId: string; studentAnswer: string }>;
}

/** Seeds the students, their courses and their assignments in a few statements per student. */
export async function seedLearners(db: Db, count = LEARNERS): Promise<Learner[]> {
  const learners: Learner[] = [];
  for (let n = 1; n <= count; n++) {
    const student = await buildStudent(db);
    const [course] = await db
      .insert(courses)
      .values({
        title: `Learner course ${n}`,
        code: `LEARN-${n}-${student.id.slice(0, 6)}`,
        description: 'The learner loop.',
      })
      .returning({ id: courses.id });
    const unitRows = await db
      .insert(units)
      .values(
        Array.from({ length: UNITS }, (_, u) => ({
          courseId: course.id,
          title: `Unit ${u + 1}`,
          unitNumber: u + 1,
          grade: '5',
          categories: ['Fractions'],
        })),
      )
      .returning({ id: units.id });
    const sectionRows = await db
      .insert(sections)
      .values(
        unitRows.flatMap((unit) =>
          Array.from({ length: SECTIONS }, (_, s) => ({
            unitId: unit.id,
            title: `Section ${s + 1}`,
            sectionNumber: s + 1,
            grade: '5',
            content: LESSON,
          })),
        ),
      )
      .returning({ id: sections.id, unitId: sections.unitId });
    const firstSection = sectionRows.find((s) => s.unitId === unitRows[0].id)!;
    const asked = await db
      .insert(questions)
      .values([
        {
          questionText: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
          grade: 5,
          type: 'Multiple Choice',
          options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$' },
          answer: { a1: ['A'] },
          solution: 'Rename the half.',
          hint: 'A common denominator.',
          source: 'Bench',
        },
        // Half the questions have random numbers: this one for every student, the next for every other one.
        {
          questionText: 'Write $\\frac{a}{4}$ as a decimal.',
          grade: 5,
          type: 'Short Answer',
          options: {},
          answer: { a1: ['{d}'] },
          solution: '{a} / 4 = {d}',
          hint: 'Divide.',
          source: 'Bench',
          template: {
            variables: [
              { name: 'a', kind: 'range', min: '1', max: '7', step: '2' },
              { name: 'd', kind: 'computed', expression: 'a / 4' },
            ],
            constraints: [],
            seeds: null,
          },
        },
        {
          questionText: n % 2 === 0 ? 'Which is larger?' : 'Which is larger, $\\frac{2}{3}$ or $\\frac{a}{5}$?',
          grade: 5,
          type: 'Multiple Choice',
          options:
            n % 2 === 0 ? { A: '$\\frac{2}{3}$', B: '$\\frac{3}{5}$' } : { A: '$\\frac{2}{3}$', B: '$\\frac{a}{5}$' },
          answer: { a1: ['A'] },
          solution: '10/15 > 9/15',
          hint: 'Compare.',
          source: 'Bench',
          template:
            n % 2 === 0
              ? null
              : {
                  variables: [{ name: 'a', kind: 'range', min: '1', max: '3', step: '1' }],
                  constraints: [],
                  seeds: null,
                },
        },
      ])
      .returning({ id: questions.id });
    await db
      .insert(sectionQuestions)
      .values(asked.map((q, i) => ({ sectionId: firstSection.id, questionId: q.id, position: i + 1 })));
    await db.insert(studentCourses).values({ studentId: student.id, courseId: course.id });
    await db.insert(studentUnits).values(unitRows.map((u) => ({ studentId: student.id, unitId: u.id })));
    await db.insert(studentSections).values(sectionRows.map((s) => ({ studentId: student.id, sectionId: s.id })));
    learners.push({
      email: student.email,
      password: TEST_PASSWORD,
      courseId: course.id,
      sectionId: firstSection.id,
      checks: [
        { questionId: asked[0].id, studentAnswer: 'A' },
        { questionId: asked[1].id, studentAnswer: '3/4' },
        { questionId: asked[2].id, studentAnswer: 'B' },
      ],
    });
  }
  await db.execute(sql`analyze`);
  return learners;
}

export type Call = 'me' | 'courses' | 'course' | 'batch' | 'check' | 'stats';

/** One student's requests for a call (the three checks for 'check'), with their cookie. */
function requestsOf(learner: Learner, cookie: string, call: Call): Request[] {
  const headers = { ...BROWSER_HEADERS, cookie };
  const json = { ...headers, 'content-type': 'application/json' };
  switch (call) {
    case 'me':
      return [{ method: 'GET', path: '/api/auth/me', headers }];
    case 'courses':
      return [{ method: 'GET', path: '/api/student/courses', headers }];
    case 'course':
      return [{ method: 'GET', path: `/api/student/courses/${learner.courseId}`, headers }];
    case 'batch':
      return [
        {
          method: 'POST',
          path: '/api/questions/batch',
          headers: json,
          body: JSON.stringify({ questionIds: learner.checks.map((c) => c.questionId) }),
        },
      ];
    case 'check':
      return learner.checks.map((c) => ({
        method: 'POST',
        path: '/api/questions/check-answer',
        headers: json,
        body: JSON.stringify({ ...c, sectionId: learner.sectionId }),
      }));
    case 'stats':
      return [{ method: 'GET', path: '/api/student/stats', headers }];
  }
}

export const LOOP: Call[] = ['me', 'courses', 'course', 'batch', 'check', 'stats'];
const ALONE: Array<[Call, string]> = [
  ['me', 'GET /api/auth/me'],
  ['courses', 'GET /api/student/courses'],
  ['course', 'GET /api/student/courses/{id}'],
  ['batch', 'POST /api/questions/batch'],
  ['check', 'POST /api/questions/check-answer'],
  ['stats', 'GET /api/student/stats'],
];

/** The machine's load over the last minute, printed with every figure: the cores are shared. */
export const loadAverage = () => `load ${os.loadavg()[0].toFixed(1)}`;

/**
 * Each connection is one student: the first connection takes the first student's requests, and so on. With fewer
 * students than connections, students are shared.
 */
export function asStudents(learners: Learner[], cookies: string[], calls: Call[]) {
  let next = 0;
  return (client: Client) => {
    const n = next++ % learners.length;
    client.setRequests(calls.flatMap((call) => requestsOf(learners[n], cookies[n], call)));
  };
}

/** What bench/run.ts lends: its server processes, sign-in, report and the bare Fastify figure of the same run. */
interface Runner {
  start(args: string[], seed: string[]): Promise<{ child: ChildProcess; ids: Record<string, unknown> }>;
  stop(child: ChildProcess): Promise<void>;
  signIn(base: string, account: { email: string; password: string }): Promise<string>;
  report(target: string, result: BenchResult, verdict?: string): void;
}

/**
 * Budgets: the loop at 8,000 req/s on PostgreSQL and 5,000 on PGlite with p99 under 25 ms; each call alone 0.15 of
 * bare on PostgreSQL, as every share of bare in the budgets. On PGlite the database runs in the server's own
 * core: its shares are printed for information (storing a check's attempt alone takes it about 55 µs, over half of
 * what a whole check may cost at 0.15 of bare).
 */
export const LOOP_FLOOR = { postgres: 8000, pglite: 5000 };
export const LOOP_P99_MS = 25;
const ALONE_SHARE = 0.15;

/**
 * Every student's first loop at once, as after a restart or a change that empties what is kept: it renders what
 * the measured loops then find kept. Returns how long the slowest student took, in milliseconds.
 */
export async function firstLoops(base: string, learners: Learner[], cookies: string[]): Promise<number> {
  const started = performance.now();
  await Promise.all(
    learners.map(async (learner, n) => {
      for (const request of LOOP.flatMap((call) => requestsOf(learner, cookies[n], call))) {
        const response = await fetch(`${base}${request.path}`, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body as string | undefined,
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`first loop: ${request.method} ${request.path} answered ${response.status}`);
      }
    }),
  );
  return Math.round(performance.now() - started);
}

/**
 * The loop mixed, then every call alone, at one connection per student, on a server of its own. The machine is
 * shared, so the bare Fastify yardstick is measured again right before, and every figure carries the load average.
 */
export async function benchLearnerLoop(kind: 'pglite' | 'postgres', run: Runner): Promise<void> {
  console.log(`\n${kind}: the learner loop; seeding ${LEARNERS} students and their courses... (${loadAverage()})`);
  const port = 4603;
  const base = `http://127.0.0.1:${port}`;
  const server = await run.start(['academy', kind, String(port)], ['learners']);
  try {
    const learners = server.ids.learners as Learner[];
    const cookies = await Promise.all(learners.map((learner) => run.signIn(base, learner)));
    const connections = learners.length;
    const first = await firstLoops(base, learners, cookies);
    console.log(
      `${kind}: the first loop of ${connections} students at once, nothing kept yet, took ${first} ms (${loadAverage()})`,
    );
    const bare = await run.start(['bare', String(port + 1)], []);
    const yardstick = await measure(`GET /bare (Fastify, one route; ${loadAverage()})`, {
      url: `http://127.0.0.1:${port + 1}/bare`,
      connections,
    });
    await run.stop(bare.child);
    run.report('bare', yardstick);
    const loop = await measure(`learner loop (8 calls, ${connections} students; ${loadAverage()})`, {
      url: base,
      connections,
      setupClient: asStudents(learners, cookies, LOOP),
    });
    const floor = LOOP_FLOOR[kind];
    run.report(
      kind,
      loop,
      loop.rps >= floor && loop.p99 < LOOP_P99_MS
        ? `ok: >= ${floor} req/s, p99 < ${LOOP_P99_MS} ms`
        : `OVER: budget >= ${floor} req/s, p99 < ${LOOP_P99_MS} ms`,
    );
    for (const [call, name] of ALONE) {
      const alone = await measure(`${name} alone (${connections} students; ${loadAverage()})`, {
        url: base,
        connections,
        setupClient: asStudents(learners, cookies, [call]),
      });
      const share = alone.rps / yardstick.rps;
      const verdict =
        kind === 'postgres'
          ? `${share >= ALONE_SHARE ? 'ok' : 'UNDER'}: budget ${ALONE_SHARE}`
          : 'for information: the budget is on PostgreSQL';
      run.report(kind, alone, `${share.toFixed(2)} of bare (${verdict})`);
    }
  } finally {
    await run.stop(server.child);
  }
}
