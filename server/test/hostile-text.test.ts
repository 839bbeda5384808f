/**
 * Text an attacker chooses, through the real API: strings that made a pattern backtrack for seconds, characters
 * PostgreSQL cannot store (NUL, lone surrogates), and controls and direction overrides in plain-text fields.
 * Each answers quickly with a 4xx and a message, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_LIMITS } from '../../common/rules';
import { LEARNING_MESSAGES } from '../../common/schemas/learning';
import { hiddenCharacterMessage, unstorableMessage } from '../../common/text';
import {
  answerAttempts,
  bookings,
  categories,
  courses,
  focusAreas,
  profiles,
  questions,
  sections,
  units,
  users,
} from '../db/schema';
import {
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  linkTeacher,
  signIn,
  type BuiltCourse,
} from './factories';
import { call, createTestApp, type TestApp } from './harness';
import { buildTags } from './questionFixtures';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let teacher: string;
let student: string;
let course: BuiltCourse;
let questionId: string;
let tags: Awaited<ReturnType<typeof buildTags>>;

const send = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

beforeAll(async () => {
  t = await createTestApp();
  const [te, s] = await Promise.all([buildTeacher(t.db), buildStudent(t.db)]);
  await linkTeacher(t.db, te.id, s.id);
  [teacher, student] = await Promise.all([signIn(t.app, te), signIn(t.app, s)]);
  course = await buildCourse(t.db, { units: 1, sections: 1 });
  tags = await buildTags(t.db);
  questionId = (await buildQuestion(t.db)).id;
  for (const [path, body] of [
    ['assign-course', { courseId: course.id }],
    ['assign-unit', { unitId: course.units[0].id, withSections: true }],
  ] as const) {
    expect((await send(teacher, 'POST', `/api/teacher/${path}`, { studentId: s.id, ...body })).statusCode).toBe(200);
  }
  expect(
    (
      await send(teacher, 'POST', '/api/questions/assign-to-section', {
        sectionId: course.units[0].sections[0].id,
        questionIds: [questionId],
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

describe('strings that made a pattern backtrack', () => {
  it('answers a 78-character blank-looking answer at once (it held every request for 13 s)', async () => {
    const freezer = '[' + '""  '.repeat(19) + 'x';
    const { result, ms } = await timed(() =>
      send(student, 'POST', '/api/questions/check-answer', { questionId: UNKNOWN, studentAnswer: freezer }),
    );
    expect(result.statusCode).toBe(404);
    expect(ms).toBeLessThan(1000);
    // As long as an answer may be (2,000 characters): the pattern itself is timed at the 1 MiB body limit in common/.
    const longer = '[' + '""  '.repeat(499) + 'x';
    const second = await timed(() =>
      send(student, 'POST', '/api/questions/check-answer', { questionId, studentAnswer: longer }),
    );
    expect(second.result.statusCode).toBe(200);
    expect(second.ms).toBeLessThan(1000);
  });

  it('saves the largest section content of `$<<<…$` within a budget (500,000 characters took 104 s)', async () => {
    const content = '$' + '<'.repeat(COURSE_LIMITS.content - 2) + '$';
    const unitId = course.units[0].id;
    const created = await timed(() =>
      send(teacher, 'POST', `/api/units/${unitId}/sections`, { title: 'Inequalities', content }),
    );
    expect(created.result.statusCode, created.result.body.slice(0, 200)).toBe(201);
    expect(created.ms).toBeLessThan(10_000);
    // The comparison is math: every `<` is kept as text.
    expect(created.result.json().content).toBe('$' + '&lt;'.repeat(COURSE_LIMITS.content - 2) + '$');
    const updated = await timed(() =>
      send(teacher, 'PUT', `/api/sections/${created.result.json().id}`, { title: 'Inequalities', content }),
    );
    expect(updated.result.statusCode).toBe(200);
    expect(updated.ms).toBeLessThan(10_000);
  }, 60_000);

  it('judges a question text of unclosed tags within a budget', async () => {
    const body = {
      grade: 5,
      type: 'Multiple Choice',
      focus: [tags.focus[0].id],
      category: [tags.categories[0].id],
      options: { A: '<'.repeat(5000), B: 'No' },
      answer: { a1: ['A'] },
    };
    const { result, ms } = await timed(() =>
      send(teacher, 'POST', '/api/questions', { ...body, questionText: '<'.repeat(20_000) }),
    );
    expect(result.statusCode, result.body).toBe(201);
    expect(ms).toBeLessThan(2000);
  });
});

/** Everything a refused request could have written, read back whole. */
async function everything() {
  const tables = {
    answerAttempts,
    bookings,
    categories,
    courses,
    focusAreas,
    profiles,
    questions,
    sections,
    units,
    users,
  };
  const rows = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, await t.db.select().from(table)] as const),
  );
  return Object.fromEntries(rows);
}

describe('characters PostgreSQL cannot store', () => {
  it('are refused with a 400 and a message in every text field of every input, and nothing changes', async () => {
    await t.app.flushWrites();
    const before = await everything();
    const unitId = course.units[0].id;
    const sectionId = course.units[0].sections[0].id;
    const question = {
      grade: 5,
      type: 'Multiple Choice',
      focus: [tags.focus[0].id],
      category: [tags.categories[0].id],
      questionText: '<p>Pick</p>',
      options: { A: 'Yes', B: 'No' },
      answer: { a1: ['A'] },
    };
    const blank = { ...question, type: 'Fill in the Blank', questionText: 'x = ___1___', options: {}, answer: [['1']] };
    const profile = {
      first_name: 'Ada',
      last_name: 'Park',
      phone_number: '(555) 123-4567',
      address: '1 Main St',
      school: 'North',
    };

    for (const bad of ['\u0000', '\ud800', '\udfff', 'a\udc00\ud800b']) {
      const cases: Array<[string | null, 'POST' | 'PUT', string, object, string]> = [
        [
          student,
          'POST',
          '/api/questions/check-answer',
          { questionId, studentAnswer: `A${bad}` },
          LEARNING_MESSAGES.answerInvalidCharacter,
        ],
        [
          student,
          'POST',
          '/api/questions/check-answer',
          { questionId, studentAnswer: `["${bad}"]` },
          LEARNING_MESSAGES.answerInvalidCharacter,
        ],
        [teacher, 'POST', '/api/courses', { title: `T${bad}` }, unstorableMessage('Title')],
        [
          teacher,
          'PUT',
          `/api/courses/${course.id}`,
          { title: 'T', description: bad },
          unstorableMessage('Description'),
        ],
        [teacher, 'POST', `/api/courses/${course.id}/units`, { title: 'U', grade: bad }, unstorableMessage('Grade')],
        [
          teacher,
          'PUT',
          `/api/units/${unitId}`,
          { title: 'U', categories: [`c${bad}`] },
          unstorableMessage('Category'),
        ],
        [
          teacher,
          'POST',
          `/api/units/${unitId}/sections`,
          { title: 'S', content: `<p>${bad}</p>` },
          unstorableMessage('Content'),
        ],
        [
          teacher,
          'PUT',
          `/api/sections/${sectionId}`,
          { title: `S${bad}`, content: '<p>x</p>' },
          unstorableMessage('Title'),
        ],
        [
          teacher,
          'POST',
          '/api/questions',
          { ...question, questionText: `<p>${bad}</p>` },
          unstorableMessage('The question text'),
        ],
        [teacher, 'POST', '/api/questions', { ...question, solution: bad }, unstorableMessage('The solution')],
        [teacher, 'POST', '/api/questions', { ...question, hint: bad }, unstorableMessage('The hint')],
        [teacher, 'POST', '/api/questions', { ...question, source: bad }, unstorableMessage('Source')],
        [
          teacher,
          'POST',
          '/api/questions',
          { ...question, options: { A: `Yes${bad}`, B: 'No' } },
          unstorableMessage('Option A'),
        ],
        [
          teacher,
          'POST',
          '/api/questions',
          { ...blank, answer: [[`1${bad}`]] },
          unstorableMessage('An accepted answer'),
        ],
        [teacher, 'PUT', `/api/questions/${questionId}`, { ...question, hint: bad }, unstorableMessage('The hint')],
        [teacher, 'POST', '/api/category', { name: `n${bad}` }, unstorableMessage('Category name')],
        [teacher, 'POST', '/api/focus', { name: `n${bad}` }, unstorableMessage('Focus area name')],
        [
          student,
          'PUT',
          '/api/users/profile',
          { extra_field: { ...profile, last_name: `P${bad}` } },
          unstorableMessage('Last name'),
        ],
        [
          student,
          'PUT',
          '/api/users/profile',
          { extra_field: { ...profile, address: bad } },
          unstorableMessage('Address'),
        ],
        [
          null,
          'POST',
          '/api/bookings',
          { name: `N${bad}`, email: 'a@example.com', phone: '(555) 123-4567' },
          unstorableMessage('Name'),
        ],
      ];
      for (const [cookie, method, url, payload, message] of cases) {
        const response = await send(cookie, method, url, payload);
        const what = `${method} ${url} ${JSON.stringify(payload)}`;
        expect(response.statusCode, what).toBe(400);
        expect(response.json().message, what).toBe(message);
      }
    }
    // The bank's search travels in the query string, where only NUL can be written.
    const search = await send(teacher, 'GET', '/api/questions?q=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe(unstorableMessage('The search'));

    await t.app.flushWrites();
    expect(await everything()).toEqual(before);
  });

  it('still records attempts with any character PostgreSQL can store', async () => {
    await t.app.flushWrites();
    const before = (await t.db.select().from(answerAttempts)).length;
    for (const answer of ['😀', 'e\u0301', '\u202e1', 'a\tb\nc']) {
      expect(
        (await send(student, 'POST', '/api/questions/check-answer', { questionId, studentAnswer: answer })).statusCode,
      ).toBe(200);
    }
    await t.app.flushWrites();
    expect((await t.db.select().from(answerAttempts)).length).toBe(before + 4);
  });
});

describe('controls and direction overrides in plain text', () => {
  it('are refused in titles, names and codes with a message, and nothing changes', async () => {
    const before = await everything();
    const unitId = course.units[0].id;
    const tricks = [
      'abc\u202Egpj.exe',
      '\u2066evil\u2069',
      'Roses \u001b[0;31mred',
      'bell\u0007',
      'c1\u009b31m',
      'two\nlines',
      'tab\there',
      'Ann\u2028=1+1',
      'para\u2029graph',
    ];
    for (const trick of tricks) {
      const cases: Array<[string | null, 'POST' | 'PUT', string, object, string]> = [
        [teacher, 'POST', '/api/courses', { title: trick }, hiddenCharacterMessage('Title')],
        [teacher, 'PUT', `/api/courses/${course.id}`, { title: trick }, hiddenCharacterMessage('Title')],
        [
          teacher,
          'POST',
          `/api/courses/${course.id}/units`,
          { title: 'U', categories: [trick] },
          hiddenCharacterMessage('Category'),
        ],
        [teacher, 'POST', `/api/units/${unitId}/sections`, { title: trick }, hiddenCharacterMessage('Title')],
        [teacher, 'POST', '/api/category', { name: trick }, hiddenCharacterMessage('Category name')],
        [
          student,
          'PUT',
          '/api/users/profile',
          { extra_field: { first_name: trick, last_name: 'Park' } },
          hiddenCharacterMessage('First name'),
        ],
        [
          null,
          'POST',
          '/api/bookings',
          { name: trick, email: 'a@example.com', phone: '(555) 123-4567' },
          hiddenCharacterMessage('Name'),
        ],
      ];
      for (const [cookie, method, url, payload, message] of cases) {
        const response = await send(cookie, method, url, payload);
        const what = `${method} ${url} ${JSON.stringify(payload)}`;
        expect(response.statusCode, what).toBe(400);
        expect(response.json().message, what).toBe(message);
      }
    }
    expect(await everything()).toEqual(before);
  });

  it('keeps line breaks and tabs where text has lines, and refuses overrides there too', async () => {
    const kept = await send(teacher, 'POST', '/api/courses', {
      title: 'Lines',
      description: 'First line\n\tSecond line',
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().description).toBe('First line\n\tSecond line');
    const refused = await send(teacher, 'POST', '/api/courses', { title: 'Lines', description: 'Ok \u202Edesrever' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(hiddenCharacterMessage('Description'));
    // Scripts written right to left are text like any other.
    const arabic = await send(teacher, 'POST', '/api/courses', {
      title: 'الكسور والأعداد العشرية',
      description: 'שָׁלוֹם 👩‍👩‍👧',
    });
    expect(arabic.statusCode).toBe(201);
    expect(arabic.json().title).toBe('الكسور والأعداد العشرية');
  });
});
