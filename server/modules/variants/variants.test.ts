/**
 * Questions with random numbers through the API: a template saved and refused, the author's preview with its
 * self-checks, each student's own variant (kept, checked, solved), "Show me another", and what staff see.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES as M } from '../../../common/rules/templates';
import { rows } from '../../db/prepared';
import { buildCourse, buildOneOfEach, buildStudent, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildTags, multipartBody, multipleChoiceFields } from '../../test/questionFixtures';

let t: TestApp;
let staff: string;
let teacher: string;
let people: Record<string, TestUser>;
let tags: Awaited<ReturnType<typeof buildTags>>;
const students: Array<{ id: string; cookie: string }> = [];
let sectionId: string;

beforeAll(async () => {
  t = await createTestApp();
  people = await buildOneOfEach(t.db);
  staff = await signIn(t.app, people.admin);
  teacher = await signIn(t.app, people.teacher);
  tags = await buildTags(t.db);
  const course = await buildCourse(t.db, { units: 1, sections: 1 });
  sectionId = course.units[0].sections[0].id;
  for (let i = 0; i < 3; i++) {
    const s = await buildStudent(t.db);
    students.push({ id: s.id, cookie: await signIn(t.app, s) });
    await post(staff, '/api/admin/assign-course', { studentId: s.id, courseId: course.id });
    await post(staff, '/api/admin/assign-unit', { studentId: s.id, unitId: course.units[0].id, withSections: true });
  }
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object) => call(t.app, cookie, { method: 'POST', url, payload });
const range = (name: string, min: number, max: number) => ({
  name,
  kind: 'range',
  min: String(min),
  max: String(max),
  step: '1',
});

/** "Add a/b and c/b", with the sum in simplest form: some variants' keys (6/8) are not, and fail the preview. */
const ADD = {
  variables: [
    range('a', 1, 7),
    range('b', 8, 8),
    range('c', 1, 7),
    { name: 's', kind: 'computed', expression: 'a + c' },
  ],
  constraints: ['a != c', 'a + c < b'],
  seeds: null,
};
const addFields = (overrides: Record<string, unknown> = {}) =>
  multipleChoiceFields(tags, {
    type: 'Fill in the Blank',
    questionText: '<p>Add {a}/{b} and {c}/{b}: ___1___</p>',
    options: {},
    answer: [['\\frac{s}{b}']],
    answerForms: [[{ kind: 'simplest' }]],
    solution: '<p>Add the tops: {a} + {c} = {s}, so $\\frac{s}{b}$.</p>',
    hint: 'Keep the bottom {b}.',
    template: ADD,
    ...overrides,
  });

async function create(fields: Record<string, unknown>) {
  return call(t.app, staff, { method: 'POST', url: '/api/questions', ...(await multipartBody(fields, [])) });
}

describe('saving a template', () => {
  it('stores the template and sends it back to staff, its markers unwritten', async () => {
    const created = await create(addFields());
    expect(created.statusCode, created.body).toBe(201);
    const question = created.json().question;
    expect(question.template).toEqual(ADD);
    expect(question.questionText).toBe('<p>Add {a}/{b} and {c}/{b}: ___1___</p>');
  });

  it.each([
    [{ ...ADD, variables: [{ name: '9', kind: 'range', min: '1', max: '2', step: '1' }] }, M.variableName],
    [{ ...ADD, constraints: ['a +'] }, M.unexpected('end')],
    [{ ...ADD, constraints: ['a > 99'] }, M.notSaved(M.gaveUp('a > 99'))],
    [{ ...ADD, seeds: [0] }, M.seedList],
    [{ ...ADD, seeds: [1, 2, 3] }, null],
  ])('refuses a broken template with its rule (%#)', async (template, message) => {
    const created = await create(addFields({ template }));
    if (message === null) return expect(created.statusCode, created.body).toBe(201);
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(message);
  });

  it('refuses approved seeds that draw nothing', async () => {
    const never = { ...ADD, constraints: ['a != c', 'a + c < b', 'a != 1'] };
    // Seed 1 draws a = 1 first and is drawn again; find one the preview cannot give by asking for a seed whose draws all fail.
    const created = await create(addFields({ template: { ...never, seeds: [1] } }));
    expect(created.statusCode, created.body).toBe(201);
    const impossible = await create(addFields({ template: { ...ADD, constraints: ['a > 7'], seeds: [5] } }));
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe(M.seedFails(5));
  });

  it('refuses a hostile template quickly: contradictory, huge or too much work', async () => {
    const heavy = Array.from({ length: 19 }, () => `${Array.from({ length: 30 }, () => 'a').join('+')} > 0`);
    for (const template of [
      { ...ADD, constraints: ['a < 0'] },
      { variables: [range('a', -1e12, 1e12)], constraints: ['a = 0.5'], seeds: null },
      { variables: [range('a', 1, 9)], constraints: [...heavy, 'a < 0'], seeds: null },
    ]) {
      const started = performance.now();
      const created = await create(addFields({ template }));
      expect(created.statusCode).toBe(400);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it('keeps the template when an edit leaves it out, and removes it when told', async () => {
    const id = (await create(addFields())).json().question.id;
    const put = async (fields: Record<string, unknown>) =>
      call(t.app, staff, { method: 'PUT', url: `/api/questions/${id}`, ...(await multipartBody(fields, [])) });
    expect((await put({ hint: 'A new hint {b}' })).json().question.template).toEqual(ADD);
    // Without its template the key's form is checked again, as for any question.
    const unsimplified = await put({ template: 'null', answer: JSON.stringify([['2/4']]) });
    expect(unsimplified.statusCode).toBe(400);
    expect(unsimplified.json().message).toMatch(/Simplest form/);
    const plain = await put({ template: 'null', answer: JSON.stringify([['1/2']]) });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().question.template).toBeNull();
  });
});

describe('the preview', () => {
  const preview = (cookie: string, payload: object) => post(cookie, '/api/questions/variants', payload);
  const draft = (overrides: Record<string, unknown> = {}) => ({
    type: 'Fill in the Blank',
    questionText: '<p>Add $\\frac{a}{b}$ and $\\frac{c}{b}$: ___1___</p><img src=x onerror=alert(1)>',
    options: {},
    answer: [['\\frac{s}{b}']],
    answerForms: [[{ kind: 'simplest' }]],
    solution: '',
    hint: '',
    template: ADD,
    ...overrides,
  });

  it('shows ten variants written out, those whose key is not in its form failing with the reason', async () => {
    const reply = await preview(teacher, draft());
    expect(reply.statusCode, reply.body).toBe(200);
    const { variants } = reply.json();
    expect(variants).toHaveLength(10);
    expect(variants.map((v: { seed: number }) => v.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const v of variants) {
      // Sanitized as it would be saved: the image keeps no handler.
      expect(v.questionText).not.toContain('onerror');
      expect(v.questionText).toMatch(/^<p>Add \$\\frac\{\d\}\{8\}\$ and \$\\frac\{\d\}\{8\}\$: ___1___<\/p>/);
      expect(v.values).toMatch(/^a = \d,\\ b = 8,\\ c = \d,\\ s = \d$/);
      const s = Number(/s = (\d)/.exec(v.values)![1]);
      if (s % 2 === 0 && v.sameAs === null) expect(v.problems).toEqual([expect.stringMatching(/Simplest form/)]);
      if (s % 2 === 1 && v.sameAs === null) expect(v.problems).toEqual([]);
    }
    expect(variants.some((v: { problems: string[] }) => v.problems.length > 0)).toBe(true);
    expect(variants.some((v: { problems: string[] }) => v.problems.length === 0)).toBe(true);
  });

  it('marks a variant that reads the same as an earlier one', async () => {
    const small = { variables: [range('a', 1, 2)], constraints: [], seeds: null };
    const { variants } = (await preview(staff, draft({ template: small, answer: [['{a}']], answerForms: [] }))).json();
    const repeated = variants.find((v: { sameAs: number | null }) => v.sameAs !== null);
    expect(repeated.problems).toEqual([M.duplicate(repeated.sameAs)]);
  });

  it('shows the seeds asked for, and reports math KaTeX cannot draw', async () => {
    const reply = await preview(staff, draft({ seeds: [42, 7], questionText: '<p>$\\frac{a}$ ___1___</p>' }));
    const { variants } = reply.json();
    expect(variants.map((v: { seed: number }) => v.seed)).toEqual([42, 7]);
    expect(variants[0].problems[0]).toMatch(/^The math cannot be drawn: /);
  });

  it('is refused to students and parents, and to a draft without a template', async () => {
    expect((await preview(students[0].cookie, draft())).statusCode).toBe(403);
    expect((await preview(await signIn(t.app, people.parent), draft())).statusCode).toBe(403);
    const none = await preview(staff, draft({ template: null }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.notTemplate);
    const tooMany = await preview(staff, draft({ count: TEMPLATE_LIMITS.preview + 1 }));
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('variants in use', () => {
  let questionId: string;
  const batch = (cookie: string) => post(cookie, '/api/questions/batch', { questionIds: [questionId] });
  const check = (cookie: string, studentAnswer: string, extra: object = {}) =>
    post(cookie, '/api/questions/check-answer', { questionId, studentAnswer, sectionId, ...extra });
  const another = (cookie: string) => post(cookie, `/api/student/questions/${questionId}/another`, {});
  /** The key of the variant a student reads: the two tops are in the text. */
  const keyOf = (text: string) => {
    const [a, b, c] = /Add (\d)\/(\d) and (\d)\/\d/.exec(text)!.slice(1).map(Number);
    return { right: `${a + c}/${b}`, wrong: `${a + c + 1}/${b}` };
  };

  beforeAll(async () => {
    // Only odd sums: every variant's key is in simplest form.
    const template = { ...ADD, constraints: [...ADD.constraints, 'mod(a + c, 2) = 1'] };
    questionId = (await create(addFields({ template }))).json().question.id;
    await post(staff, '/api/questions/assign-to-section', { sectionId, questionIds: [questionId] });
  });

  it('gives each student their own variant, the same on every read, and never its answer', async () => {
    const seeds = [];
    for (const s of students) {
      const first = (await batch(s.cookie)).json()[0];
      expect(first.questionText).toMatch(/^<p>Add \d\/8 and \d\/8: ___1___<\/p>$/);
      expect(first.hint).toBe('Keep the bottom 8.');
      expect(first.variant).toEqual(expect.any(Number));
      expect(first).not.toHaveProperty('answer');
      expect(first).not.toHaveProperty('solution');
      expect((await batch(s.cookie)).json()[0]).toEqual(first);
      seeds.push(first.variant);
    }
    const stored = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from student_variants sv where sv.question_id = ${questionId}`,
    );
    expect(stored[0].n).toBe(students.length);
    // Seeds are drawn from two billion: three students sharing one is not to be expected.
    expect(new Set(seeds).size).toBe(students.length);
  });

  it('spreads the approved variants: students side by side get different ones while any is left', async () => {
    const template = { ...ADD, constraints: [...ADD.constraints, 'mod(a + c, 2) = 1'], seeds: [3, 5, 8] };
    const approved = (await create(addFields({ template }))).json().question.id;
    await post(staff, '/api/questions/assign-to-section', { sectionId, questionIds: [approved] });
    const given = [];
    for (const s of students)
      given.push((await post(s.cookie, '/api/questions/batch', { questionIds: [approved] })).json()[0].variant);
    expect(given.sort((a, b) => a - b)).toEqual([3, 5, 8]);
  });

  it('judges each student against their own variant, and stores the seed with the attempt', async () => {
    const [one, two] = students;
    const textOne = (await batch(one.cookie)).json()[0].questionText;
    const textTwo = (await batch(two.cookie)).json()[0].questionText;
    expect((await check(one.cookie, keyOf(textOne).right)).json().result.isCorrect).toBe(true);
    if (keyOf(textOne).right !== keyOf(textTwo).right)
      expect((await check(two.cookie, keyOf(textOne).right)).json().result.isCorrect).toBe(false);
    const seed = (await batch(one.cookie)).json()[0].variant;
    // Attempts are written behind the answer, within milliseconds.
    await vi.waitFor(async () => {
      const stored = await rows<{ seed: number }>(
        t.db,
        sql`select aa.seed from answer_attempts aa where aa.student_id = ${one.id} and aa.question_id = ${questionId}`,
      );
      expect(stored).toEqual([{ seed }]);
    });
  });

  it('offers another variant only after two wrong answers to this one, without credit for the first', async () => {
    const s = students[2];
    const first = (await batch(s.cookie)).json()[0];
    const early = await another(s.cookie);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(M.anotherNotYet);
    expect((await check(s.cookie, keyOf(first.questionText).wrong)).json().result.isCorrect).toBe(false);
    expect((await another(s.cookie)).statusCode).toBe(403);
    expect((await check(s.cookie, keyOf(first.questionText).wrong)).json().result.isCorrect).toBe(false);
    // The first variant's solution is open now, written with its own numbers.
    const firstSolution = await call(t.app, s.cookie, { method: 'GET', url: `/api/questions/${questionId}/solution` });
    expect(firstSolution.json().solution).toContain(
      `so $\\frac{${keyOf(first.questionText).right.replace('/', '}{')}}$`,
    );

    const next = await another(s.cookie);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().variant).not.toBe(first.variant);
    expect(next.json().questionText).not.toBe(first.questionText);
    expect(next.json()).not.toHaveProperty('answer');
    // The batch reads the new variant from now on, and the check judges it.
    expect((await batch(s.cookie)).json()[0].variant).toBe(next.json().variant);
    // The misses were the last variant's: the new one's solution waits for its own.
    const solution = await call(t.app, s.cookie, { method: 'GET', url: `/api/questions/${questionId}/solution` });
    expect(solution.statusCode).toBe(403);
    expect(solution.json().message).toBe(LEARNING_MESSAGES.solutionNotYet);
    expect((await check(s.cookie, keyOf(next.json().questionText).right)).json().result.isCorrect).toBe(true);
    // Asking again without two misses of the new variant is refused.
    expect((await another(s.cookie)).statusCode).toBe(403);
    const tries = await rows<{ seed: number; is_correct: boolean }>(
      t.db,
      sql`select aa.seed, aa.is_correct from answer_attempts aa
          where aa.student_id = ${s.id} and aa.question_id = ${questionId} order by aa.created_at`,
    );
    expect(tries).toEqual([
      { seed: first.variant, is_correct: false },
      { seed: first.variant, is_correct: false },
      { seed: next.json().variant, is_correct: true },
    ]);
  });

  it('refuses another for a question without random numbers, one out of reach, and staff', async () => {
    const plain = (await create(multipleChoiceFields(tags, {}))).json().question.id;
    await post(staff, '/api/questions/assign-to-section', { sectionId, questionIds: [plain] });
    const none = await post(students[0].cookie, `/api/student/questions/${plain}/another`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.notTemplate);
    const stranger = await buildStudent(t.db);
    const away = await post(await signIn(t.app, stranger), `/api/student/questions/${questionId}/another`, {});
    expect(away.statusCode).toBe(404);
    expect((await another(teacher)).statusCode).toBe(403);
  });

  it('shows staff the first drawn variant, and checks their answer against the one they name', async () => {
    const shown = (await batch(staff)).json()[0];
    expect(shown.variant).toBe(1);
    expect(shown.answer).toEqual([[expect.stringMatching(/^\\frac\{\d\}\{8\}$/)]]);
    const right = shown.answer[0][0].replace('\\frac{', '').replace('}{', '/').replace('}', '');
    expect((await check(staff, right)).json().result.isCorrect).toBe(true);
    expect((await check(staff, right, { variant: shown.variant })).json().result.isCorrect).toBe(true);
    const solution = await call(t.app, staff, {
      method: 'GET',
      url: `/api/questions/${questionId}/solution?variant=1`,
    });
    expect(solution.json().solution).toContain('so $\\frac{');
  });
});

describe('variants on tests, papers and the teacher’s view', () => {
  let questionId: string;
  let testId: string;
  const keyOf = (text: string) => {
    const [a, b, c] = /Add (\d)\/(\d) and (\d)\/\d/.exec(text)!.slice(1).map(Number);
    return { right: `${a + c}/${b}`, wrong: `${a + c + 1}/${b}` };
  };

  beforeAll(async () => {
    const template = { ...ADD, constraints: [...ADD.constraints, 'mod(a + c, 2) = 1'] };
    questionId = (await create(addFields({ template }))).json().question.id;
    await post(staff, '/api/questions/assign-to-section', { sectionId, questionIds: [questionId] });
    const made = await post(staff, '/api/tests', {
      name: 'Fractions with variants',
      type: 'assessment',
      description: '',
      instructions: '',
      timeLimit: null,
      totalMarks: null,
      testCode: '',
      questions: [{ questionId, order: 1, marks: 3 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    testId = made.json().test.id;
    const given = await post(staff, `/api/tests/${testId}/assign`, {
      studentIds: students.map((s) => s.id),
      release: 'on-submit',
    });
    expect(given.statusCode, given.body).toBe(200);
  });

  it('gives each student their own variant in a sitting, scores them against it, and shows it in the review', async () => {
    const seeds = new Set<number>();
    for (const [i, s] of students.entries()) {
      const mine = (await call(t.app, s.cookie, { method: 'GET', url: '/api/student/tests' })).json().tests;
      const assignmentId = mine.find((x: { testId: string }) => x.testId === testId).assignmentId;
      const started = (await post(s.cookie, `/api/student/tests/${assignmentId}/start`, {})).json().attempt;
      const question = started.questions[0].question;
      expect(question.questionText).toMatch(/^<p>Add \d\/8 and \d\/8: ___1___<\/p>$/);
      expect(JSON.stringify(started)).not.toMatch(/"answer"|"solution"/);
      seeds.add(question.variant);
      // The first student answers right, the others wrong: each is judged by their own numbers.
      const key = keyOf(question.questionText);
      const answer = JSON.stringify([i === 0 ? key.right : key.wrong]);
      const saved = await call(t.app, s.cookie, {
        method: 'PUT',
        url: `/api/student/attempts/${started.id}/answers/${questionId}`,
        payload: { answer },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const submitted = (await post(s.cookie, `/api/student/attempts/${started.id}/submit`, {})).json().attempt;
      expect(submitted.score.marks).toBe(i === 0 ? 3 : 0);
      // The released key and solution are the student's own variant's.
      expect(JSON.stringify(submitted.results[0].correctAnswer)).toContain(key.right.replace('/', '}{'));
      expect(submitted.results[0].solution).toContain(`so $\\frac{${key.right.replace('/', '}{')}}$`);
      const review = await call(t.app, staff, { method: 'GET', url: `/api/tests/${testId}/sittings/${started.id}` });
      expect(review.statusCode, review.body).toBe(200);
      expect(review.json().review.questions[0].question.questionText).toBe(question.questionText);
      expect(review.json().review.questions[0].question.variant).toBe(question.variant);
    }
    expect(seeds.size).toBeGreaterThan(1);
    // The results group the question's figures by variant.
    const results = (await call(t.app, staff, { method: 'GET', url: `/api/tests/${testId}/results` })).json();
    const byVariant = results.questions[0].byVariant as Array<{ variant: number; sat: number; percentCorrect: number }>;
    expect(byVariant.reduce((n, v) => n + v.sat, 0)).toBe(students.length);
    expect(new Set(byVariant.map((v) => v.variant))).toEqual(seeds);
    expect(byVariant.filter((v) => v.percentCorrect > 0).reduce((n, v) => n + v.sat, 0)).toBeGreaterThanOrEqual(1);
    // Wrong answers are counted within their variant: the question's own list is empty, each variant's its own.
    expect(results.questions[0].wrongAnswers).toEqual([]);
    const wrongOnes = byVariant.flatMap((v) => (v as unknown as { wrongAnswers: unknown[] }).wrongAnswers);
    expect(wrongOnes).toHaveLength(students.length - 1);
  });

  it('prints a paper in versions, each the same every time, with its own key', async () => {
    const papers = async (versions: number) =>
      (await call(t.app, teacher, { method: 'GET', url: `/api/tests/${testId}/papers?versions=${versions}` })).json();
    const two = await papers(2);
    expect(two.versions.map((v: { version: string }) => v.version)).toEqual(['A', 'B']);
    const [a, b] = two.versions.map(
      (v: { questions: Array<{ variant: number; question: { questionText: string; answer: string[][] } }> }) =>
        v.questions[0],
    );
    expect(a.variant).not.toBe(b.variant);
    for (const entry of [a, b]) {
      const key = keyOf(entry.question.questionText);
      expect(entry.question.answer).toEqual([[`\\frac{${key.right.replace('/', '}{')}}`]]);
    }
    expect((await papers(2)).versions).toEqual(two.versions);
    expect((await papers(1)).versions[0]).toEqual(two.versions[0]);
    const tooMany = await call(t.app, teacher, { method: 'GET', url: `/api/tests/${testId}/papers?versions=6` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Print 1 to 5 versions');
    expect(
      (await call(t.app, students[0].cookie, { method: 'GET', url: `/api/tests/${testId}/papers` })).statusCode,
    ).toBe(403);
  });

  it("shows a teacher each student's variant in their work, and gives one student new numbers", async () => {
    const s = students[0];
    const work = async () =>
      (await call(t.app, staff, { method: 'GET', url: `/api/students/${s.id}/work` })).json().sections[0].exercises;
    const shownQuestion = (await post(s.cookie, '/api/questions/batch', { questionIds: [questionId] })).json()[0];
    const exercise = (await work()).find((e: { questionId: string }) => e.questionId === questionId);
    expect(exercise.varies).toBe(true);
    expect(exercise.variant.seed).toBe(shownQuestion.variant);
    expect(exercise.variant.values).toMatch(/^a = \d,\\ b = 8/);
    expect(exercise.questionText).toBe(shownQuestion.questionText);

    const given = await post(staff, `/api/students/${s.id}/questions/${questionId}/new-variant`, {});
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().variant).not.toBe(shownQuestion.variant);
    const after = (await post(s.cookie, '/api/questions/batch', { questionIds: [questionId] })).json()[0];
    expect(after.variant).toBe(given.json().variant);
    expect((await work()).find((e: { questionId: string }) => e.questionId === questionId).variant.seed).toBe(
      after.variant,
    );

    const stranger = await signIn(t.app, people.teacher);
    expect((await post(stranger, `/api/students/${s.id}/questions/${questionId}/new-variant`, {})).statusCode).toBe(
      403,
    );
    const plain = (await create(multipleChoiceFields(tags, {}))).json().question.id;
    await post(staff, '/api/questions/assign-to-section', { sectionId, questionIds: [plain] });
    const none = await post(staff, `/api/students/${s.id}/questions/${plain}/new-variant`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.notTemplate);
  });
});
