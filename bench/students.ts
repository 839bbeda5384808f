/**
 * The student manager's list: 5,000 students with profiles and assignments beside the 200-course
 * catalogue, and GET /api/admin/students under load: the first page, a grade band, and a search, 10 connections.
 * `npm run bench:students` runs it alone (after the catalogue seed); bench/run.ts seeds with `seedStudentBench`.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BROWSER_HEADERS, firstRead, measure, type BenchResult } from './measure';
import type { Db } from '../server/db/client';
import { courses, profiles, studentCourses, users } from '../server/db/schema';
import { hashPassword } from '../server/lib/crypto';

export const STUDENTS = 5_000;
const CHUNK = 500;
const GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
const FIRST = [
  'Ada',
  'Ben',
  'Cara',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivo',
  'Jia',
  'Kai',
  'Lena',
  'Milo',
  'Nia',
  'Omar',
  'Pia',
];
const LAST = [
  'Abbott',
  'Brown',
  'Chen',
  'Diaz',
  'Evans',
  'Fox',
  'Gray',
  'Hill',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Moore',
  'Novak',
  'Okoro',
  'Park',
];

/** Students in bulk (a few statements per 500), each with one or two of the catalogue's courses. */
export async function seedStudentBench(db: Db): Promise<Record<string, unknown>> {
  const passwordHash = await hashPassword('Bench@pass1!');
  const catalogue = (await db.select({ id: courses.id }).from(courses)).map((c) => c.id);
  const tag = randomBytes(3).toString('hex');
  for (let start = 0; start < STUDENTS; start += CHUNK) {
    const batch = Array.from({ length: Math.min(CHUNK, STUDENTS - start) }, (_, i) => start + i);
    const rows = await db
      .insert(users)
      .values(
        batch.map((n) => ({
          email: `bench-student-${tag}-${n}@example.com`,
          passwordHash,
          type: 'student' as const,
          createdAt: new Date(Date.now() - (n % 90) * 24 * 3600 * 1000),
        })),
      )
      .returning({ id: users.id });
    await db.insert(profiles).values(
      rows.map((r, i) => {
        const n = batch[i];
        return {
          userId: r.id,
          firstName: FIRST[n % FIRST.length],
          lastName: `${LAST[(n >> 4) % LAST.length]}${n}`,
          gradeLevel: GRADES[n % GRADES.length],
          school: `School ${n % 40}`,
        };
      }),
    );
    if (catalogue.length) {
      await db
        .insert(studentCourses)
        .values(
          rows.flatMap((r, i) =>
            [catalogue[batch[i] % catalogue.length], catalogue[(batch[i] * 7 + 3) % catalogue.length]]
              .filter((c, k, all) => all.indexOf(c) === k)
              .map((courseId) => ({ studentId: r.id, courseId })),
          ),
        );
    }
  }
  await db.execute(sql`analyze`);
  return {};
}

/**
 * The loads: the first page as the screen opens it, a grade band's page 3, and a search by school; `students` is how
 * many the academy has, for the name.
 */
export async function benchStudents(baseUrl: string, cookie: string, students = STUDENTS): Promise<BenchResult[]> {
  const headers = { ...BROWSER_HEADERS, cookie };
  const loads: Array<[string, string]> = [
    [
      `GET /api/admin/students (first page of ${students.toLocaleString('en-US')})`,
      '/api/admin/students?page=1&pageSize=20&group=all',
    ],
    ['GET /api/admin/students?group=grades6to8&page=3', '/api/admin/students?page=3&pageSize=20&group=grades6to8'],
    ['GET /api/admin/students?q=school 1 (search)', '/api/admin/students?page=1&pageSize=20&group=all&q=school%201'],
  ];
  const results: BenchResult[] = [];
  for (const [name, path] of loads) {
    const first = await firstRead(`${baseUrl}${path}`, headers);
    results.push(
      await measure(`${name}; one request alone ${first} ms`, { url: `${baseUrl}${path}`, headers, connections: 10 }),
    );
  }
  return results;
}
