import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../common/rules';
import { profiles } from '../../db/schema';
import { naughtyStrings } from '../../test/corpora';
import { buildStudent, buildTeacher, signIn } from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (cookie: string | null, payload: unknown) =>
  call(t.app, cookie, { method: 'PUT', url: '/api/users/profile', payload: payload as object });
const fields = {
  first_name: 'Ada',
  last_name: 'King',
  phone_number: '(222) 333-4444',
  address: '1 Way',
  school: 'North School',
  grade_level: '8',
  gender: 'female',
  birthday: '2011-02-03',
};

describe('PUT /api/users/profile', () => {
  it('updates the own profile and answers with the user', async () => {
    const student = await buildStudent(t.db);
    const cookie = await signIn(t.app, student);
    const response = await put(cookie, { email: student.email, type: 'student', extra_field: fields });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Profile updated successfully',
      user: {
        email: student.email,
        studentProfile: {
          firstName: 'Ada',
          lastName: 'King',
          school: 'North School',
          grade: '8',
          phoneNumber: '(222) 333-4444',
          dateOfBirth: '2011-02-03',
        },
      },
    });
  });

  it('keeps school and grade for students only', async () => {
    const teacher = await buildTeacher(t.db);
    const response = await put(await signIn(t.app, teacher), { extra_field: fields });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, teacher.id));
    expect(row.school).toBeNull();
    expect(row.gradeLevel).toBeNull();
    expect(response.json().user.teacherProfile.firstName).toBe('Ada');
  });

  it('refuses to change the e-mail, and changes nothing', async () => {
    const student = await buildStudent(t.db);
    const response = await put(await signIn(t.app, student), { email: 'other@example.com', extra_field: fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your email cannot be changed here.');
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, student.id));
    expect(row.firstName).not.toBe('Ada');
  });

  it.each([
    [{ first_name: '' }, 'First name is required'],
    [{ phone_number: '555' }, MESSAGES.phoneInvalid],
    [{ birthday: '2999-01-01' }, MESSAGES.birthdayFuture],
    [{ grade_level: 'Z' }, 'Please choose a grade from K to 12'],
    [{ address: 'a'.repeat(100_000) }, 'Address must be at most 500 characters'],
    [{ last_name: 'Nul\u0000Byte' }, 'Last name contains a character that cannot be stored. Please remove it.'],
    [{ first_name: 'Lone \udc00' }, 'First name contains a character that cannot be stored. Please remove it.'],
    [{ first_name: '\u202Enimda' }, 'First name cannot contain control characters or text-direction overrides'],
    [{ school: 'School\u001b[2J' }, 'School cannot contain control characters or text-direction overrides'],
  ])('refuses a bad field %#', async (change, message) => {
    const student = await buildStudent(t.db);
    const response = await put(await signIn(t.app, student), { extra_field: { ...fields, ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a missing or malformed body', async () => {
    const cookie = await signIn(t.app, await buildStudent(t.db));
    expect((await put(cookie, {})).json().message).toBe('Profile details are required');
    expect((await put(cookie, [1, 2])).statusCode).toBe(400);
    expect((await put(cookie, { extra_field: 'x' })).statusCode).toBe(400);
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await put(null, { extra_field: fields })).statusCode).toBe(401);
  });

  it('stores every naughty string it accepts byte for byte, and refuses the rest with a message', async () => {
    const student = await buildStudent(t.db);
    const cookie = await signIn(t.app, student);
    let stored = 0;
    for (const text of naughtyStrings) {
      const response = await put(cookie, { extra_field: { ...fields, first_name: text, address: text } });
      expect(response.statusCode, text).toBeLessThan(500);
      if (response.statusCode === 200) {
        stored++;
        const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, student.id));
        expect(row.firstName).toBe(text.trim());
        expect(row.address).toBe(text.trim() || null);
      } else {
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toEqual(expect.any(String));
      }
    }
    expect(stored).toBeGreaterThan(naughtyStrings.length * 0.9);
  }, 120_000);
});
