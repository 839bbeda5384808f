/**
 * Load test of the course lists (issue 4): 200 courses of 10 units of 10 sections, each list endpoint under
 * autocannon. `benchCourses` is called by bench/run.ts with a running server; run this file directly
 * (npm run bench:courses) to start an in-process server on PGlite, or on PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { courses, sections, units } from '../server/db/schema';

export interface BenchResult {
  name: string;
  p50: number;
  p99: number;
  rps: number;
}

const COURSES = 200;
const UNITS = 10;
const SECTIONS = 10;
const LESSON = String.raw`<h2>Adding fractions</h2><p>To add $\frac{1}{2} + \frac{1}{4}$, rename the half: $$\frac{2}{4} + \frac{1}{4} = \frac{3}{4}$$</p><ul><li><p>Find a common denominator.</p></li><li><p>Add the numerators.</p></li></ul>`;

/** Seeds the catalogue in bulk (a few statements per course); returns one course and one unit to query. */
export async function seedCourseBench(db: Db): Promise<{ courseId: string; unitId: string }> {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  let sample: { courseId: string; unitId: string } | null = null;
  for (let c = 0; c < COURSES; c++) {
    const [course] = await db
      .insert(courses)
      .values({ title: `Bench course ${c + 1}`, code: `BENCH-${tag}-${c + 1}`, description: 'Fractions, ratios and equations for the benchmark.' })
      .returning({ id: courses.id });
    const unitRows = await db
      .insert(units)
      .values(Array.from({ length: UNITS }, (_, u) => ({ courseId: course.id, title: `Unit ${u + 1}`, unitNumber: u + 1, grade: '5', categories: ['Fractions', 'Ratios'] })))
      .returning({ id: units.id });
    await db.insert(sections).values(
      unitRows.flatMap((unit) => Array.from({ length: SECTIONS }, (_, s) => ({ unitId: unit.id, title: `Section ${s + 1}`, sectionNumber: s + 1, grade: '5', content: LESSON }))),
    );
    sample ??= { courseId: course.id, unitId: unitRows[0].id };
  }
  await db.execute(sql`analyze`);
  return sample!;
}

/** Simultaneous connections: BENCH_CONNECTIONS, else 10. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function measure(name: string, url: string, cookie: string): Promise<BenchResult> {
  await autocannon({ url, headers: { cookie }, connections: 2, duration: 1, timeout: 30 });
  const result = await autocannon({ url, headers: { cookie }, connections: CONNECTIONS, duration: 5, timeout: 30 });
  if (result.non2xx) throw new Error(`${name}: ${result.non2xx} responses were not 2xx`);
  return { name, p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

/**
 * Each list endpoint under load: `cookie` must be an admin's for the admin lists; the teacher lists are measured
 * when `teacherCookie` is given. The ids pick a course and a unit (the first of each when not given).
 */
export async function benchCourses(baseUrl: string, cookie: string, options: { teacherCookie?: string; courseId?: string; unitId?: string } = {}): Promise<BenchResult[]> {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.json() as Promise<Array<{ id: string }>>;
  };
  const courseId = options.courseId ?? (await get('/api/courses'))[0].id;
  const unitId = options.unitId ?? (await get(`/api/courses/${courseId}/units`))[0].id;
  const results = [
    await measure('GET /api/courses (200 courses with unit counts)', `${baseUrl}/api/courses`, cookie),
    await measure('GET /api/admin/courses', `${baseUrl}/api/admin/courses`, cookie),
    await measure('GET /api/courses/{id}/units (10 units)', `${baseUrl}/api/courses/${courseId}/units`, cookie),
    await measure('GET /api/units/{id}/sections (10 sections with content)', `${baseUrl}/api/units/${unitId}/sections`, cookie),
    await measure('GET /api/admin/units?courseId= (10 units)', `${baseUrl}/api/admin/units?courseId=${courseId}`, cookie),
    await measure('GET /api/admin/sections?unitId= (10 sections)', `${baseUrl}/api/admin/sections?unitId=${unitId}`, cookie),
    await measure('GET /api/admin/units (all 2,000)', `${baseUrl}/api/admin/units`, cookie),
    await measure('GET /api/admin/sections (all 20,000, no content)', `${baseUrl}/api/admin/sections`, cookie),
  ];
  if (options.teacherCookie) {
    results.push(await measure('GET /api/teacher/units?courseId=', `${baseUrl}/api/teacher/units?courseId=${courseId}`, options.teacherCookie));
    results.push(await measure('GET /api/teacher/sections?unitId=', `${baseUrl}/api/teacher/sections?unitId=${unitId}`, options.teacherCookie));
  }
  return results;
}

/** Standalone: an in-process server on a fresh database, seeded, measured and printed. */
async function main() {
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { openPglite, openPostgres } = await import('../server/db/client');
  const { buildAdmin, buildTeacher, signIn } = await import('../server/test/factories');
  const database = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(null);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: `/tmp/academy-bench-${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, distDir: null, rateLimitFactor: 1000 });
  try {
    const started = performance.now();
    const sample = await seedCourseBench(database.db);
    console.log(`${CONNECTIONS} connections; seeded ${COURSES} courses x ${UNITS} units x ${SECTIONS} sections on ${database.kind} in ${Math.round(performance.now() - started)} ms`);
    const [admin, teacher] = [await buildAdmin(database.db), await buildTeacher(database.db)];
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const results = await benchCourses(address, await signIn(app, admin), { teacherCookie: await signIn(app, teacher), ...sample });
    console.table(results.map((r) => ({ ...r, 'p99 < 20 ms': r.p99 < 20 ? 'yes' : 'NO' })));
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
