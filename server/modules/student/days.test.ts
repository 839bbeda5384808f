/** Activity per day, counted as the checks are stored and rebuilt from the stored answers: the same figures. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryDays, questionCategories, studentDays } from '../../db/schema';
import { Memo } from '../../lib/kept/stores';
import { buildInTurn, buildQuestion, buildStudent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { attemptWriter, type NewAttempt } from './attempts';
import type { StudentTotals } from './progress';
import { rebuildDays } from '../../db/days';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function writer() {
  return attemptWriter(
    t.db,
    t.app.log,
    {
      instance: 'instance-a',
      totals: new Memo<StudentTotals, { student: string }>(1024 * 1024),
    },
    () => {},
  );
}

const at = (iso: string) => new Date(iso);

async function days(studentId: string) {
  const found = await t.db
    .select()
    .from(studentDays)
    .where(sql`${studentDays.studentId} = ${studentId}`);
  return found
    .sort((a, b) => a.day.localeCompare(b.day))
    .map(({ day, checks, solved, firstTries, firstTriesRight, activeMinutes }) => ({
      day,
      checks,
      solved,
      firstTries,
      firstTriesRight,
      activeMinutes,
    }));
}

describe('activity per day', () => {
  it('counts checks, solved, first tries and active minutes per UTC day, whatever the statements', async () => {
    const student = await buildStudent(t.db);
    const [algebra] = await t.db.insert(categories).values({ name: 'Days algebra' }).returning();
    const [geometry] = await t.db.insert(categories).values({ name: 'Days geometry' }).returning();
    const q1 = await buildQuestion(t.db, { grade: 4 });
    const q2 = await buildQuestion(t.db, { grade: 6 });
    await t.db.insert(questionCategories).values([
      { questionId: q1.id, categoryId: algebra.id },
      { questionId: q1.id, categoryId: geometry.id },
      { questionId: q2.id, categoryId: algebra.id },
    ]);
    const check = (questionId: string, isCorrect: boolean, when: string): NewAttempt => ({
      studentId: student.id,
      questionId,
      sectionId: null,
      studentAnswer: 'A',
      isCorrect,
      createdAt: at(when),
    });
    const w = writer();
    // Day one: q1 wrong then right (first try wrong, solved once), q2 right at once; a 10-minute pause splits sessions.
    // Cut into three statements, one of them within a minute's session, so the joins between statements count.
    await w.add(check(q1.id, false, '2026-03-02T10:00:10Z'));
    await w.flush();
    await w.add(check(q1.id, true, '2026-03-02T10:01:50Z'));
    await w.add(check(q1.id, true, '2026-03-02T10:02:05Z'));
    await w.flush();
    await w.add(check(q2.id, true, '2026-03-02T10:12:30Z'));
    // Day two, just after midnight UTC: q1 again (neither a first try nor solved), q2 wrong.
    await w.add(check(q1.id, true, '2026-03-03T00:00:30Z'));
    await w.add(check(q2.id, false, '2026-03-03T00:04:40Z'));
    await w.flush();
    const expected = [
      // Minutes 10:00, 10:01, 10:02 (a session of three minutes) and 10:12 alone.
      { day: '2026-03-02', checks: 4, solved: 2, firstTries: 2, firstTriesRight: 1, activeMinutes: 4 },
      { day: '2026-03-03', checks: 2, solved: 0, firstTries: 0, firstTriesRight: 0, activeMinutes: 5 },
    ];
    expect(await days(student.id)).toEqual(expected);
    const byCategory = async () =>
      (
        await t.db
          .select()
          .from(categoryDays)
          .where(sql`${categoryDays.categoryId} in (${algebra.id}, ${geometry.id})`)
      )
        .map(
          (r) =>
            `${r.day} g${r.grade} ${r.categoryId === algebra.id ? 'algebra' : 'geometry'} ${r.checks}/${r.correct}`,
        )
        .sort();
    const expectedCategories = [
      '2026-03-02 g4 algebra 3/2',
      '2026-03-02 g4 geometry 3/2',
      '2026-03-02 g6 algebra 1/1',
      '2026-03-03 g4 algebra 1/1',
      '2026-03-03 g4 geometry 1/1',
      '2026-03-03 g6 algebra 1/0',
    ];
    expect(await byCategory()).toEqual(expectedCategories);

    // The rebuild from the stored answers reads the same figures.
    await rebuildDays(t.db);
    expect(await days(student.id)).toEqual(expected);
    expect(await byCategory()).toEqual(expectedCategories);
  });

  it('counts a question answered twice within one statement once as a first try', async () => {
    const student = await buildStudent(t.db);
    const q = await buildQuestion(t.db);
    const w = writer();
    for (const [isCorrect, when] of [
      [true, '2026-04-01T09:00:00Z'],
      [true, '2026-04-01T09:00:20Z'],
      [false, '2026-04-01T09:00:40Z'],
    ] as const) {
      await w.add({
        studentId: student.id,
        questionId: q.id,
        sectionId: null,
        studentAnswer: 'A',
        isCorrect,
        createdAt: at(when),
      });
    }
    await w.flush();
    expect(await days(student.id)).toEqual([
      { day: '2026-04-01', checks: 3, solved: 1, firstTries: 1, firstTriesRight: 1, activeMinutes: 1 },
    ]);
  });

  it('stores 10,000 checks of 200 students with their days, timed', async () => {
    const students = await buildInTurn(200, () => buildStudent(t.db));
    const questionList = await buildInTurn(50, () => buildQuestion(t.db));
    const w = writer();
    const start = performance.now();
    const base = Date.parse('2026-05-04T08:00:00Z');
    for (let i = 0; i < 10_000; i++) {
      await w.add({
        studentId: students[i % 200].id,
        questionId: questionList[(i * 7) % 50].id,
        sectionId: null,
        studentAnswer: 'A',
        isCorrect: i % 3 !== 0,
        createdAt: new Date(base + i * 1000),
      });
    }
    await w.flush();
    const elapsed = performance.now() - start;
    console.info(`10,000 checks stored with their days in ${Math.round(elapsed)} ms`);
    const [total] = await t.db
      .execute(sql`select sum(s_d.checks)::int as checks from student_days s_d where s_d.day = '2026-05-04'`)
      .then((r) => (r as unknown as { rows: Array<{ checks: number }> }).rows);
    expect(total.checks).toBe(10_000);
  });

  it('stores a check as fast after 50,000 wrong tries of its question as after none, and still counts it solved', async () => {
    const student = await buildStudent(t.db);
    const stuck = await buildQuestion(t.db);
    const fresh = await buildQuestion(t.db);
    await t.db.execute(sql`insert into answer_attempts (student_id, question_id, answer, is_correct, created_at)
      select ${student.id}::uuid, ${stuck.id}::uuid, '"B"'::jsonb, false, '2026-04-01T00:00:00Z'::timestamptz + g * interval '1 second'
      from generate_series(1, 50000) g`);
    // Among an academy's other answers, as the planner sees them in production: 200 students, 50,000 tries.
    const others = await buildInTurn(200, () => buildStudent(t.db));
    await t.db.execute(sql`insert into answer_attempts (student_id, question_id, answer, is_correct, created_at)
      select o_s.id, ${fresh.id}::uuid, '"A"'::jsonb, g % 3 = 0, '2026-04-01T00:00:00Z'::timestamptz + g * interval '1 second'
      from unnest(${`{${others.map((o) => o.id).join(',')}}`}::uuid[]) as o_s(id), generate_series(1, 250) g`);
    await t.db.execute(sql`analyze answer_attempts`);
    const w = writer();
    let minute = 0;
    /** The time of storing 100 wrong checks of the question, a statement of them. */
    const store = async (questionId: string) => {
      const start = performance.now();
      for (let i = 0; i < 100; i++)
        await w.add({
          studentId: student.id,
          questionId,
          sectionId: null,
          studentAnswer: 'B',
          isCorrect: false,
          createdAt: new Date(Date.parse('2026-05-10T08:00:00Z') + minute++ * 1000),
        });
      await w.flush();
      return performance.now() - start;
    };
    await store(fresh.id);
    // Rounds alternate between the two questions so that a burst of load from other tests weighs on both alike.
    const none: number[] = [];
    const many: number[] = [];
    for (let round = 0; round < 7; round++) {
      none.push(await store(fresh.id));
      many.push(await store(stuck.id));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[3];
    const afterNone = median(none);
    const afterMany = median(many);
    console.info(
      `100 checks stored in ${afterNone.toFixed(1)} ms after no wrong try, ${afterMany.toFixed(1)} ms after 50,000`,
    );
    // Each check looks for an earlier right answer: walking the wrong tries for one took half a second for 100 checks.
    expect(afterMany).toBeLessThan(3 * afterNone + 20);

    await w.add({
      studentId: student.id,
      questionId: stuck.id,
      sectionId: null,
      studentAnswer: 'A',
      isCorrect: true,
      createdAt: new Date(Date.parse('2026-05-10T08:00:00Z') + minute++ * 1000),
    });
    await w.flush();
    const [may10] = await days(student.id);
    expect(may10).toMatchObject({ day: '2026-05-10', solved: 1, firstTries: 1, checks: 15 * 100 + 1 });
  });
});
