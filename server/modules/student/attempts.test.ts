/** The attempt writer's notices: every student of a statement named, each notice within PostgreSQL's payload limit. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAttempts } from '../../db/schema';
import { CHANNELS } from '../../db/changes';
import { Memo } from '../../lib/kept/stores';
import { buildQuestion } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { attemptWriter, STUDENTS_PER_NOTICE } from './attempts';
import type { StudentTotals } from './progress';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the attempt writer', () => {
  it('names every student of a statement in notices of at most 150 students, within 8,000 bytes each', async () => {
    const students = Array.from({ length: 2 * STUDENTS_PER_NOTICE + 20 }, () => randomUUID());
    await t.db.execute(sql`insert into users (id, email, password_hash, type)
      select u.id, u.id::text || '@students.example', 'x', 'student' from unnest(${sql.param(students)}::uuid[]) as u(id)`);
    const question = await buildQuestion(t.db);
    const notices: string[] = [];
    await t.database.listen(CHANNELS.attempts, (payload) => notices.push(payload));
    const writer = attemptWriter(
      t.db,
      t.app.log,
      {
        instance: 'instance-a',
        totals: new Memo<StudentTotals, { student: string }>(1024 * 1024),
      },
      () => {},
    );
    // Twenty with two attempts: a student is named once however many rows of theirs the statement holds.
    const rows = [...students, ...students.slice(0, 20)];
    for (const studentId of rows) {
      await writer.add({
        studentId,
        questionId: question.id,
        sectionId: null,
        studentAnswer: 'A',
        isCorrect: true,
        createdAt: t.clock.now(),
      });
    }
    await writer.flush();
    await expect.poll(() => notices.length).toBe(3);
    const named = notices.map((payload) => payload.split(' '));
    expect(named.every(([instance]) => instance === 'instance-a')).toBe(true);
    expect(named.map((ids) => ids.length - 1).sort((a, b) => a - b)).toEqual([
      20,
      STUDENTS_PER_NOTICE,
      STUDENTS_PER_NOTICE,
    ]);
    expect(new Set(named.flatMap(([, ...ids]) => ids))).toEqual(new Set(students));
    expect(Math.max(...notices.map((payload) => Buffer.byteLength(payload)))).toBeLessThan(8000);
    expect((await t.db.select().from(answerAttempts)).length).toBe(rows.length);
  });
});
