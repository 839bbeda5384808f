/**
 * One student cannot fill the disk: every check is stored, so answers have a sensible size
 * and checks a per-user hourly allowance, shared by every server instance.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { answerAttempts, sectionQuestions, studentCourses, studentSections, studentUnits } from '../../db/schema';
import { buildCourse, buildQuestion, buildStudent, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let questionId: string;
let courseId: string;
let unitId: string;
let sectionId: string;
beforeAll(async () => {
  // The real limits.
  t = await createTestApp({ rateLimitFactor: 1 });
  const course = await buildCourse(t.db, { units: 1, sections: 1 });
  courseId = course.id;
  unitId = course.units[0].id;
  sectionId = course.units[0].sections[0].id;
  questionId = (await buildQuestion(t.db)).id;
  await t.db.insert(sectionQuestions).values({ sectionId, questionId, position: 1 });
});
afterAll(() => t.close());

/** A student who may open the course, its unit and its section: whichever access rule, the question is theirs. */
async function enrolledStudent() {
  const student = await buildStudent(t.db);
  await t.db.insert(studentCourses).values({ studentId: student.id, courseId });
  await t.db.insert(studentUnits).values({ studentId: student.id, unitId });
  await t.db.insert(studentSections).values({ studentId: student.id, sectionId });
  return { ...student, cookie: await signIn(t.app, student) };
}

const check = (app: FastifyInstance, cookie: string, studentAnswer: string) =>
  call(app, cookie, {
    method: 'POST',
    url: '/api/questions/check-answer',
    payload: { questionId, studentAnswer, sectionId },
  });

async function attemptsOf(studentId: string): Promise<number> {
  await t.app.flushWrites();
  const [row] = await t.db.select({ n: count() }).from(answerAttempts).where(eq(answerAttempts.studentId, studentId));
  return row.n;
}

describe('the size of an answer', () => {
  it('takes 2,000 characters and refuses more with a clear message, storing nothing', async () => {
    const student = await enrolledStudent();
    expect((await check(t.app, student.cookie, 'x'.repeat(2_000))).statusCode).toBe(200);
    const tooLong = await check(t.app, student.cookie, 'x'.repeat(2_001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Your answer must be at most 2,000 characters');
    expect(await attemptsOf(student.id)).toBe(1);
  });
});

describe('checks per user', () => {
  it(
    'allows 600 an hour, then answers 429 and stores no more, until the hour has passed',
    { timeout: 180_000 },
    async () => {
      const student = await enrolledStudent();
      for (let i = 0; i < 600; i++) {
        const response = await check(t.app, student.cookie, 'A');
        if (response.statusCode !== 200)
          throw new Error(`check ${i + 1} answered ${response.statusCode}: ${response.body}`);
      }
      const limited = await check(t.app, student.cookie, 'A');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(
        'You have checked many answers in a short time. Please wait a few minutes and try again.',
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await attemptsOf(student.id)).toBe(600);
      // Another student is not held back.
      expect((await check(t.app, (await enrolledStudent()).cookie, 'A')).statusCode).toBe(200);
      t.clock.advance(3600);
      expect((await check(t.app, student.cookie, 'A')).statusCode).toBe(200);
    },
  );

  it('is shared by every server instance', { timeout: 180_000 }, async () => {
    // A second app on the same database plays another instance, with its own memory.
    const other = await buildApp({
      config: t.config,
      database: t.database,
      distDir: null,
      rateLimitFactor: 1,
      now: t.clock.now,
    });
    try {
      const student = await enrolledStudent();
      for (let i = 0; i < 400; i++) expect((await check(t.app, student.cookie, 'A')).statusCode).toBe(200);
      // Counts reach the shared row at most once a second: a check a second later brings the 400 there (its own
      // count waits for the next sync, so the instances together allow one more than 600 here).
      t.clock.advance(2);
      expect((await check(t.app, student.cookie, 'A')).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 201; i++) statuses.push((await check(other, student.cookie, 'A')).statusCode);
      expect(statuses.slice(0, 200)).toEqual(Array(200).fill(200));
      expect(statuses[200]).toBe(429);
    } finally {
      await other.close();
    }
  });
});
