import { describe, expect, it } from 'vitest';
import {
  CHANGE_PASSWORD_PATTERN,
  MESSAGES,
  PASSWORD_RULES,
  birthdayProblem,
  formatCountdown,
  formatPhone,
  normalizeUserType,
  plural,
} from './rules';
import { completeProfileBody, signupForm } from './schemas/auth';

describe('plural', () => {
  it('is singular for exactly 1 and plural otherwise, with an irregular plural where given', () => {
    expect(plural(1, 'minute')).toBe('1 minute');
    expect(plural(0, 'question')).toBe('0 questions');
    expect(plural(2, 'Question')).toBe('2 Questions');
    expect(plural(1, 'question is', 'questions are')).toBe('1 question is');
    expect(plural(3, 'question is', 'questions are')).toBe('3 questions are');
  });
});

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567 ext 9', '(555) 123-4567'],
    ['(555) 123-45678', '(555) 123-4567'],
    ['abc', ''],
  ])('formats %j as %j', (input, expected) => expect(formatPhone(input)).toBe(expected));
});

describe('birthdayProblem', () => {
  const today = new Date(Date.UTC(2026, 10, 21));
  it.each([
    ['2015-04-12', null],
    ['2026-11-21', null],
    ['2026-11-22', MESSAGES.birthdayFuture],
    ['1926-11-21', null],
    ['1926-11-20', MESSAGES.birthdayTooOld],
    ['2015-02-30', 'Please enter a valid date'],
    ['12/04/2015', 'Please enter a valid date'],
  ])('%s → %s', (value, expected) => expect(birthdayProblem(value, today)).toBe(expected));
});

describe('formatCountdown', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [9, '0:09'],
    [0, '0:00'],
    [-4, '0:00'],
  ])('%i s is %s', (seconds, text) => expect(formatCountdown(seconds)).toBe(text));
});

describe('normalizeUserType', () => {
  it.each([
    ['dataEntry', 'data-entry'],
    ['dataentry', 'data-entry'],
    ['data-entry', 'data-entry'],
    ['data_entry', 'data-entry'],
    ['Student', 'student'],
    ['wizard', null],
  ])('%s → %s', (raw, type) => expect(normalizeUserType(raw)).toBe(type));
});

describe('password policies', () => {
  const broken = (p: string) => PASSWORD_RULES.filter((r) => !r.test(p)).map((r) => r.message);
  it('reports each broken sign-up rule with its own message', () => {
    expect(broken('Str0ng&pass')).toEqual([]);
    expect(broken('abc')).toEqual([
      MESSAGES.passwordTooShort,
      MESSAGES.passwordNeedsUpper,
      MESSAGES.passwordNeedsNumber,
      MESSAGES.passwordNeedsSpecial,
    ]);
    expect(broken('ABCDEFGH1-')).toEqual([MESSAGES.passwordNeedsLower]);
  });
  it('allows only @$!%*?&# as special characters when changing a password', () => {
    expect(CHANGE_PASSWORD_PATTERN.test('Abcdefg1!')).toBe(true);
    expect(CHANGE_PASSWORD_PATTERN.test('Abcdefg1#')).toBe(true);
    expect(CHANGE_PASSWORD_PATTERN.test('Abcdefg1-')).toBe(false);
    expect(CHANGE_PASSWORD_PATTERN.test('Abcdefg1! ')).toBe(false);
    expect(CHANGE_PASSWORD_PATTERN.test('Abcdef1!')).toBe(true);
    expect(CHANGE_PASSWORD_PATTERN.test('Abcde1!')).toBe(false);
  });
});

describe('shared schemas', () => {
  it('compares the sign-up e-mails ignoring case', () => {
    expect(signupForm.safeParse({ role: 'student', email: 'A@b.co', confirmEmail: 'a@B.CO' }).success).toBe(true);
    const mismatch = signupForm.safeParse({ role: 'parent', email: 'a@b.co', confirmEmail: 'c@b.co' });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error!.issues[0].message).toBe(MESSAGES.emailsDoNotMatch);
  });
  it('asks for every profile field', () => {
    const result = completeProfileBody.safeParse({
      email: 'a@b.co',
      password: 'Str0ng&pass',
      type: 'student',
      extra_field: {},
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'First name is required',
      'Last name is required',
      'Please choose a gender',
      'Birthday is required',
      'Phone number is required',
      'Address is required',
      'School is required',
      'Please choose a grade from K to 12',
    ]);
  });
});
