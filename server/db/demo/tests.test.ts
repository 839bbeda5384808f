import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { classes, testAttempts, tests, users } from '../schema';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { signIn } from '../../test/factories';
import { DEMO_PASSWORD } from './accounts';
import { seedDemo } from './index';
import { DEMO_CLASS_NAME } from './classes';
import { DEMO_OFFERINGS } from './offerings';
import { DEMO_TEST_CODE } from './tests';
import { AMC8_MOCK_CODE, SSAT_MOCK_CODE } from './mocks';
import { AMC8_STYLE_MOCK, SSAT_STYLE_MOCK } from './mock-questions';
import { checkAnswer } from '../../../common/answers';
import { encodeChoices } from '../../../common/answers/wire';
import { questionBody } from '../../../common/schemas/questions';
import { buildAdmin, buildStudent } from '../../test/factories';
import type { Attempt } from '../../../common/schemas/test-taking';

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

describe('the demo mocks', () => {
  it('are an SSAT-style mock in two timed sections and an AMC-8-style mock, seeded once, sold as the mock package', async () => {
    await seedDemo(t.db, t.app.uploads);
    await seedDemo(t.db, t.app.uploads);
    const mocks = await t.db
      .select()
      .from(tests)
      .where(inArray(tests.code, [SSAT_MOCK_CODE, AMC8_MOCK_CODE]));
    expect(mocks).toHaveLength(2);
    const admin = await signIn(t.app, await buildAdmin(t.db));
    for (const mock of mocks) {
      const detail = (await call(t.app, admin, { method: 'GET', url: `/api/tests/${mock.id}` })).json();
      expect(detail.examProfile.name).toMatch(/short practice/);
      // Each question is valid by the authoring rules, and its key is right by the checker.
      for (const entry of detail.questions) {
        const q = entry.question;
        const parsed = questionBody.safeParse(q);
        expect(parsed.success, `${q.questionText}: ${parsed.error?.issues[0].message}`).toBe(true);
        expect(Object.keys(q.options)).toEqual(['A', 'B', 'C', 'D', 'E']);
        expect(checkAnswer(q, encodeChoices(q.answer.a1)).isCorrect).toBe(true);
      }
    }
    expect(SSAT_STYLE_MOCK.map((s) => s.length)).toEqual([5, 5]);
    expect(AMC8_STYLE_MOCK).toHaveLength(10);

    // The package grants both: a student enrolled in it finds them among their tests.
    const offering = (await call(t.app, null, { method: 'GET', url: '/api/offerings/mock-test-package' })).json();
    expect(offering.contents.map((c: { title: string }) => c.title)).toEqual([
      'SSAT-style mock 1',
      'AMC 8-style mock 1',
    ]);

    // Sat by a student: two sections of 5, the first 6 minutes, scored +1, -1/4, 0 with an estimate.
    const student = await buildStudent(t.db);
    const ssat = mocks.find((m) => m.code === SSAT_MOCK_CODE)!;
    await call(t.app, admin, {
      method: 'POST',
      url: `/api/tests/${ssat.id}/assign`,
      payload: { studentIds: [student.id] },
    });
    const cookie = await signIn(t.app, student);
    const given = (await call(t.app, cookie, { method: 'GET', url: '/api/student/tests' })).json().tests[0];
    const sat = (
      await call(t.app, cookie, { method: 'POST', url: `/api/student/tests/${given.assignmentId}/start` })
    ).json().attempt as Attempt;
    expect(sat.exam!.sections.map((s) => [s.name, s.first, s.last, s.minutes])).toEqual([
      ['Quantitative 1', 1, 5, 6],
      ['Quantitative 2', 6, 10, 6],
    ]);
    const done = (await call(t.app, cookie, { method: 'POST', url: `/api/student/attempts/${sat.id}/submit` })).json()
      .attempt as Attempt;
    expect(done.report).toMatchObject({ raw: 0, max: 10, blank: 10 });
    expect(done.report!.estimate!.text).toBe('Estimated scaled score 450-480');
  });
});
