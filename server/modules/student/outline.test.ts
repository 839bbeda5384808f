import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classCourses,
  classes,
  classHeldSections,
  classHeldUnits,
  classStudents,
  sectionQuestions,
  studentCourses,
  studentSections,
  studentUnits,
} from '../../db/schema';
import { rows } from '../../db/prepared';
import { buildCourse, buildQuestion, buildStudent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { composeOutline, readCourseStructure, readOpenIds } from './outline';
import { outlineJson, type StudentOutline } from './progress';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const composed = async (studentId: string) =>
  composeOutline(await readOpenIds(t.db, studentId), (courseId) => readCourseStructure(t.db, courseId));
const inOneStatement = async (studentId: string) =>
  (await rows<{ outline: StudentOutline }>(t.db, sql`select ${outlineJson(studentId)} as outline`))[0].outline;

describe("A student's outline", () => {
  it('is the same composed from the kept course structures as read in one statement', async () => {
    const student = await buildStudent(t.db);
    // Their own course: the first unit open with its first section, the second unit open with none.
    const own = await buildCourse(t.db, { units: 2, sections: 2, title: 'Algebra' });
    // A class's course, its second unit held back, and the second section of its first unit.
    const given = await buildCourse(t.db, { units: 2, sections: 2, title: 'Geometry' });
    // Assigned, with nothing of it open.
    const closed = await buildCourse(t.db, { units: 1, sections: 1, title: 'Calculus' });
    const [q1, q2, q3] = [await buildQuestion(t.db), await buildQuestion(t.db), await buildQuestion(t.db)];
    await t.db.insert(sectionQuestions).values([
      { sectionId: own.units[0].sections[0].id, questionId: q2.id, position: 1 },
      { sectionId: own.units[0].sections[0].id, questionId: q1.id, position: 2 },
      { sectionId: given.units[0].sections[0].id, questionId: q3.id, position: 1 },
    ]);
    await t.db.insert(studentCourses).values([
      { studentId: student.id, courseId: own.id },
      { studentId: student.id, courseId: closed.id },
    ]);
    await t.db.insert(studentUnits).values([
      { studentId: student.id, unitId: own.units[0].id },
      { studentId: student.id, unitId: own.units[1].id },
    ]);
    await t.db.insert(studentSections).values({ studentId: student.id, sectionId: own.units[0].sections[0].id });
    const [group] = await t.db.insert(classes).values({ name: 'Period 2' }).returning();
    await t.db.insert(classStudents).values({ classId: group.id, studentId: student.id });
    await t.db.insert(classCourses).values({ classId: group.id, courseId: given.id });
    await t.db.insert(classHeldUnits).values({ classId: group.id, unitId: given.units[1].id });
    await t.db.insert(classHeldSections).values({ classId: group.id, sectionId: given.units[0].sections[1].id });

    const outline = await composed(student.id);
    expect(outline).toEqual(await inOneStatement(student.id));
    expect(outline.courses.map((c) => c.name)).toEqual(['Algebra', 'Calculus', 'Geometry']);
    expect(new Set(outline.unitIds)).toEqual(new Set([own.units[0].id, own.units[1].id, given.units[0].id]));
    // Units of every course in unit order, as the one statement orders them; exercises in their places' order.
    expect(outline.sections.map((s) => [s.sectionId, s.questionIds])).toEqual([
      [own.units[0].sections[0].id, [q2.id, q1.id]],
      [given.units[0].sections[0].id, [q3.id]],
    ]);
  });

  it('is empty, and the same both ways, for a student with nothing assigned', async () => {
    const student = await buildStudent(t.db);
    expect(await composed(student.id)).toEqual({ courses: [], unitIds: [], sections: [] });
    expect(await inOneStatement(student.id)).toEqual({ courses: [], unitIds: [], sections: [] });
  });
});
