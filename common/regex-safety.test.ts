/**
 * Every pattern and pass of `common/` that sees user input, run against adversarial strings as long as the field
 * allows (and as long as a request body may be, for schemas that still run their checks past a failed maximum).
 * A pattern that backtracks catastrophically takes seconds to hours on these; a linear one takes milliseconds.
 * The budget is generous for a loaded machine and still far below what the faults took.
 */
import { describe, expect, it } from 'vitest';
import { matchesAccepted } from './answers';
import { splitQuantity } from './answers/units';
import { birthdayProblem, normalizeUserType } from './rules';
import {
  changePasswordBody,
  completeProfileBody,
  loginBody,
  profileUpdateBody,
  signupBody,
  verifyOtpBody,
} from './schemas/auth';
import { courseBody, sectionBody, unitBody } from './schemas/courses';
import { checkAnswerBody, isBlankAnswer, LEARNING_LIMITS } from './schemas/learning';
import { bookingBody } from './schemas/public';
import {
  isBlankRichText,
  placeholdersIn,
  QUESTION_LIMITS,
  questionBody,
  questionListQuery,
  tagBody,
} from './schemas/questions';
import { isStorableText, textOutsideTags, textProblem } from './text';
import { describeAnswer, optionText } from './question-types';

const BUDGET_MS = 250;
/** A JSON request body is at most 1 MiB (server/app.ts), so no single text exceeds this; a linear pass over it still takes a while. */
const BODY_LIMIT = 1024 * 1024;
const BODY_LIMIT_BUDGET_MS = 1500;
/**
 * Zod runs every check of a field even past a failed maximum, so schemas meet strings longer than their limits.
 * 64 KiB is enough to tell: a quadratic pass takes seconds on it, an exponential one forever.
 */
const OVERSIZED = 64 * 1024;
const UUID = '00000000-0000-4000-8000-000000000000';

/** `unit` repeated to `length` characters, then `tail`: the shape of every classic backtracking attack. */
const run = (unit: string, length: number, tail = '') =>
  unit.repeat(Math.max(1, Math.floor((length - tail.length) / unit.length))) + tail;

/** Units whose runs make nested or adjacent quantifiers backtrack: spaces, quotes, brackets, markup, math, surrogates. */
const UNITS = [
  ' ',
  '""  ',
  '"" ,  ',
  '"",',
  '[',
  '<',
  '<a',
  '<p>',
  '>',
  '$',
  '$<',
  '$$',
  '\\',
  '\\$',
  '&nbsp;',
  '_',
  '___1',
  '___1__',
  '1',
  '1 ',
  '1,',
  '1 1/1',
  '1*m',
  '*m ',
  ' m ',
  'ab ',
  'a',
  'aA1@',
  '-',
  '(',
  '|',
  '^',
  '\ud800',
  '\udc00',
  '\u202e',
  '\u0000',
  '\t\n',
];
const TAILS = ['', '!', '\ud800'];

/** Every adversarial string of a length: each unit repeated, with each tail. */
function adversarial(length: number): string[] {
  return UNITS.flatMap((unit) => TAILS.map((tail) => run(unit, length, tail)));
}

function expectFast(name: string, length: number, pass: (input: string) => unknown) {
  const budget = length > OVERSIZED ? BODY_LIMIT_BUDGET_MS : BUDGET_MS;
  const timed = (input: string) => {
    const started = performance.now();
    pass(input);
    return performance.now() - started;
  };
  for (const input of adversarial(length)) {
    // A second try forgives a pause of the loaded machine; a backtracking pattern is as slow the second time.
    const first = timed(input);
    const elapsed = first < budget ? first : Math.min(first, timed(input));
    expect(elapsed, `${name} on ${JSON.stringify(input.slice(0, 12))}… (${input.length} characters)`).toBeLessThan(
      budget,
    );
  }
}

describe('the answer a student sends', () => {
  it('is judged blank or not in linear time: the 78 characters that froze the server for 13 s', () => {
    const freezer = '[' + '""  '.repeat(19) + 'x';
    expect(freezer).toHaveLength(78);
    const started = performance.now();
    expect(checkAnswerBody.safeParse({ questionId: UUID, studentAnswer: freezer }).success).toBe(true);
    expect(performance.now() - started).toBeLessThan(BUDGET_MS);
  });

  it('passes every check within the budget at its maximum length and past it', () => {
    for (const length of [LEARNING_LIMITS.answer, OVERSIZED]) {
      expectFast('checkAnswerBody', length, (studentAnswer) =>
        checkAnswerBody.safeParse({ questionId: UUID, studentAnswer }),
      );
    }
  });

  it('still tells blank answers from real ones', () => {
    for (const blank of ['', '  ', '[]', '[""]', '["", ""]', ' [ "" ,"" , ] ', '[""""]', '[\n""\n]'])
      expect(isBlankAnswer(blank), blank).toBe(true);
    for (const answer of ['x', '["x"]', '["", "1"]', '[,""]', '["",,""]', '[" "]', '[""  ""  x'])
      expect(isBlankAnswer(answer), answer).toBe(false);
  });

  it("is compared with accepted answers within the budget at the checker's maximum length", () => {
    expectFast('matchesAccepted', 2000, (student) => matchesAccepted(student, '5 cm'));
    // The checker stops at 2,000 characters, where a quadratic unit pattern still costs 20 ms per accepted answer:
    // the pattern itself is held to linear time on longer input.
    expectFast('splitQuantity', OVERSIZED, (plain) => splitQuantity(plain));
  });
});

describe('rich text', () => {
  it('is judged blank in linear time at the largest content a request can carry', () => {
    expectFast('isBlankRichText', BODY_LIMIT, isBlankRichText);
    expectFast('textOutsideTags', BODY_LIMIT, textOutsideTags);
    expectFast('placeholdersIn', BODY_LIMIT, placeholdersIn);
    expectFast('optionText', BODY_LIMIT, optionText);
    expectFast('describeAnswer', BODY_LIMIT, (answer) =>
      describeAnswer({ type: 'Fill in the Blank', options: {} }, answer),
    );
  });

  it('loses its tags exactly as `<[^>]*>` took them away', () => {
    for (const html of ['', 'a<b>c', '<<<', 'a<b<c>d', '<p>x</p>>', 'x<', '<a title="1 > 0">y</a>', '<<p>>', '<>']) {
      expect(textOutsideTags(html), html).toBe(html.replace(/<[^>]*>/g, ''));
    }
    expect(isBlankRichText('<'.repeat(10))).toBe(false);
    expect(isBlankRichText('<p>&nbsp;</p>')).toBe(true);
  });
});

describe('plain and stored text', () => {
  it('is judged within the budget at the body limit', () => {
    expectFast('isStorableText', BODY_LIMIT, isStorableText);
    expectFast('textProblem line', BODY_LIMIT, (s) => textProblem(s, 'line'));
    expectFast('textProblem lines', BODY_LIMIT, (s) => textProblem(s, 'lines'));
  });

  it('refuses NUL and lone surrogates everywhere, and controls and direction overrides in plain text', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800'])
      expect(textProblem(bad, 'any'), JSON.stringify(bad)).toBe('unstorable');
    for (const ok of ['😀', 'e\u0301', '\u202e', 'a\tb']) expect(textProblem(ok, 'any'), JSON.stringify(ok)).toBeNull();
    for (const hidden of [
      '\u202eevil',
      'a\u2066b',
      '\u001b[31mred',
      'bell\u0007',
      'c1\u009b',
      'del\u007f',
      'a\tb',
      'a\nb',
    ]) {
      expect(textProblem(hidden, 'line'), JSON.stringify(hidden)).toBe('hidden');
    }
    for (const hidden of ['\u202eevil', '\u001b[2J', 'x\u000b'])
      expect(textProblem(hidden, 'lines'), JSON.stringify(hidden)).toBe('hidden');
    for (const ok of ['Line one\nLine two', 'a\tb\r\n', 'مرحبا', 'שָׁלוֹם', '👩‍👩‍👧'])
      expect(textProblem(ok, 'lines'), JSON.stringify(ok)).toBeNull();
  });
});

describe('every request schema', () => {
  /** Each schema with the field under attack, given the adversarial string; the rest of the body is valid. */
  const schemas: Array<[string, number, (s: string) => unknown]> = [
    ['course title', OVERSIZED, (s) => courseBody.safeParse({ title: s, description: s, code: s })],
    ['unit', OVERSIZED, (s) => unitBody.safeParse({ title: s, grade: s, categories: [s, s] })],
    ['section', OVERSIZED, (s) => sectionBody.safeParse({ title: 'T', content: s })],
    [
      'question',
      QUESTION_LIMITS.richText,
      (s) =>
        questionBody.safeParse({
          grade: 3,
          type: 'Fill in the Blank',
          focus: [UUID],
          category: [UUID],
          questionText: s,
          answer: [[s]],
          solution: s,
          hint: s,
          source: s,
        }),
    ],
    [
      'question options',
      QUESTION_LIMITS.option,
      (s) =>
        questionBody.safeParse({
          grade: 3,
          type: 'Multiple Choice',
          focus: [UUID],
          category: [UUID],
          questionText: 'Q',
          options: { A: s, B: s },
          answer: { a1: ['A'] },
        }),
    ],
    ['bank search', OVERSIZED, (q) => questionListQuery.safeParse({ q })],
    ['tag', OVERSIZED, (name) => tagBody('Category').safeParse({ name })],
    ['sign-up', OVERSIZED, (email) => signupBody.safeParse({ email })],
    ['sign-in', OVERSIZED, (password) => loginBody.safeParse({ email: password, password })],
    ['code', OVERSIZED, (otp) => verifyOtpBody.safeParse({ email: 'a@b.co', otp })],
    ['new password', OVERSIZED, (newPassword) => changePasswordBody.safeParse({ currentPassword: 'x', newPassword })],
    [
      'profile',
      OVERSIZED,
      (s) =>
        completeProfileBody.safeParse({
          email: s,
          password: s,
          type: 'student',
          extra_field: {
            first_name: s,
            last_name: s,
            gender: 'other',
            birthday: s,
            phone_number: s,
            address: s,
            school: s,
            grade_level: '5',
          },
        }),
    ],
    [
      'profile edit',
      OVERSIZED,
      (s) =>
        profileUpdateBody.safeParse({
          extra_field: { first_name: s, last_name: s, phone_number: s, address: s, school: s, birthday: s },
        }),
    ],
    ['booking', OVERSIZED, (s) => bookingBody.safeParse({ name: s, email: s, phone: s })],
    ['user type and birthday', OVERSIZED, (s) => [normalizeUserType(s), birthdayProblem(s)]],
  ];

  it.each(schemas)('%s passes its checks within the budget', (name, length, parse) => {
    expectFast(name, length, parse);
  });
});
