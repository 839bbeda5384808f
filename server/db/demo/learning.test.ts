import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, sectionQuestions, studentCourses, studentSections, studentUnits } from '../schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { DEMO_PASSWORD } from './accounts';
import { seedDemo } from './index';
import { call } from '../../test/harness';
import { signIn } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the learning demo', () => {
  it('gives an empty academy one starter course, partly assigned to the demo student, and runs twice harmlessly', async () => {
    await seedDemo(t.db);
    const counts = async () => ({
      courses: (await t.db.select().from(courses)).length,
      assigned: (await t.db.select().from(studentCourses)).length,
      units: (await t.db.select().from(studentUnits)).length,
      sections: (await t.db.select().from(studentSections)).length,
      links: (await t.db.select().from(sectionQuestions)).length,
    });
    const first = await counts();
    expect(first).toEqual({ courses: 1, assigned: 1, units: 1, sections: 1, links: 3 });
    await seedDemo(t.db);
    expect(await counts()).toEqual(first);

    const cookie = await signIn(t.app, { email: 'student@demo.academy', password: DEMO_PASSWORD });
    const list = (await call(t.app, cookie, { method: 'GET', url: '/api/student/courses' })).json().courses;
    const detail = (await call(t.app, cookie, { method: 'GET', url: `/api/student/courses/${list[0].id}` })).json();
    expect(detail.units[0].sections.map((s: { title: string; hasAccess: boolean }) => [s.title, s.hasAccess])).toEqual([
      ['Adding Fractions', true],
      ['Multiplying Fractions', false],
    ]);
    expect(detail.units[0].sections[0].exercises).toHaveLength(2);
  });
});
