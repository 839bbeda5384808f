/**
 * The hourly allowance of answer checks under a burst of checks at once. Always on PostgreSQL, as every test of
 * simultaneous requests: on PGlite, which runs one statement at a time, the reads of the shared count would be
 * taken in turn and a race between them could not show.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNING_LIMITS, LEARNING_MESSAGES } from '../../../common/schemas/learning';
import { buildApp } from '../../app';
import {
  answerAttempts,
  rateLimits,
  sectionQuestions,
  studentCourses,
  studentSections,
  studentUnits,
} from '../../db/schema';
import { buildCourse, buildQuestion, buildStudent, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // The real limits.
  t = await createTestApp({ database: 'postgres', rateLimitFactor: 1 });
});
afterAll(() => t.close());

describe('checks per user, in a burst', () => {
  it('refuses every check of a burst on an instance that has not counted the user yet, when the shared count is spent', async () => {
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    const [unit] = course.units;
    const [section] = unit.sections;
    const question = await buildQuestion(t.db);
    await t.db.insert(sectionQuestions).values({ sectionId: section.id, questionId: question.id, position: 1 });
    const student = await buildStudent(t.db);
    await t.db.insert(studentCourses).values({ studentId: student.id, courseId: course.id });
    await t.db.insert(studentUnits).values({ studentId: student.id, unitId: unit.id });
    await t.db.insert(studentSections).values({ studentId: student.id, sectionId: section.id });
    // Other instances have counted the whole hour's allowance already.
    await t.db
      .insert(rateLimits)
      .values({ key: `check:user:${student.id}`, windowStart: t.clock.now(), count: LEARNING_LIMITS.checksPerHour });

    // A fresh instance on the same database, with nothing of this user in its memory.
    const fresh = await buildApp({
      config: t.config,
      database: t.database,
      distDir: null,
      rateLimitFactor: 1,
      now: t.clock.now,
    });
    try {
      const cookie = await signIn(fresh, student);
      const burst = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(fresh, cookie, {
            method: 'POST',
            url: '/api/questions/check-answer',
            payload: { questionId: question.id, studentAnswer: 'A', sectionId: section.id },
          }),
        ),
      );
      expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(429));
      expect(burst[0].json().message).toBe(LEARNING_MESSAGES.tooManyChecks);
      await fresh.flushWrites();
      const [stored] = await t.db
        .select({ n: count() })
        .from(answerAttempts)
        .where(eq(answerAttempts.studentId, student.id));
      expect(stored.n).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
