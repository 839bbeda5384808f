/**
 * A unit needs its course and a section its unit, also while an assignment and a removal run at once, through the
 * one-student calls and the batch. Always on PostgreSQL: PGlite runs one statement at a time, so the requests of a
 * round never overlap there and these rounds would pass whatever the locking does.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections, studentCourses, studentSections, studentUnits } from '../../db/schema';
import { buildAdmin, buildCourse, buildStudent, signIn, type BuiltCourse, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let ana: TestUser;
let ben: TestUser;
let course: BuiltCourse;

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  [ana, ben] = [await buildStudent(t.db), await buildStudent(t.db)];
  admin = await signIn(t.app, await buildAdmin(t.db));
  course = await buildCourse(t.db, { units: 1, sections: 2 });
});
afterAll(() => t.close());

const post = (url: string, payload: object) => call(t.app, admin, { method: 'POST', url: `/api${url}`, payload });

/**
 * What a student holds of the course, read from the tables themselves: whether they hold the course, and the
 * units held without their course and the sections held without their unit, which must never be.
 */
async function held(student: TestUser) {
  const unitIds = course.units.map((u) => u.id);
  const [courses, units, secs] = await Promise.all([
    t.db
      .select()
      .from(studentCourses)
      .where(and(eq(studentCourses.studentId, student.id), eq(studentCourses.courseId, course.id))),
    t.db
      .select({ id: studentUnits.unitId })
      .from(studentUnits)
      .where(and(eq(studentUnits.studentId, student.id), inArray(studentUnits.unitId, unitIds))),
    t.db
      .select({ unitId: sections.unitId })
      .from(studentSections)
      .innerJoin(sections, eq(sections.id, studentSections.sectionId))
      .where(and(eq(studentSections.studentId, student.id), inArray(sections.unitId, unitIds))),
  ]);
  const heldUnits = new Set(units.map((u) => u.id));
  return {
    course: courses.length === 1,
    unitsWithoutCourse: courses.length === 1 ? 0 : units.length,
    sectionsWithoutUnit: secs.filter((x) => !heldUnits.has(x.unitId)).length,
  };
}

/** Every answer of a round is a success or a refusal with a message, never a server error. */
const settled = (answers: Array<{ statusCode: number; body: string }>) =>
  answers.every((a) => a.statusCode === 200 || a.statusCode === 400);

describe('an assignment racing the removal of its course or unit', () => {
  it('never outlives it, one student at a time', { timeout: 120_000 }, async () => {
    const [unit] = course.units;
    const ids = { studentId: ana.id };
    for (let round = 0; round < 15; round++) {
      await post('/admin/assign-course', { ...ids, courseId: course.id });
      await post('/admin/assign-unit', { ...ids, unitId: unit.id });
      const first = await Promise.all([
        post('/admin/assign-unit', { ...ids, unitId: unit.id, withSections: true }),
        post('/admin/assign-section', { ...ids, sectionId: unit.sections[0].id }),
        post('/admin/remove-course', { ...ids, courseId: course.id }),
      ]);
      expect(settled(first), `round ${round}`).toBe(true);
      // Nothing gives the course back: it is gone, and with it whatever the assignments added meanwhile.
      expect(await held(ana), `round ${round}`).toEqual({
        course: false,
        unitsWithoutCourse: 0,
        sectionsWithoutUnit: 0,
      });

      await post('/admin/assign-course', { ...ids, courseId: course.id });
      await post('/admin/assign-unit', { ...ids, unitId: unit.id });
      const second = await Promise.all([
        post('/admin/assign-unit', { ...ids, unitId: unit.id, withSections: true }),
        post('/admin/assign-section', { ...ids, sectionId: unit.sections[1].id }),
        post('/admin/remove-unit', { ...ids, unitId: unit.id }),
      ]);
      expect(settled(second), `round ${round}`).toBe(true);
      // The unit may be assigned again after its removal; its sections are held only with it.
      expect(await held(ana), `round ${round}`).toEqual({
        course: true,
        unitsWithoutCourse: 0,
        sectionsWithoutUnit: 0,
      });
      await post('/admin/remove-course', { ...ids, courseId: course.id });
    }
  });

  it('never outlives it through the batch either', { timeout: 120_000 }, async () => {
    const [unit] = course.units;
    for (let round = 0; round < 15; round++) {
      await post('/admin/assign-course', { studentId: ben.id, courseId: course.id });
      const answers = await Promise.all([
        post('/admin/batch-assignments', {
          action: 'assign',
          kind: 'unit',
          itemId: unit.id,
          withSections: true,
          studentIds: [ana.id, ben.id],
        }),
        post('/admin/remove-course', { studentId: ben.id, courseId: course.id }),
      ]);
      expect(settled(answers), `round ${round}`).toBe(true);
      expect(await held(ben), `round ${round}`).toEqual({
        course: false,
        unitsWithoutCourse: 0,
        sectionsWithoutUnit: 0,
      });
    }
  });
});
