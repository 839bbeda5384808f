/**
 * Learning benchmarks (DESIGN section 10): signed-in GET /api/student/courses/:id for a course of 10 units x 10
 * sections, and POST /api/questions/check-answer at 50 connections (budget: p99 under 20 ms).
 * `npm run bench` uses `seedLearningBench` and `benchLearning`; run alone against PostgreSQL with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<database> npx tsx bench/learning.ts
 * (a fresh database named there is migrated and filled; the script also measures a bare Fastify route for the ratio).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { Db } from '../server/db/client';
import { sectionQuestions, studentCourses, studentUnits } from '../server/db/schema';
import { buildCourse, buildQuestion, buildStudent, TEST_PASSWORD } from '../server/test/factories';

export interface LearningIds {
  courseId: string;
  sectionId: string;
  questionId: string;
  studentEmail: string;
  studentPassword: string;
}

export interface BenchRow {
  name: string;
  p50: number;
  p99: number;
  rps: number;
}

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

/** A student with a 10 x 10 course assigned (every unit, so every section is open) and 3 questions in each section. */
export async function seedLearningBench(db: Db): Promise<LearningIds> {
  const student = await buildStudent(db);
  const course = await buildCourse(db, { units: 10, sections: 10, title: 'Bench course' });
  const questions = await Promise.all(Array.from({ length: 10 }, () => buildQuestion(db)));
  await db.insert(studentCourses).values({ studentId: student.id, courseId: course.id });
  await db.insert(studentUnits).values(course.units.map((u) => ({ studentId: student.id, unitId: u.id })));
  const sectionIds = course.units.flatMap((u) => u.sections.map((s) => s.id));
  await db.insert(sectionQuestions).values(sectionIds.flatMap((sectionId, i) => [0, 1, 2].map((k) => ({ sectionId, questionId: questions[(i + k) % 10].id, position: k + 1 }))));
  return { courseId: course.id, sectionId: sectionIds[0], questionId: questions[0].id, studentEmail: student.email, studentPassword: TEST_PASSWORD };
}

async function measure(name: string, options: autocannon.Options): Promise<BenchRow> {
  const result = await autocannon({ connections: 50, duration: DURATION_S, workers: 1, ...options });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return { name, p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

/** Loads the two learning routes at 50 connections with a signed-in student's cookie. */
export async function benchLearning(baseUrl: string, studentCookie: string, ids: Pick<LearningIds, 'courseId' | 'questionId' | 'sectionId'>): Promise<BenchRow[]> {
  const headers = { cookie: studentCookie };
  return [
    await measure('GET /api/student/courses/:id (10x10)', { url: `${baseUrl}/api/student/courses/${ids.courseId}`, headers }),
    await measure('POST /api/questions/check-answer', {
      url: `${baseUrl}/api/questions/check-answer`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ questionId: ids.questionId, studentAnswer: '\\frac{3}{4}', sectionId: ids.sectionId }),
    }),
  ];
}

/** Standalone: a fresh PostgreSQL database, the app on one port, a bare Fastify route on another. */
async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL database that may be filled (it is migrated first).');
  const [{ buildApp }, { loadConfig }, { openPostgres }] = await Promise.all([import('../server/app'), import('../server/config'), import('../server/db/client')]);
  const database = await openPostgres(url, 10);
  const ids = await seedLearningBench(database.db);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/academy-bench', LOG_LEVEL: 'silent', DATABASE_URL: url });
  const app = await buildApp({ config, database, distDir: null, rateLimitFactor: 1000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ids.studentEmail, password: ids.studentPassword }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
  const rows = [
    await measure('bare Fastify GET /', { url: bareAddress }),
    await measure('GET /api/auth/me (reference)', { url: `${address}/api/auth/me`, headers: { cookie } }),
    ...(await benchLearning(address, cookie, ids)),
  ];
  const bareRps = rows[0].rps;
  for (const row of rows) {
    process.stdout.write(`${row.name.padEnd(40)} p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${String(row.rps).padStart(6)} req/s  ${(row.rps / bareRps).toFixed(2)} of bare\n`);
  }
  await Promise.all([app.close(), bare.close()]);
  await database.close();
}

if (process.argv[1]?.endsWith('learning.ts')) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
