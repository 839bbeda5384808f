import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLASS_CSV_ROW_MESSAGES,
  CLASS_MESSAGES,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
} from '../../../common/rules/classes';
import { sections, testAssignments, testQuestions, users } from '../../db/schema';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildSavedTest,
  buildStudent,
  buildTeacher,
  buildUser,
  linkTeacher,
  signIn,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let teacher: TestUser & { cookie: string };
let coTeacher: TestUser & { cookie: string };
let otherTeacher: TestUser & { cookie: string };

const as = (
  cookie: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  call(t.app, cookie, {
    method,
    url,
    ...(payload ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

async function signedIn(user: TestUser) {
  return { ...user, cookie: await signIn(t.app, user) };
}

async function newClass(cookie: string, body: object = {}) {
  const response = await as(cookie, 'POST', '/api/classes', { name: 'Algebra 1', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().class as { id: string; joinCode: string; teachers: Array<{ id: string }> };
}

async function savedTestWithQuestion() {
  const test = await buildSavedTest(t.db);
  const question = await buildQuestion(t.db);
  await t.db.insert(testQuestions).values({ testId: test.id, questionId: question.id, position: 1 });
  return test.id;
}

type Detail = {
  units: Array<{ id: string; hasAccess: boolean; sections: Array<{ id: string; hasAccess: boolean }> }>;
};
const detailOf = async (cookie: string, courseId: string) => {
  const response = await as(cookie, 'GET', `/api/student/courses/${courseId}`);
  return { status: response.statusCode, detail: response.json() as Detail };
};
const sectionOpen = (detail: Detail, id: string) =>
  detail.units.flatMap((u) => u.sections).find((s) => s.id === id)?.hasAccess;
const courseIds = async (cookie: string) =>
  ((await as(cookie, 'GET', '/api/student/courses')).json().courses as Array<{ id: string }>).map((c) => c.id);
const testIdsOf = async (cookie: string) =>
  ((await as(cookie, 'GET', '/api/student/tests')).json().tests as Array<{ testId: string }>).map((x) => x.testId);

async function join(cookie: string, code: string) {
  return as(cookie, 'POST', '/api/student/classes/join', { code });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, await buildAdmin(t.db));
  teacher = await signedIn(await buildTeacher(t.db));
  coTeacher = await signedIn(await buildTeacher(t.db));
  otherTeacher = await signedIn(await buildTeacher(t.db));
});
afterAll(() => t.close());

describe('creating, listing and editing classes', () => {
  it('a teacher creating a class teaches it, with a short unambiguous join code; the list shows its figures', async () => {
    const created = await newClass(teacher.cookie, { subject: 'Math', grade: '7', term: 'Fall 2026' });
    expect(created.teachers.map((x) => x.id)).toEqual([teacher.id]);
    expect(created.joinCode).toHaveLength(JOIN_CODE_LENGTH);
    expect([...created.joinCode].every((c) => JOIN_CODE_ALPHABET.includes(c))).toBe(true);
    const listed = (await as(teacher.cookie, 'GET', '/api/classes')).json().classes;
    expect(listed.find((c: { id: string }) => c.id === created.id)).toMatchObject({
      name: 'Algebra 1',
      subject: 'Math',
      grade: '7',
      term: 'Fall 2026',
      studentCount: 0,
      courseCount: 0,
    });
    // Another teacher does not see it; an admin sees every class.
    expect(
      (await as(otherTeacher.cookie, 'GET', '/api/classes')).json().classes.map((c: { id: string }) => c.id),
    ).not.toContain(created.id);
    expect((await as(admin, 'GET', '/api/classes')).json().classes.map((c: { id: string }) => c.id)).toContain(
      created.id,
    );
  });

  it('an admin names the teachers, who must be teacher accounts', async () => {
    const made = await newClass(admin, { teacherIds: [teacher.id, coTeacher.id] });
    expect(made.teachers.map((x) => x.id).sort()).toEqual([teacher.id, coTeacher.id].sort());
    const student = await buildStudent(t.db);
    const refused = await as(admin, 'POST', '/api/classes', { name: 'X', teacherIds: [student.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CLASS_MESSAGES.notATeacher);
    const unknown = await as(admin, 'POST', '/api/classes', {
      name: 'X',
      teacherIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('validates the name, grade and text fields; an edit changes only the fields it names', async () => {
    const blank = await as(teacher.cookie, 'POST', '/api/classes', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues[0].message).toBe('Class name is required');
    const grade = await as(teacher.cookie, 'POST', '/api/classes', { name: 'A', grade: '13' });
    expect(grade.statusCode).toBe(400);
    expect(grade.json().issues[0].message).toBe(CLASS_MESSAGES.gradeInvalid);
    const long = await as(teacher.cookie, 'POST', '/api/classes', { name: 'x'.repeat(121) });
    expect(long.statusCode).toBe(400);

    const made = await newClass(teacher.cookie, { subject: 'Math', grade: 'K', term: 'Spring' });
    const edited = await as(teacher.cookie, 'PATCH', `/api/classes/${made.id}`, { term: 'Summer' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().class).toMatchObject({ name: 'Algebra 1', subject: 'Math', grade: 'K', term: 'Summer' });
    const cleared = await as(teacher.cookie, 'PATCH', `/api/classes/${made.id}`, { grade: '' });
    expect(cleared.json().class.grade).toBe('');
    expect((await as(teacher.cookie, 'PATCH', `/api/classes/${made.id}`, { name: '' })).statusCode).toBe(400);
  });

  it('a teacher of another class gets 403, an unknown class 404, a malformed id 400', async () => {
    const made = await newClass(teacher.cookie);
    const other = await as(otherTeacher.cookie, 'PATCH', `/api/classes/${made.id}`, { name: 'Mine now' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(CLASS_MESSAGES.notYourClass);
    expect((await as(otherTeacher.cookie, 'GET', `/api/classes/${made.id}/students`)).statusCode).toBe(403);
    expect((await as(teacher.cookie, 'GET', '/api/classes/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await as(teacher.cookie, 'GET', '/api/classes/nope')).statusCode).toBe(400);
  });

  it('parents, students and data entry are refused every class route', async () => {
    const made = await newClass(teacher.cookie);
    for (const type of ['parent', 'student', 'data-entry'] as const) {
      const cookie = await signIn(t.app, await buildUser(t.db, type));
      expect((await as(cookie, 'GET', '/api/classes')).statusCode).toBe(403);
      expect((await as(cookie, 'GET', `/api/classes/${made.id}`)).statusCode).toBe(403);
      expect((await as(cookie, 'POST', `/api/classes/${made.id}/courses`, { courseId: made.id })).statusCode).toBe(403);
    }
  });
});

describe('co-teachers', () => {
  it('a co-teacher has the same rights; a class keeps at least one teacher; only teachers may co-teach', async () => {
    const made = await newClass(teacher.cookie);
    expect((await as(coTeacher.cookie, 'GET', `/api/classes/${made.id}/students`)).statusCode).toBe(403);
    const added = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/teachers`, { teacherIds: [coTeacher.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().class.teachers).toHaveLength(2);
    // The co-teacher acts as the teacher does: edits, gives a course, adds a student of theirs.
    expect((await as(coTeacher.cookie, 'PATCH', `/api/classes/${made.id}`, { name: 'Shared' })).statusCode).toBe(200);
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    expect(
      (await as(coTeacher.cookie, 'POST', `/api/classes/${made.id}/courses`, { courseId: course.id })).statusCode,
    ).toBe(200);
    const student = await buildStudent(t.db);
    await linkTeacher(t.db, coTeacher.id, student.id);
    expect(
      (await as(coTeacher.cookie, 'POST', `/api/classes/${made.id}/students`, { studentIds: [student.id] })).statusCode,
    ).toBe(200);
    // The first teacher now acts for the co-teacher's student through the class.
    expect((await as(teacher.cookie, 'GET', `/api/classes/${made.id}/students`)).json().students[0].id).toBe(
      student.id,
    );

    const parentAccount = await buildUser(t.db, 'parent');
    const notTeacher = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/teachers`, {
      teacherIds: [parentAccount.id],
    });
    expect(notTeacher.statusCode).toBe(400);
    expect(notTeacher.json().message).toBe(CLASS_MESSAGES.notATeacher);

    expect((await as(coTeacher.cookie, 'DELETE', `/api/classes/${made.id}/teachers/${teacher.id}`)).statusCode).toBe(
      200,
    );
    const last = await as(coTeacher.cookie, 'DELETE', `/api/classes/${made.id}/teachers/${coTeacher.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(CLASS_MESSAGES.lastTeacher);
    // The removed teacher no longer acts for the class.
    expect((await as(teacher.cookie, 'GET', `/api/classes/${made.id}`)).statusCode).toBe(403);
  });
});

describe('students', () => {
  it('a teacher adds only students they may already see; an admin any student', async () => {
    const made = await newClass(teacher.cookie);
    const mine = await buildStudent(t.db);
    const stranger = await buildStudent(t.db);
    await linkTeacher(t.db, teacher.id, mine.id);
    const refused = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/students`, {
      studentIds: [mine.id, stranger.id],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CLASS_MESSAGES.notYourStudent);
    expect((await as(teacher.cookie, 'GET', `/api/classes/${made.id}/students`)).json().students).toEqual([]);
    const ok = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/students`, { studentIds: [mine.id] });
    expect(ok.statusCode).toBe(200);
    expect(
      (await as(admin, 'POST', `/api/classes/${made.id}/students`, { studentIds: [stranger.id] })).statusCode,
    ).toBe(200);
    const listed = (await as(teacher.cookie, 'GET', `/api/classes/${made.id}/students`)).json().students;
    expect(listed.map((s: { id: string }) => s.id).sort()).toEqual([mine.id, stranger.id].sort());
    expect((await as(teacher.cookie, 'POST', `/api/classes/${made.id}/students`, { studentIds: [] })).statusCode).toBe(
      400,
    );
    const teacherId = await as(admin, 'POST', `/api/classes/${made.id}/students`, { studentIds: [teacher.id] });
    expect(teacherId.statusCode).toBe(404);
  });

  it('adds by CSV of e-mails with a result per row', async () => {
    const made = await newClass(teacher.cookie);
    const mine = await buildStudent(t.db);
    const member = await buildStudent(t.db);
    const stranger = await buildStudent(t.db);
    await linkTeacher(t.db, teacher.id, mine.id);
    await linkTeacher(t.db, teacher.id, member.id);
    await as(teacher.cookie, 'POST', `/api/classes/${made.id}/students`, { studentIds: [member.id] });
    const response = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/students/csv`, {
      emails: [
        ` ${mine.email.toUpperCase()} `,
        member.email,
        stranger.email,
        'nobody@example.com',
        'not an email',
        mine.email,
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json();
    expect(reply.added).toBe(1);
    expect(reply.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'added'],
      [3, 'already'],
      [4, 'notYours'],
      [5, 'unknown'],
      [6, 'invalid'],
      [7, 'repeated'],
    ]);
    expect(reply.rows[2].message).toBe(CLASS_CSV_ROW_MESSAGES.notYours);
    // An admin may add any existing student by e-mail.
    const byAdmin = await as(admin, 'POST', `/api/classes/${made.id}/students/csv`, { emails: [stranger.email] });
    expect(byAdmin.json().rows[0].status).toBe('added');
    const tooMany = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/students/csv`, {
      emails: Array.from({ length: 501 }, (_, i) => `s${i}@example.com`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues[0].message).toBe(CLASS_MESSAGES.csvTooMany);
    expect((await as(teacher.cookie, 'POST', `/api/classes/${made.id}/students/csv`, { emails: [] })).statusCode).toBe(
      400,
    );
  });

  it('a student joins by code, with clear messages for a wrong code and for a member; regenerated and turned off', async () => {
    const made = await newClass(teacher.cookie, { subject: 'Geometry' });
    const student = await signedIn(await buildStudent(t.db));
    const wrong = await join(student.cookie, 'ZZZZZZ');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(CLASS_MESSAGES.joinCodeWrong);
    const typed = `${made.joinCode.slice(0, 3).toLowerCase()}-${made.joinCode.slice(3)}`;
    const joined = await join(student.cookie, typed);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().class).toMatchObject({ id: made.id, name: 'Algebra 1', subject: 'Geometry' });
    const again = await join(student.cookie, made.joinCode);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CLASS_MESSAGES.alreadyMember);
    expect(
      (await as(student.cookie, 'GET', '/api/student/classes')).json().classes.map((c: { id: string }) => c.id),
    ).toEqual([made.id]);
    expect((await join(student.cookie, '')).statusCode).toBe(400);
    // The teacher now acts for the student who joined.
    const students = (await as(teacher.cookie, 'GET', `/api/classes/${made.id}/students`)).json().students;
    expect(students.map((s: { id: string }) => s.id)).toEqual([student.id]);

    const regenerated = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/join-code`);
    expect(regenerated.json().joinCode).not.toBe(made.joinCode);
    const late = await signedIn(await buildStudent(t.db));
    expect((await join(late.cookie, made.joinCode)).statusCode).toBe(404);
    expect((await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}/join-code`)).json().joinCode).toBeNull();
    expect((await join(late.cookie, regenerated.json().joinCode)).statusCode).toBe(404);
    expect((await as(teacher.cookie, 'GET', `/api/classes/${made.id}`)).json().class.joinCode).toBeNull();
  });

  it('limits wrong codes per student', async () => {
    const limited = await createTestApp({ rateLimitFactor: 1 });
    try {
      const student = await buildStudent(limited.db);
      const cookie = await signIn(limited.app, student);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (
            await call(limited.app, cookie, {
              method: 'POST',
              url: '/api/student/classes/join',
              payload: { code: 'ZZZZZZ' },
            })
          ).statusCode,
        );
      expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
      const last = await call(limited.app, cookie, {
        method: 'POST',
        url: '/api/student/classes/join',
        payload: { code: 'ZZZZZZ' },
      });
      expect(last.statusCode).toBe(429);
      expect(last.json().message).toBe(CLASS_MESSAGES.tooManyJoinTries);
    } finally {
      await limited.close();
    }
  });
});

describe('what a class gives its students', () => {
  it('a course given opens at once with all its units and sections; a section added later opens; a held one closes', async () => {
    const made = await newClass(teacher.cookie);
    const student = await signedIn(await buildStudent(t.db));
    expect((await join(student.cookie, made.joinCode)).statusCode).toBe(200);
    const course = await buildCourse(t.db, { units: 2, sections: 2 });
    expect((await detailOf(student.cookie, course.id)).status).toBe(404);

    expect(
      (await as(teacher.cookie, 'POST', `/api/classes/${made.id}/courses`, { courseId: course.id })).statusCode,
    ).toBe(200);
    expect(await courseIds(student.cookie)).toContain(course.id);
    const { status, detail } = await detailOf(student.cookie, course.id);
    expect(status).toBe(200);
    expect(detail.units.every((u) => u.hasAccess && u.sections.every((s) => s.hasAccess))).toBe(true);
    expect(detail.units.flatMap((u) => u.sections)).toHaveLength(4);

    const [added] = await t.db
      .insert(sections)
      .values({ unitId: course.units[0].id, title: 'Added later', sectionNumber: 3 })
      .returning({ id: sections.id });
    await expect.poll(async () => sectionOpen((await detailOf(student.cookie, course.id)).detail, added.id)).toBe(true);

    const held = course.units[1].sections[0].id;
    const hold = await as(teacher.cookie, 'PUT', `/api/classes/${made.id}/sections/${held}/hold`, { held: true });
    expect(hold.statusCode, hold.body).toBe(200);
    expect(sectionOpen((await detailOf(student.cookie, course.id)).detail, held)).toBe(false);
    expect(sectionOpen((await detailOf(student.cookie, course.id)).detail, course.units[1].sections[1].id)).toBe(true);
    const unit = course.units[0].id;
    await as(teacher.cookie, 'PUT', `/api/classes/${made.id}/units/${unit}/hold`, { held: true });
    const afterUnit = (await detailOf(student.cookie, course.id)).detail;
    expect(afterUnit.units.find((u) => u.id === unit)!.hasAccess).toBe(false);
    expect(sectionOpen(afterUnit, course.units[0].sections[0].id)).toBe(false);
    const tree = (await as(teacher.cookie, 'GET', `/api/classes/${made.id}/courses`)).json().courses[0];
    expect(tree.units[0]).toMatchObject({ id: unit, held: true });
    expect(tree.units[1].sections[0]).toMatchObject({ id: held, held: true });

    await as(teacher.cookie, 'PUT', `/api/classes/${made.id}/sections/${held}/hold`, { held: false });
    expect(sectionOpen((await detailOf(student.cookie, course.id)).detail, held)).toBe(true);

    // Only a course the class has; the class's teacher only.
    const other = await buildCourse(t.db, { units: 1, sections: 1 });
    const notGiven = await as(teacher.cookie, 'PUT', `/api/classes/${made.id}/units/${other.units[0].id}/hold`, {
      held: true,
    });
    expect(notGiven.statusCode).toBe(409);
    expect(notGiven.json().message).toBe(CLASS_MESSAGES.courseNotGiven);
    expect(
      (await as(teacher.cookie, 'PUT', `/api/classes/${made.id}/sections/${made.id}/hold`, { held: true })).statusCode,
    ).toBe(404);
    expect(
      (await as(otherTeacher.cookie, 'PUT', `/api/classes/${made.id}/sections/${held}/hold`, { held: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(teacher.cookie, 'POST', `/api/classes/${made.id}/courses`, { courseId: made.id })).statusCode,
    ).toBe(404);

    expect((await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}/courses/${course.id}`)).statusCode).toBe(200);
    expect((await detailOf(student.cookie, course.id)).status).toBe(404);
    expect((await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}/courses/${course.id}`)).statusCode).toBe(404);
  });

  it('a student joining later gets the course and the class tests; one leaving loses them and keeps what they did', async () => {
    const made = await newClass(teacher.cookie);
    const early = await signedIn(await buildStudent(t.db));
    await join(early.cookie, made.joinCode);
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    await as(teacher.cookie, 'POST', `/api/classes/${made.id}/courses`, { courseId: course.id });
    const testId = await savedTestWithQuestion();
    const startedTestId = await savedTestWithQuestion();
    for (const id of [testId, startedTestId]) {
      const given = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/tests`, {
        testId: id,
        release: 'manual',
      });
      expect(given.statusCode, given.body).toBe(200);
    }
    expect((await testIdsOf(early.cookie)).sort()).toEqual([testId, startedTestId].sort());

    const late = await signedIn(await buildStudent(t.db));
    expect((await join(late.cookie, made.joinCode)).statusCode).toBe(200);
    expect(await courseIds(late.cookie)).toContain(course.id);
    expect((await testIdsOf(late.cookie)).sort()).toEqual([testId, startedTestId].sort());
    const tests = (await as(teacher.cookie, 'GET', `/api/classes/${made.id}/tests`)).json().tests;
    expect(tests.map((x: { given: number }) => x.given)).toEqual([2, 2]);

    // The late student starts one test, then leaves the class.
    const mine = (await as(late.cookie, 'GET', '/api/student/tests')).json().tests as Array<{
      testId: string;
      assignmentId: string;
    }>;
    const toStart = mine.find((x) => x.testId === startedTestId)!;
    const started = await as(late.cookie, 'POST', `/api/student/tests/${toStart.assignmentId}/start`);
    expect(started.statusCode, started.body).toBe(200);
    const removed = await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}/students/${late.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await courseIds(late.cookie)).not.toContain(course.id);
    expect((await detailOf(late.cookie, course.id)).status).toBe(404);
    expect(await testIdsOf(late.cookie)).toEqual([startedTestId]);
    expect((await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}/students/${late.id}`)).statusCode).toBe(404);
    // Early keeps everything.
    expect((await testIdsOf(early.cookie)).length).toBe(2);

    // Taking a test back removes the unstarted given tests of the class only.
    expect((await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}/tests/${testId}`)).statusCode).toBe(200);
    expect(await testIdsOf(early.cookie)).toEqual([startedTestId]);
    expect((await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}/tests/${testId}`)).statusCode).toBe(404);
  });

  it('giving a test checks the test and the window; a student who holds it on their own keeps theirs', async () => {
    const made = await newClass(teacher.cookie);
    const student = await signedIn(await buildStudent(t.db));
    await join(student.cookie, made.joinCode);
    const empty = await buildSavedTest(t.db);
    const noQuestions = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/tests`, { testId: empty.id });
    expect(noQuestions.statusCode).toBe(409);
    const testId = await savedTestWithQuestion();
    const window = await as(teacher.cookie, 'POST', `/api/classes/${made.id}/tests`, {
      testId,
      opensAt: '2026-12-02T10:00:00Z',
      closesAt: '2026-12-01T10:00:00Z',
    });
    expect(window.statusCode).toBe(400);
    expect((await as(teacher.cookie, 'POST', `/api/classes/${made.id}/tests`, { testId: made.id })).statusCode).toBe(
      404,
    );
    // Given on its own first: the class's giving leaves that one as it was.
    await as(admin, 'POST', `/api/tests/${testId}/assign`, { studentIds: [student.id], release: 'manual' });
    await as(teacher.cookie, 'POST', `/api/classes/${made.id}/tests`, { testId, release: 'on-submit' });
    const [row] = await t.db.select().from(testAssignments).where(eq(testAssignments.studentId, student.id));
    expect(row).toMatchObject({ classId: null, release: 'manual' });
    expect((await as(otherTeacher.cookie, 'POST', `/api/classes/${made.id}/tests`, { testId })).statusCode).toBe(403);
  });

  it('deleting a class closes what it gave and keeps the students', async () => {
    const made = await newClass(teacher.cookie);
    const student = await signedIn(await buildStudent(t.db));
    await join(student.cookie, made.joinCode);
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    await as(teacher.cookie, 'POST', `/api/classes/${made.id}/courses`, { courseId: course.id });
    expect(await courseIds(student.cookie)).toContain(course.id);
    expect((await as(otherTeacher.cookie, 'DELETE', `/api/classes/${made.id}`)).statusCode).toBe(403);
    expect((await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}`)).statusCode).toBe(200);
    expect(await courseIds(student.cookie)).not.toContain(course.id);
    expect(await t.db.select().from(users).where(eq(users.id, student.id))).toHaveLength(1);
    expect((await as(teacher.cookie, 'GET', `/api/classes/${made.id}`)).statusCode).toBe(404);
  });

  it("reaches a student's kept course list at once, on this instance and on another", async () => {
    const made = await newClass(teacher.cookie);
    const student = await signedIn(await buildStudent(t.db));
    await join(student.cookie, made.joinCode);
    const course = await buildCourse(t.db, { units: 1, sections: 2 });
    const [, second] = course.units[0].sections;
    const { buildApp } = await import('../../app');
    const other = await buildApp({ config: t.config, database: t.database, distDir: null, rateLimitFactor: 100 });
    try {
      const listOn = async (app: typeof t.app) =>
        (
          (await call(app, student.cookie, { method: 'GET', url: '/api/student/courses' })).json().courses as Array<{
            id: string;
          }>
        ).map((c) => c.id);
      const viaOther = async () =>
        (await call(other, student.cookie, { method: 'GET', url: `/api/student/courses/${course.id}` })).json();
      // Kept empty on both.
      expect(await listOn(t.app)).not.toContain(course.id);
      expect(await listOn(other)).not.toContain(course.id);

      await as(teacher.cookie, 'POST', `/api/classes/${made.id}/courses`, { courseId: course.id });
      expect(await listOn(t.app)).toContain(course.id);
      await expect.poll(async () => listOn(other)).toContain(course.id);
      expect(sectionOpen(await viaOther(), second.id)).toBe(true);

      await as(teacher.cookie, 'PUT', `/api/classes/${made.id}/sections/${second.id}/hold`, { held: true });
      await expect.poll(async () => sectionOpen(await viaOther(), second.id)).toBe(false);

      await as(teacher.cookie, 'DELETE', `/api/classes/${made.id}/students/${student.id}`);
      expect(await listOn(t.app)).not.toContain(course.id);
      await expect.poll(async () => listOn(other)).not.toContain(course.id);
    } finally {
      await other.close();
    }
  });
});

describe('the dashboards and the course delete preview count class courses', () => {
  it("counts a class's course on its teacher's dashboard and in the students a course delete reaches", async () => {
    const lone = await signedIn(await buildTeacher(t.db));
    const made = await newClass(lone.cookie);
    const student = await signedIn(await buildStudent(t.db));
    await join(student.cookie, made.joinCode);
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    await as(lone.cookie, 'POST', `/api/classes/${made.id}/courses`, { courseId: course.id });
    const dashboard = (await as(lone.cookie, 'GET', '/api/teacher/dashboard')).json();
    expect(dashboard).toMatchObject({ totalStudents: 1, activeCourses: 1 });
    const preview = await as(admin, 'GET', `/api/courses/${course.id}/delete-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().students).toBe(1);
  });
});
