/**
 * Skills kept from the answers: the first tries among a batch of checks and a submitted sitting as a mixed
 * assessment, queued as they are stored and counted by the keeper, and a replay of the stored answers.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { rows } from '../../db/prepared';
import { Memo } from '../../lib/kept/stores';
import { buildSavedTest, buildStudent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildSkills } from '../../test/skills';
import { countQueuedAnswers, rebuildStudentSkills } from '../mastery/keep';
import { SkillKeeper } from '../mastery/keeper';
import { submitExpired } from '../test-taking/service';
import { attemptWriter } from './attempts';
import type { StudentTotals } from './progress';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Kept {
  level: number;
  first_tries: number;
  first_tries_right: number;
  recent_first_tries: number;
  recent_count: number;
  review_due_at: string | null;
  reviews: number;
}
const keptOf = async (studentId: string, skillId: string) =>
  (
    await rows<Kept>(
      t.db,
      sql`select ss.level, ss.first_tries, ss.first_tries_right, ss.recent_first_tries, ss.recent_count,
        ss.review_due_at, ss.reviews from student_skills ss where ss.student_id = ${studentId} and ss.skill_id = ${skillId}`,
    )
  )[0];
const changesOf = (studentId: string) =>
  rows<{ skill_id: string; from_level: number; to_level: number }>(
    t.db,
    sql`select ssc.skill_id, ssc.from_level, ssc.to_level from student_skill_changes ssc
      where ssc.student_id = ${studentId} order by ssc.created_at, ssc.to_level`,
  );

const newWriter = () =>
  attemptWriter(
    t.db,
    t.app.log,
    { instance: 'instance-a', totals: new Memo<StudentTotals, { student: string }>(1024 * 1024) },
    () => {},
  );

const queued = async (studentId: string) =>
  (
    await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from skill_answer_queue saq where saq.student_id = ${studentId}`,
    )
  )[0].n;

/** Counts everything queued, as the keeper does behind the answers. */
async function countQueue(): Promise<void> {
  while (await countQueuedAnswers(t.db));
}

/** Checks through a writer of our own, one millisecond apart, flushed. */
async function answer(studentId: string, checks: Array<[questionId: string, right: boolean]>) {
  const writer = newWriter();
  for (const [questionId, right] of checks) {
    t.clock.advance(0.001);
    await writer.add({
      studentId,
      questionId,
      sectionId: null,
      studentAnswer: right ? 'A' : 'B',
      isCorrect: right,
      createdAt: t.clock.now(),
    });
  }
  await writer.flush();
  await countQueue();
}

/** A sitting of `questions` whose deadline passed, each answered for `awarded` of 2 marks, submitted by the sweep. */
async function sitAndSubmit(studentId: string, answers: Array<[questionId: string, awarded: number]>) {
  const test = await buildSavedTest(t.db);
  const [given] = await rows<{ id: string }>(
    t.db,
    sql`insert into test_assignments (test_id, student_id) values (${test.id}, ${studentId}) returning id`,
  );
  const paper = answers.map(([questionId]) => ({ questionId, marks: 2 }));
  const now = t.clock.now();
  const [sitting] = await rows<{ id: string }>(
    t.db,
    sql`insert into test_attempts (assignment_id, student_id, paper, started_at, deadline, max_marks)
      values (${given.id}, ${studentId}, ${JSON.stringify(paper)}::jsonb, ${new Date(now.getTime() - 60_000).toISOString()},
        ${new Date(now.getTime() - 1000).toISOString()}, ${paper.length * 2}) returning id`,
  );
  for (const [questionId, awarded] of answers) {
    await t.db.execute(sql`insert into test_attempt_answers (attempt_id, question_id, answer, saved_at, awarded)
      values (${sitting.id}, ${questionId}, 'A', ${new Date(now.getTime() + 1000).toISOString()}, ${awarded})`);
  }
  const skills = new SkillKeeper(t.db, t.app.log, 60_000);
  const submitted = await submitExpired({ db: t.db, now: () => t.clock.now(), skills } as AppContext);
  expect(submitted).toBe(1);
  await skills.close();
  expect(await queued(studentId)).toBe(answers.length);
  await countQueue();
}

describe('keeping skills as checks are stored', () => {
  it('queues first tries with the checks and counts them only when the keeper comes', async () => {
    const s = await buildSkills(t.db);
    const student = await buildStudent(t.db);
    const writer = newWriter();
    for (const right of [true, false]) {
      t.clock.advance(0.001);
      await writer.add({
        studentId: student.id,
        questionId: s.plain[0],
        sectionId: null,
        studentAnswer: 'A',
        isCorrect: right,
        createdAt: t.clock.now(),
      });
    }
    await writer.flush();
    expect(await queued(student.id)).toBe(1);
    expect(await keptOf(student.id, s.whole)).toBeUndefined();
    await countQueue();
    expect(await queued(student.id)).toBe(0);
    expect(await keptOf(student.id, s.whole)).toMatchObject({ level: 1, first_tries: 1, first_tries_right: 1 });
    // Counting again counts nothing twice.
    await countQueue();
    expect(await keptOf(student.id, s.whole)).toMatchObject({ first_tries: 1 });
  });

  it('counts first tries only, into the skills whose focus area and category the question carries', async () => {
    const s = await buildSkills(t.db);
    const student = await buildStudent(t.db);
    await answer(student.id, [
      [s.plain[0], true],
      [s.plain[0], false], // a second try: not counted
      [s.plain[1], true],
    ]);
    expect(await keptOf(student.id, s.whole)).toMatchObject({ level: 1, first_tries: 2, first_tries_right: 2 });
    // The plain questions do not carry the narrow skill's category.
    expect(await keptOf(student.id, s.narrow)).toBeUndefined();

    await answer(student.id, [[s.worded[0], true]]);
    expect(await keptOf(student.id, s.whole)).toMatchObject({ level: 3, first_tries: 3, recent_first_tries: 0b111 });
    expect(await keptOf(student.id, s.narrow)).toMatchObject({ level: 1, first_tries: 1 });
    expect(await changesOf(student.id)).toEqual([
      { skill_id: s.whole, from_level: 0, to_level: 1 },
      { skill_id: s.narrow, from_level: 0, to_level: 1 },
      { skill_id: s.whole, from_level: 1, to_level: 3 },
    ]);
  });

  it('schedules a review per skill: later after right answers, sooner after a wrong one', async () => {
    const s = await buildSkills(t.db);
    const right = await buildStudent(t.db);
    const wrong = await buildStudent(t.db);
    await answer(right.id, [[s.plain[0], true]]);
    await answer(wrong.id, [[s.plain[0], false]]);
    const [r, w] = [await keptOf(right.id, s.whole), await keptOf(wrong.id, s.whole)];
    expect(r.reviews).toBe(1);
    expect(new Date(r.review_due_at!).getTime()).toBeGreaterThan(new Date(w.review_due_at!).getTime());
    expect(new Date(w.review_due_at!).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('counts the first of two checks of one question in one batch, whatever their stamps share', async () => {
    const s = await buildSkills(t.db);
    const student = await buildStudent(t.db);
    const writer = newWriter();
    t.clock.stop();
    for (const right of [false, true]) {
      await writer.add({
        studentId: student.id,
        questionId: s.plain[0],
        sectionId: null,
        studentAnswer: 'A',
        isCorrect: right,
        createdAt: t.clock.now(),
      });
    }
    await writer.flush();
    t.clock.start();
    await countQueue();
    expect(await keptOf(student.id, s.whole)).toMatchObject({ first_tries: 1, first_tries_right: 0 });
  });

  it('takes 10,000 checks of 500 students, and counts their first tries, in a few statements per batch', async () => {
    const s = await buildSkills(t.db);
    const students = Array.from({ length: 500 }, () => randomUUID());
    await t.db.execute(sql`insert into users (id, email, password_hash, type)
      select u.id, u.id::text || '@students.example', 'x', 'student' from unnest(${sql.param(students)}::uuid[]) as u(id)`);
    const questions = [...s.plain, ...s.worded];
    const writer = newWriter();
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) {
      await writer.add({
        studentId: students[i % students.length],
        questionId: questions[Math.floor(i / students.length) % questions.length],
        sectionId: null,
        studentAnswer: 'A',
        isCorrect: i % 4 !== 0,
        createdAt: new Date(t.clock.now().getTime() + i),
      });
    }
    await writer.flush();
    const stored = performance.now() - started;
    await countQueue();
    const elapsed = performance.now() - started;
    console.info(`10,000 checks stored in ${Math.round(stored)} ms, their skills counted by ${Math.round(elapsed)} ms`);
    const [counted] = await rows<{ tries: number; skills: number }>(
      t.db,
      sql`select sum(ss.first_tries)::int as tries, count(*)::int as skills from student_skills ss
        where ss.student_id = any(${sql.param(students)}::uuid[])`,
    );
    // Each student tried each of the six questions (20 checks of 6 questions: 6 first tries) into the whole skill,
    // and the two worded ones into the narrow skill too.
    expect(counted).toEqual({ tries: 500 * (6 + 2), skills: 1000 });
    expect(elapsed).toBeLessThan(60_000);
  }, 120_000);
});

describe('a submitted sitting', () => {
  it('confirms Proficient as Mastered, and a wrong answer there lowers a level', async () => {
    const s = await buildSkills(t.db);
    const student = await buildStudent(t.db);
    await answer(student.id, [
      [s.plain[0], true],
      [s.plain[1], true],
      [s.plain[2], true],
    ]);
    expect((await keptOf(student.id, s.whole)).level).toBe(3);
    t.clock.advance(60);
    await sitAndSubmit(student.id, [[s.plain[3], 2]]);
    expect((await keptOf(student.id, s.whole)).level).toBe(4);
    // Half marks are not right: Mastered falls to Proficient.
    t.clock.advance(60);
    await sitAndSubmit(student.id, [[s.plain[0], 1]]);
    expect(await keptOf(student.id, s.whole)).toMatchObject({ level: 3, first_tries: 5, first_tries_right: 4 });
    expect((await changesOf(student.id)).map((c) => c.to_level)).toEqual([1, 3, 4, 3]);
  });
});

describe('rebuilding skills from stored answers', () => {
  it('reaches the state that keeping reached, from the answers and sittings in time order', async () => {
    const s = await buildSkills(t.db);
    const student = await buildStudent(t.db);
    await answer(student.id, [
      [s.plain[0], true],
      [s.plain[0], false],
      [s.worded[0], false],
      [s.plain[1], true],
      [s.plain[2], true],
      [s.worded[1], true],
    ]);
    t.clock.advance(60);
    await sitAndSubmit(student.id, [
      [s.plain[3], 2],
      [s.worded[0], 0],
    ]);
    const kept = [await keptOf(student.id, s.whole), await keptOf(student.id, s.narrow)];
    const keptChanges = await changesOf(student.id);
    await t.db.execute(sql`update student_skills set level = 0, first_tries = 0 where student_id = ${student.id}`);
    await rebuildStudentSkills(t.db, [student.id]);
    expect([await keptOf(student.id, s.whole), await keptOf(student.id, s.narrow)]).toEqual(kept);
    expect(await changesOf(student.id)).toEqual(keptChanges);
  });

  it('leaves a student with no answers without skills', async () => {
    const student = await buildStudent(t.db);
    await rebuildStudentSkills(t.db, [student.id]);
    expect(await changesOf(student.id)).toEqual([]);
  });
});
