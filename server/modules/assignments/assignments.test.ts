import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  buildUser,
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

describe('questions of a section', () => {
  it('appends in the order given, ignores duplicates and questions already there, and removes', async () => {
    const [q1, q2, q3] = await Promise.all([buildQuestion(t.db), buildQuestion(t.db), buildQuestion(t.db)]);
    const sectionId = course.units[0].sections[0].id;
    const first = await post(teacher, '/api/questions/assign-to-section', {
      sectionId,
      questionIds: [q2.id, q1.id, q2.id],
    });
    expect(first.json()).toEqual({ message: 'Successfully assigned 2 questions to Section 1.1', assigned: 2 });
    const second = await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q1.id, q3.id] });
    expect(second.json().assigned).toBe(1);
    const list = await call(t.app, teacher, { method: 'GET', url: `/api/sections/${sectionId}/questions` });
    expect(list.json().questions.map((q: { id: string }) => q.id)).toEqual([q2.id, q1.id, q3.id]);
    expect(list.json().questions[0]).toHaveProperty('answer');

    const removed = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/sections/${sectionId}/questions/${q1.id}`,
    });
    expect(removed.json()).toEqual({ message: 'Question removed from section' });
    const after = await call(t.app, admin, { method: 'GET', url: `/api/sections/${sectionId}/questions` });
    expect(after.json().questions.map((q: { id: string }) => q.id)).toEqual([q2.id, q3.id]);
    expect(
      (await call(t.app, admin, { method: 'DELETE', url: `/api/sections/${sectionId}/questions/${q1.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses an empty selection, unknown sections and unknown questions', async () => {
    const q = await buildQuestion(t.db);
    const sectionId = course.units[0].sections[1].id;
    const empty = await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(LEARNING_MESSAGES.selectSectionAndQuestion);
    expect(
      (await post(admin, '/api/questions/assign-to-section', { sectionId: UNKNOWN, questionIds: [q.id] })).statusCode,
    ).toBe(404);
    expect(
      (await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q.id, UNKNOWN] })).statusCode,
    ).toBe(404);
    expect((await call(t.app, admin, { method: 'GET', url: `/api/sections/${UNKNOWN}/questions` })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, admin, { method: 'GET', url: `/api/sections/${sectionId}/questions` })).json().questions,
    ).toEqual([]);
  });
});

describe("reordering a section's questions (its exercises)", () => {
  const put = (cookie: string | null, sectionId: string, payload: unknown) =>
    call(t.app, cookie, {
      method: 'PUT',
      url: `/api/sections/${sectionId}/questions/order`,
      payload: payload as object,
    });
  const idsOf = async (sectionId: string) =>
    (await call(t.app, admin, { method: 'GET', url: `/api/sections/${sectionId}/questions` }))
      .json()
      .questions.map((q: { id: string }) => q.id);
  const exercisesOf = async (sectionId: string) => {
    const unitId = course.units[1].id;
    const list = (
      await call(t.app, admin, { method: 'GET', url: `/api/admin/sections?unitId=${unitId}` })
    ).json() as Array<{ id: string; exercises: string[] }>;
    return list.find((s) => s.id === sectionId)!.exercises;
  };

  it('stores the new order for admins and teachers, as the section list and the assigned list read it', async () => {
    const sectionId = course.units[1].sections[0].id;
    const [q1, q2, q3] = await Promise.all([buildQuestion(t.db), buildQuestion(t.db), buildQuestion(t.db)]);
    await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q1.id, q2.id, q3.id] });

    const byTeacher = await put(teacher, sectionId, { questionIds: [q3.id, q1.id, q2.id] });
    expect(byTeacher.statusCode).toBe(200);
    expect(byTeacher.json()).toEqual({ message: LEARNING_MESSAGES.orderSaved, exercises: [q3.id, q1.id, q2.id] });
    expect(await idsOf(sectionId)).toEqual([q3.id, q1.id, q2.id]);
    expect(await exercisesOf(sectionId)).toEqual([q3.id, q1.id, q2.id]);

    expect((await put(admin, sectionId, { questionIds: [q2.id, q3.id, q1.id] })).statusCode).toBe(200);
    expect(await idsOf(sectionId)).toEqual([q2.id, q3.id, q1.id]);

    // A question assigned after a reorder goes to the end, and removing one leaves the rest in their order.
    const q4 = await buildQuestion(t.db);
    await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q4.id] });
    await call(t.app, admin, { method: 'DELETE', url: `/api/sections/${sectionId}/questions/${q3.id}` });
    expect(await idsOf(sectionId)).toEqual([q2.id, q1.id, q4.id]);
    expect((await put(admin, sectionId, { questionIds: [q4.id, q2.id, q1.id] })).statusCode).toBe(200);
    expect(await idsOf(sectionId)).toEqual([q4.id, q2.id, q1.id]);
  });

  it('an empty section takes an empty order', async () => {
    const empty = await buildCourse(t.db, { units: 1, sections: 1 });
    const response = await put(admin, empty.units[0].sections[0].id, { questionIds: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json().exercises).toEqual([]);
  });

  it('refuses an order that is not exactly the questions assigned now with 409, changing nothing', async () => {
    const sectionId = course.units[1].sections[1].id;
    const [q1, q2, other] = await Promise.all([buildQuestion(t.db), buildQuestion(t.db), buildQuestion(t.db)]);
    await post(admin, '/api/questions/assign-to-section', { sectionId, questionIds: [q1.id, q2.id] });
    for (const questionIds of [[q2.id], [q2.id, q1.id, other.id], [q2.id, other.id], [other.id, UNKNOWN], []]) {
      const response = await put(admin, sectionId, { questionIds });
      expect(response.statusCode, JSON.stringify(questionIds)).toBe(409);
      expect(response.json().message).toBe(LEARNING_MESSAGES.orderMismatch);
    }
    expect(await idsOf(sectionId)).toEqual([q1.id, q2.id]);
  });

  it('refuses repeated ids and malformed bodies with 400 and their message, and unknown sections with 404', async () => {
    const sectionId = course.units[1].sections[1].id;
    const [q1] = await idsOf(sectionId);
    const repeated = await put(admin, sectionId, { questionIds: [q1, q1] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe(LEARNING_MESSAGES.orderDuplicate);
    for (const body of [
      {},
      { questionIds: 'abc' },
      { questionIds: null },
      { questionIds: [42] },
      [],
      { questionIds: { 0: q1 } },
    ]) {
      const response = await put(admin, sectionId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/\S/);
    }
    const notUuid = await put(admin, sectionId, { questionIds: ['not-a-uuid'] });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toBe(LEARNING_MESSAGES.questionNotFound);
    const tooMany = await put(admin, sectionId, { questionIds: Array.from({ length: 5001 }, () => UNKNOWN) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('An order lists at most 5,000 questions');
    expect((await put(admin, UNKNOWN, { questionIds: [] })).statusCode).toBe(404);
    const malformedSection = await put(admin, 'not-a-section', { questionIds: [] });
    expect(malformedSection.statusCode).toBe(400);
    expect(malformedSection.json().message).toBe('Not found');
    expect(await idsOf(sectionId)).toHaveLength(2);
  });

  it('is refused to students, parents, data-entry staff and visitors, changing nothing', async () => {
    const sectionId = course.units[1].sections[1].id;
    const before = await idsOf(sectionId);
    const [parent, dataEntry] = await Promise.all([buildUser(t.db, 'parent'), buildUser(t.db, 'data-entry')]);
    const [studentCookie, parentCookie, dataEntryCookie] = await Promise.all([
      signIn(t.app, student),
      signIn(t.app, parent),
      signIn(t.app, dataEntry),
    ]);
    for (const cookie of [studentCookie, parentCookie, dataEntryCookie])
      expect((await put(cookie, sectionId, { questionIds: [...before].reverse() })).statusCode).toBe(403);
    expect((await put(null, sectionId, { questionIds: [...before].reverse() })).statusCode).toBe(401);
    expect(await idsOf(sectionId)).toEqual(before);
  });
});
