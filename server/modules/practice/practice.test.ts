/**
 * Practice sessions: the choice's sources and their order, grade matching, no question of an open test, a session
 * kept across reloads until finished, no answer or solution sent, and who may ask.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_MESSAGES as M } from '../../../common/rules/practice';
import type { PracticeSessionReply } from '../../../common/schemas/practice';
import { rows } from '../../db/prepared';
import { buildAdmin, buildQuestion, buildStudent, buildUser, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, await buildAdmin(t.db));
});
afterAll(() => t.close());

const as = (cookie: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload }) });

interface Skill {
  id: string;
  focusId: string;
  name: string;
}

/** A skill of a focus area of its own, with a grade band when given. */
async function skill(band: [number, number] | null = null): Promise<Skill> {
  const name = `Area ${randomUUID().slice(0, 8)}`;
  const [focus] = await rows<{ id: string }>(t.db, sql`insert into focus_areas (name) values (${name}) returning id`);
  const [made] = await rows<{ id: string }>(
    t.db,
    sql`insert into skills (focus_area_id, grade_min, grade_max) values (${focus.id}, ${band?.[0] ?? null}, ${band?.[1] ?? null}) returning id`,
  );
  return { id: made.id, focusId: focus.id, name };
}

/** A question practicing the skill, of the grade given. */
async function question(of: Skill, grade: number): Promise<string> {
  const q = await buildQuestion(t.db, { grade, questionText: `${of.name} grade ${grade}` });
  await t.db.execute(sql`insert into question_focus (question_id, focus_id) values (${q.id}, ${of.focusId})`);
  return q.id;
}

/** The student's standing in a skill, straight into student_skills (as the keeper would have left it). */
async function standing(
  student: TestUser,
  of: Skill,
  s: { level: number; dueInDays?: number; firstTries?: number; right?: number },
) {
  const due = s.dueInDays === undefined ? null : new Date(t.clock.now().getTime() + s.dueInDays * 86_400_000);
  await t.db
    .execute(sql`insert into student_skills (student_id, skill_id, level, review_due_at, first_tries, first_tries_right)
    values (${student.id}, ${of.id}, ${s.level}, ${due?.toISOString() ?? null}::timestamptz, ${s.firstTries ?? 3}, ${s.right ?? 2})`);
}

async function start(cookie: string): Promise<PracticeSessionReply> {
  const response = await as(cookie, 'POST', '/api/student/practice');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const itemsOf = (reply: PracticeSessionReply) =>
  reply.session!.items.map((i) => ({ id: i.question.id, reason: i.reason, skill: i.skill }));

describe('the practice choice', () => {
  it('takes skills due for review first (the longest overdue first), then just below Proficient, then weak prerequisites', async () => {
    const student = await buildStudent(t.db, { grade: '5' });
    const [dueSoon, dueLong, familiar, attempted, struggling, prereq, strongPrereq, proficient] = [
      await skill(),
      await skill(),
      await skill(),
      await skill(),
      await skill(),
      await skill(),
      await skill(),
      await skill(),
    ];
    const q = new Map<Skill, string>();
    for (const s of [dueSoon, dueLong, familiar, attempted, struggling, prereq, strongPrereq, proficient])
      q.set(s, await question(s, 5));
    await standing(student, dueSoon, { level: 3, dueInDays: -1 });
    await standing(student, dueLong, { level: 4, dueInDays: -3 });
    await standing(student, familiar, { level: 2, dueInDays: 5 });
    await standing(student, attempted, { level: 1, dueInDays: 5 });
    // Struggling: below Proficient with more wrong than right; also Attempted, so "almost" names it first.
    await standing(student, struggling, { level: 1, dueInDays: 5, firstTries: 5, right: 1 });
    await standing(student, strongPrereq, { level: 3, dueInDays: 5 });
    await standing(student, proficient, { level: 3, dueInDays: 5 });
    await t.db.execute(sql`insert into skill_prerequisites (skill_id, prerequisite_id)
      values (${struggling.id}, ${prereq.id}), (${struggling.id}, ${strongPrereq.id})`);

    const reply = await start(await signIn(t.app, student));
    expect(reply.message).toBeNull();
    const items = itemsOf(reply);
    expect(items.slice(0, 2)).toEqual([
      { id: q.get(dueLong), reason: 'due', skill: dueLong.name },
      { id: q.get(dueSoon), reason: 'due', skill: dueSoon.name },
    ]);
    expect(items[2]).toEqual({ id: q.get(familiar), reason: 'almost', skill: familiar.name });
    expect(new Set(items.slice(3, 5).map((i) => i.id))).toEqual(new Set([q.get(attempted), q.get(struggling)]));
    expect(items[5]).toEqual({ id: q.get(prereq), reason: 'prerequisite', skill: prereq.name });
    // A Proficient prerequisite and a Proficient skill not due give nothing.
    expect(items).toHaveLength(6);
  });

  it('fills the session in turns, ten questions at most, the unmet first', async () => {
    const student = await buildStudent(t.db, { grade: '5' });
    const [a, b] = [await skill(), await skill()];
    const aQuestions = [];
    for (let i = 0; i < 8; i++) aQuestions.push(await question(a, 5));
    const bQuestions = [];
    for (let i = 0; i < 8; i++) bQuestions.push(await question(b, 5));
    await standing(student, a, { level: 3, dueInDays: -1 });
    await standing(student, b, { level: 2, dueInDays: 3 });
    // Seven of A's questions already checked: its eighth comes first, then the met ones.
    for (const met of aQuestions.slice(0, 7))
      await t.db.execute(sql`insert into answer_attempts (student_id, question_id, answer, is_correct)
        values (${student.id}, ${met}, ${JSON.stringify({ studentAnswer: 'A' })}::jsonb, true)`);
    const items = itemsOf(await start(await signIn(t.app, student)));
    expect(items).toHaveLength(10);
    expect(items.map((i) => i.reason)).toEqual([
      'due',
      'almost',
      'due',
      'almost',
      'due',
      'almost',
      'due',
      'almost',
      'due',
      'almost',
    ]);
    expect(items[0].id).toBe(aQuestions[7]);
  });

  it("matches the student's grade: their grade, or below it within the skill's band, never above", async () => {
    const student = await buildStudent(t.db, { grade: '4' });
    const banded = await skill([3, 8]);
    const bare = await skill();
    const fits = [await question(banded, 3), await question(banded, 4), await question(bare, 4)];
    for (const grade of [2, 5, 8]) await question(banded, grade);
    for (const grade of [3, 5]) await question(bare, grade);
    await standing(student, banded, { level: 1, dueInDays: -1 });
    await standing(student, bare, { level: 2, dueInDays: -1 });
    const ids = itemsOf(await start(await signIn(t.app, student))).map((i) => i.id);
    expect(ids.sort()).toEqual(fits.sort());
  });

  it('gives no question of a test whose results some student still waits for', async () => {
    const student = await buildStudent(t.db, { grade: '5' });
    const classmate = await buildStudent(t.db);
    const area = await skill();
    const free = await question(area, 5);
    const onOpenTest = await question(area, 5);
    await standing(student, area, { level: 2 });
    const made = await as(admin, 'POST', '/api/tests', {
      name: 'Open test',
      type: 'assessment',
      description: '',
      instructions: '',
      timeLimit: 10,
      totalMarks: 1,
      testCode: '',
      questions: [{ questionId: onOpenTest, order: 1, marks: 1 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const given = await as(admin, 'POST', `/api/tests/${made.json().test.id}/assign`, { studentIds: [classmate.id] });
    expect(given.statusCode, given.body).toBe(200);
    expect(itemsOf(await start(await signIn(t.app, student))).map((i) => i.id)).toEqual([free]);
  });

  it('answers why there is nothing: no grade, no skill to practice, no question at the grade', async () => {
    const noGrade = await buildStudent(t.db, { grade: '' });
    expect(await start(await signIn(t.app, noGrade))).toEqual({ session: null, message: M.noGrade });
    const fresh = await buildStudent(t.db, { grade: '5' });
    expect(await start(await signIn(t.app, fresh))).toEqual({ session: null, message: M.nothingToPractice });
    const offGrade = await buildStudent(t.db, { grade: '5' });
    const area = await skill();
    await question(area, 9);
    await standing(offGrade, area, { level: 1 });
    const cookie = await signIn(t.app, offGrade);
    expect(await start(cookie)).toEqual({ session: null, message: M.noQuestions });
    expect((await as(cookie, 'GET', '/api/student/practice')).json()).toEqual({ session: null, message: null });
  });
});

describe('a practice session', () => {
  it('is kept across a reload until finished, sends no answer or solution, and its questions are checked like exercises', async () => {
    const student = await buildStudent(t.db, { grade: '5' });
    const cookie = await signIn(t.app, student);
    const area = await skill();
    for (let i = 0; i < 12; i++) await question(area, 5);
    // Familiar: still just below Proficient after the right answer below, so a new session has something to give.
    await standing(student, area, { level: 2, dueInDays: -2 });

    expect((await as(cookie, 'GET', '/api/student/practice')).json()).toEqual({ session: null, message: null });
    const made = await start(cookie);
    const session = made.session!;
    expect(session.items).toHaveLength(10);
    expect(session.answered).toBe(0);
    expect(JSON.stringify(made)).not.toMatch(/"answer"|"solution"/);
    const ids = session.items.map((i) => i.question.id);

    // A reload (GET) and a second click (POST): the same session, the same questions in the same order.
    const reloaded = (await as(cookie, 'GET', '/api/student/practice')).json() as PracticeSessionReply;
    expect(reloaded.session!.id).toBe(session.id);
    expect(reloaded.session!.items.map((i) => i.question.id)).toEqual(ids);
    expect((await start(cookie)).session!.id).toBe(session.id);

    // Checked without a section, like a weak-spot question; the session counts it answered.
    const checked = await as(cookie, 'POST', '/api/questions/check-answer', { questionId: ids[0], studentAnswer: 'A' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().result.isCorrect).toBe(true);
    const after = (await as(cookie, 'GET', '/api/student/practice')).json() as PracticeSessionReply;
    expect(after.session!.answered).toBe(1);
    expect(after.session!.items.map((i) => i.answered)).toEqual([true, ...Array<boolean>(9).fill(false)]);
    // A question of the skill that was not given is not the student's to check.
    const [notGiven] = await rows<{ id: string }>(
      t.db,
      sql`select qf.question_id as id from question_focus qf where qf.focus_id = ${area.focusId}
        and qf.question_id <> all(${sql.param(ids)}::uuid[])`,
    );
    expect(
      (await as(cookie, 'POST', '/api/questions/check-answer', { questionId: notGiven.id, studentAnswer: 'A' }))
        .statusCode,
    ).toBe(404);

    // Finished: no open session; a new one starts with the questions not met yet first.
    const finished = await as(cookie, 'POST', `/api/student/practice/${session.id}/finish`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toEqual({ finished: true });
    expect((await as(cookie, 'GET', '/api/student/practice')).json().session).toBeNull();
    const next = (await start(cookie)).session!;
    expect(next.id).not.toBe(session.id);
    expect(next.items.every((i) => i.reason === 'almost')).toBe(true);
    expect(next.items.slice(0, 2).map((i) => i.question.id)).toContain(notGiven.id);
  });

  it("refuses another student's session, a malformed id and every other role", async () => {
    const owner = await buildStudent(t.db, { grade: '5' });
    const area = await skill();
    await question(area, 5);
    await standing(owner, area, { level: 1 });
    const session = (await start(await signIn(t.app, owner))).session!;
    const stranger = await signIn(t.app, await buildStudent(t.db));
    for (const id of [session.id, 'not-an-id', randomUUID()]) {
      const refused = await as(stranger, 'POST', `/api/student/practice/${id}/finish`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(M.sessionNotFound);
    }
    for (const type of ['teacher', 'parent', 'admin', 'data-entry'] as const) {
      const cookie = await signIn(t.app, await buildUser(t.db, type));
      expect((await as(cookie, 'GET', '/api/student/practice')).statusCode).toBe(403);
      expect((await as(cookie, 'POST', '/api/student/practice')).statusCode).toBe(403);
    }
    expect((await as(null, 'GET', '/api/student/practice')).statusCode).toBe(401);
  });
});
