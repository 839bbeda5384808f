/**
 * Counting queued answers from several instances at once. On PostgreSQL, as every test of simultaneous work: PGlite
 * runs one statement at a time, so two counts could not overlap there.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/prepared';
import { buildStudent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildSkills } from '../../test/skills';
import { SKILL_COUNTING_LOCK } from './keep';
import { SkillKeeper } from './keeper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
});
afterAll(() => t.close());

const ANSWERS = 1_500;

/** The same answers for each student: right and wrong in runs, on the skill's questions, one second apart. */
async function queueAnswers(studentIds: string[], questionIds: string[]) {
  const start = Date.parse('2026-03-02T09:00:00Z');
  await t.db.execute(sql`insert into skill_answer_queue (student_id, question_id, is_correct, mixed, answered_at)
    select st.id, (${sql.param(questionIds)}::uuid[])[1 + a.n % ${questionIds.length}], a.n % 7 < 4, a.n % 11 = 0,
      to_timestamp(${start / 1000} + a.n)
    from unnest(${sql.param(studentIds)}::uuid[]) as st(id), generate_series(0, ${ANSWERS - 1}) as a(n)
    order by a.n, st.id`);
}

const standing = (studentId: string, skillId: string) =>
  rows<{ level: number; first_tries: number; first_tries_right: number; recent_first_tries: number; reviews: number }>(
    t.db,
    sql`select ss.level, ss.first_tries, ss.first_tries_right, ss.recent_first_tries, ss.reviews
      from student_skills ss where ss.student_id = ${studentId} and ss.skill_id = ${skillId}`,
  );
const levelChanges = async (studentId: string) =>
  (
    await rows<{ to_level: number }>(
      t.db,
      sql`select ssc.to_level from student_skill_changes ssc where ssc.student_id = ${studentId}
        order by ssc.created_at, ssc.skill_id`,
    )
  ).map((c) => c.to_level);

describe('counting queued answers', () => {
  it('counts each answer once and in order when three instances count at once', async () => {
    const s = await buildSkills(t.db);
    const questions = [...s.plain, ...s.worded];
    const [alone, raced] = [await buildStudent(t.db), await buildStudent(t.db)];

    await queueAnswers([alone.id], questions);
    await new SkillKeeper(t.db, t.app.log).catchUp();

    await queueAnswers([raced.id], questions);
    const keepers = [0, 1, 2].map(() => new SkillKeeper(t.db, t.app.log));
    // Each count ends only when the queue is empty, whichever instance counted what: a reader sees every answer.
    const leftAfterEach = await Promise.all(
      keepers.map(async (keeper) => {
        await keeper.catchUp();
        return (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from skill_answer_queue`))[0].n;
      }),
    );
    expect(leftAfterEach).toEqual([0, 0, 0]);
    const whole = await standing(raced.id, s.whole);
    expect(whole[0].first_tries).toBe(ANSWERS);
    expect(whole).toEqual(await standing(alone.id, s.whole));
    expect(await standing(raced.id, s.narrow)).toEqual(await standing(alone.id, s.narrow));
    const changes = await levelChanges(raced.id);
    expect(changes.length).toBeGreaterThan(3);
    expect(changes).toEqual(await levelChanges(alone.id));
  }, 60_000);

  it('with nothing queued, a read does not wait for the count another instance runs; with an answer queued, it does', async () => {
    const s = await buildSkills(t.db);
    const student = await buildStudent(t.db);
    const keeper = new SkillKeeper(t.db, t.app.log);
    await keeper.catchUp();
    const later = (ms: number, outcome: string) =>
      new Promise<string>((resolve) => setTimeout(() => resolve(outcome), ms));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Another instance's count, holding the counting lock until released.
    const counting = t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SKILL_COUNTING_LOCK})`);
      locked();
      await released;
    });
    await lockTaken;
    expect(await Promise.race([keeper.catchUp().then(() => 'read'), later(5_000, 'waited')])).toBe('read');
    await t.db.execute(sql`insert into skill_answer_queue (student_id, question_id, is_correct, mixed, answered_at)
      values (${student.id}, ${s.plain[0]}, true, false, now())`);
    const read = keeper.catchUp().then(() => 'read');
    expect(await Promise.race([read, later(500, 'waiting')])).toBe('waiting');
    release();
    await counting;
    expect(await read).toBe('read');
    expect(await standing(student.id, s.whole)).toMatchObject([{ first_tries: 1 }]);
  }, 60_000);
});
