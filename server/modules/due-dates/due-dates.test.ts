import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES, DUE_DATE_MESSAGES as M } from '../../../common/rules';
import {
  answerAttempts,
  sectionDueDates,
  sectionQuestions,
  studentCourses,
  studentSections,
  studentUnits,
  testAssignments,
  testAttempts,
} from '../../db/schema';
import { buildClass, giveClassTest } from '../../test/due-date-fixtures';
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
  type BuiltCourse,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let outsider: TestUser;
let parent: TestUser;
let course: BuiltCourse;
let klass: { id: string; name: string };
let cookies: Record<'admin' | 'teacher' | 'otherTeacher' | 'student' | 'outsider' | 'parent', string>;
let now: Date;

const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const section = (u: number, s: number) => course.units[u].sections[s].id;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.stop();
  now = t.clock.now();
  [admin, teacher, otherTeacher, student, outsider, parent] = await Promise.all([
    buildAdmin(t.db),
    buildTeacher(t.db),
    buildTeacher(t.db),
    buildStudent(t.db),
    buildStudent(t.db),
    buildUser(t.db, 'parent'),
  ]);
  course = await buildCourse(t.db, { units: 2, sections: 2, title: 'Algebra' });
  klass = await buildClass(t.db, {
    name: 'Period 3',
    teachers: [teacher.id],
    students: [student.id],
    courses: [course.id],
    heldSections: [section(1, 1)],
  });
  await buildClass(t.db, { teachers: [otherTeacher.id] });
  cookies = {
    admin: await signIn(t.app, admin),
    teacher: await signIn(t.app, teacher),
    otherTeacher: await signIn(t.app, otherTeacher),
    student: await signIn(t.app, student),
    outsider: await signIn(t.app, outsider),
    parent: await signIn(t.app, parent),
  };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(sectionDueDates);
  // Written outside a route: the dashboard's kept due dates hear of it a moment later on PostgreSQL.
  await t.app.heardWrites();
});

const setClassDue = (cookie: string, sectionId: string, dueAt: unknown, classId = klass.id) =>
  call(t.app, cookie, { method: 'PUT', url: `/api/classes/${classId}/due-dates/${sectionId}`, payload: { dueAt } });

describe("a class's due dates", () => {
  it("lists the class's sections, minus those it holds, to its teacher and an admin", async () => {
    for (const who of [cookies.teacher, cookies.admin]) {
      const response = await call(t.app, who, { method: 'GET', url: `/api/classes/${klass.id}/due-dates` });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.class).toEqual({ id: klass.id, name: 'Period 3' });
      expect(body.sections.map((s: { sectionId: string }) => s.sectionId)).toEqual([
        section(0, 0),
        section(0, 1),
        section(1, 0),
      ]);
      expect(body.sections[0]).toMatchObject({
        courseTitle: 'Algebra',
        unitTitle: 'Unit 1',
        dueAt: null,
        extensions: [],
      });
      expect(body.students).toEqual([{ id: student.id, name: 'Firststudent Tester', email: student.email }]);
    }
  });

  it('refuses a teacher of another class (403) and an unknown class (404)', async () => {
    const other = await call(t.app, cookies.otherTeacher, { method: 'GET', url: `/api/classes/${klass.id}/due-dates` });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(CLASS_MESSAGES.notYourClass);
    expect((await setClassDue(cookies.otherTeacher, section(0, 0), at(DAY).toISOString())).statusCode).toBe(403);
    const unknown = await call(t.app, cookies.admin, {
      method: 'GET',
      url: '/api/classes/00000000-0000-4000-8000-000000000000/due-dates',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CLASS_MESSAGES.notFound);
  });

  it('refuses students and parents by role', async () => {
    for (const who of [cookies.student, cookies.parent]) {
      expect((await call(t.app, who, { method: 'GET', url: `/api/classes/${klass.id}/due-dates` })).statusCode).toBe(
        403,
      );
      expect((await setClassDue(who, section(0, 0), at(DAY).toISOString())).statusCode).toBe(403);
    }
  });

  it('sets, replaces and clears a section due date for the class', async () => {
    const first = await setClassDue(cookies.teacher, section(0, 0), at(DAY).toISOString());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ dueAt: at(DAY).toISOString() });
    // An offset is a real date-time too; it is stored as the same instant.
    const local = new Date(at(2 * DAY).getTime()).toISOString().replace('Z', '+00:00');
    expect((await setClassDue(cookies.admin, section(0, 0), local)).json()).toEqual({
      dueAt: at(2 * DAY).toISOString(),
    });
    const listed = await call(t.app, cookies.teacher, { method: 'GET', url: `/api/classes/${klass.id}/due-dates` });
    expect(listed.json().sections[0].dueAt).toBe(at(2 * DAY).toISOString());
    const cleared = await call(t.app, cookies.teacher, {
      method: 'DELETE',
      url: `/api/classes/${klass.id}/due-dates/${section(0, 0)}`,
    });
    expect(cleared.json()).toEqual({ dueAt: null });
    expect((await t.db.select().from(sectionDueDates)).length).toBe(0);
  });

  it('refuses a date that is not a real date-time, with the rule messages', async () => {
    for (const [value, message] of [
      [undefined, M.dueAtRequired],
      ['', M.dueAtRequired],
      ['tomorrow', M.dueAtInvalid],
      ['2026-02-30T10:00:00Z', M.dueAtInvalid],
      ['2026-12-01', M.dueAtInvalid],
      [12, M.dueAtRequired],
      ['1999-12-31T10:00:00Z', M.dueAtRange],
    ] as const) {
      const response = await setClassDue(cookies.teacher, section(0, 0), value);
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().issues[0].message, String(value)).toBe(message);
    }
    const badId = await setClassDue(cookies.teacher, 'not-an-id', at(DAY).toISOString());
    expect(badId.statusCode).toBe(400);
  });

  it("refuses a section that is not the class's, or that the class holds back", async () => {
    const elsewhere = await buildCourse(t.db, { units: 1, sections: 1 });
    for (const sectionId of [elsewhere.units[0].sections[0].id, section(1, 1)]) {
      const response = await setClassDue(cookies.teacher, sectionId, at(DAY).toISOString());
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(M.sectionNotInClass);
    }
    expect((await t.db.select().from(sectionDueDates)).length).toBe(0);
  });
});

describe("a student's extension", () => {
  const extend = (cookie: string, studentId: string, dueAt: unknown, sectionId = section(0, 0)) =>
    call(t.app, cookie, {
      method: 'PUT',
      url: `/api/classes/${klass.id}/due-dates/${sectionId}/students/${studentId}`,
      payload: { dueAt },
    });

  it("gives one student a later date than the class's, and clearing it gives the class's back", async () => {
    await setClassDue(cookies.teacher, section(0, 0), at(DAY).toISOString());
    const response = await extend(cookies.teacher, student.id, at(3 * DAY).toISOString());
    expect(response.statusCode).toBe(200);
    const listed = await call(t.app, cookies.teacher, { method: 'GET', url: `/api/classes/${klass.id}/due-dates` });
    expect(listed.json().sections[0].extensions).toEqual([{ studentId: student.id, dueAt: at(3 * DAY).toISOString() }]);
    const due = await call(t.app, cookies.student, { method: 'GET', url: '/api/student/due' });
    expect(due.json().items[0]).toMatchObject({ id: section(0, 0), dueAt: at(3 * DAY).toISOString() });

    const cleared = await call(t.app, cookies.teacher, {
      method: 'DELETE',
      url: `/api/classes/${klass.id}/due-dates/${section(0, 0)}/students/${student.id}`,
    });
    expect(cleared.statusCode).toBe(200);
    const after = await call(t.app, cookies.student, { method: 'GET', url: '/api/student/due' });
    expect(after.json().items[0].dueAt).toBe(at(DAY).toISOString());
  });

  it('refuses a student not in the class, a section not the class’s, another teacher, and a bad date', async () => {
    const notIn = await extend(cookies.teacher, outsider.id, at(DAY).toISOString());
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().message).toBe(M.studentNotInClass);
    const held = await extend(cookies.teacher, student.id, at(DAY).toISOString(), section(1, 1));
    expect(held.statusCode).toBe(404);
    expect(held.json().message).toBe(M.sectionNotInClass);
    expect((await extend(cookies.otherTeacher, student.id, at(DAY).toISOString())).statusCode).toBe(403);
    expect((await extend(cookies.teacher, student.id, 'soon')).statusCode).toBe(400);
    const clearOutsider = await call(t.app, cookies.teacher, {
      method: 'DELETE',
      url: `/api/classes/${klass.id}/due-dates/${section(0, 0)}/students/${outsider.id}`,
    });
    expect(clearOutsider.statusCode).toBe(404);
    expect((await t.db.select().from(sectionDueDates)).length).toBe(0);
  });
});

describe('a due date for a section given to one student', () => {
  const own = (cookie: string, studentId: string, sectionId: string, dueAt?: unknown) =>
    call(t.app, cookie, {
      method: dueAt === undefined ? 'DELETE' : 'PUT',
      url: `/api/students/${studentId}/due-dates/${sectionId}`,
      ...(dueAt === undefined ? {} : { payload: { dueAt } }),
    });

  it('is set by staff who may write for the student, on a section assigned to them alone', async () => {
    const solo = await buildCourse(t.db, { units: 1, sections: 2 });
    const soloSection = solo.units[0].sections[0].id;
    await t.db.insert(studentCourses).values({ studentId: outsider.id, courseId: solo.id });
    await t.db.insert(studentUnits).values({ studentId: outsider.id, unitId: solo.units[0].id });
    await t.db.insert(studentSections).values({ studentId: outsider.id, sectionId: soloSection });

    // Not linked to the outsider yet: a teacher may not write for them.
    const refused = await own(cookies.teacher, outsider.id, soloSection, at(DAY).toISOString());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.notYourStudent);
    await linkTeacher(t.db, teacher.id, outsider.id);

    const set = await own(cookies.teacher, outsider.id, soloSection, at(DAY).toISOString());
    expect(set.statusCode).toBe(200);
    const due = await call(t.app, cookies.outsider, { method: 'GET', url: '/api/student/due' });
    expect(due.json().items).toEqual([expect.objectContaining({ kind: 'section', id: soloSection, state: 'open' })]);

    const notAssigned = await own(cookies.admin, outsider.id, solo.units[0].sections[1].id, at(DAY).toISOString());
    expect(notAssigned.statusCode).toBe(404);
    expect(notAssigned.json().message).toBe(M.sectionNotAssigned);
    const notStudent = await own(cookies.admin, teacher.id, soloSection, at(DAY).toISOString());
    expect(notStudent.statusCode).toBe(404);
    expect(notStudent.json().message).toBe(M.studentNotFound);
    expect((await own(cookies.admin, outsider.id, soloSection, 'later')).statusCode).toBe(400);

    expect((await own(cookies.teacher, outsider.id, soloSection)).statusCode).toBe(200);
    const after = await call(t.app, cookies.outsider, { method: 'GET', url: '/api/student/due' });
    expect(after.json().items).toEqual([]);
  });
});

describe("the student's due list", () => {
  /** Answers every exercise of a section right at the moments given (one per exercise). */
  async function solve(sectionId: string, moments: Date[]) {
    for (const createdAt of moments) {
      const question = await buildQuestion(t.db);
      await t.db
        .insert(sectionQuestions)
        .values({ sectionId, questionId: question.id, position: moments.indexOf(createdAt) });
      await t.db.insert(answerAttempts).values([
        {
          studentId: student.id,
          questionId: question.id,
          sectionId,
          answer: '"x"',
          isCorrect: false,
          createdAt: at(-20 * DAY),
        },
        { studentId: student.id, questionId: question.id, sectionId, answer: '"y"', isCorrect: true, createdAt },
        // A later right answer does not move the moment it was first right.
        {
          studentId: student.id,
          questionId: question.id,
          sectionId,
          answer: '"y"',
          isCorrect: true,
          createdAt: at(5 * DAY),
        },
      ]);
    }
  }

  it('computes open, done, late and missing against the clock, soonest first, with test windows', async () => {
    const c2 = await buildCourse(t.db, { units: 1, sections: 4, title: 'Geometry' });
    const klass2 = await buildClass(t.db, { teachers: [teacher.id], students: [student.id], courses: [c2.id] });
    const [open, done, late, missing] = c2.units[0].sections.map((s) => s.id);
    await solve(done, [at(-3 * DAY), at(-2 * DAY)]); // finished a day before it was due
    await solve(late, [at(-3 * DAY), at(-HOUR)]); // its last exercise first right after the due date
    await solve(missing, [at(-3 * DAY)]);
    // One more exercise in `missing`, never answered: unfinished.
    const unsolved = await buildQuestion(t.db);
    await t.db.insert(sectionQuestions).values({ sectionId: missing, questionId: unsolved.id, position: 9 });
    for (const [sectionId, dueAt] of [
      [open, at(2 * DAY)],
      [done, at(-DAY)],
      [late, at(-2 * HOUR)],
      [missing, at(-HOUR)],
    ] as const)
      expect((await setClassDue(cookies.teacher, sectionId, dueAt.toISOString(), klass2.id)).statusCode).toBe(200);

    const test = await buildSavedTest(t.db, 'Unit test');
    const [given] = await t.db
      .insert(testAssignments)
      .values({ testId: test.id, studentId: student.id, opensAt: at(-HOUR), closesAt: at(DAY) })
      .returning({ id: testAssignments.id });
    const submittedTest = await buildSavedTest(t.db, 'Quiz');
    const [sat] = await t.db
      .insert(testAssignments)
      .values({ testId: submittedTest.id, studentId: student.id, closesAt: at(-4 * DAY) })
      .returning({ id: testAssignments.id });
    await t.db.insert(testAttempts).values({
      assignmentId: sat.id,
      studentId: student.id,
      paper: [],
      startedAt: at(-5 * DAY),
      submittedAt: at(-5 * DAY),
      maxMarks: 0,
    });
    // A test with no window is not on the list: nothing is due.
    const windowless = await buildSavedTest(t.db, 'Anytime');
    await t.db.insert(testAssignments).values({ testId: windowless.id, studentId: student.id });

    await t.app.heardWrites();
    const response = await call(t.app, cookies.student, { method: 'GET', url: '/api/student/due' });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((i: { id: string; state: string }) => [i.id, i.state])).toEqual([
      [sat.id, 'done'],
      [done, 'done'],
      [late, 'late'],
      [missing, 'missing'],
      [given.id, 'open'],
      [open, 'open'],
    ]);
    const lateItem = response.json().items[2];
    expect(lateItem).toMatchObject({ courseTitle: 'Geometry', finishedAt: at(-HOUR).toISOString() });

    // The dashboard counts what is still due: the open section, the open test and the test with no window (it can
    // be sat now).
    const stats = await call(t.app, cookies.student, { method: 'GET', url: '/api/student/stats' });
    expect(stats.json().assignmentsDue).toBe(3);

    // Two days on, the open section has become missing and the test has closed unsubmitted.
    t.clock.advance(3 * 24 * 3600);
    try {
      // Sessions end when idle that long: sign in again at the new moment.
      const fresh = await signIn(t.app, student);
      const later = await call(t.app, fresh, { method: 'GET', url: '/api/student/due' });
      const states = Object.fromEntries(later.json().items.map((i: { id: string; state: string }) => [i.id, i.state]));
      expect(states[open]).toBe('missing');
      expect(states[given.id]).toBe('missing');
      expect((await call(t.app, fresh, { method: 'GET', url: '/api/student/stats' })).json().assignmentsDue).toBe(1);
    } finally {
      t.clock.advance(-3 * 24 * 3600);
    }
  });

  it("moves the dashboard's count as soon as a due date is set or cleared, after it was read", async () => {
    const count = async () =>
      (await call(t.app, cookies.student, { method: 'GET', url: '/api/student/stats' })).json().assignmentsDue;
    const before = await count();
    expect((await setClassDue(cookies.teacher, section(0, 0), at(DAY).toISOString())).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    await call(t.app, cookies.teacher, {
      method: 'DELETE',
      url: `/api/classes/${klass.id}/due-dates/${section(0, 0)}`,
    });
    expect(await count()).toBe(before);
  });

  it('leaves out a section the student can no longer open', async () => {
    const count = async () =>
      (await call(t.app, cookies.student, { method: 'GET', url: '/api/student/stats' })).json().assignmentsDue;
    const before = await count();
    // A date on a held section (written directly: the route refuses it) is not the student's.
    await t.db.insert(sectionDueDates).values({ sectionId: section(1, 1), classId: klass.id, dueAt: at(DAY) });
    await t.app.heardWrites();
    const response = await call(t.app, cookies.student, { method: 'GET', url: '/api/student/due' });
    expect(response.json().items.some((i: { id: string }) => i.id === section(1, 1))).toBe(false);
    expect(await count()).toBe(before);
  });

  it('is the student’s own: other roles are refused', async () => {
    for (const who of [cookies.teacher, cookies.parent, cookies.admin])
      expect((await call(t.app, who, { method: 'GET', url: '/api/student/due' })).statusCode).toBe(403);
  });
});

describe('the calendar', () => {
  const read = (cookie: string, from: string, to: string) =>
    call(t.app, cookie, {
      method: 'GET',
      url: `/api/calendar?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    });

  it("shows a student's due dates and test windows, and a teacher's classes' dates with class names", async () => {
    await setClassDue(cookies.teacher, section(0, 1), at(DAY).toISOString());
    const test = await buildSavedTest(t.db, 'Midterm');
    await giveClassTest(t.db, klass.id, test.id, at(2 * DAY), at(3 * DAY));
    await t.db.insert(testAssignments).values({
      testId: test.id,
      studentId: student.id,
      opensAt: at(2 * DAY),
      closesAt: at(3 * DAY),
      classId: klass.id,
    });
    const from = at(-DAY).toISOString();
    const to = at(10 * DAY).toISOString();

    const mine = await read(cookies.student, from, to);
    expect(mine.statusCode).toBe(200);
    // The tests given in the cases above are on it too; these are this case's.
    const ours = (e: { title: string }) => e.title === 'Midterm' || e.title.includes('Algebra');
    expect(
      mine
        .json()
        .events.filter(ours)
        .map((e: { kind: string; title: string; state: string | null }) => [e.kind, e.title, e.state]),
    ).toEqual([
      ['due', 'Section 1.2 (Algebra)', 'open'],
      ['test-opens', 'Midterm', null],
      ['test-closes', 'Midterm', null],
    ]);

    const taught = await read(cookies.teacher, from, to);
    expect(taught.json().events.map((e: { kind: string; className: string }) => [e.kind, e.className])).toEqual([
      ['due', 'Period 3'],
      ['test-opens', 'Period 3'],
      ['test-closes', 'Period 3'],
    ]);
    expect((await read(cookies.admin, from, to)).json().events.length).toBeGreaterThanOrEqual(3);
    expect((await read(cookies.otherTeacher, from, to)).json().events).toEqual([]);
    // Outside the range: nothing.
    expect((await read(cookies.student, at(20 * DAY).toISOString(), at(30 * DAY).toISOString())).json().events).toEqual(
      [],
    );
  });

  it('refuses a range that is reversed, too long or not date-times', async () => {
    for (const [from, to, message] of [
      [at(DAY).toISOString(), at(0).toISOString(), M.rangeInvalid],
      [at(0).toISOString(), at(63 * DAY).toISOString(), M.rangeTooLong],
      ['monday', at(0).toISOString(), M.rangeInvalid],
    ]) {
      const response = await read(cookies.student, from, to);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].message).toBe(message);
    }
    expect((await call(t.app, cookies.student, { method: 'GET', url: '/api/calendar' })).statusCode).toBe(400);
    expect((await read(cookies.parent, at(0).toISOString(), at(DAY).toISOString())).statusCode).toBe(403);
  });
});
