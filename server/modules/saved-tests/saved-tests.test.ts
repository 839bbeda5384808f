/**
 * Saved tests and the random draw: every route's happy path, each rule with
 * its message, refused roles, bad input, the gap a deleted question leaves, and the draw's uniformity.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEST_QUESTIONS, TEST_CODE_PATTERN, TEST_MESSAGES } from '../../../common/rules/tests';
import { randomDrawBody, type TestDetail } from '../../../common/schemas/tests';
import {
  questionCategories,
  questions,
  teacherStudents,
  testAssignments,
  testAttempts,
  testQuestions,
  tests,
} from '../../db/schema';
import { buildOneOfEach, buildQuestion, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildTags } from '../../test/questionFixtures';
import { drawRandom, newTestCode, withFreshCode } from './service';

let t: TestApp;
let people: Awaited<ReturnType<typeof buildOneOfEach>>;
let teacher: string;
let admin: string;
let dataEntry: string;
let qs: string[];
let tags: Awaited<ReturnType<typeof buildTags>>;

const as = (cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

const entries = (ids: string[]) => ids.map((questionId, i) => ({ questionId, order: i + 1 }));
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Fractions quiz',
  type: 'test',
  description: 'Adding fractions',
  instructions: 'Show your work.',
  timeLimit: 30,
  totalMarks: null,
  testCode: '',
  questions: entries(qs.slice(0, 3)),
  ...overrides,
});
const testCount = async () => (await t.db.select({ n: count() }).from(tests))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  people = await buildOneOfEach(t.db);
  [teacher, admin, dataEntry] = await Promise.all([
    signIn(t.app, people.teacher),
    signIn(t.app, people.admin),
    signIn(t.app, people['data-entry']),
  ]);
  tags = await buildTags(t.db);
  qs = [];
  for (let i = 0; i < 8; i++)
    qs.push((await buildQuestion(t.db, { questionText: `Question number ${i}`, grade: i < 4 ? 5 : 7 })).id);
});
afterAll(() => t.close());

describe('POST /api/tests', () => {
  it('saves a test with its questions in order, marks defaulting to 1, and no code', async () => {
    const response = await as(
      teacher,
      'POST',
      '/api/tests',
      body({
        questions: [
          { questionId: qs[2], order: 3 },
          { questionId: qs[0], order: 1, marks: 4 },
          { questionId: qs[1], order: 2 },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const { message, test } = response.json() as { message: string; test: TestDetail };
    expect(message).toBe(TEST_MESSAGES.saved);
    expect(test).toMatchObject({
      name: 'Fractions quiz',
      type: 'test',
      testCode: null,
      timeLimit: 30,
      totalMarks: null,
      marks: 6,
      questionCount: 3,
      missingCount: 0,
    });
    expect(test.author).toEqual({ id: people.teacher.id, name: 'Firstteacher Tester' });
    expect(test.questions.map((q) => [q.order, q.question?.id, q.marks])).toEqual([
      [1, qs[0], 4],
      [2, qs[1], 1],
      [3, qs[2], 1],
    ]);
  });

  it('gives an assessment a TEST- code of 6 unconfusable characters, ignoring a code sent', async () => {
    const response = await as(admin, 'POST', '/api/tests', body({ type: 'assessment', testCode: 'TEST-AAAAAA' }));
    expect(response.statusCode).toBe(201);
    const code = response.json().test.testCode as string;
    expect(code).toMatch(TEST_CODE_PATTERN);
    expect(code).not.toBe('TEST-AAAAAA');
  });

  it('codes are spread over the whole code space and never use look-alike characters', () => {
    // 25^6 (about 2.4e8) codes: 5,000 draws share one in about 20 runs (birthday bound), so exact uniqueness is the
    // unique index's job (a clash is retried); a weak generator would repeat far more than ten.
    const codes = new Set(Array.from({ length: 5000 }, newTestCode));
    expect(codes.size).toBeGreaterThan(4990);
    for (const code of codes) expect(code.slice(5)).not.toMatch(/[0O1IL2Z5S8B]/);
  });

  it('tries another code when the one drawn is taken (the unique index refuses it), and gives up after five', async () => {
    const taken = (await as(admin, 'POST', '/api/tests', body({ type: 'assessment' }))).json().test.testCode as string;
    const insert = (code: string) =>
      t.db.insert(tests).values({ title: 'Clash', type: 'assessment', code }).returning({ code: tests.code });
    const drawn = [taken, 'TEST-CCCCCC'];
    const [row] = await withFreshCode(insert, () => drawn.shift()!);
    expect(row.code).toBe('TEST-CCCCCC');
    await expect(withFreshCode(insert, () => taken)).rejects.toMatchObject({
      status: 409,
      message: 'Could not give the assessment a unique code. Please try again.',
    });
  });

  it('data-entry staff may save tests too', async () => {
    expect((await as(dataEntry, 'POST', '/api/tests', body())).statusCode).toBe(201);
  });

  const refused: Array<[string, () => Record<string, unknown>, string]> = [
    ['no title', () => body({ name: undefined }), TEST_MESSAGES.titleRequired],
    ['a blank title', () => body({ name: '   ' }), TEST_MESSAGES.titleRequired],
    [
      'a title with NUL',
      () => body({ name: 'a\u0000b' }),
      'Test title contains a character that cannot be stored. Please remove it.',
    ],
    ['a long title', () => body({ name: 'x'.repeat(201) }), 'Test title must be at most 200 characters'],
    ['an unknown type', () => body({ type: 'exam' }), TEST_MESSAGES.type],
    ['a time limit of 0', () => body({ timeLimit: 0 }), TEST_MESSAGES.timeLimit],
    ['a fractional time limit', () => body({ timeLimit: 1.5 }), TEST_MESSAGES.timeLimit],
    ['a time limit as text', () => body({ timeLimit: 'ten' }), TEST_MESSAGES.timeLimit],
    ['negative total marks', () => body({ totalMarks: -1 }), TEST_MESSAGES.totalMarks],
    ['fractional total marks', () => body({ totalMarks: 2.5 }), TEST_MESSAGES.totalMarks],
    ['no questions', () => body({ questions: [] }), TEST_MESSAGES.noQuestions],
    ['questions not a list', () => body({ questions: 'all' }), TEST_MESSAGES.noQuestions],
    [
      'a question twice',
      () =>
        body({
          questions: [
            { questionId: qs[0], order: 1 },
            { questionId: qs[0], order: 2 },
          ],
        }),
      TEST_MESSAGES.alreadyInTest,
    ],
    [
      'two questions at one order',
      () =>
        body({
          questions: [
            { questionId: qs[0], order: 1 },
            { questionId: qs[1], order: 1 },
          ],
        }),
      TEST_MESSAGES.order,
    ],
    ['an order of 0', () => body({ questions: [{ questionId: qs[0], order: 0 }] }), TEST_MESSAGES.order],
    ['negative marks', () => body({ questions: [{ questionId: qs[0], order: 1, marks: -1 }] }), TEST_MESSAGES.marks],
    ['too many marks', () => body({ questions: [{ questionId: qs[0], order: 1, marks: 101 }] }), TEST_MESSAGES.marks],
    [
      'a question id that is not one',
      () => body({ questions: [{ questionId: 'abc', order: 1 }] }),
      TEST_MESSAGES.questionGone,
    ],
    [
      'a question not in the bank',
      () => body({ questions: [{ questionId: '00000000-0000-4000-8000-000000000000', order: 1 }] }),
      TEST_MESSAGES.questionGone,
    ],
    [
      'too many questions',
      () =>
        body({
          questions: Array.from({ length: MAX_TEST_QUESTIONS + 1 }, (_, i) => ({ questionId: qs[0], order: i + 1 })),
        }),
      TEST_MESSAGES.tooManyQuestions,
    ],
    [
      'a long description',
      () => body({ description: 'x'.repeat(2001) }),
      'Description must be at most 2,000 characters',
    ],
  ];
  for (const [what, make, message] of refused) {
    it(`refuses ${what}: "${message}", saving nothing`, async () => {
      const before = await testCount();
      const response = await as(teacher, 'POST', '/api/tests', make());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await testCount()).toBe(before);
    });
  }

  it('refuses a body that is not JSON', async () => {
    const response = await call(t.app, teacher, {
      method: 'POST',
      url: '/api/tests',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('roles', () => {
  const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
    ['GET', '/api/tests'],
    ['POST', '/api/tests'],
    ['POST', '/api/tests/random'],
    ['GET', '/api/tests/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/tests/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/tests/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/tests/00000000-0000-4000-8000-000000000000/duplicate'],
  ];
  it('students and parents are refused (403) and visitors asked to sign in (401), changing nothing', async () => {
    const before = await testCount();
    const [student, parent] = await Promise.all([signIn(t.app, people.student), signIn(t.app, people.parent)]);
    for (const [method, url] of routes) {
      const payload =
        method === 'GET' || method === 'DELETE' ? undefined : method === 'POST' && url.endsWith('random') ? {} : body();
      expect((await as(student, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(parent, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await as(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await testCount()).toBe(before);
  });
});

describe('GET /api/tests', () => {
  let other: TestUser;
  beforeAll(async () => {
    other = people.admin;
    await as(
      admin,
      'POST',
      '/api/tests',
      body({ name: 'Geometry assessment ZETA', type: 'assessment', description: 'angles', totalMarks: 40 }),
    );
  });

  it('lists newest first with question count, marks, author and dates, 10 a page', async () => {
    const response = await as(teacher, 'GET', '/api/tests?pageSize=2');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.tests).toHaveLength(2);
    expect(list.total).toBe(await testCount());
    expect(list.tests[0]).toMatchObject({
      name: 'Geometry assessment ZETA',
      questionCount: 3,
      marks: 3,
      totalMarks: 40,
      author: { id: other.id },
    });
    expect(Date.parse(list.tests[0].createdAt)).not.toBeNaN();
    const page2 = (await as(teacher, 'GET', '/api/tests?pageSize=2&page=2')).json();
    expect(page2.tests.map((x: { id: string }) => x.id)).not.toContain(list.tests[0].id);
  });

  it('searches title, code and description, and filters by type', async () => {
    const zeta = (await as(teacher, 'GET', '/api/tests?q=zeta')).json();
    expect(zeta.tests.map((x: { name: string }) => x.name)).toEqual(['Geometry assessment ZETA']);
    const byCode = (await as(teacher, 'GET', `/api/tests?q=${zeta.tests[0].testCode.slice(5)}`)).json();
    expect(byCode.tests.map((x: { id: string }) => x.id)).toContain(zeta.tests[0].id);
    expect((await as(teacher, 'GET', '/api/tests?q=ANGLES')).json().total).toBe(1);
    expect((await as(teacher, 'GET', '/api/tests?q=%25')).json().total).toBe(0);
    const assessments = (await as(teacher, 'GET', '/api/tests?type=assessment&pageSize=50')).json();
    expect(assessments.tests.length).toBeGreaterThan(0);
    expect(
      assessments.tests.every(
        (x: { type: string; testCode: string }) => x.type === 'assessment' && TEST_CODE_PATTERN.test(x.testCode),
      ),
    ).toBe(true);
  });

  it('refuses a bad query with its message', async () => {
    expect((await as(teacher, 'GET', '/api/tests?type=quiz')).json().message).toBe(TEST_MESSAGES.type);
    expect((await as(teacher, 'GET', '/api/tests?page=0')).json().message).toBe('Page must be at least 1');
    expect((await as(teacher, 'GET', '/api/tests?pageSize=51')).statusCode).toBe(400);
  });
});

describe('one test: read, update, delete, duplicate', () => {
  let id: string;
  beforeAll(async () => {
    id = (await as(teacher, 'POST', '/api/tests', body({ name: 'Editable' }))).json().test.id;
  });

  it('GET answers its questions in order with the full staff detail (answer, solution)', async () => {
    const test = (await as(admin, 'GET', `/api/tests/${id}`)).json() as TestDetail;
    expect(test.questions.map((q) => q.question?.id)).toEqual(qs.slice(0, 3));
    expect(test.questions[0].question).toMatchObject({
      answer: { a1: ['A'] },
      solution: expect.stringContaining('denominator'),
    });
    expect((await as(admin, 'GET', '/api/tests/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await as(admin, 'GET', '/api/tests/not-an-id')).statusCode).toBe(400);
  });

  it('PUT replaces fields and questions; becoming an assessment gives a code kept through edits, and a test again drops it', async () => {
    const first = await as(
      teacher,
      'PUT',
      `/api/tests/${id}`,
      body({ name: 'Edited', type: 'assessment', questions: entries([qs[4], qs[3]]) }),
    );
    expect(first.statusCode).toBe(200);
    const edited = first.json().test as TestDetail;
    expect(edited.name).toBe('Edited');
    expect(edited.questions.map((q) => q.question?.id)).toEqual([qs[4], qs[3]]);
    expect(edited.testCode).toMatch(TEST_CODE_PATTERN);
    const again = (
      await as(teacher, 'PUT', `/api/tests/${id}`, body({ name: 'Edited twice', type: 'assessment' }))
    ).json().test as TestDetail;
    expect(again.testCode).toBe(edited.testCode);
    const plain = (await as(teacher, 'PUT', `/api/tests/${id}`, body({ type: 'test' }))).json().test as TestDetail;
    expect(plain.testCode).toBeNull();
  });

  it('PUT refuses bad input with its message and changes nothing; an unknown test is 404', async () => {
    const before = (await as(teacher, 'GET', `/api/tests/${id}`)).json();
    const response = await as(teacher, 'PUT', `/api/tests/${id}`, body({ name: '', questions: [] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(TEST_MESSAGES.titleRequired);
    const gone = await as(
      teacher,
      'PUT',
      `/api/tests/${id}`,
      body({ questions: [{ questionId: '00000000-0000-4000-8000-000000000000', order: 1 }] }),
    );
    expect(gone.json().message).toBe(TEST_MESSAGES.questionGone);
    expect((await as(teacher, 'GET', `/api/tests/${id}`)).json()).toEqual(before);
    expect((await as(teacher, 'PUT', '/api/tests/00000000-0000-4000-8000-000000000000', body())).statusCode).toBe(404);
  });

  it('duplicates with the same questions and a code of its own', async () => {
    const source = (await as(teacher, 'POST', '/api/tests', body({ name: 'Original', type: 'assessment' }))).json()
      .test as TestDetail;
    const response = await as(dataEntry, 'POST', `/api/tests/${source.id}/duplicate`);
    expect(response.statusCode).toBe(201);
    const copy = response.json().test as TestDetail;
    expect(copy).toMatchObject({
      name: 'Copy of Original',
      type: 'assessment',
      questionCount: 3,
      author: { id: people['data-entry'].id },
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.testCode).toMatch(TEST_CODE_PATTERN);
    expect(copy.testCode).not.toBe(source.testCode);
    expect(copy.questions.map((q) => q.question?.id)).toEqual(source.questions.map((q) => q.question?.id));
    expect((await as(teacher, 'POST', '/api/tests/00000000-0000-4000-8000-000000000000/duplicate')).statusCode).toBe(
      404,
    );
  });

  it('DELETE removes the test and its rows; a second delete is 404', async () => {
    const response = await as(teacher, 'DELETE', `/api/tests/${id}`);
    expect(response.json().message).toBe(TEST_MESSAGES.deleted);
    expect((await t.db.select().from(testQuestions).where(eq(testQuestions.testId, id))).length).toBe(0);
    expect((await as(teacher, 'DELETE', `/api/tests/${id}`)).statusCode).toBe(404);
    expect((await as(teacher, 'GET', `/api/tests/${id}`)).json().message).toBe(TEST_MESSAGES.notFound);
  });
});

describe('a question deleted from the bank', () => {
  it('leaves a visible gap at its position; the other questions keep their numbers', async () => {
    const doomed = (await buildQuestion(t.db, { questionText: 'Soon gone' })).id;
    const test = (await as(teacher, 'POST', '/api/tests', body({ questions: entries([qs[0], doomed, qs[1]]) }))).json()
      .test as TestDetail;
    expect((await as(teacher, 'DELETE', `/api/questions/${doomed}`)).statusCode).toBe(200);
    const after = (await as(teacher, 'GET', `/api/tests/${test.id}`)).json() as TestDetail;
    expect(after.questions.map((q) => [q.order, q.question?.id ?? null])).toEqual([
      [1, qs[0]],
      [2, null],
      [3, qs[1]],
    ]);
    expect(after).toMatchObject({ questionCount: 2, missingCount: 1, marks: 2 });
    const copy = (await as(teacher, 'POST', `/api/tests/${test.id}/duplicate`)).json().test as TestDetail;
    expect(copy.missingCount).toBe(1);
  });
});

describe('POST /api/tests/random', () => {
  it('draws 10 distinct questions by default, none already in the test, from the filters only', async () => {
    const all = (await as(teacher, 'POST', '/api/tests/random', { exclude: [] })).json();
    const bank = (await t.db.select({ n: count() }).from(questions))[0].n;
    expect(all.questions).toHaveLength(Math.min(10, bank));
    expect(new Set(all.questions.map((q: { id: string }) => q.id)).size).toBe(all.questions.length);
    // What the builder shows, no more: the tags, answer and solution come with the saved test.
    expect(Object.keys(all.questions[0]).sort()).toEqual(['grade', 'id', 'questionText', 'type']);

    const grade7 = (
      await as(teacher, 'POST', '/api/tests/random', { count: 50, filters: { grade: 7 }, exclude: [qs[4]] })
    ).json();
    const ids = grade7.questions.map((q: { id: string }) => q.id).sort();
    expect(ids).toEqual([qs[5], qs[6], qs[7]].sort());
    expect(grade7.available).toBe(3);
  });

  it('follows category filters, and sees questions added to the bank after a draw', async () => {
    const filters = { category: tags.categories[1].id };
    expect((await as(teacher, 'POST', '/api/tests/random', { count: 5, filters })).json().questions).toEqual([]);
    await t.db.insert(questionCategories).values({ questionId: qs[2], categoryId: tags.categories[1].id });
    // The link tables' triggers announce the change, which empties the kept ids on commit.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drawn = (
      await as(teacher, 'POST', '/api/tests/random', { count: 5, filters: { category: [tags.categories[1].id] } })
    ).json();
    expect(drawn.questions.map((q: { id: string }) => q.id)).toEqual([qs[2]]);
  });

  for (const [what, count] of [
    ['0', 0],
    ['51', 51],
    ['1.5', 1.5],
    ['text', 'ten'],
  ] as const) {
    it(`refuses a count of ${what}: "${TEST_MESSAGES.randomCount}"`, async () => {
      const response = await as(teacher, 'POST', '/api/tests/random', { count });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(TEST_MESSAGES.randomCount);
    });
  }
});

describe('the random draw (a bank of 200, fixed seed)', () => {
  /** mulberry32: a seeded generator, so the test is the same on every run. */
  function seeded(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }
  let bank: string[];
  let db: TestApp['db'];
  beforeAll(async () => {
    db = t.db;
    const rows = await db
      .insert(questions)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          questionText: `Uniform ${i}`,
          grade: 11,
          type: 'Multiple Choice' as const,
          answer: { a1: ['A'] },
          options: { A: '1', B: '2' },
        })),
      )
      .returning({ id: questions.id });
    bank = rows.map((r) => r.id);
  });

  it('is uniform over the whole filtered bank, never repeats and never picks an excluded question', async () => {
    const random = seeded(20261123);
    const exclude = bank.slice(0, 20);
    const counts = new Map<string, number>();
    const draws = 600;
    const draw = randomDrawBody.parse({ count: 10, filters: { grade: 11 }, exclude });
    const ids = await import('../questions/queries').then((m) => m.matchingIds(db, draw.filters));
    const memo = { remember: async () => ids } as unknown as NonNullable<Parameters<typeof drawRandom>[2]>['ids'];
    for (let i = 0; i < draws; i++) {
      const { questions: picked, available } = await drawRandom(db, draw, { ids: memo, random });
      expect(available).toBe(180);
      expect(new Set(picked.map((q) => q.id)).size).toBe(10);
      for (const q of picked) counts.set(q.id, (counts.get(q.id) ?? 0) + 1);
    }
    for (const id of exclude) expect(counts.has(id)).toBe(false);
    expect(counts.size).toBe(180);
    // Chi-square against the uniform 10/180 per draw, 179 degrees of freedom: 99.9th percentile about 242.
    const expected = (draws * 10) / 180;
    const chi2 = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(242);
    // And it can fail: a draw that favored the oldest questions would be far off.
    const biased = bank.slice(20).map((_, i) => (i < 90 ? expected * 1.3 : expected * 0.7));
    expect(biased.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0)).toBeGreaterThan(242);
  });
});

describe('a test that has been sat: archived, not deleted', () => {
  it('refuses the delete (409) and keeps the sittings; archiving hides it from the lists to build and assign from, keeps its results, and restoring brings it back', async () => {
    const created = await as(teacher, 'POST', '/api/tests', body({ name: 'Sat once quiz' }));
    const id = created.json().test.id as string;
    // The teacher's own student sits it.
    await t.db.insert(teacherStudents).values({ teacherId: people.teacher.id, studentId: people.student.id });
    expect((await as(teacher, 'POST', `/api/tests/${id}/assign`, { studentIds: [people.student.id] })).statusCode).toBe(
      200,
    );
    const student = await signIn(t.app, people.student);
    const assignmentId = (
      (await as(student, 'GET', '/api/student/tests')).json().tests as Array<{ testId: string; assignmentId: string }>
    ).find((x) => x.testId === id)!.assignmentId;
    expect((await as(student, 'POST', `/api/student/tests/${assignmentId}/start`)).statusCode).toBe(200);

    for (const cookie of [teacher, admin]) {
      const refused = await as(cookie, 'DELETE', `/api/tests/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(TEST_MESSAGES.deleteTaken);
      expect(refused.json().message).toBe(
        'This test has been taken, so it cannot be deleted. Archive it instead to keep its results.',
      );
    }
    expect((await t.db.select({ n: count() }).from(testAttempts))[0].n).toBeGreaterThan(0);
    expect((await as(teacher, 'GET', `/api/tests/${id}`)).json()).toMatchObject({ sittingCount: 1, archivedAt: null });

    const archived = await as(teacher, 'POST', `/api/tests/${id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().message).toBe(TEST_MESSAGES.archived);
    expect(archived.json().test.archivedAt).toEqual(expect.any(String));
    const listed = async (query: string) =>
      ((await as(teacher, 'GET', `/api/tests?pageSize=50${query}`)).json().tests as Array<{ id: string }>).map(
        (x) => x.id,
      );
    expect(await listed('')).not.toContain(id);
    expect(await listed('&status=active')).not.toContain(id);
    expect(await listed('&status=archived')).toEqual([id]);
    expect(await listed('&status=all')).toContain(id);
    expect((await as(teacher, 'GET', '/api/tests?status=gone')).statusCode).toBe(400);
    // Not assigned again nor edited while archived; its results are still there.
    const assign = await as(teacher, 'POST', `/api/tests/${id}/assign`, { studentIds: [people.student.id] });
    expect(assign.statusCode).toBe(409);
    expect(assign.json().message).toBe(TEST_MESSAGES.giveArchived);
    const edit = await as(teacher, 'PUT', `/api/tests/${id}`, body({ name: 'Edited while archived' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(TEST_MESSAGES.isArchived);
    const results = await as(teacher, 'GET', `/api/tests/${id}/results`);
    expect(results.statusCode).toBe(200);
    expect(results.json().students.map((s: { studentId: string }) => s.studentId)).toEqual([people.student.id]);

    const restored = await as(teacher, 'POST', `/api/tests/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe(TEST_MESSAGES.restored);
    expect(restored.json().test.archivedAt).toBeNull();
    expect(await listed('')).toContain(id);
  });

  it('deletes a test that was assigned but never sat, with its assignments', async () => {
    const id = (await as(admin, 'POST', '/api/tests', body({ name: 'Never sat quiz' }))).json().test.id as string;
    expect((await as(admin, 'POST', `/api/tests/${id}/assign`, { studentIds: [people.student.id] })).statusCode).toBe(
      200,
    );
    expect((await as(admin, 'DELETE', `/api/tests/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(testAssignments).where(eq(testAssignments.testId, id))).toEqual([]);
  });
});

describe('deleting a test while its student starts it', () => {
  it('either the delete comes first (the start is 404) or the sitting does (the delete is 409): never a deleted test that was sat', async () => {
    const student = await signIn(t.app, people.student);
    const outcomes: number[][] = [];
    for (let i = 0; i < 6; i++) {
      const id = (await as(admin, 'POST', '/api/tests', body({ name: `Race quiz ${i}` }))).json().test.id as string;
      expect((await as(admin, 'POST', `/api/tests/${id}/assign`, { studentIds: [people.student.id] })).statusCode).toBe(
        200,
      );
      const assignmentId = (
        (await as(student, 'GET', '/api/student/tests')).json().tests as Array<{ testId: string; assignmentId: string }>
      ).find((x) => x.testId === id)!.assignmentId;
      const [deleted, started] = await Promise.all([
        as(admin, 'DELETE', `/api/tests/${id}`),
        as(student, 'POST', `/api/student/tests/${assignmentId}/start`),
      ]);
      const sittings = (
        await t.db.select({ n: count() }).from(testAttempts).where(eq(testAttempts.assignmentId, assignmentId))
      )[0].n;
      const left = (await t.db.select({ n: count() }).from(tests).where(eq(tests.id, id)))[0].n;
      outcomes.push([deleted.statusCode, started.statusCode, sittings, left]);
    }
    for (const outcome of outcomes)
      expect([
        [409, 200, 1, 1],
        [200, 404, 0, 0],
      ]).toContainEqual(outcome);
  });
});
