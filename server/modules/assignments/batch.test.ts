import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_MESSAGES, STUDENT_LIMITS } from '../../../common/rules/students';
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

/** POST /api/{admin|teacher}/batch-assignments: one change for many students, all or nothing per student. */
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: string;
let teacher: string;
let ana: TestUser;
let ben: TestUser;
let cy: TestUser;
let stranger: TestUser;
let course: BuiltCourse;

beforeAll(async () => {
  t = await createTestApp();
  [ana, ben, cy, stranger] = await Promise.all([
    buildStudent(t.db, { firstName: 'Ana', lastName: 'Adams', grade: '9' }),
    buildStudent(t.db, { firstName: 'Ben', lastName: 'Baker', grade: '10' }),
    buildStudent(t.db, { firstName: 'Cy', lastName: 'Cole', grade: '4' }),
    buildStudent(t.db, { firstName: 'Sam', lastName: 'Stone', grade: '11' }),
  ]);
  const [a, te] = await Promise.all([buildAdmin(t.db), buildTeacher(t.db)]);
  for (const s of [ana, ben, cy]) await linkTeacher(t.db, te.id, s.id);
  [admin, teacher] = await Promise.all([signIn(t.app, a), signIn(t.app, te)]);
  course = await buildCourse(t.db, { units: 2, sections: 3, title: 'Geometry' });
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: unknown) =>
  call(t.app, cookie, { method: 'POST', url, payload: payload as object });
const batch = (payload: object, cookie = admin, role = 'admin') =>
  post(cookie, `/api/${role}/batch-assignments`, payload);
async function held(student: TestUser) {
  const reply = (
    await call(t.app, admin, { method: 'GET', url: `/api/admin/students?q=${encodeURIComponent(student.email)}` })
  ).json();
  const s = reply.students[0];
  return {
    courses: s.courses.map((c: { id: string }) => c.id),
    units: [...s.units].sort(),
    sections: [...s.sections].sort(),
  };
}
const sorted = (list: Array<{ id: string }>) => list.map((x) => x.id).sort();
async function clear() {
  for (const s of [ana, ben, cy, stranger])
    await post(admin, '/api/admin/remove-course', { studentId: s.id, courseId: course.id });
}

describe('batch assignments', () => {
  it('assigns a course to the chosen students and says who already had it', async () => {
    await post(admin, '/api/admin/assign-course', { studentId: ana.id, courseId: course.id });
    const response = await batch({
      action: 'assign',
      kind: 'course',
      itemId: course.id,
      studentIds: [ana.id, ben.id, cy.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Assigned Geometry to 2 students. 1 student already has it.',
      students: 3,
      changed: 2,
      unchanged: 1,
      refused: 0,
      refusedReason: null,
      refusedStudents: [],
    });
    for (const s of [ana, ben, cy]) expect((await held(s)).courses).toEqual([course.id]);
    expect((await held(stranger)).courses).toEqual([]);
    await clear();
  });

  it('assigns a unit with its sections to those who hold the course and refuses, by name, those who do not', async () => {
    await post(admin, '/api/admin/assign-course', { studentId: ana.id, courseId: course.id });
    await post(admin, '/api/admin/assign-course', { studentId: ben.id, courseId: course.id });
    const unit = course.units[0];
    const response = await batch({
      action: 'assign',
      kind: 'unit',
      itemId: unit.id,
      withSections: true,
      studentIds: [ana.id, ben.id, cy.id],
    });
    expect(response.json()).toMatchObject({
      message: `Assigned Unit 1: Unit 1 to 2 students. 1 student refused: ${LEARNING_MESSAGES.unitNeedsCourse}`,
      changed: 2,
      unchanged: 0,
      refused: 1,
      refusedReason: LEARNING_MESSAGES.unitNeedsCourse,
      refusedStudents: [{ id: cy.id, fullName: 'Cy Cole' }],
    });
    for (const s of [ana, ben])
      expect(await held(s)).toEqual({ courses: [course.id], units: [unit.id], sections: sorted(unit.sections) });
    // The refused student got nothing at all.
    expect(await held(cy)).toEqual({ courses: [], units: [], sections: [] });

    // Again: nothing changes, and a student who lacked one section gets it.
    await post(admin, '/api/admin/remove-section', { studentId: ben.id, sectionId: unit.sections[2].id });
    const again = (
      await batch({ action: 'assign', kind: 'unit', itemId: unit.id, withSections: true, studentIds: [ana.id, ben.id] })
    ).json();
    expect(again).toMatchObject({ changed: 1, unchanged: 1, refused: 0 });
    expect((await held(ben)).sections).toEqual(sorted(unit.sections));
    await clear();
  });

  it('assigns a section only to those who hold its unit, and removes exactly that section', async () => {
    const [unit] = course.units;
    for (const s of [ana, ben]) await post(admin, '/api/admin/assign-course', { studentId: s.id, courseId: course.id });
    await post(admin, '/api/admin/assign-unit', { studentId: ana.id, unitId: unit.id });
    const section = unit.sections[1];
    const assigned = (
      await batch({ action: 'assign', kind: 'section', itemId: section.id, studentIds: [ana.id, ben.id] })
    ).json();
    expect(assigned).toMatchObject({
      message: `Assigned Section 2: Section 1.2 to 1 student. 1 student refused: ${LEARNING_MESSAGES.sectionNeedsUnit}`,
      changed: 1,
      refused: 1,
    });
    expect(await held(ana)).toEqual({ courses: [course.id], units: [unit.id], sections: [section.id] });
    expect((await held(ben)).sections).toEqual([]);

    const removed = (
      await batch({ action: 'remove', kind: 'section', itemId: section.id, studentIds: [ana.id, ben.id] })
    ).json();
    expect(removed).toMatchObject({
      message: 'Removed Section 2: Section 1.2 from 1 student. 1 student did not have it.',
      changed: 1,
      unchanged: 1,
      refused: 0,
    });
    expect(await held(ana)).toEqual({ courses: [course.id], units: [unit.id], sections: [] });
    await clear();
  });

  it('removing a unit takes its sections, removing a course its units and sections', async () => {
    const [unit, other] = course.units;
    for (const s of [ana, ben]) {
      await post(admin, '/api/admin/assign-course', { studentId: s.id, courseId: course.id });
      await post(admin, '/api/admin/assign-unit', { studentId: s.id, unitId: unit.id, withSections: true });
      await post(admin, '/api/admin/assign-unit', { studentId: s.id, unitId: other.id, withSections: true });
    }
    const unitGone = (
      await batch({ action: 'remove', kind: 'unit', itemId: unit.id, studentIds: [ana.id, ben.id] })
    ).json();
    expect(unitGone.changed).toBe(2);
    expect(await held(ana)).toEqual({ courses: [course.id], units: [other.id], sections: sorted(other.sections) });
    const courseGone = (
      await batch({ action: 'remove', kind: 'course', itemId: course.id, studentIds: [ana.id, ben.id, cy.id] })
    ).json();
    expect(courseGone).toMatchObject({
      message: 'Removed Geometry from 2 students. 1 student did not have it.',
      changed: 2,
      unchanged: 1,
    });
    for (const s of [ana, ben]) expect(await held(s)).toEqual({ courses: [], units: [], sections: [] });
  });

  it('applies to every student of a filter, a teacher only to their own', async () => {
    // Grades 9-12: Ana, Ben and (not the teacher's) Sam.
    const byAdmin = (
      await batch({ action: 'assign', kind: 'course', itemId: course.id, filter: { group: 'grades9to12' } })
    ).json();
    expect(byAdmin).toMatchObject({ students: 3, changed: 3 });
    expect((await held(stranger)).courses).toEqual([course.id]);
    expect((await held(cy)).courses).toEqual([]);
    await clear();

    const byTeacher = (
      await batch(
        { action: 'assign', kind: 'course', itemId: course.id, filter: { group: 'grades9to12' } },
        teacher,
        'teacher',
      )
    ).json();
    expect(byTeacher).toMatchObject({ students: 2, changed: 2 });
    expect((await held(stranger)).courses).toEqual([]);
    const searched = (
      await batch({ action: 'remove', kind: 'course', itemId: course.id, filter: { q: 'baker' } }, teacher, 'teacher')
    ).json();
    expect(searched).toMatchObject({ students: 1, changed: 1 });
    expect((await held(ana)).courses).toEqual([course.id]);
    await clear();
  });

  it("refuses a teacher naming another teacher's student with 403, and changes nobody", async () => {
    const response = await batch(
      { action: 'assign', kind: 'course', itemId: course.id, studentIds: [ana.id, stranger.id] },
      teacher,
      'teacher',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(LEARNING_MESSAGES.notYourStudent);
    expect((await held(ana)).courses).toEqual([]);
  });

  it('answers 404 for an unknown student or item, and changes nobody', async () => {
    const teacherAccount = await buildTeacher(t.db);
    const cases: Array<[object, string]> = [
      [
        { action: 'assign', kind: 'course', itemId: course.id, studentIds: [ana.id, UNKNOWN] },
        LEARNING_MESSAGES.studentNotFound,
      ],
      [
        { action: 'assign', kind: 'course', itemId: course.id, studentIds: [ana.id, teacherAccount.id] },
        LEARNING_MESSAGES.studentNotFound,
      ],
      [{ action: 'assign', kind: 'course', itemId: UNKNOWN, studentIds: [ana.id] }, LEARNING_MESSAGES.courseNotFound],
      [{ action: 'remove', kind: 'unit', itemId: UNKNOWN, studentIds: [ana.id] }, LEARNING_MESSAGES.unitNotFound],
      [{ action: 'assign', kind: 'section', itemId: UNKNOWN, studentIds: [ana.id] }, LEARNING_MESSAGES.sectionNotFound],
    ];
    for (const [body, message] of cases) {
      const response = await batch(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().message).toBe(message);
    }
    expect((await held(ana)).courses).toEqual([]);
  });

  it('refuses bad bodies with 400 and a message, never a 500', async () => {
    const item = { action: 'assign', kind: 'course', itemId: course.id };
    const cases: Array<[unknown, string | null]> = [
      [{}, null],
      [{ ...item }, ASSIGNMENT_MESSAGES.noStudentsChosen],
      [{ ...item, studentIds: [] }, ASSIGNMENT_MESSAGES.noStudentsChosen],
      [{ ...item, studentIds: [ana.id], filter: { group: 'all' } }, ASSIGNMENT_MESSAGES.eitherIdsOrFilter],
      [{ ...item, studentIds: [ana.id], withSections: true }, ASSIGNMENT_MESSAGES.withSectionsOnlyForUnits],
      [
        {
          ...item,
          action: 'remove',
          kind: 'unit',
          itemId: course.units[0].id,
          studentIds: [ana.id],
          withSections: true,
        },
        ASSIGNMENT_MESSAGES.withSectionsOnlyForUnits,
      ],
      [{ ...item, studentIds: Array.from({ length: STUDENT_LIMITS.batchStudents + 1 }, () => ana.id) }, null],
      [{ ...item, action: 'swap', studentIds: [ana.id] }, 'Choose assign or remove'],
      [{ ...item, kind: 'lesson', studentIds: [ana.id] }, 'Choose a course, unit or section'],
      [{ ...item, itemId: 'x', studentIds: [ana.id] }, 'Choose a course, unit or section'],
      [{ ...item, studentIds: ['x'] }, LEARNING_MESSAGES.studentNotFound],
      [{ ...item, filter: { group: 'everyone' } }, 'Unknown student filter'],
      [{ ...item, filter: { q: 'a'.repeat(201) } }, null],
      // A filter that matches nobody changes nothing.
      [{ ...item, filter: { q: 'no such student anywhere' } }, ASSIGNMENT_MESSAGES.noStudentsChosen],
    ];
    for (const [body, message] of cases) {
      const response = await batch(body as object);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
      else expect(response.json().message).toMatch(/\S/);
    }
    expect((await held(ana)).courses).toEqual([]);
  });

  it('counts a student named twice once', async () => {
    const dup = (
      await batch({ action: 'assign', kind: 'course', itemId: course.id, studentIds: [ana.id, ana.id] })
    ).json();
    expect(dup).toMatchObject({ students: 1, changed: 1 });
    await clear();
  });
});
