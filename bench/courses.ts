/**
 * Load test of the course lists: 200 courses of 10 units of 10 sections, each list endpoint under load.
 * bench/run.ts seeds with `seedCourseBench` in the server's process and measures with `benchCourses`.
 */
import { randomBytes } from 'node:crypto';
import { BROWSER_HEADERS, firstRead, measure, measureLarge, type BenchResult } from './measure';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { courses, sections, units } from '../server/db/schema';

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
      .values({
        title: `Bench course ${c + 1}`,
        code: `BENCH-${tag}-${c + 1}`,
        description: 'Fractions, ratios and equations for the benchmark.',
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
          categories: ['Fractions', 'Ratios'],
        })),
      )
      .returning({ id: units.id });
    await db.insert(sections).values(
      unitRows.flatMap((unit) =>
        Array.from({ length: SECTIONS }, (_, s) => ({
          unitId: unit.id,
          title: `Section ${s + 1}`,
          sectionNumber: s + 1,
          grade: '5',
          content: LESSON,
        })),
      ),
    );
    sample ??= { courseId: course.id, unitId: unitRows[0].id };
  }
  await db.execute(sql`analyze`);
  return sample!;
}

/** A staff office's worth of people using the lists at once. */
const CONNECTIONS = 10;
/** Lists are kept rendered until content changes: the name tells what the first read after a change costs. */
async function load(name: string, url: string, cookie: string, tool: typeof measure | typeof measureLarge = measure) {
  const headers = { ...BROWSER_HEADERS, cookie };
  const first = await firstRead(url, headers);
  return tool(`${name}; first read ${first} ms`, { url, headers, connections: CONNECTIONS });
}

/**
 * Each list endpoint under load: `cookie` must be an admin's for the admin lists; the teacher lists are measured
 * when `teacherCookie` is given. The ids pick a course and a unit (the first of each when not given).
 */
export async function benchCourses(
  baseUrl: string,
  cookie: string,
  options: { teacherCookie?: string; courseId?: string; unitId?: string } = {},
): Promise<BenchResult[]> {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.json() as Promise<Array<{ id: string }>>;
  };
  const courseId = options.courseId ?? (await get('/api/courses'))[0].id;
  const unitId = options.unitId ?? (await get(`/api/courses/${courseId}/units`))[0].id;
  const results = [
    await load('GET /api/courses (200 courses)', `${baseUrl}/api/courses`, cookie),
    await load('GET /api/admin/courses', `${baseUrl}/api/admin/courses`, cookie),
    await load('GET /api/courses/{id}/units (10 units)', `${baseUrl}/api/courses/${courseId}/units`, cookie),
    await load('GET /api/units/{id}/sections (10 with content)', `${baseUrl}/api/units/${unitId}/sections`, cookie),
    await load('GET /api/admin/units?courseId= (10 units)', `${baseUrl}/api/admin/units?courseId=${courseId}`, cookie),
    await load(
      'GET /api/admin/sections?unitId= (10 sections)',
      `${baseUrl}/api/admin/sections?unitId=${unitId}`,
      cookie,
    ),
    // Hundreds of kilobytes even gzipped: see measureLarge.
    await load('GET /api/admin/units (all 2,000, Node client)', `${baseUrl}/api/admin/units`, cookie, measureLarge),
    await load(
      'GET /api/admin/sections (all 20,000, Node client)',
      `${baseUrl}/api/admin/sections`,
      cookie,
      measureLarge,
    ),
  ];
  if (options.teacherCookie) {
    results.push(
      await load(
        'GET /api/teacher/units?courseId=',
        `${baseUrl}/api/teacher/units?courseId=${courseId}`,
        options.teacherCookie,
      ),
    );
    results.push(
      await load(
        'GET /api/teacher/sections?unitId=',
        `${baseUrl}/api/teacher/sections?unitId=${unitId}`,
        options.teacherCookie,
      ),
    );
  }
  return results;
}
