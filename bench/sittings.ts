/**
 * Students sitting one test at once: SITTERS students (BENCH_SITTERS, default 200), each signed in with a
 * session of their own, start the same 10-question test, then each saves an answer every 5 seconds, for
 * BENCH_SITTING_SECONDS (default 60), as a class sitting a mock test does. Afterwards every sitting is read back:
 * each question must hold the last answer its student saved (no lost answer). Budget on PostgreSQL: save p99 under
 * 50 ms and no error. `npm run bench:sittings` runs it alone.
 */
import type { ChildProcess } from 'node:child_process';
import { BROWSER_HEADERS } from './measure';
import type { Db } from '../server/db/client';
import { questions, testAssignments, testQuestions, tests } from '../server/db/schema';
import { buildStudent, TEST_PASSWORD } from '../server/test/factories';
import { loadAverage } from './learners';

export const SITTERS = Number(process.env.BENCH_SITTERS ?? 200);
const SECONDS = Number(process.env.BENCH_SITTING_SECONDS ?? 60);
const SAVE_EVERY_MS = 5_000;
const QUESTIONS = 10;
const SAVE_P99_MS = 50;

export interface Sitter {
  email: string;
  password: string;
  assignmentId: string;
}

/** The test of 10 questions and its SITTERS students, each assigned it (the results come when they submit). */
export async function seedSitters(db: Db, count = SITTERS): Promise<{ sitters: Sitter[]; questionIds: string[] }> {
  const asked = await db
    .insert(questions)
    .values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        questionText: `What is $${i + 2} \\times 3$?`,
        grade: 5,
        type: 'Short Answer' as const,
        options: {},
        answer: { a1: [String((i + 2) * 3)] },
        solution: 'Multiply.',
        hint: '',
        source: 'Bench',
      })),
    )
    .returning({ id: questions.id });
  const [test] = await db
    .insert(tests)
    .values({ title: 'Mock test for the whole class', type: 'test', timeLimit: 120 })
    .returning({ id: tests.id });
  await db.insert(testQuestions).values(asked.map((q, i) => ({ testId: test.id, position: i + 1, questionId: q.id })));
  const sitters: Sitter[] = [];
  for (let n = 0; n < count; n++) {
    const student = await buildStudent(db);
    const [assignment] = await db
      .insert(testAssignments)
      .values({ testId: test.id, studentId: student.id })
      .returning({ id: testAssignments.id });
    sitters.push({ email: student.email, password: TEST_PASSWORD, assignmentId: assignment.id });
  }
  return { sitters, questionIds: asked.map((q) => q.id) };
}

/** What bench/run.ts lends: its server processes, sign-in and report. */
interface Runner {
  start(args: string[], seed: string[]): Promise<{ child: ChildProcess; ids: Record<string, unknown> }>;
  stop(child: ChildProcess): Promise<void>;
  signIn(base: string, account: { email: string; password: string }): Promise<string>;
  report(
    target: string,
    result: { name: string; connections: number; rps: number; p50: number; p99: number },
    verdict?: string,
  ): void;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchSittings(kind: 'pglite' | 'postgres', run: Runner): Promise<void> {
  console.log(
    `\n${kind}: ${SITTERS} students sitting one test, a save every 5 s each for ${SECONDS} s; seeding... (${loadAverage()})`,
  );
  const port = 4605;
  const base = `http://127.0.0.1:${port}`;
  const server = await run.start(['academy', kind, String(port)], ['sitters']);
  try {
    const { sitters, questionIds } = server.ids as unknown as { sitters: Sitter[]; questionIds: string[] };
    const cookies = await Promise.all(sitters.map((s) => run.signIn(base, s)));
    const json = (cookie: string) => ({ ...BROWSER_HEADERS, cookie, 'content-type': 'application/json' });
    // The class starts within a few seconds, twenty at a time: two hundred starts in one instant would meet the
    // server's overload answer (503, Retry-After), which is not what this load measures.
    const attempts: string[] = [];
    for (let first = 0; first < sitters.length; first += 20) {
      const started = await Promise.all(
        sitters.slice(first, first + 20).map(async (s, i) => {
          const response = await fetch(`${base}/api/student/tests/${s.assignmentId}/start`, {
            method: 'POST',
            headers: { ...BROWSER_HEADERS, cookie: cookies[first + i] },
          });
          if (!response.ok) throw new Error(`start answered ${response.status}`);
          return ((await response.json()) as { attempt: { id: string } }).attempt.id;
        }),
      );
      attempts.push(...started);
    }

    // Each student saves on their own clock, spread over the first interval, as a class does.
    const latencies: number[] = [];
    const lastSaved = sitters.map(() => new Map<string, string>());
    let failures = 0;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      sitters.map(async (_, n) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * SAVE_EVERY_MS));
        for (let save = 0; Date.now() < end; save++) {
          const questionId = questionIds[save % questionIds.length];
          const answer = `${n}-${save}`;
          const started = performance.now();
          const response = await fetch(`${base}/api/student/attempts/${attempts[n]}/answers/${questionId}`, {
            method: 'PUT',
            headers: json(cookies[n]),
            body: JSON.stringify({ answer }),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          if (response.ok) lastSaved[n].set(questionId, answer);
          else failures++;
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, SAVE_EVERY_MS - (performance.now() - started))),
          );
        }
      }),
    );

    // No lost answer: every sitting holds, per question, the last answer its student saved.
    let lost = 0;
    await Promise.all(
      attempts.map(async (attemptId, n) => {
        const response = await fetch(`${base}/api/student/attempts/${attemptId}`, {
          headers: { ...BROWSER_HEADERS, cookie: cookies[n] },
        });
        const stored = ((await response.json()) as { attempt: { answers: Record<string, string> } }).attempt.answers;
        for (const [questionId, answer] of lastSaved[n]) if (stored[questionId] !== answer) lost++;
      }),
    );
    latencies.sort((a, b) => a - b);
    const result = {
      name: `PUT /api/student/attempts/{id}/answers/{q} (${SITTERS} students, one save per 5 s each, ${latencies.length} saves; ${loadAverage()})`,
      connections: SITTERS,
      rps: Math.round(latencies.length / SECONDS),
      p50: Math.round(percentile(latencies, 50) * 10) / 10,
      p99: Math.round(percentile(latencies, 99) * 10) / 10,
    };
    const ok = failures === 0 && lost === 0 && result.p99 < SAVE_P99_MS;
    run.report(
      kind,
      result,
      `${ok ? 'ok' : 'OVER'}: ${failures} failed, ${lost} lost; budget p99 < ${SAVE_P99_MS} ms on PostgreSQL, none failed or lost`,
    );
  } finally {
    await run.stop(server.child);
  }
}
