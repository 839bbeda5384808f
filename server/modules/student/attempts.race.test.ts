/**
 * Statements of attempts in flight at once, as two instances (or one instance's two writes) send them: the same
 * students in any order. Always on PostgreSQL: PGlite runs one statement at a time, so two statements never hold
 * locks at once there.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/prepared';
import { categories, questionCategories } from '../../db/schema';
import { timeOrderedUuid } from '../../lib/crypto';
import { buildQuestion, buildStudent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { storeAttempts, type StampedAttempt } from './attempts';

let t: TestApp;
let students: string[];
let questions: string[];
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  students = (await Promise.all(Array.from({ length: 200 }, () => buildStudent(t.db)))).map((s) => s.id);
  const [category] = await t.db.insert(categories).values({ name: 'Race fractions' }).returning();
  questions = (await Promise.all([buildQuestion(t.db, { grade: 4 }), buildQuestion(t.db, { grade: 5 })])).map(
    (q) => q.id,
  );
  await t.db
    .insert(questionCategories)
    .values(questions.map((questionId) => ({ questionId, categoryId: category.id })));
});
afterAll(() => t.close());

let clock = Date.parse('2026-03-11T12:00:00Z');
/** An attempt of each question by each student, in the students' order, a millisecond apart. */
const statementOf = (studentIds: string[]): StampedAttempt[] =>
  studentIds.flatMap((studentId) =>
    questions.map((questionId) => {
      const createdAt = new Date(clock++);
      return {
        id: timeOrderedUuid(createdAt.getTime()),
        at: createdAt.toISOString(),
        createdAt,
        studentId,
        questionId,
        sectionId: null,
        studentAnswer: 'A',
        isCorrect: clock % 2 === 0,
      };
    }),
  );

const shuffled = (ids: string[]) =>
  ids
    .map((id) => ({ id, sortKey: Math.random() }))
    .sort((a, b) => a.sortKey - b.sortKey)
    .map(({ id }) => id);

const day = () => new Date(clock).toISOString().slice(0, 10);

describe('statements of attempts at once', () => {
  it('lock the days of their students in key order, whatever order the statement names them in', async () => {
    await storeAttempts(t.db, 'instance-a', statementOf(students));
    const inKeyOrder = await rows<{ id: string }>(
      t.db,
      sql`select o_d.student_id as id from student_days o_d where o_d.day = ${day()} order by o_d.student_id`,
    );
    expect(inKeyOrder).toHaveLength(students.length);
    const last = inKeyOrder.at(-1)!.id;

    // Another transaction holds the last student's day: a statement naming every student gets that far and waits.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from student_days h_d where h_d.student_id = ${last} and h_d.day = ${day()} for update`,
      );
      holding();
      await released;
    });
    await held;
    const statement = storeAttempts(t.db, 'instance-b', statementOf(shuffled(students)));
    try {
      await expect
        .poll(
          async () =>
            (
              await rows<{ n: number }>(
                t.db,
                sql`select count(*)::int as n from pg_stat_activity w_a
                  where w_a.datname = current_database() and w_a.wait_event_type = 'Lock'`,
              )
            )[0].n,
        )
        .toBe(1);
      // The rows it holds meanwhile are those it locked before it waited: in key order, every other one.
      const free = await rows<{ id: string }>(
        t.db,
        sql`select f_d.student_id as id from student_days f_d where f_d.day = ${day()} for update skip locked`,
      );
      expect(free.map((row) => row.id)).toEqual([]);
    } finally {
      release();
      await holder;
      await statement;
    }
  });

  it('store every attempt and its days, three at once, of many students in orders of their own', async () => {
    const before = await rows<{ checks: number }>(
      t.db,
      sql`select coalesce(sum(c_d.checks), 0)::int as checks from student_days c_d`,
    );
    let stored = 0;
    for (let round = 0; round < 10; round++) {
      // A new day each round: the days' rows are inserted by statements in flight at once, not only updated.
      clock += 86_400_000;
      const statements = [students, students.slice(0, 100), students.slice(0, 20)].map((ids) =>
        statementOf(shuffled(ids)),
      );
      stored += statements.flat().length;
      const results = await Promise.allSettled(
        statements.map((attempts, i) => storeAttempts(t.db, `instance-${i}`, attempts)),
      );
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
      expect(refused, `round ${round}`).toEqual([]);
    }
    const [after] = await rows<{ checks: number; categoryChecks: number; attempts: number }>(
      t.db,
      sql`select (select sum(c_d.checks)::int from student_days c_d) as checks,
        (select sum(c_c.checks)::int from category_days c_c) as "categoryChecks",
        (select count(*)::int from answer_attempts c_a) as attempts`,
    );
    expect(after.checks - before[0].checks).toBe(stored);
    expect(after).toEqual({ checks: after.attempts, categoryChecks: after.attempts, attempts: after.attempts });
  });
});
