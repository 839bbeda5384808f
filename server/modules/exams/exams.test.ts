/**
 * Exam-style tests through the API: the built-in profiles as the exams publish them, admins' own profiles and score
 * tables with every rule, accommodations by a student's teachers, a test that must fit its profile, and a sitting in
 * sections with their clocks, the break, no going back, explicit blanks, the exam's scoring and the score report.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MESSAGES as M, ESTIMATE_NOTE, SECTION_MOVED_ON } from '../../../common/rules/exams';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import type { ExamProfile } from '../../../common/schemas/exams';
import type { Attempt } from '../../../common/schemas/test-taking';
import { parentStudents, profiles, questionCategories, questionFocus } from '../../db/schema';
import {
  buildAdmin,
  buildQuestion,
  buildStudent,
  buildTeacher,
  buildUser,
  linkTeacher,
  signIn,
  type TestUser,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildTags } from '../../test/questionFixtures';

let t: TestApp;
let admin: string;
let teacher: string;
let teacherId: string;
let otherTeacher: string;
let dataEntry: string;
let mine: TestUser;
let mineCookie: string;
/** Four one-answer multiple-choice questions (A right) and one short answer. */
let choices: string[];
let shortAnswer: string;

const as = (cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

/** An SSAT-style profile of two sections of two questions, 6 minutes each, a 5-minute break, a quarter off wrong. */
const shortSsat = (name = `Short SSAT ${Math.random()}`) => ({
  name,
  description: 'Two short quantitative sections.',
  rulesAsOf: '2024-25',
  source: 'docs/EXAMS.md',
  right: 1,
  wrong: -0.25,
  blank: 0,
  cap: null,
  sections: [
    { name: 'Quantitative 1', questions: 2, minutes: 6 },
    { name: 'Quantitative 2', questions: 2, minutes: 6 },
  ],
  breakMinutes: 5,
  answerSheet: 'bubbles',
});

async function listProfiles(): Promise<ExamProfile[]> {
  const response = await as(dataEntry, 'GET', '/api/exam-profiles');
  expect(response.statusCode).toBe(200);
  return response.json().profiles;
}

async function createProfile(body: Record<string, unknown> = shortSsat()): Promise<ExamProfile> {
  const response = await as(admin, 'POST', '/api/exam-profiles', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().profile;
}

async function makeTest(examProfileId: string | null, questionIds = choices) {
  return as(admin, 'POST', '/api/tests', {
    name: 'Mock',
    type: 'test',
    description: '',
    instructions: '',
    timeLimit: 30,
    totalMarks: null,
    examProfileId,
    questions: questionIds.map((questionId, i) => ({ questionId, order: i + 1, marks: 1 })),
  });
}

/** A test of the profile given to the student (results on submit) and started. */
async function sit(profileId: string, student = mine, cookie = mineCookie): Promise<Attempt> {
  const made = await makeTest(profileId);
  expect(made.statusCode, made.body).toBe(201);
  const testId = made.json().test.id;
  expect((await as(admin, 'POST', `/api/tests/${testId}/assign`, { studentIds: [student.id] })).statusCode).toBe(200);
  const listed = (await as(cookie, 'GET', '/api/student/tests')).json().tests as Array<{
    testId: string;
    assignmentId: string;
  }>;
  const started = await as(
    cookie,
    'POST',
    `/api/student/tests/${listed.find((x) => x.testId === testId)!.assignmentId}/start`,
  );
  expect(started.statusCode, started.body).toBe(200);
  return started.json().attempt;
}

const save = (attemptId: string, questionId: string, answer: string, cookie = mineCookie) =>
  as(cookie, 'PUT', `/api/student/attempts/${attemptId}/answers/${questionId}`, { answer });
const move = (attemptId: string, step: 'end' | 'start', cookie = mineCookie) =>
  as(cookie, 'POST', `/api/student/attempts/${attemptId}/${step}-section`);
const read = async (attemptId: string, cookie = mineCookie): Promise<Attempt> =>
  (await as(cookie, 'GET', `/api/student/attempts/${attemptId}`)).json().attempt;
const idsOf = (a: Attempt) => a.questions.map((q) => q.question!.id);

beforeAll(async () => {
  t = await createTestApp();
  const [adminUser, teacherUser, otherTeacherUser, dataEntryUser] = await Promise.all([
    buildAdmin(t.db),
    buildTeacher(t.db),
    buildTeacher(t.db),
    buildUser(t.db, 'data-entry'),
  ]);
  mine = await buildStudent(t.db);
  teacherId = teacherUser.id;
  await linkTeacher(t.db, teacherUser.id, mine.id);
  await t.db.update(profiles).set({ gradeLevel: '6' }).where(eq(profiles.userId, mine.id));
  [admin, teacher, otherTeacher, dataEntry, mineCookie] = await Promise.all([
    signIn(t.app, adminUser),
    signIn(t.app, teacherUser),
    signIn(t.app, otherTeacherUser),
    signIn(t.app, dataEntryUser),
    signIn(t.app, mine),
  ]);
  choices = [];
  for (let i = 0; i < 4; i++) choices.push((await buildQuestion(t.db)).id);
  shortAnswer = (
    await buildQuestion(t.db, {
      type: 'Short Answer',
      options: {},
      answer: { a1: ['0.75'] },
      questionText: 'Write $\\frac34$ as a decimal.',
    })
  ).id;
  const { focus, categories } = await buildTags(t.db);
  await t.db.insert(questionFocus).values(choices.map((questionId, i) => ({ questionId, focusId: focus[i % 2].id })));
  await t.db
    .insert(questionCategories)
    .values(choices.map((questionId) => ({ questionId, categoryId: categories[0].id })));
});
afterAll(() => t.close());

describe('the built-in profiles', () => {
  it("follow each exam's published rules, with the year they hold from", async () => {
    const byKey = new Map((await listProfiles()).map((p) => [p.key, p]));
    const rule = (key: string) => {
      const p = byKey.get(key)!;
      return [
        p.right,
        p.wrong,
        p.blank,
        p.cap,
        p.sections.map((s) => [s.questions, s.minutes, s.right ?? null]),
        p.breakMinutes,
        p.answerSheet,
      ];
    };
    expect(rule('ssat-elementary')).toEqual([1, 0, 0, null, [[30, 30, null]], 0, 'bubbles']);
    for (const level of ['ssat-middle', 'ssat-upper'])
      expect(rule(level)).toEqual([
        1,
        -0.25,
        0,
        null,
        [
          [25, 30, null],
          [25, 30, null],
        ],
        10,
        'bubbles',
      ]);
    expect(rule('amc-8')).toEqual([1, 0, 0, null, [[25, 40, null]], 0, 'bubbles']);
    for (const level of ['amc-10', 'amc-12']) {
      expect(rule(level)).toEqual([6, 0, 1.5, null, [[25, 75, null]], 0, 'bubbles']);
      expect(byKey.get(level)!.rulesAsOf).toBe('2007');
    }
    expect(rule('mathcounts')).toEqual([
      1,
      0,
      0,
      null,
      [
        [30, 40, null],
        [2, 6, 2],
        [2, 6, 2],
        [2, 6, 2],
        [2, 6, 2],
      ],
      0,
      'written',
    ]);
    for (const p of byKey.values()) if (p.builtIn) expect(p.source).not.toBe('');
  });

  it('cannot be changed or deleted, even by an admin', async () => {
    const amc = (await listProfiles()).find((p) => p.key === 'amc-8')!;
    const changed = await as(admin, 'PUT', `/api/exam-profiles/${amc.id}`, { ...shortSsat(), name: 'AMC 8' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(M.builtIn);
    const deleted = await as(admin, 'DELETE', `/api/exam-profiles/${amc.id}`);
    expect(deleted.statusCode).toBe(409);
    expect((await listProfiles()).find((p) => p.key === 'amc-8')!.right).toBe(1);
  });
});

describe("an admin's own profiles", () => {
  it('adds, changes and deletes one, and refuses a name taken', async () => {
    const made = await createProfile(shortSsat('Academy mock rule'));
    expect(made).toMatchObject({ builtIn: false, key: null, wrong: -0.25, breakMinutes: 5, tests: 0 });
    const taken = await as(admin, 'POST', '/api/exam-profiles', shortSsat('academy MOCK rule'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.nameTaken);
    const changed = await as(admin, 'PUT', `/api/exam-profiles/${made.id}`, {
      ...shortSsat('Academy mock rule'),
      wrong: 0,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().profile.wrong).toBe(0);
    expect((await as(admin, 'DELETE', `/api/exam-profiles/${made.id}`)).statusCode).toBe(200);
    expect((await listProfiles()).some((p) => p.id === made.id)).toBe(false);
  });

  it.each([
    ['no name', { name: ' ' }, M.nameRequired],
    ['a right answer worth nothing', { right: 0 }, M.rightPositive],
    ['a right answer worth half a point', { right: 0.5 }, M.rightPositive],
    ['points out of range', { wrong: -101 }, M.points],
    ['points as text', { blank: 'one' }, M.points],
    ['a cap of 0', { cap: 0 }, M.cap],
    ['a break too long', { breakMinutes: 121 }, M.breakMinutes],
    ['a section without questions', { sections: [{ name: 'A', questions: 0, minutes: 5 }] }, M.sectionQuestions],
    ['a section without minutes', { sections: [{ name: 'A', questions: 5, minutes: 0 }] }, M.sectionMinutes],
    [
      'too many sections',
      { sections: Array.from({ length: 21 }, () => ({ name: 'A', questions: 1, minutes: 1 })) },
      M.tooManySections,
    ],
    ['an unknown answer sheet', { answerSheet: 'grid' }, 'The answer sheet must be bubbles or written'],
  ])('refuses %s with 400 and changes nothing', async (_, change, message) => {
    const before = (await listProfiles()).length;
    const response = await as(admin, 'POST', '/api/exam-profiles', { ...shortSsat(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await listProfiles()).length).toBe(before);
  });

  it('is for admins alone to change', async () => {
    for (const cookie of [teacher, dataEntry, mineCookie]) {
      const response = await as(cookie, 'POST', '/api/exam-profiles', shortSsat());
      expect(response.statusCode).toBe(403);
    }
  });

  it('keeps a profile a test uses', async () => {
    const profile = await createProfile();
    expect((await makeTest(profile.id)).statusCode).toBe(201);
    const deleted = await as(admin, 'DELETE', `/api/exam-profiles/${profile.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(M.profileInUse);
    expect((await listProfiles()).find((p) => p.id === profile.id)!.tests).toBe(1);
  });
});

describe('score tables', () => {
  it('enters, replaces and deletes a table per grade, for built-in profiles too', async () => {
    const ssat = (await listProfiles()).find((p) => p.key === 'ssat-middle')!;
    const url = `/api/exam-profiles/${ssat.id}/table`;
    const entered = await as(admin, 'PUT', url, {
      grade: 6,
      source: 'Past mocks',
      rows: '0, 440-460\n25, 560-600, 50',
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().profile.tables).toEqual([
      {
        id: expect.any(String),
        grade: 6,
        source: 'Past mocks',
        rows: [
          { raw: 0, low: 440, high: 460, percentile: null },
          { raw: 25, low: 560, high: 600, percentile: 50 },
        ],
      },
    ]);
    const replaced = await as(admin, 'PUT', url, { grade: 6, source: 'Past mocks', rows: '0, 450' });
    expect(replaced.json().profile.tables).toHaveLength(1);
    expect(replaced.json().profile.tables[0].rows).toEqual([{ raw: 0, low: 450, high: 450, percentile: null }]);
    const any = await as(admin, 'PUT', url, { grade: null, source: '', rows: '0, 440' });
    expect(any.json().profile.tables.map((x: { grade: number | null }) => x.grade)).toEqual([null, 6]);
    for (const table of any.json().profile.tables as Array<{ id: string }>) {
      const deleted = await as(admin, 'DELETE', `/api/exam-profiles/${ssat.id}/tables/${table.id}`);
      expect(deleted.statusCode).toBe(200);
    }
    expect((await listProfiles()).find((p) => p.id === ssat.id)!.tables).toEqual([]);
  });

  it.each([
    ['a line it cannot read', { rows: '0, 440\nforty, 500' }, M.tableLine(2)],
    ['a raw score twice', { rows: '0, 440\n0, 450' }, M.tableDuplicate(2)],
    ['no rows', { rows: '# none' }, M.tableEmpty],
    [
      'a grade out of range',
      { grade: 13, rows: '0, 440' },
      'The grade must be a whole number from 0 to 12, or empty for any grade',
    ],
  ])('refuses %s with 400', async (_, body, message) => {
    const profile = await createProfile();
    const response = await as(admin, 'PUT', `/api/exam-profiles/${profile.id}/table`, {
      grade: null,
      source: '',
      ...body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await listProfiles()).find((p) => p.id === profile.id)!.tables).toEqual([]);
  });

  it('is 404 for a table of another profile', async () => {
    const [a, b] = [await createProfile(), await createProfile()];
    const table = (await as(admin, 'PUT', `/api/exam-profiles/${a.id}/table`, { rows: '0, 1' })).json().profile
      .tables[0];
    const response = await as(admin, 'DELETE', `/api/exam-profiles/${b.id}/tables/${table.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(M.tableNotFound);
  });
});

describe('accommodations', () => {
  const none = { timeFactor: null, extraMinutes: null, extraBreakMinutes: 0, largeText: false };

  it("are set by the student's teacher and read back", async () => {
    const student = await buildStudent(t.db);
    await linkTeacher(t.db, teacherId, student.id);
    expect((await as(teacher, 'GET', `/api/students/${student.id}/accommodations`)).json().accommodations).toEqual(
      none,
    );
    const set = await as(teacher, 'PUT', `/api/students/${student.id}/accommodations`, {
      ...none,
      timeFactor: 1.5,
      largeText: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      message: M.accommodationsSaved,
      accommodations: { ...none, timeFactor: 1.5, largeText: true },
    });
  });

  it("are refused to another teacher's, and to anyone's unknown student", async () => {
    const refused = await as(otherTeacher, 'PUT', `/api/students/${mine.id}/accommodations`, none);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.notYourStudent);
    const unknown = await as(admin, 'GET', `/api/students/${crypto.randomUUID()}/accommodations`);
    expect(unknown.statusCode).toBe(404);
  });

  it.each([
    ['a factor not offered', { timeFactor: 1.3 }, M.timeFactor],
    ['a factor and minutes', { timeFactor: 1.5, extraMinutes: 10 }, M.oneExtraTime],
    ['no extra minutes', { extraMinutes: 0 }, M.extraMinutes],
    ['a break too long', { extraBreakMinutes: 61 }, M.extraBreak],
    ['larger text as text', { largeText: 'yes' }, 'Larger text must be true or false'],
  ])('refuses %s with 400', async (_, change, message) => {
    const response = await as(admin, 'PUT', `/api/students/${mine.id}/accommodations`, { ...none, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('a test scored by a profile', () => {
  it('must have as many questions as its sections', async () => {
    const response = await makeTest((await createProfile(shortSsat('Four questions'))).id, choices.slice(0, 3));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.questionCount('Four questions', 4, 3));
  });

  it('on a sheet of bubbles takes only one-answer multiple choice', async () => {
    const response = await makeTest((await createProfile()).id, [choices[0], shortAnswer, choices[2], choices[3]]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(M.bubblesNeedChoices([2]));
  });

  it('names its profile in the lists, takes its time limit from the sections, and keeps it when copied', async () => {
    const profile = await createProfile();
    const made = (await makeTest(profile.id)).json().test;
    expect(made.examProfile).toEqual({ id: profile.id, name: profile.name });
    // Its sections time it: 6 + 6 minutes, whatever was typed (30).
    expect(made.timeLimit).toBe(12);
    const copy = await as(admin, 'POST', `/api/tests/${made.id}/duplicate`);
    expect(copy.json().test.examProfile).toEqual({ id: profile.id, name: profile.name });
  });
});

describe('sitting an exam in sections', () => {
  it('runs each section on its own clock, with a break, no going back, explicit blanks and the exam scoring', async () => {
    const profile = await createProfile();
    await as(admin, 'PUT', `/api/exam-profiles/${profile.id}/table`, {
      grade: null,
      source: 'Demo table',
      rows: '-1, 440\n0, 450-470\n1, 500-520, 40',
    });
    t.clock.stop();
    const sat = await sit(profile.id);
    expect(sat.exam).toMatchObject({
      name: profile.name,
      answerSheet: 'bubbles',
      wrong: -0.25,
      phase: 'section',
      sections: [
        { name: 'Quantitative 1', first: 1, last: 2, minutes: 6, state: 'current' },
        { name: 'Quantitative 2', first: 3, last: 4, minutes: 6, state: 'upcoming' },
      ],
    });
    expect(Date.parse(sat.exam!.until!) - Date.parse(sat.serverNow)).toBe(6 * 60_000);
    // Sections 6 + break 5 + 6.
    expect(Date.parse(sat.deadline!) - Date.parse(sat.startedAt)).toBe(17 * 60_000);
    expect(sat.questions.map((q) => q.number)).toEqual([1, 2]);
    const [first, second] = idsOf(sat);
    const later = choices.filter((id) => id !== first && id !== second);

    const early = await save(sat.id, later[0], 'A');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.sectionNotStarted);
    // A code of its own: the page reads the sitting again rather than ending it.
    expect(early.json().code).toBe(SECTION_MOVED_ON);
    expect((await save(sat.id, first, 'A')).statusCode).toBe(200);
    expect((await save(sat.id, second, 'B')).statusCode).toBe(200);

    // A check of a question of the sitting is refused while it is open.
    const checked = await as(mineCookie, 'POST', '/api/questions/check-answer', {
      questionId: first,
      studentAnswer: 'A',
    });
    expect(checked.statusCode).toBe(403);
    expect(checked.json().message).toBe(LEARNING_MESSAGES.inOpenTest);

    t.clock.advance(60);
    const onBreak = (await move(sat.id, 'end')).json().attempt as Attempt;
    expect(onBreak.exam).toMatchObject({ phase: 'break' });
    expect(onBreak.questions).toEqual([]);
    expect(onBreak.answers).toEqual({});
    expect((await move(sat.id, 'end')).json().message).toBe(M.noSectionToEnd);
    const duringBreak = await save(sat.id, later[0], 'A');
    expect(duringBreak.statusCode).toBe(409);
    expect(duringBreak.json().message).toBe(M.onBreak);

    t.clock.advance(60);
    const second_ = (await move(sat.id, 'start')).json().attempt as Attempt;
    expect(second_.exam).toMatchObject({ phase: 'section', sections: [{ state: 'closed' }, { state: 'current' }] });
    expect(second_.questions.map((q) => q.number)).toEqual([3, 4]);
    const back = await save(sat.id, first, 'B');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(M.sectionClosed);
    // Question 3 left blank on the sheet, question 4 never answered.
    expect((await save(sat.id, idsOf(second_)[0], '')).statusCode).toBe(200);

    t.clock.advance(30);
    const done = (await move(sat.id, 'end')).json().attempt as Attempt;
    t.clock.start();
    expect(done.submittedAt).not.toBeNull();
    expect(done.score).toMatchObject({ marks: 0.75, maxMarks: 4 });
    expect(done.report).toMatchObject({
      profile: profile.name,
      raw: 0.75,
      max: 4,
      right: 1,
      wrong: 1,
      blank: 2,
      sections: [
        { name: 'Quantitative 1', right: 1, wrong: 1, blank: 0, points: 0.75, maxPoints: 2 },
        { name: 'Quantitative 2', right: 0, wrong: 0, blank: 2, points: 0, maxPoints: 2 },
      ],
      estimate: { text: 'Estimated scaled score 450-470', percentile: null, note: ESTIMATE_NOTE, source: 'Demo table' },
      accommodations: '',
    });
    expect(done.report!.pace.secondsPerQuestion).toBe(180);
    expect(done.report!.pace.questions.map((q) => q.outcome)).toEqual(['right', 'wrong', 'blank', 'blank']);
    expect(done.report!.earlier.map((e) => e.raw)).toEqual([0.75]);
    expect(done.report!.skills.reduce((n, s) => n + s.of, 0)).toBe(4);
    expect(done.report!.skills.flatMap((s) => s.missed).sort()).toEqual([2, 3, 4]);
  });

  it('closes a section when its time runs out, starts the next after the break, and submits at the end', async () => {
    const profile = await createProfile();
    t.clock.stop();
    const sat = await sit(profile.id);
    t.clock.advance(6 * 60);
    expect((await read(sat.id)).exam).toMatchObject({
      phase: 'break',
      sections: [{ state: 'closed' }, { state: 'current' }],
    });
    t.clock.advance(5 * 60);
    const next = await read(sat.id);
    expect(next.exam).toMatchObject({ phase: 'section', sections: [{ state: 'closed' }, { state: 'current' }] });
    t.clock.advance(6 * 60);
    const over = await read(sat.id);
    t.clock.start();
    expect(over.submittedAt).not.toBeNull();
    expect(over.submittedBy).toBe('server');
    // All four left blank: 0 under this rule.
    expect(over.score!.marks).toBe(0);
  });

  it('gives a student with x1.5 time the longer clock in every section, and shows it in the results', async () => {
    const student = await buildStudent(t.db);
    const cookie = await signIn(t.app, student);
    await as(admin, 'PUT', `/api/students/${student.id}/accommodations`, {
      timeFactor: 1.5,
      extraMinutes: null,
      extraBreakMinutes: 5,
      largeText: true,
    });
    const profile = await createProfile();
    t.clock.stop();
    const sat = await sit(profile.id, student, cookie);
    t.clock.start();
    expect(Date.parse(sat.exam!.until!) - Date.parse(sat.serverNow)).toBe(9 * 60_000);
    expect(sat.exam!.sections.map((s) => s.minutes)).toEqual([9, 9]);
    // 9 + (5 + 5) + 9.
    expect(Date.parse(sat.deadline!) - Date.parse(sat.startedAt)).toBe(28 * 60_000);
    expect(sat).toMatchObject({
      largeText: true,
      accommodations: 'Time x1.5, 5 more minutes of break between sections, larger text',
    });
    const results = (await as(admin, 'GET', `/api/tests/${sat.testId}/results`)).json();
    expect(results.students[0].accommodations).toBe('Time x1.5, 5 more minutes of break between sections, larger text');
  });

  it('scores AMC 10 as published: 6 right, 1.5 blank, 0 wrong', async () => {
    const amc = (await listProfiles()).find((p) => p.key === 'amc-10')!;
    const many: string[] = [];
    for (let i = 0; i < 25; i++) many.push((await buildQuestion(t.db)).id);
    const made = await makeTest(amc.id, many);
    expect(made.statusCode, made.body).toBe(201);
    const student = await buildStudent(t.db);
    const cookie = await signIn(t.app, student);
    await as(admin, 'POST', `/api/tests/${made.json().test.id}/assign`, { studentIds: [student.id] });
    const listed = (await as(cookie, 'GET', '/api/student/tests')).json().tests[0];
    const sat = (await as(cookie, 'POST', `/api/student/tests/${listed.assignmentId}/start`)).json().attempt as Attempt;
    const ids = idsOf(sat);
    await save(sat.id, ids[0], 'A', cookie);
    await save(sat.id, ids[1], 'A', cookie);
    await save(sat.id, ids[2], 'C', cookie);
    const done = (await as(cookie, 'POST', `/api/student/attempts/${sat.id}/submit`)).json().attempt as Attempt;
    expect(done.score).toMatchObject({ marks: 2 * 6 + 22 * 1.5, maxMarks: 150 });
    expect(done.report).toMatchObject({ right: 2, wrong: 1, blank: 22, estimate: null });
  });
});

describe('after the sitting', () => {
  it("shows the parent their child's report, and no one else's", async () => {
    const profile = await createProfile();
    const sat = await sit(profile.id);
    await as(mineCookie, 'POST', `/api/student/attempts/${sat.id}/submit`);
    const parent = await buildUser(t.db, 'parent');
    const stranger = await buildUser(t.db, 'parent');
    await t.db.insert(parentStudents).values({ parentId: parent.id, studentId: mine.id });
    const [parentCookie, strangerCookie] = await Promise.all([signIn(t.app, parent), signIn(t.app, stranger)]);
    const url = `/api/parent/children/${mine.id}/tests/${sat.id}/report`;
    const report = await as(parentCookie, 'GET', url);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ name: 'Mock', report: { profile: profile.name, raw: 0, max: 4, blank: 4 } });
    const listed = (await as(parentCookie, 'GET', `/api/parent/children/${mine.id}/tests`)).json().results;
    expect(listed.find((r: { attemptId: string }) => r.attemptId === sat.id)).toMatchObject({ hasReport: true });
    expect((await as(strangerCookie, 'GET', url)).statusCode).toBe(404);
    expect(
      (await as(parentCookie, 'GET', `/api/parent/children/${mine.id}/tests/${crypto.randomUUID()}/report`)).statusCode,
    ).toBe(404);
  });

  it("refuses marks by hand on an exam's sitting, and keeps the rule's score on a re-score", async () => {
    const profile = await createProfile();
    const sat = await sit(profile.id);
    await save(sat.id, idsOf(sat)[0], 'B');
    const done = (await as(mineCookie, 'POST', `/api/student/attempts/${sat.id}/end-section`)).json()
      .attempt as Attempt;
    expect(done.submittedAt).toBeNull();
    await as(mineCookie, 'POST', `/api/student/attempts/${sat.id}/submit`);
    const review = await as(admin, 'PUT', `/api/tests/${sat.testId}/sittings/${sat.id}`, {
      questions: [{ questionId: idsOf(sat)[0], overrideMarks: 1, overrideReason: 'Generous', comment: '' }],
    });
    expect(review.statusCode).toBe(409);
    expect(review.json().message).toBe(M.overrideExam);
    const rescored = await as(admin, 'POST', `/api/tests/${sat.testId}/rescore`);
    expect(rescored.json()).toMatchObject({ rescored: 1, changed: 0 });
    expect((await read(sat.id)).score!.marks).toBe(-0.25);
  });
});
