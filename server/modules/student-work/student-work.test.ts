/**
 * A student's work for their teachers (`/api/students/:id/work`), the help a student opens (hint and solution,
 * recorded the first time), and the notes teachers leave: who may read and change what, bad input, hostile text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MAX_LENGTH, STUDENT_WORK_LIMITS, STUDENT_WORK_MESSAGES as M } from '../../../common/rules/student-work';
import { DASHBOARD_MESSAGES } from '../../../common/schemas/dashboards';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import {
  answerAttempts,
  helpOpened,
  sectionQuestions,
  studentCourses,
  studentSections,
  studentUnits,
  parentStudents,
  questionCategories,
  questionFocus,
  testAssignments,
  testAttemptAnswers,
  testAttempts,
} from '../../db/schema';
import { naughtyStrings, xssPayloads } from '../../test/corpora';
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
} from '../../test/factories';
import { countingDb } from '../../test/counting-db';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildTags } from '../../test/questionFixtures';
import { eq } from 'drizzle-orm';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let course: BuiltCourse;
let studentId: string;
let otherId: string;
let ids: Record<'teacher' | 'otherTeacher' | 'admin' | 'parent', string>;
let c: Record<
  'student' | 'other' | 'teacher' | 'otherTeacher' | 'admin' | 'parent' | 'otherParent' | 'dataEntry',
  string
>;
const q: Record<'first' | 'second' | 'locked' | 'practice', { id: string }> = {} as never;
let sittingAttemptId: string;
let testId: string;

const send = (cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload }) });
const check = (cookie: string, questionId: string, studentAnswer: string) =>
  send(cookie, 'POST', '/api/questions/check-answer', { questionId, studentAnswer });
const hint = (cookie: string | null, questionId: string) =>
  send(cookie, 'POST', `/api/student/questions/${questionId}/hint-opened`);
const work = (cookie: string | null, id = studentId, query = '') =>
  send(cookie, 'GET', `/api/students/${id}/work${query}`);
const addNote = (cookie: string | null, body: object, id = studentId) =>
  send(cookie, 'POST', `/api/students/${id}/notes`, body);
const helpRows = (questionId: string) => t.db.select().from(helpOpened).where(eq(helpOpened.questionId, questionId));

/**
 * Unit 1 (two sections) open to the student; unit 2 not. The teacher is linked to the student; another teacher is
 * not. The student's parent, another parent. One submitted, released sitting with a question tagged for weak areas.
 */
beforeAll(async () => {
  t = await createTestApp();
  const [admin, teacher, otherTeacher, student, other, parent, otherParent, dataEntry] = await Promise.all([
    buildAdmin(t.db),
    buildTeacher(t.db, { firstName: 'Tess', lastName: 'Teacher' }),
    buildTeacher(t.db),
    buildStudent(t.db, { firstName: 'Sam', lastName: 'Student' }),
    buildStudent(t.db),
    buildUser(t.db, 'parent'),
    buildUser(t.db, 'parent'),
    buildUser(t.db, 'data-entry'),
  ]);
  studentId = student.id;
  otherId = other.id;
  ids = { teacher: teacher.id, otherTeacher: otherTeacher.id, admin: admin.id, parent: parent.id };
  await linkTeacher(t.db, teacher.id, student.id);
  await t.db.insert(parentStudents).values({ parentId: parent.id, studentId: student.id });
  const cookies = await Promise.all(
    [student, other, teacher, otherTeacher, admin, parent, otherParent, dataEntry].map((u) => signIn(t.app, u)),
  );
  const [cs, co, ct, cot, ca, cp, cop, cd] = cookies;
  c = {
    student: cs,
    other: co,
    teacher: ct,
    otherTeacher: cot,
    admin: ca,
    parent: cp,
    otherParent: cop,
    dataEntry: cd,
  };

  course = await buildCourse(t.db, { units: 2, sections: 2 });
  for (const key of ['first', 'second', 'locked', 'practice'] as const) q[key] = await buildQuestion(t.db);
  const tags = await buildTags(t.db);
  await t.db.insert(questionFocus).values({ questionId: q.practice.id, focusId: tags.focus[0].id });
  await t.db.insert(questionCategories).values({ questionId: q.practice.id, categoryId: tags.categories[0].id });
  const post = (url: string, payload: object) => send(ca, 'POST', url, payload);
  await post('/api/admin/assign-course', { studentId, courseId: course.id });
  await post('/api/admin/assign-unit', { studentId, unitId: course.units[0].id, withSections: true });
  await post('/api/questions/assign-to-section', {
    sectionId: course.units[0].sections[0].id,
    questionIds: [q.first.id, q.second.id],
  });
  await post('/api/questions/assign-to-section', {
    sectionId: course.units[1].sections[0].id,
    questionIds: [q.locked.id],
  });

  const test = await buildSavedTest(t.db, 'Fractions quiz');
  testId = test.id;
  const [given] = await t.db
    .insert(testAssignments)
    .values({ testId: test.id, studentId })
    .returning({ id: testAssignments.id });
  const [sitting] = await t.db
    .insert(testAttempts)
    .values({
      assignmentId: given.id,
      studentId,
      paper: [{ questionId: q.practice.id, marks: 2 }],
      startedAt: new Date('2026-01-05T10:00:00Z'),
      submittedAt: new Date('2026-01-05T10:30:00Z'),
      submittedBy: 'student',
      score: 0.5,
      maxMarks: 2,
    })
    .returning({ id: testAttempts.id });
  sittingAttemptId = sitting.id;
  await t.db
    .insert(testAttemptAnswers)
    .values({ attemptId: sitting.id, questionId: q.practice.id, answer: 'B', savedAt: new Date(), awarded: 0.5 });
});
afterAll(() => t.close());

describe('opening a hint', () => {
  it('is recorded once, the first time kept', async () => {
    t.clock.set(new Date('2026-02-01T09:00:00Z'));
    expect((await hint(c.student, q.first.id)).statusCode).toBe(204);
    t.clock.set(new Date('2026-02-01T09:05:00Z'));
    expect((await hint(c.student, q.first.id)).statusCode).toBe(204);
    const found = await helpRows(q.first.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ studentId, kind: 'hint' });
    expect(found[0].openedAt.toISOString()).toBe('2026-02-01T09:00:00.000Z');
  });

  it('is 404 for a question the student may not reach, an unknown one, and another student', async () => {
    for (const [cookie, id] of [
      [c.student, q.locked.id],
      [c.student, UNKNOWN],
      [c.other, q.first.id],
    ] as const) {
      const response = await hint(cookie, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(LEARNING_MESSAGES.questionNotFound);
    }
    expect(await helpRows(q.locked.id)).toHaveLength(0);
  });

  it('is refused to everyone but a student, and a malformed id is a 400', async () => {
    expect((await hint(null, q.first.id)).statusCode).toBe(401);
    for (const cookie of [c.teacher, c.admin, c.parent, c.dataEntry])
      expect((await hint(cookie, q.first.id)).statusCode).toBe(403);
    expect((await hint(c.student, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('opening a solution', () => {
  it('records kind solution when it is given, the first time kept, and nothing when refused', async () => {
    const refused = await send(c.student, 'GET', `/api/questions/${q.second.id}/solution`);
    expect(refused.statusCode).toBe(403);
    expect(await helpRows(q.second.id)).toHaveLength(0);

    t.clock.set(new Date('2026-02-01T10:00:00Z'));
    expect((await check(c.student, q.second.id, 'B')).json().result.isCorrect).toBe(false);
    t.clock.set(new Date('2026-02-01T10:01:00Z'));
    expect((await check(c.student, q.second.id, 'A')).json().result.isCorrect).toBe(true);
    t.clock.set(new Date('2026-02-01T10:02:00Z'));
    expect((await send(c.student, 'GET', `/api/questions/${q.second.id}/solution`)).statusCode).toBe(200);
    t.clock.set(new Date('2026-02-01T10:03:00Z'));
    expect((await send(c.student, 'GET', `/api/questions/${q.second.id}/solution`)).statusCode).toBe(200);
    const found = await helpRows(q.second.id);
    expect(found).toHaveLength(1);
    expect(found[0].kind).toBe('solution');
    expect(found[0].openedAt.toISOString()).toBe('2026-02-01T10:02:00.000Z');
  });

  it('records nothing for staff, who always read solutions', async () => {
    expect((await send(c.teacher, 'GET', `/api/questions/${q.locked.id}/solution`)).statusCode).toBe(200);
    expect(await helpRows(q.locked.id)).toHaveLength(0);
  });
});

describe("a student's work", () => {
  it('shows each open section with its exercises, every attempt in order, help opened, sittings and weak areas', async () => {
    const response = await work(c.teacher);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.student).toEqual({ id: studentId, name: 'Sam Student' });
    expect(body.sectionPage).toEqual({ page: 1, pageSize: STUDENT_WORK_LIMITS.sectionsPerPage, total: 2 });
    expect(body.sections.map((s: { sectionId: string }) => s.sectionId)).toEqual(
      course.units[0].sections.map((s) => s.id),
    );
    const [first, second] = body.sections[0].exercises;
    expect(first).toMatchObject({
      questionId: q.first.id,
      number: 1,
      attemptCount: 0,
      attempts: [],
      hintOpenedAt: '2026-02-01T09:00:00.000Z',
      solutionOpenedAt: null,
    });
    expect(second).toMatchObject({
      questionId: q.second.id,
      number: 2,
      attemptCount: 2,
      attempts: [
        { answer: 'B', isCorrect: false, at: '2026-02-01T10:00:00.000Z' },
        { answer: 'A', isCorrect: true, at: '2026-02-01T10:01:00.000Z' },
      ],
      hintOpenedAt: null,
      solutionOpenedAt: '2026-02-01T10:02:00.000Z',
    });
    expect(second.type).toBe('Multiple Choice');
    expect(body.sections[1].exercises).toEqual([]);
    // The locked section of unit 2 is not the student's: not shown.
    expect(JSON.stringify(body)).not.toContain(q.locked.id);

    expect(body.sittings).toEqual([
      {
        attemptId: sittingAttemptId,
        testId,
        name: 'Fractions quiz',
        status: 'submitted',
        score: { marks: 0.5, maxMarks: 2, percentage: 25 },
        released: true,
        submittedAt: '2026-01-05T10:30:00.000Z',
      },
    ]);
    expect(body.weakAreas).toEqual({
      focus: [{ name: 'Computation', got: 0.5, of: 2, percent: 25 }],
      categories: [{ name: 'Fractions', got: 0.5, of: 2, percent: 25 }],
    });
  });

  it('keeps the latest attempts of an exercise, oldest first, with the count of all', async () => {
    const many = STUDENT_WORK_LIMITS.attemptsPerExercise + 3;
    for (let i = 0; i < many; i++) {
      t.clock.set(new Date(Date.UTC(2026, 2, 1, 8, i)));
      await check(c.student, q.first.id, i % 2 ? 'A' : 'C');
    }
    const exercise = (await work(c.admin)).json().sections[0].exercises[0];
    expect(exercise.attemptCount).toBe(many);
    expect(exercise.attempts).toHaveLength(STUDENT_WORK_LIMITS.attemptsPerExercise);
    expect(exercise.attempts[0].at).toBe(new Date(Date.UTC(2026, 2, 1, 8, 3)).toISOString());
    expect(exercise.attempts.at(-1).at).toBe(new Date(Date.UTC(2026, 2, 1, 8, many - 1)).toISOString());
  });

  it('pages the sections', async () => {
    const beyond = (await work(c.teacher, studentId, '?page=2')).json();
    expect(beyond.sections).toEqual([]);
    expect(beyond.sectionPage.page).toBe(2);
    for (const bad of ['?page=0', '?page=x', '?page=1.5']) {
      const response = await work(c.teacher, studentId, bad);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('is for staff who teach the student: 403 for another teacher, 404 for no student, refused to other roles', async () => {
    const notYours = await work(c.otherTeacher);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe(M.notYourStudent);
    for (const id of [UNKNOWN, 'nope', ids.teacher]) {
      const unknown = await work(c.teacher, id);
      expect(unknown.statusCode, id).toBe(404);
      expect(unknown.json().message).toBe(M.studentNotFound);
    }
    expect((await work(null)).statusCode).toBe(401);
    for (const cookie of [c.student, c.parent, c.dataEntry]) expect((await work(cookie)).statusCode).toBe(403);
  });
});

describe("the work's cost", () => {
  it('is the same few statements for one exercise tried once as for ten sections of exercises tried thousands of times', async () => {
    const counted = await countingDb();
    const { buildApp } = await import('../../app');
    const app = await buildApp({
      config: t.config,
      database: counted.database,
      distDir: null,
      rateLimitFactor: 100,
      pressure: { maxEventLoopDelay: 0 },
    });
    try {
      const teacher = await buildTeacher(counted.db);
      /** A student with `sections` open sections of `perSection` exercises, each tried `tries` times. */
      const studentWith = async (units: number, perSection: number, tries: number) => {
        const student = await buildStudent(counted.db);
        await linkTeacher(counted.db, teacher.id, student.id);
        const built = await buildCourse(counted.db, { units, sections: 5 });
        const sectionIds = built.units.flatMap((u) => u.sections.map((s) => s.id));
        await counted.db.insert(studentCourses).values({ studentId: student.id, courseId: built.id });
        await counted.db.insert(studentUnits).values(built.units.map((u) => ({ studentId: student.id, unitId: u.id })));
        await counted.db
          .insert(studentSections)
          .values(sectionIds.map((sectionId) => ({ studentId: student.id, sectionId })));
        for (const sectionId of sectionIds) {
          const placed = await Promise.all(Array.from({ length: perSection }, () => buildQuestion(counted.db)));
          await counted.db
            .insert(sectionQuestions)
            .values(placed.map((q, position) => ({ sectionId, questionId: q.id, position })));
          await counted.db.insert(answerAttempts).values(
            placed.flatMap((q) =>
              Array.from({ length: tries }, (_, i) => ({
                studentId: student.id,
                questionId: q.id,
                sectionId,
                answer: { studentAnswer: i % 2 ? 'A' : 'B' },
                isCorrect: i % 2 === 1,
                createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
              })),
            ),
          );
        }
        return student.id;
      };
      const small = await studentWith(1, 1, 1);
      const large = await studentWith(2, 10, 30);
      const cookie = await signIn(app, teacher);
      const statements = async (id: string) => {
        counted.queries.length = 0;
        const response = await call(app, cookie, { method: 'GET', url: `/api/students/${id}/work` });
        expect(response.statusCode).toBe(200);
        const sessionWork = /^(begin|commit|select .* from "sessions"|update "sessions")/i;
        return { body: response.json(), count: counted.queries.filter((q) => !sessionWork.test(q)).length };
      };
      const one = await statements(small);
      const many = await statements(large);
      expect(one.body.sections).toHaveLength(5);
      expect(many.body.sections).toHaveLength(STUDENT_WORK_LIMITS.sectionsPerPage);
      expect(many.body.sections[0].exercises[0]).toMatchObject({
        attemptCount: 30,
        attempts: expect.arrayContaining([expect.objectContaining({ answer: 'A' })]),
      });
      expect(many.body.sections[0].exercises[0].attempts).toHaveLength(STUDENT_WORK_LIMITS.attemptsPerExercise);
      expect(many.count).toBe(one.count);
      expect(many.count).toBeLessThanOrEqual(8);
    } finally {
      await app.close();
      await counted.close();
    }
  });
});

describe("a teacher's notes", () => {
  it('are written, read, changed and deleted by their author; any teacher of the student reads them', async () => {
    const created = await addNote(c.teacher, { body: '  Great work on fractions.\nKeep going!  ', forParents: true });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(M.noteSaved);
    const note = created.json().note;
    expect(note).toMatchObject({
      body: 'Great work on fractions.\nKeep going!',
      forParents: true,
      author: 'Tess Teacher',
      mine: true,
    });

    // The admin sees it, may change it; a teacher sees it in the student's work.
    const listed = (await send(c.admin, 'GET', `/api/students/${studentId}/notes`)).json().notes;
    expect(listed.find((n: { id: string }) => n.id === note.id)).toMatchObject({ mine: true });
    expect((await work(c.teacher)).json().notes[0]).toMatchObject({ id: note.id, mine: true });

    const changed = await send(c.teacher, 'PUT', `/api/students/${studentId}/notes/${note.id}`, {
      body: 'Changed',
      forParents: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().note).toMatchObject({ body: 'Changed', forParents: false });

    const gone = await send(c.teacher, 'DELETE', `/api/students/${studentId}/notes/${note.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(M.noteDeleted);
    expect((await send(c.teacher, 'DELETE', `/api/students/${studentId}/notes/${note.id}`)).statusCode).toBe(404);
  });

  it("may be changed by an admin but not by another of the student's teachers", async () => {
    await linkTeacher(t.db, ids.otherTeacher, otherId);
    const note = (await addNote(c.teacher, { body: 'Mine' })).json().note;
    expect(note.forParents).toBe(false);
    // A second teacher of the same student reads it, and may not change it.
    await linkTeacher(t.db, ids.otherTeacher, studentId);
    const seen = (await send(c.otherTeacher, 'GET', `/api/students/${studentId}/notes`)).json().notes;
    expect(seen.find((n: { id: string }) => n.id === note.id)).toMatchObject({ mine: false });
    const refused = await send(c.otherTeacher, 'PUT', `/api/students/${studentId}/notes/${note.id}`, { body: 'X' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.notYourNote);
    expect((await send(c.otherTeacher, 'DELETE', `/api/students/${studentId}/notes/${note.id}`)).statusCode).toBe(403);
    const byAdmin = await send(c.admin, 'PUT', `/api/students/${studentId}/notes/${note.id}`, { body: 'Edited' });
    expect(byAdmin.json().note).toMatchObject({ body: 'Edited', author: 'Tess Teacher' });
    expect((await send(c.admin, 'DELETE', `/api/students/${studentId}/notes/${note.id}`)).statusCode).toBe(200);
  });

  it("are 404 under another student's id or an unknown note, and refused for a student not theirs", async () => {
    const note = (await addNote(c.teacher, { body: 'Here' })).json().note;
    // The other teacher teaches `otherId`: the note is not that student's.
    const elsewhere = await send(c.otherTeacher, 'PUT', `/api/students/${otherId}/notes/${note.id}`, { body: 'X' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(M.noteNotFound);
    for (const noteId of [UNKNOWN, 'nope'])
      expect((await send(c.teacher, 'DELETE', `/api/students/${studentId}/notes/${noteId}`)).statusCode).toBe(404);
    const stranger = await buildTeacher(t.db);
    const strangerCookie = await signIn(t.app, stranger);
    const notYours = await addNote(strangerCookie, { body: 'Hello' });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe(M.notYourStudent);
    expect((await send(strangerCookie, 'GET', `/api/students/${studentId}/notes`)).statusCode).toBe(403);
    expect((await addNote(c.teacher, { body: 'Hi' }, UNKNOWN)).statusCode).toBe(404);
  });

  it('refuse a missing, blank or too long body and a bad flag, with the messages', async () => {
    const issues = async (payload: object) => {
      const response = await addNote(c.teacher, payload);
      expect(response.statusCode).toBe(400);
      return response.json().issues.map((i: { message: string }) => i.message);
    };
    expect(await issues({})).toContain(M.noteRequired);
    expect(await issues({ body: '   ' })).toContain(M.noteRequired);
    expect(await issues({ body: 'x'.repeat(NOTE_MAX_LENGTH + 1) })).toContain(M.noteTooLong);
    expect(await issues({ body: 'ok', forParents: 'yes' })).toHaveLength(1);
    expect((await addNote(c.teacher, { body: 'x'.repeat(NOTE_MAX_LENGTH) })).statusCode).toBe(200);
  });

  it('are refused to the student, parents, data entry and visitors', async () => {
    for (const cookie of [c.student, c.parent, c.dataEntry]) {
      expect((await addNote(cookie, { body: 'x' })).statusCode).toBe(403);
      expect((await send(cookie, 'GET', `/api/students/${studentId}/notes`)).statusCode).toBe(403);
      expect((await send(cookie, 'PUT', `/api/students/${studentId}/notes/${UNKNOWN}`, { body: 'x' })).statusCode).toBe(
        403,
      );
      expect((await send(cookie, 'DELETE', `/api/students/${studentId}/notes/${UNKNOWN}`)).statusCode).toBe(403);
    }
    expect((await addNote(null, { body: 'x' })).statusCode).toBe(401);
  });

  it('reach the student, and the parent only those marked for parents', async () => {
    const forParents = (await addNote(c.teacher, { body: 'For the family', forParents: true })).json().note;
    const forStudent = (await addNote(c.teacher, { body: 'Just for you' })).json().note;
    const mine = (await send(c.student, 'GET', '/api/student/notes')).json().notes;
    expect(mine.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining([forParents.id, forStudent.id]));
    expect(mine[0]).toEqual({
      id: expect.any(String),
      body: expect.any(String),
      author: 'Tess Teacher',
      createdAt: expect.any(String),
    });
    expect((await send(c.other, 'GET', '/api/student/notes')).json().notes).toEqual([]);

    const child = await send(c.parent, 'GET', `/api/parent/children/${studentId}/notes`);
    expect(child.statusCode).toBe(200);
    const shown = child.json().notes.map((n: { id: string }) => n.id);
    expect(shown).toContain(forParents.id);
    expect(shown).not.toContain(forStudent.id);
    for (const [cookie, id] of [
      [c.otherParent, studentId],
      [c.parent, otherId],
      [c.parent, UNKNOWN],
      [c.parent, 'nope'],
    ] as const) {
      const refused = await send(cookie, 'GET', `/api/parent/children/${id}/notes`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(DASHBOARD_MESSAGES.childNotFound);
    }
    for (const cookie of [c.teacher, c.student, c.admin])
      expect((await send(cookie, 'GET', `/api/parent/children/${studentId}/notes`)).statusCode).toBe(403);
    for (const cookie of [c.teacher, c.parent, c.admin])
      expect((await send(cookie, 'GET', '/api/student/notes')).statusCode).toBe(403);
  });

  it('store every naughty string as written (trimmed) or refuse it with a 4xx', async () => {
    let stored = 0;
    for (const text of naughtyStrings) {
      const response = await addNote(c.teacher, { body: text, forParents: true });
      expect(response.statusCode, JSON.stringify(text)).toBeLessThan(500);
      if (response.statusCode === 200) {
        expect(response.json().note.body).toBe(text.trim());
        stored += 1;
      } else expect(response.statusCode).toBe(400);
    }
    expect(stored).toBeGreaterThan(naughtyStrings.length * 0.8);
    // Notes are plain text, shown as text: markup is kept as written, never run or rewritten.
    for (const { title, payload } of xssPayloads.slice(0, 50)) {
      const response = await addNote(c.teacher, { body: payload });
      expect(response.statusCode, title).toBeLessThan(500);
      if (response.statusCode === 200) expect(response.json().note.body, title).toBe(payload.trim());
    }
    // And they read back through every reader.
    expect((await send(c.parent, 'GET', `/api/parent/children/${studentId}/notes`)).statusCode).toBe(200);
    expect((await send(c.student, 'GET', '/api/student/notes')).statusCode).toBe(200);
    expect((await work(c.teacher)).statusCode).toBe(200);
  });
});
