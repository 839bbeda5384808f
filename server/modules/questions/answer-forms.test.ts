/** Answer forms: authored per blank, checked against the key when saved, and applied to students' checks. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_FORM_MESSAGES } from '../../../common/rules/answer-forms';
import { rows } from '../../db/prepared';
import { buildCourse, buildOneOfEach, buildStudent, signIn, type TestUser } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';
import { buildTags, multipartBody, multipleChoiceFields } from '../../test/questionFixtures';

let t: TestApp;
let staff: string;
let people: Record<string, TestUser>;
let tags: Awaited<ReturnType<typeof buildTags>>;

beforeAll(async () => {
  t = await createTestApp();
  people = await buildOneOfEach(t.db);
  staff = await signIn(t.app, people.admin);
  tags = await buildTags(t.db);
});
afterAll(() => t.close());

const SIMPLEST = { kind: 'simplest' };
const MIXED = { kind: 'mixed' };
const MARGIN = { kind: 'margin', margin: 0.01 };

/** Write 9/12 in simplest form, and 7/3 as a mixed number. */
const blankFields = (overrides: Record<string, unknown> = {}) =>
  multipleChoiceFields(tags, {
    type: 'Fill in the Blank',
    questionText: '<p>$\\frac{9}{12} =$ ___1___ and $\\frac{7}{3} =$ ___2___</p>',
    options: {},
    answer: [['3/4'], ['2 1/3']],
    answerForms: [[SIMPLEST], [MIXED, SIMPLEST]],
    ...overrides,
  });

/** Give pi to within 0.01, as a numerical question with a tolerance is imported. */
const calculationFields = (overrides: Record<string, unknown> = {}) =>
  multipleChoiceFields(tags, {
    type: 'Calculation',
    questionText: '<p>Give $\\pi$ to within 0.01.</p>',
    options: undefined,
    answer: { a1: ['3.14'] },
    answerForms: [[MARGIN]],
    ...overrides,
  });

async function save(method: 'POST' | 'PUT', url: string, fields: Record<string, unknown>) {
  return call(t.app, staff, { method, url, ...(await multipartBody(fields, [])) });
}
const create = (fields: Record<string, unknown>) => save('POST', '/api/questions', fields);
const stored = async (id: string) =>
  (
    await rows<{ answer: unknown; answer_forms: unknown }>(
      t.db,
      sql`select q.answer, q.answer_forms from questions q where q.id = ${id}`,
    )
  )[0];

describe('authoring answer forms', () => {
  it('stores the forms of each blank and sends them back to staff', async () => {
    const created = await create(blankFields());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().question.answerForms).toEqual([[SIMPLEST], [MIXED, SIMPLEST]]);
    expect(await stored(created.json().question.id)).toEqual({
      answer: [['3/4'], ['2 1/3']],
      answer_forms: [[SIMPLEST], [MIXED, SIMPLEST]],
    });
  });

  it('stores no forms when none are given, and drops them for multiple choice and for blanks that are gone', async () => {
    const plain = await create(blankFields({ answerForms: undefined }));
    expect(plain.json().question.answerForms).toEqual([[], []]);
    const choice = await create(multipleChoiceFields(tags, { answerForms: [[SIMPLEST]] }));
    expect(choice.statusCode, choice.body).toBe(201);
    expect(choice.json().question.answerForms).toEqual([]);
    const extra = await create(blankFields({ answerForms: [[SIMPLEST], [], [MIXED]] }));
    expect(extra.json().question.answerForms).toEqual([[SIMPLEST], []]);
    const twice = await create(blankFields({ answerForms: [[SIMPLEST, SIMPLEST], []] }));
    expect(twice.json().question.answerForms).toEqual([[SIMPLEST], []]);
  });

  it('refuses a key not written in its own form, naming the blank, the answer and the form', async () => {
    const refused = await create(blankFields({ answer: [['9/12'], ['2 1/3']] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Blank 1's accepted answer 9/12 is not in the form asked (Simplest form)");
    const single = await create(
      multipleChoiceFields(tags, {
        type: 'Short Answer',
        questionText: '<p>Round $\\frac{1}{3}$ to 2 decimal places.</p>',
        options: {},
        answer: [['1/3']],
        answerForms: [[{ kind: 'decimalPlaces', places: 2 }]],
      }),
    );
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe('The accepted answer 1/3 is not in the form asked (Decimal to 2 places)');
  });

  it('refuses forms it cannot read, with the rule broken', async () => {
    const cases: [unknown, string][] = [
      ['not json', ANSWER_FORM_MESSAGES.unreadable],
      [{ kind: 'simplest' }, ANSWER_FORM_MESSAGES.unreadable],
      [[[{ kind: 'rounded' }], []], ANSWER_FORM_MESSAGES.unreadable],
      [[SIMPLEST], ANSWER_FORM_MESSAGES.unreadable],
      [[[{ kind: 'decimalPlaces', places: 11 }], []], ANSWER_FORM_MESSAGES.places],
      [[[{ kind: 'decimalPlaces', places: 1.5 }], []], ANSWER_FORM_MESSAGES.places],
      [[[{ kind: 'significantFigures', figures: 0 }], []], ANSWER_FORM_MESSAGES.figures],
      [[[{ kind: 'variable', name: 'xy' }], []], ANSWER_FORM_MESSAGES.variable],
      [[[{ kind: 'units', units: [] }], []], ANSWER_FORM_MESSAGES.units],
      [[[{ kind: 'units', units: ['c'.repeat(13)] }], []], ANSWER_FORM_MESSAGES.units],
      [[[{ kind: 'nonZero', names: [] }], []], ANSWER_FORM_MESSAGES.nonZero],
      [[[{ kind: 'nonZero', names: ['ab'] }], []], ANSWER_FORM_MESSAGES.nonZero],
      [
        [[{ kind: 'nonZero', names: Array.from({ length: 11 }, (_, i) => String.fromCharCode(97 + i)) }], []],
        ANSWER_FORM_MESSAGES.nonZero,
      ],
    ];
    for (const [answerForms, message] of cases) {
      const refused = await create(blankFields({ answerForms }));
      expect(refused.statusCode, JSON.stringify(answerForms)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
  });

  it('stores a margin with a numeric key, and refuses a margin that is not a number above 0 and at most 10^12', async () => {
    const created = await create(calculationFields());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().question.answerForms).toEqual([[MARGIN]]);
    expect(await stored(created.json().question.id)).toEqual({ answer: { a1: ['3.14'] }, answer_forms: [[MARGIN]] });
    const widest = await create(calculationFields({ answerForms: [[{ kind: 'margin', margin: 1e12 }]] }));
    expect(widest.statusCode, widest.body).toBe(201);
    for (const margin of [0, -1, 'x', '0.01', null, 1e12 * 10, undefined]) {
      const refused = await create(calculationFields({ answerForms: [[{ kind: 'margin', margin }]] }));
      expect(refused.statusCode, String(margin)).toBe(400);
      expect(refused.json().message).toBe(ANSWER_FORM_MESSAGES.margin);
    }
    expect(ANSWER_FORM_MESSAGES.margin).toBe(
      'The margin must be a number greater than 0 and at most 1,000,000,000,000',
    );
  });

  it('changes only the forms when only they are sent, and checks a new key against the stored forms', async () => {
    const created = (await create(blankFields())).json().question;
    const url = `/api/questions/${created.id}`;
    const changed = await save('PUT', url, { answerForms: [[], [MIXED]] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().question).toMatchObject({
      answer: [['3/4'], ['2 1/3']],
      answerForms: [[], [MIXED]],
      questionText: created.questionText,
    });
    const refused = await save('PUT', url, { answer: [['9/12'], ['7/3']] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Blank 2's accepted answer 7/3 is not in the form asked (Mixed number)");
    expect(await stored(created.id)).toEqual({ answer: [['3/4'], ['2 1/3']], answer_forms: [[], [MIXED]] });
  });
});

describe("a student's answer in the form asked", () => {
  let student: TestUser;
  let cookie: string;
  let questionId: string;
  let complexId: string;
  let marginId: string;

  beforeAll(async () => {
    questionId = (await create(blankFields())).json().question.id;
    // i is the imaginary unit in the first blank only, which is marked for complex numbers.
    const complex = await create(
      blankFields({
        questionText: '<p>$(2+i)^2 =$ ___1___ and $i \\cdot i =$ ___2___</p>',
        answer: [['3+4i'], ['i^2']],
        answerForms: [[{ kind: 'complex' }], []],
      }),
    );
    expect(complex.statusCode, complex.body).toBe(201);
    complexId = complex.json().question.id;
    const margin = await create(calculationFields());
    expect(margin.statusCode, margin.body).toBe(201);
    marginId = margin.json().question.id;
    const course = await buildCourse(t.db, { units: 1, sections: 1 });
    const section = course.units[0].sections[0].id;
    await t.db.execute(
      sql`insert into section_questions (section_id, question_id, position) values (${section}, ${questionId}, 1), (${section}, ${complexId}, 2), (${section}, ${marginId}, 3)`,
    );
    student = await buildStudent(t.db);
    await t.db.execute(sql`insert into student_courses (student_id, course_id) values (${student.id}, ${course.id})`);
    await t.db.execute(
      sql`insert into student_units (student_id, unit_id) values (${student.id}, ${course.units[0].id})`,
    );
    await t.db.execute(sql`insert into student_sections (student_id, section_id) values (${student.id}, ${section})`);
    cookie = await signIn(t.app, student);
  });

  const check = async (entries: string[], id = questionId) => {
    const response = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/questions/check-answer',
      payload: { questionId: id, studentAnswer: JSON.stringify(entries) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  };
  const storedAttempts = async () =>
    (
      await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from answer_attempts aa where aa.student_id = ${student.id}`,
      )
    )[0].n;
  // Attempts are written a moment behind the answer.
  const soon = { timeout: 5000, interval: 50 };

  it('says why an equal answer in another form is not right and stores no try; a wrong value is a try', async () => {
    expect(await check(['9/12', '2 1/3'])).toEqual({
      isCorrect: false,
      feedback: 'Blank 1: Equal, but not in simplest form.',
      formMissed: true,
    });
    expect(await check(['0.75', '7/3'])).toEqual({
      isCorrect: false,
      feedback: 'Blank 1: Equal, but not in simplest form. Blank 2: Write it as a mixed number.',
      formMissed: true,
    });
    expect(await check(['2/3', '2 2/6'])).toEqual({
      isCorrect: false,
      feedback: 'Not quite. Try again. Blank 1 is not correct. Blank 2: Equal, but not in simplest form.',
    });
    // Only the wrong value was stored: it is the question's first try.
    await expect.poll(storedAttempts, soon).toBe(1);
    const [first] = await rows<{ answer: unknown; is_correct: boolean }>(
      t.db,
      sql`select aa.answer, aa.is_correct from answer_attempts aa where aa.student_id = ${student.id}`,
    );
    expect(first.is_correct).toBe(false);
    expect(JSON.stringify(first.answer)).toContain('2/3');
  });

  it('is correct in the form asked', async () => {
    expect(await check(['3/4', '2 1/3'])).toEqual({ isCorrect: true, feedback: 'Correct!' });
    await expect.poll(storedAttempts, soon).toBe(2);
  });

  it('reads i as the imaginary unit only in a blank marked for complex numbers', async () => {
    expect(await check(['4i+3', 'i^2'], complexId)).toEqual({ isCorrect: true, feedback: 'Correct!' });
    expect(await check(['(2+i)^2', '-1'], complexId)).toEqual({
      isCorrect: false,
      feedback: 'Not quite. Try again. Blank 2 is not correct.',
    });
    expect(await check(['3-4i', 'i^2'], complexId)).toEqual({
      isCorrect: false,
      feedback: 'Not quite. Try again. Blank 1 is not correct.',
    });
  });

  it('is right within the margin of a numeric key, the bound included, and wrong outside it or not a number', async () => {
    const right = { isCorrect: true, feedback: 'Correct!' };
    const wrong = { isCorrect: false, feedback: 'Not quite. Try again.' };
    expect(await check(['3.149'], marginId)).toEqual(right);
    expect(await check(['3.14'], marginId)).toEqual(right);
    expect(await check(['3.13'], marginId)).toEqual(right);
    expect(await check(['3.16'], marginId)).toEqual(wrong);
    expect(await check(['abc'], marginId)).toEqual(wrong);
  });
});
