/**
 * Starting practice from several clicks or devices at once makes one session. On PostgreSQL, as every test of
 * simultaneous work: PGlite runs one statement at a time, so two starts could not overlap there.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/prepared';
import { buildQuestion, buildStudent, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
});
afterAll(() => t.close());

describe('starting practice at once', () => {
  it('makes one session for eight simultaneous starts, each told the same one', async () => {
    const student = await buildStudent(t.db, { grade: '5' });
    const cookie = await signIn(t.app, student);
    const [focus] = await rows<{ id: string }>(
      t.db,
      sql`insert into focus_areas (name) values ('Race area') returning id`,
    );
    const [skill] = await rows<{ id: string }>(
      t.db,
      sql`insert into skills (focus_area_id) values (${focus.id}) returning id`,
    );
    for (let i = 0; i < 15; i++) {
      const q = await buildQuestion(t.db, { grade: 5 });
      await t.db.execute(sql`insert into question_focus (question_id, focus_id) values (${q.id}, ${focus.id})`);
    }
    await t.db.execute(
      sql`insert into student_skills (student_id, skill_id, level) values (${student.id}, ${skill.id}, 2)`,
    );

    const replies = await Promise.all(
      Array.from({ length: 8 }, () => call(t.app, cookie, { method: 'POST', url: '/api/student/practice' })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array<number>(8).fill(200));
    const ids = new Set(replies.map((r) => r.json().session.id as string));
    expect(ids.size).toBe(1);
    const [count] = await rows<{ sessions: number; given: number }>(
      t.db,
      sql`select (select count(*)::int from practice_sessions ps where ps.student_id = ${student.id}) as sessions,
        (select count(*)::int from practice_questions pq where pq.student_id = ${student.id}) as given`,
    );
    expect(count).toEqual({ sessions: 1, given: 10 });
  }, 60_000);
});
