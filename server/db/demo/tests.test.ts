import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classes, testAttempts, tests, users } from '../schema';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { signIn } from '../../test/factories';
import { DEMO_PASSWORD } from './accounts';
import { seedDemo } from './index';
import { DEMO_CLASS_NAME } from './classes';
import { DEMO_OFFERINGS } from './offerings';
import { DEMO_TEST_CODE } from './tests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo test', () => {
  it('is sat, submitted and released once, scored by the checker, with math in its keys, answers and description', async () => {
    await seedDemo(t.db, t.app.uploads);
    await seedDemo(t.db, t.app.uploads);
    expect(await t.db.select().from(tests).where(eq(tests.code, DEMO_TEST_CODE))).toHaveLength(1);
    const [leo] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'student@demo.academy'));
    expect(await t.db.select().from(testAttempts).where(eq(testAttempts.studentId, leo.id))).toHaveLength(1);
    // The demo class's sitting of the same test (classes.ts), seeded once too.
    expect(await t.db.select().from(classes).where(eq(classes.name, DEMO_CLASS_NAME))).toHaveLength(1);
    expect(await t.db.select().from(testAttempts)).toHaveLength(2);

    const cookie = await signIn(t.app, { email: 'student@demo.academy', password: DEMO_PASSWORD });
    const listed = (await call(t.app, cookie, { method: 'GET', url: '/api/student/tests' })).json().tests;
    const demo = listed.find((x: { name: string }) => x.name === 'Fractions Check-up');
    const attempt = (
      await call(t.app, cookie, { method: 'GET', url: `/api/student/attempts/${demo.attemptId}` })
    ).json().attempt;
    expect(attempt.released).toBe(true);
    expect(attempt.score).toMatchObject({ marks: 6, maxMarks: 8 });
    expect(attempt.results.map((r: { awarded: number }) => r.awarded)).toEqual([2, 0, 2, 1, 0, 1]);
    const answers: string[] = attempt.results.map((r: { answer: string }) => r.answer);
    expect(answers).toContain(JSON.stringify(['3\\,\\frac13']));
    expect(answers.some((a) => a.includes('\\begin{bmatrix}'))).toBe(true);
  });
});

describe('the demo catalogue', () => {
  it('publishes the landing page offerings once, each with its own price and the demo content it grants', async () => {
    await seedDemo(t.db, t.app.uploads);
    const list = (await call(t.app, null, { method: 'GET', url: '/api/offerings' })).json();
    expect(list.map((o: { title: string; priceMinor: number }) => [o.title, o.priceMinor])).toEqual(
      DEMO_OFFERINGS.map((o) => [o.title, o.priceMinor]),
    );
    const detail = (
      await call(t.app, null, { method: 'GET', url: '/api/offerings/elementary-standardized-test-prep' })
    ).json();
    expect(detail.contents.map((c: { title: string }) => c.title)).toEqual([
      'SSAT Elementary Prep',
      'MAP Grade 5 Math',
      'Fractions Check-up',
    ]);
  });
});
