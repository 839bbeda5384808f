/**
 * Unit and section numbers are unique in their course and unit, also for creates and edits sent at once. Always on
 * PostgreSQL: PGlite runs one statement at a time, so the requests never overlap there and two could never read
 * the same highest number.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections, units } from '../../db/schema';
import { buildCourse, buildTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  teacher = await signIn(t.app, await buildTeacher(t.db));
});
afterAll(() => t.close());

const post = (url: string, payload: object) => call(t.app, teacher, { method: 'POST', url: `/api${url}`, payload });

describe('numbering under simultaneous creates', () => {
  it('gives eight units created at once eight different numbers, and one of two asking for the same number a 409', async () => {
    const course = await buildCourse(t.db, { units: 0 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(`/courses/${course.id}/units`, { title: `U${i}`, grade: '5', categories: [], courseId: course.id }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const numbers = (await t.db.select({ n: units.unitNumber }).from(units).where(eq(units.courseId, course.id)))
      .map((u) => u.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const same = await Promise.all(
      [1, 2].map(() =>
        post(`/courses/${course.id}/units`, {
          title: 'Twin',
          grade: '5',
          categories: [],
          courseId: course.id,
          unitNumber: 20,
        }),
      ),
    );
    expect(same.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('gives eight sections created at once eight different numbers', async () => {
    const course = await buildCourse(t.db, { units: 1, sections: 0 });
    const unitId = course.units[0].id;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(`/units/${unitId}/sections`, { title: `S${i}`, grade: '5', content: '<p>Hi</p>', unitId }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const numbers = (await t.db.select({ n: sections.sectionNumber }).from(sections).where(eq(sections.unitId, unitId)))
      .map((s) => s.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
