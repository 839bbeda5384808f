/**
 * npm run bench: every performance budget in one run. Each server runs in its own process pinned to
 * one core, the load generator is pinned to the other, and throughput is reported beside a bare Fastify route
 * measured in the same run.
 */
import { benchCourses } from './courses';
import { benchGradebookApi, benchGradebookScreen } from './gradebook';
import { benchLighthouse } from './lighthouse';
import { benchCheckAnswer, benchCourseView, type LearningIds } from './learning';
import { BROWSER_HEADERS, measure, DURATION_S, type BenchResult } from './measure';
import { benchLearnerLoop } from './learners';
import { benchQuestions } from './questions';
import { benchSittings } from './sittings';
import { benchUsers } from './users';
import { BENCH_ADMIN } from './scenarios';
import { benchStudents } from './students';
import { canPin, pinLoadGenerator, postgresReachable, signIn, start, stop } from './processes';

pinLoadGenerator();

interface Row extends BenchResult {
  target: string;
  verdict?: string;
}
const rows: Row[] = [];

function report(target: string, result: BenchResult, verdict?: string) {
  rows.push({ target, ...result, verdict });
  const figures = `${String(result.rps).padStart(7)} req/s  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  (${result.connections} conn)`;
  console.log(`${target.padEnd(9)} ${result.name.padEnd(72)} ${figures}${verdict ? `  ${verdict}` : ''}`);
}

const under = (ms: number) => (r: BenchResult) => (r.p99 < ms ? `ok: p99 < ${ms} ms` : `OVER: p99 budget ${ms} ms`);

async function main() {
  console.log(
    `npm run bench: ${DURATION_S} s per load, ${canPin ? 'server on core 1, load on core 0' : 'server and load not pinned'}, requests as a browser sends them (accept-encoding: gzip)\n`,
  );
  // `npm run bench:users`: the users table alone (its budget is a p99, so no yardstick is needed).
  if (process.argv.includes('users')) {
    const kinds: Array<'pglite' | 'postgres'> = ['pglite'];
    if (await postgresReachable()) kinds.push('postgres');
    for (const kind of kinds) {
      console.log(`\n${kind}: seeding 100,000 accounts...`);
      const server = await start(['academy', kind, '4603'], ['admin', 'users']);
      const admin = await signIn('http://127.0.0.1:4603', BENCH_ADMIN);
      for (const r of await benchUsers('http://127.0.0.1:4603', admin)) report(kind, r, under(50)(r));
      await stop(server.child);
    }
    return;
  }
  const bare = await start(['bare', '4601']);
  const yardstick = await measure('GET /bare (Fastify, one route)', {
    url: 'http://127.0.0.1:4601/bare',
    connections: 50,
  });
  report('bare', yardstick);
  await stop(bare.child);
  const ratio = (r: BenchResult) => {
    const share = r.rps / yardstick.rps;
    return `${share.toFixed(2)} of bare (${share >= 0.25 ? 'ok' : 'UNDER'}: budget 0.25 on PostgreSQL)`;
  };

  const kinds: Array<'pglite' | 'postgres'> = ['pglite'];
  if (await postgresReachable()) kinds.push('postgres');
  // `npm run bench:learners`: the learner loop alone.
  const learnersOnly = process.argv.includes('learners');
  // `npm run bench:sittings`: a class sitting one test, saving as they go.
  if (process.argv.includes('sittings')) {
    for (const kind of kinds) await benchSittings(kind, { start, stop, signIn, report });
    return;
  }
  // `npm run bench:questions`: the question bank's list and the test generator's random draw alone.
  if (process.argv.includes('questions')) {
    for (const kind of kinds) {
      console.log(`\n${kind}: seeding 100,000 questions...`);
      const server = await start(['academy', kind, '4602'], ['admin', 'questions']);
      const admin = await signIn('http://127.0.0.1:4602', BENCH_ADMIN);
      for (const r of await benchQuestions('http://127.0.0.1:4602', admin)) report(kind, r, under(50)(r));
      await stop(server.child);
    }
    return;
  }
  // `npm run bench:students`: the student manager's list alone.
  if (process.argv.includes('students')) {
    for (const kind of kinds) {
      console.log(`\n${kind}: seeding 200 courses x 10 x 10 and 5,000 students...`);
      const server = await start(['academy', kind, '4602'], ['admin', 'courses', 'students']);
      const admin = await signIn('http://127.0.0.1:4602', BENCH_ADMIN);
      for (const r of await benchStudents('http://127.0.0.1:4602', admin)) report(kind, r, under(50)(r));
      await stop(server.child);
    }
    return;
  }
  for (const kind of learnersOnly ? [] : kinds) {
    console.log(
      `\n${kind}: seeding 200 courses x 10 x 10, a 10x10 learning course, 100,000 questions and 100,000 accounts...`,
    );
    const server = await start(['academy', kind, '4602'], ['admin', 'courses', 'learning', 'questions', 'users']);
    const base = 'http://127.0.0.1:4602';
    const learning = server.ids.learning as LearningIds;
    const [admin, student] = [
      await signIn(base, BENCH_ADMIN),
      await signIn(base, { email: learning.studentEmail, password: learning.studentPassword }),
    ];

    const me = await measure('GET /api/auth/me (signed in)', {
      url: `${base}/api/auth/me`,
      headers: { ...BROWSER_HEADERS, cookie: student },
      connections: 50,
    });
    report(kind, me, ratio(me));
    const courseView = await benchCourseView(base, student, learning);
    report(kind, courseView, ratio(courseView));
    for (const r of await benchCourses(base, admin, {
      courseId: server.ids.courseId as string,
      unitId: server.ids.unitId as string,
    }))
      report(kind, r, under(20)(r));
    for (const r of await benchQuestions(base, admin)) report(kind, r, under(50)(r));
    for (const r of await benchUsers(base, admin)) report(kind, r, under(50)(r));
    // The one write load goes last: the database's upkeep after it (autovacuum) would share the cores with the
    // loads measured after it.
    const check = await benchCheckAnswer(base, student, learning);
    report(kind, check, kind === 'postgres' ? under(20)(check) : 'for information: the budget is on PostgreSQL');
    await stop(server.child);
  }
  for (const kind of kinds) await benchLearnerLoop(kind, { start, stop, signIn, report });
  // A class's gradebook over a million attempts, and its screen in Chromium.
  for (const kind of kinds) await benchGradebookApi(kind, { report });
  console.log(`\n${await benchGradebookScreen()}`);
  console.log('\nThe first visit (Lighthouse):');
  const lighthouse = await benchLighthouse();
  console.log(`\nJSON: ${JSON.stringify({ yardstick: yardstick.rps, rows, lighthouse })}`);
}

await main();
