import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import {
  buildAdmin,
  buildCourse,
  buildStudent,
  buildTeacher,
  linkTeacher,
  signIn,
  type BuiltCourse,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: string;
let teacher: string;
let otherTeacher: string;
let student: TestUser;
let stranger: TestUser;
let course: BuiltCourse;

beforeAll(async () => {
  t = await createTestApp();
  const [a, te, other, s, st] = await Promise.all([
    buildAdmin(t.db),
    buildTeacher(t.db),
    buildTeacher(t.db),
    buildStudent(t.db, { firstName: 'Ada' }),
    buildStudent(t.db),
  ]);
  student = s;
  stranger = st;
  await linkTeacher(t.db, te.id, s.id);
  await linkTeacher(t.db, other.id, st.id);
  [admin, teacher, otherTeacher] = await Promise.all([signIn(t.app, a), signIn(t.app, te), signIn(t.app, other)]);
  course = await buildCourse(t.db, { units: 2, sections: 2 });
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: unknown) =>
  call(t.app, cookie, { method: 'POST', url, payload: payload as object });
const studentsOf = async (cookie: string, role: 'admin' | 'teacher') =>
  (await call(t.app, cookie, { method: 'GET', url: `/api/${role}/students` })).json().students;
const find = async (id: string) => (await studentsOf(admin, 'admin')).find((s: { id: string }) => s.id === id);

describe('assigning courses, units and sections to students', () => {
  it('lists students with the fields of the assignment manager; a teacher sees only their own', async () => {
    const all = await studentsOf(admin, 'admin');
    expect(all.map((s: { id: string }) => s.id).sort()).toEqual([student.id, stranger.id].sort());
    const ada = all.find((s: { id: string }) => s.id === student.id);
    expect(Object.keys(ada).sort()).toEqual(
      [
        'courses',
        'createdAt',
        'email',
        'firstName',
        'fullName',
        'grade',
        'id',
        'lastName',
        'school',
        'sections',
        'units',
      ].sort(),
    );
    expect(ada).toMatchObject({
      firstName: 'Ada',
      fullName: 'Ada Tester',
      grade: '6',
      school: 'Test School',
      courses: [],
      units: [],
      sections: [],
    });
    const mine = await studentsOf(teacher, 'teacher');
    expect(mine.map((s: { id: string }) => s.id)).toEqual([student.id]);
  });

  it('a unit needs its course, a section its unit: 400 with a clear message, nothing stored', async () => {
    const unit = await post(admin, '/api/admin/assign-unit', { studentId: student.id, unitId: course.units[0].id });
    expect(unit.statusCode).toBe(400);
    expect(unit.json().message).toBe(LEARNING_MESSAGES.unitNeedsCourse);
    const section = await post(admin, '/api/admin/assign-section', {
      studentId: student.id,
      sectionId: course.units[0].sections[0].id,
    });
    expect(section.statusCode).toBe(400);
    expect(section.json().message).toBe(LEARNING_MESSAGES.sectionNeedsUnit);
    expect((await find(student.id)).units).toEqual([]);
  });

  it("checks each item's own course or unit: holding another course or unit is not enough", async () => {
    const other = await buildCourse(t.db, { units: 2, sections: 1 });
    await post(admin, '/api/admin/assign-course', { studentId: student.id, courseId: other.id });
    await post(admin, '/api/admin/assign-unit', { studentId: student.id, unitId: other.units[0].id });
    try {
      const unitOfAnotherCourse = await post(admin, '/api/admin/assign-unit', {
        studentId: student.id,
        unitId: course.units[0].id,
      });
      expect(unitOfAnotherCourse.statusCode).toBe(400);
      expect(unitOfAnotherCourse.json().message).toBe(LEARNING_MESSAGES.unitNeedsCourse);
      const sectionOfAnotherUnit = await post(admin, '/api/admin/assign-section', {
        studentId: student.id,
        sectionId: other.units[1].sections[0].id,
      });
      expect(sectionOfAnotherUnit.statusCode).toBe(400);
      expect(sectionOfAnotherUnit.json().message).toBe(LEARNING_MESSAGES.sectionNeedsUnit);
      const sectionOfAnotherCourse = await post(admin, '/api/admin/assign-section', {
        studentId: student.id,
        sectionId: course.units[0].sections[0].id,
      });
      expect(sectionOfAnotherCourse.statusCode).toBe(400);
      expect(await find(student.id)).toMatchObject({ units: [other.units[0].id], sections: [] });
    } finally {
      await post(admin, '/api/admin/remove-course', { studentId: student.id, courseId: other.id });
    }
  });

  it('assigns course, unit and section, twice harmlessly; removing the course removes its units and sections', async () => {
    for (let i = 0; i < 2; i++) {
      expect(
        (await post(teacher, '/api/teacher/assign-course', { studentId: student.id, courseId: course.id })).json(),
      ).toEqual({ message: 'Course assigned successfully' });
      expect(
        (await post(teacher, '/api/teacher/assign-unit', { studentId: student.id, unitId: course.units[0].id }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await post(teacher, '/api/teacher/assign-section', {
            studentId: student.id,
            sectionId: course.units[0].sections[1].id,
          })
        ).statusCode,
      ).toBe(200);
    }
    const assigned = await find(student.id);
    expect(assigned.courses).toEqual([
      expect.objectContaining({ id: course.id, courseId: course.id, code: course.code }),
    ]);
    expect(assigned.units).toEqual([course.units[0].id]);
    expect(assigned.sections).toEqual([course.units[0].sections[1].id]);

    const removed = await post(admin, '/api/admin/remove-course', { studentId: student.id, courseId: course.id });
    expect(removed.json()).toEqual({ message: 'Course removed successfully' });
    expect(await find(student.id)).toMatchObject({ courses: [], units: [], sections: [] });
  });

  it('remove-unit takes its sections; remove-section and remove-course-assignment work', async () => {
    await post(admin, '/api/admin/assign-course', { studentId: student.id, courseId: course.id });
    await post(admin, '/api/admin/assign-unit', { studentId: student.id, unitId: course.units[1].id });
    await post(admin, '/api/admin/assign-section', {
      studentId: student.id,
      sectionId: course.units[1].sections[0].id,
    });
    await post(admin, '/api/admin/assign-section', {
      studentId: student.id,
      sectionId: course.units[1].sections[1].id,
    });
    await post(admin, '/api/admin/remove-section', {
      studentId: student.id,
      sectionId: course.units[1].sections[1].id,
    });
    expect((await find(student.id)).sections).toEqual([course.units[1].sections[0].id]);
    expect(
      (await post(admin, '/api/admin/remove-unit', { studentId: student.id, unitId: course.units[1].id })).statusCode,
    ).toBe(200);
    expect(await find(student.id)).toMatchObject({ units: [], sections: [] });
    expect(
      (await post(admin, '/api/admin/remove-course-assignment', { studentId: student.id, courseId: course.id }))
        .statusCode,
    ).toBe(200);
    expect((await find(student.id)).courses).toEqual([]);
  });

  it('assign-unit with withSections assigns the unit and every section it has now, all or nothing', async () => {
    const built = await buildCourse(t.db, { units: 2, sections: 3 });
    const [unit, otherUnit] = built.units;
    const refused = await post(teacher, '/api/teacher/assign-unit', {
      studentId: student.id,
      unitId: unit.id,
      withSections: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LEARNING_MESSAGES.unitNeedsCourse);
    expect(await find(student.id)).toMatchObject({ units: [], sections: [] });

    await post(teacher, '/api/teacher/assign-course', { studentId: student.id, courseId: built.id });
    // One section already assigned: assigning the unit with its sections again is harmless.
    await post(teacher, '/api/teacher/assign-unit', { studentId: student.id, unitId: unit.id });
    await post(teacher, '/api/teacher/assign-section', { studentId: student.id, sectionId: unit.sections[1].id });
    const response = await post(teacher, '/api/teacher/assign-unit', {
      studentId: student.id,
      unitId: unit.id,
      withSections: true,
    });
    expect(response.json()).toEqual({ message: 'Unit assigned successfully' });
    const assigned = await find(student.id);
    expect(assigned.units).toEqual([unit.id]);
    expect([...assigned.sections].sort()).toEqual(unit.sections.map((x) => x.id).sort());

    // Without the flag (or with false) only the unit is assigned.
    await post(teacher, '/api/teacher/assign-unit', {
      studentId: student.id,
      unitId: otherUnit.id,
      withSections: false,
    });
    expect((await find(student.id)).units.sort()).toEqual([unit.id, otherUnit.id].sort());
    expect((await find(student.id)).sections).toHaveLength(3);

    for (const withSections of ['yes', 1, null]) {
      const bad = await post(teacher, '/api/teacher/assign-unit', {
        studentId: student.id,
        unitId: otherUnit.id,
        withSections,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
    await post(admin, '/api/admin/remove-course', { studentId: student.id, courseId: built.id });
    expect(await find(student.id)).toMatchObject({ courses: [], units: [], sections: [] });
  });

  it("refuses a teacher for another teacher's student with 403, and changes nothing", async () => {
    const response = await post(teacher, '/api/teacher/assign-course', { studentId: stranger.id, courseId: course.id });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(LEARNING_MESSAGES.notYourStudent);
    expect(
      (await post(otherTeacher, '/api/teacher/remove-course', { studentId: student.id, courseId: course.id }))
        .statusCode,
    ).toBe(403);
    expect((await find(stranger.id)).courses).toEqual([]);
  });

  it('answers 404 for unknown students, courses, units and sections, and for a non-student id', async () => {
    const cases: Array<[string, object, string]> = [
      ['assign-course', { studentId: UNKNOWN, courseId: course.id }, LEARNING_MESSAGES.studentNotFound],
      ['assign-course', { studentId: student.id, courseId: UNKNOWN }, LEARNING_MESSAGES.courseNotFound],
      ['remove-course', { studentId: student.id, courseId: UNKNOWN }, LEARNING_MESSAGES.courseNotFound],
      ['assign-unit', { studentId: student.id, unitId: UNKNOWN }, LEARNING_MESSAGES.unitNotFound],
      ['remove-unit', { studentId: student.id, unitId: UNKNOWN }, LEARNING_MESSAGES.unitNotFound],
      ['assign-section', { studentId: student.id, sectionId: UNKNOWN }, LEARNING_MESSAGES.sectionNotFound],
      ['remove-section', { studentId: student.id, sectionId: UNKNOWN }, LEARNING_MESSAGES.sectionNotFound],
    ];
    for (const [path, body, message] of cases) {
      const response = await post(admin, `/api/admin/${path}`, body);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message, path).toBe(message);
    }
    const notAStudent = await buildTeacher(t.db);
    expect(
      (await post(admin, '/api/admin/assign-course', { studentId: notAStudent.id, courseId: course.id })).statusCode,
    ).toBe(404);
  });

  it('refuses bad bodies with 400 and a message, never a 500', async () => {
    const bodies: unknown[] = [
      {},
      { studentId: 'x', courseId: course.id },
      { studentId: [student.id], courseId: course.id },
      { studentId: 'a'.repeat(100_000), courseId: course.id },
      { studentId: 5, courseId: null },
    ];
    for (const body of bodies) {
      const response = await post(admin, '/api/admin/assign-course', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});
