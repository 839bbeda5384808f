import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, USER_MESSAGES } from '../../../common/rules';
import {
  answerAttempts,
  courses,
  emailCodes,
  parentStudents,
  profiles,
  sessions,
  studentCourses,
  teacherStudents,
  users,
} from '../../db/schema';
import { naughtyStrings } from '../../test/corpora';
import {
  buildAdmin,
  buildCourse,
  buildQuestion,
  buildStudent,
  buildTeacher,
  buildUser,
  linkTeacher,
  signIn,
  TEST_PASSWORD,
} from '../../test/factories';
import { call, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t.db, { firstName: 'Root' });
  adminCookie = await signIn(t.app, admin);
});
afterAll(() => t.close());

const PASSWORD = 'Str0ng!pass';
const send = (cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const register = (userType: string, formData: Record<string, unknown>, cookie = adminCookie) =>
  send(cookie, 'POST', '/api/admin/register', { userType, formData });
const update = (id: string, body: Record<string, unknown>, cookie = adminCookie) =>
  send(cookie, 'PUT', `/api/admin/users/${id}`, body);
const remove = (id: string, cookie = adminCookie) => send(cookie, 'DELETE', `/api/admin/users/${id}`);

let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}@example.com`;
const forms = {
  teacher: () => ({
    first_name: 'Tess',
    last_name: 'Ruler',
    email: unique('teacher'),
    phone_number: '(555) 111-2222',
    specialization: 'Algebra',
    password: PASSWORD,
  }),
  'data-entry': () => ({
    first_name: 'Dan',
    last_name: 'Typer',
    email: unique('entry'),
    phone_number: '(555) 111-3333',
    department: 'Content',
    password: PASSWORD,
  }),
  parent: () => ({
    first_name: 'Pam',
    last_name: 'Carer',
    email: unique('parent'),
    phone_number: '(555) 111-4444',
    address: '1 Main St',
    student_ids: [] as string[],
    student_name: 'Kid Carer',
    student_grade: '3',
    password: PASSWORD,
    confirm_password: PASSWORD,
  }),
  student: () => ({
    first_name: 'Stu',
    last_name: 'Dent',
    email: unique('student'),
    gender: 'female',
    date_of_birth: '2012-04-05',
    grade: '7',
    school: 'North School',
    address: '2 Side St',
    password: PASSWORD,
    confirm_password: PASSWORD,
  }),
};

describe('POST /api/admin/register', () => {
  for (const type of ['teacher', 'data-entry', 'parent', 'student'] as const) {
    it(`registers a ${type}, who can sign in, and mails a welcome without the password`, async () => {
      const form = forms[type]();
      const response = await register(type, form);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        message: 'User registered successfully!',
        user: { email: form.email, type, status: 'active', first_name: form.first_name },
      });
      const login = await send(null, 'POST', '/api/auth/login', { email: form.email, password: PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.type).toBe(type);
      const mails = t.outbox.to(form.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain(`${t.config.publicUrl}/signin`);
      expect(mails[0].text + mails[0].html).not.toContain(PASSWORD);
    });
  }

  it('keeps what each form holds', async () => {
    const parent = forms.parent();
    const p = (await register('parent', parent)).json().user;
    expect(p).toMatchObject({
      address: '1 Main St',
      student_name: 'Kid Carer',
      student_grade: '3',
      phone_number: '(555) 111-4444',
    });
    const s = (await register('student', forms.student())).json().user;
    expect(s).toMatchObject({
      gender: 'female',
      date_of_birth: '2012-04-05',
      grade: '7',
      school: 'North School',
      address: '2 Side St',
    });
    const d = (await register('dataentry', forms['data-entry']())).json().user;
    expect(d).toMatchObject({ type: 'data-entry', department: 'Content' });
  });

  it('links a parent to the children picked and a teacher to their students', async () => {
    const [a, b] = await Promise.all([
      buildStudent(t.db, { firstName: 'Ann' }),
      buildStudent(t.db, { firstName: 'Ben' }),
    ]);
    const parent = await register('parent', { ...forms.parent(), student_ids: [a.id, b.id, a.id] });
    expect(parent.statusCode).toBe(201);
    expect([...parent.json().user.student_ids].sort()).toEqual([a.id, b.id].sort());
    expect(parent.json().user.students.map((s: { name: string }) => s.name)).toEqual(['Ann Tester', 'Ben Tester']);
    const teacher = await register('teacher', { ...forms.teacher(), student_ids: [a.id] });
    expect(teacher.json().user.student_ids).toEqual([a.id]);
    const rows = await t.db.select().from(teacherStudents).where(eq(teacherStudents.teacherId, teacher.json().user.id));
    expect(rows.map((r) => r.studentId)).toEqual([a.id]);
  });

  it('refuses to link an account that is not a student, and creates nothing', async () => {
    const other = await buildTeacher(t.db);
    const form = { ...forms.parent(), student_ids: [other.id] };
    const response = await register('parent', form);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(USER_MESSAGES.notAStudent);
    expect(await t.db.select().from(users).where(eq(users.email, form.email))).toHaveLength(0);
  });

  it.each([
    ['phone_number', '555-1112222', USER_MESSAGES.phoneFormat],
    ['phone_number', '(555) 111-222', USER_MESSAGES.phoneFormat],
    ['phone_number', '', USER_MESSAGES.phoneRequired],
    ['password', 'Sh0rt!', MESSAGES.passwordTooShort],
    ['password', 'lower1!lower', MESSAGES.passwordNeedsUpper],
    ['password', 'UPPER1!UPPER', MESSAGES.passwordNeedsLower],
    ['password', 'NoNumber!x', MESSAGES.passwordNeedsNumber],
    ['password', 'NoSpecial1x', MESSAGES.passwordNeedsSpecial],
    ['email', 'not-an-email', MESSAGES.emailInvalid],
    ['first_name', '  ', 'First name is required'],
    ['specialization', 'Astrology', 'Please choose a specialization'],
  ])('refuses a teacher whose %s is %j with "%s"', async (field, value, message) => {
    const response = await register('teacher', { ...forms.teacher(), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((i: { message: string }) => i.message)).toContain(message);
  });

  it('reports every broken password rule at once, and a mismatched confirmation', async () => {
    const response = await register('student', { ...forms.student(), password: 'abc', confirm_password: 'abd' });
    expect(response.statusCode).toBe(400);
    const messages = response.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        MESSAGES.passwordTooShort,
        MESSAGES.passwordNeedsUpper,
        MESSAGES.passwordNeedsNumber,
        MESSAGES.passwordNeedsSpecial,
        MESSAGES.passwordsDoNotMatch,
      ]),
    );
    const mismatch = await register('parent', { ...forms.parent(), confirm_password: 'Other!pass1' });
    expect(mismatch.json().message).toBe('Passwords do not match');
  });

  it.each([
    ['gender', 'robot', 'Please choose a gender'],
    ['grade', '13', 'Please choose a grade from K to 12'],
    ['date_of_birth', '2999-01-01', MESSAGES.birthdayFuture],
    ['school', '', 'School is required'],
    ['address', '', 'Address is required'],
  ])('refuses a student whose %s is %j', async (field, value, message) => {
    const response = await register('student', { ...forms.student(), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses an e-mail already registered, whatever its case (409)', async () => {
    const form = forms.teacher();
    expect((await register('teacher', form)).statusCode).toBe(201);
    const again = await register('student', { ...forms.student(), email: form.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(USER_MESSAGES.emailTaken);
  });

  it('refuses a bad type or a missing form, and the admin type', async () => {
    for (const body of [
      { userType: 'wizard', formData: forms.teacher() },
      { userType: 'admin', formData: forms.teacher() },
      { userType: 'teacher' },
      {},
      [],
      { userType: 'teacher', formData: 'x' },
    ]) {
      const response = await send(adminCookie, 'POST', '/api/admin/register', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/\S/);
    }
  });
});

describe('GET /api/admin/users', () => {
  let fresh: TestApp;
  let cookie: string;
  beforeAll(async () => {
    fresh = await createTestApp();
    const boss = await buildAdmin(fresh.db);
    cookie = await signIn(fresh.app, boss);
    for (let i = 0; i < 12; i++)
      await buildStudent(fresh.db, { email: `kid${String(i).padStart(2, '0')}@school.test`, firstName: `Kid${i}` });
    await buildTeacher(fresh.db, { email: 'grace@school.test', firstName: 'Grace' });
    await buildUser(fresh.db, 'data-entry', { email: 'typist@school.test', status: 'inactive' });
    await buildUser(fresh.db, 'parent', { email: 'mum_100%@school.test', firstName: 'Mum' });
  });
  afterAll(() => fresh.close());
  const get = (query: string) => call(fresh.app, cookie, { method: 'GET', url: `/api/admin/users${query}` });

  it('pages by 10, newest first, with the stat cards of every account', async () => {
    const first = (await get('')).json();
    expect(first.users).toHaveLength(10);
    expect(first.pagination).toEqual({ page: 1, pages: 2, total: 16, limit: 10 });
    expect(first.stats).toEqual({ total: 16, teachers: 1, dataEntry: 1, parents: 1, students: 12, active: 15 });
    const second = (await get('?page=2&limit=10')).json();
    expect(second.users).toHaveLength(6);
    const ids = new Set([...first.users, ...second.users].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(16);
    const times = first.users.map((u: { created_at: string }) => u.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by type and status in the database, so the paging stays right', async () => {
    const students = (await get('?type=student&page=2')).json();
    expect(students.pagination).toMatchObject({ total: 12, pages: 2 });
    expect(students.users).toHaveLength(2);
    expect(students.users.every((u: { type: string }) => u.type === 'student')).toBe(true);
    expect((await get('?status=inactive')).json().users.map((u: { email: string }) => u.email)).toEqual([
      'typist@school.test',
    ]);
    expect((await get('?type=dataentry')).json().pagination.total).toBe(1);
    expect((await get('?type=data-entry&status=active')).json().pagination.total).toBe(0);
  });

  it('searches e-mail, full name, phone and type', async () => {
    const emails = async (q: string) =>
      (await get(`?q=${encodeURIComponent(q)}`)).json().users.map((u: { email: string }) => u.email);
    expect(await emails('GRACE@')).toEqual(['grace@school.test']);
    expect(await emails('grace tester')).toEqual(['grace@school.test']);
    // Kid1's e-mail is kid01: found by the name.
    expect(await emails('kid1')).toEqual(['kid11@school.test', 'kid10@school.test', 'kid01@school.test']);
    expect((await emails('(555) 123')).length).toBe(10);
    expect(await emails('teach')).toEqual(['grace@school.test']);
    expect(await emails('data entry')).toEqual(['typist@school.test']);
    // LIKE's wildcards are searched for as themselves.
    expect(await emails('100%')).toEqual(['mum_100%@school.test']);
    expect(await emails('%')).toEqual(['mum_100%@school.test']);
    expect(await emails('zzz-nobody')).toEqual([]);
  });

  it('refuses bad paging and filters with a message', async () => {
    for (const query of [
      '?page=0',
      '?page=x',
      '?limit=500',
      '?limit=0',
      '?type=wizard',
      '?status=asleep',
      `?q=${'a'.repeat(201)}`,
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/\S/);
    }
  });

  it('keeps the counts until an account changes, by whatever route (the trigger of migration 0005 tells every instance)', async () => {
    const before = (await get('?type=teacher')).json();
    // Straight into the database, as a sign-up on another instance would: only the notification can empty the counts.
    const added = await buildTeacher(fresh.db, { email: 'late@school.test' });
    await expect.poll(async () => (await get('')).json().stats.teachers).toBe(before.stats.teachers + 1);
    await expect
      .poll(async () => (await get('?type=teacher')).json().pagination.total)
      .toBe(before.pagination.total + 1);
    await fresh.db.delete(users).where(eq(users.id, added.id));
    await expect.poll(async () => (await get('')).json().stats.teachers).toBe(before.stats.teachers);
  });

  it("keeps each page until a profile or a parent's or teacher's link changes, by whatever route (migration 0011)", async () => {
    const grace = async () =>
      (await get('?q=grace')).json().users[0] as { id: string; first_name: string; students: Array<{ email: string }> };
    const before = await grace();
    expect(before.students).toEqual([]);
    // Straight into the database, as a profile edit or another instance would.
    await fresh.db.update(profiles).set({ firstName: 'Gracie' }).where(eq(profiles.userId, before.id));
    await expect.poll(async () => (await grace()).first_name).toBe('Gracie');
    const [kid] = await fresh.db.select().from(users).where(eq(users.email, 'kid03@school.test'));
    await linkTeacher(fresh.db, before.id, kid.id);
    await expect.poll(async () => (await grace()).students.map((s) => s.email)).toEqual(['kid03@school.test']);
    const mum = (await get('?q=mum')).json().users[0] as { id: string; students: unknown[] };
    await fresh.db.insert(parentStudents).values({ parentId: mum.id, studentId: kid.id });
    await expect.poll(async () => (await get('?q=mum')).json().users[0].students.length).toBe(1);
    await fresh.db.delete(parentStudents).where(eq(parentStudents.parentId, mum.id));
    await fresh.db.delete(teacherStudents).where(eq(teacherStudents.teacherId, before.id));
    await fresh.db.update(profiles).set({ firstName: 'Grace' }).where(eq(profiles.userId, before.id));
    await expect.poll(async () => (await grace()).students).toEqual([]);
  });

  it('answers an empty page past the end', async () => {
    const response = (await get('?page=9')).json();
    expect(response.users).toEqual([]);
    expect(response.pagination).toMatchObject({ page: 9, pages: 2 });
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('edits the fields of Edit Information, keeping school and grade for students and specialization for teachers', async () => {
    const student = await buildStudent(t.db);
    const response = await update(student.id, {
      first_name: 'New',
      last_name: 'Name',
      phone_number: '(555) 999-8888',
      school: 'South School',
      grade: 'K',
      address: '3 Road',
      department: 'Juniors',
      specialization: 'Algebra',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'User updated successfully!',
      user: {
        first_name: 'New',
        last_name: 'Name',
        phone_number: '(555) 999-8888',
        school: 'South School',
        grade: 'K',
        address: '3 Road',
        specialization: null,
      },
    });
    const teacher = await buildTeacher(t.db);
    const edited = (await update(teacher.id, { specialization: 'Geometry', school: 'Ignored', grade: '5' })).json()
      .user;
    expect(edited).toMatchObject({ specialization: 'Geometry', school: null, grade: null });
  });

  it('refuses bad fields with their message and changes nothing', async () => {
    const student = await buildStudent(t.db);
    for (const [body, message] of [
      [{ phone_number: '12345' }, USER_MESSAGES.phoneFormat],
      [{ first_name: '' }, 'First name is required'],
      [{ email: 'nope' }, MESSAGES.emailInvalid],
      [{ status: 'sleeping' }, 'Status must be active or inactive'],
      [{ grade: '14' }, 'Please choose a grade from K to 12'],
      [{ student_ids: ['x'] }, 'Please pick students from the list'],
    ] as const) {
      const response = await update(student.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, student.id));
    expect(row.firstName).toBe('Firststudent');
  });

  it('answers 404 for an unknown id, and "Not found" for a malformed one', async () => {
    expect((await update('00000000-0000-4000-8000-000000000000', { first_name: 'X' })).statusCode).toBe(404);
    expect((await update('not-a-uuid', { first_name: 'X' })).json().message).toBe('Not found');
  });

  it('deactivation ends the open sessions at once and refuses sign-in; reactivation lets the user in again', async () => {
    const teacher = await buildTeacher(t.db);
    const cookie = await signIn(t.app, teacher);
    expect((await send(cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const off = await update(teacher.id, { status: 'inactive' });
    expect(off.json().user.status).toBe('inactive');
    expect((await send(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, teacher.id))).toHaveLength(0);
    const refused = await send(null, 'POST', '/api/auth/login', { email: teacher.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(USER_MESSAGES.inactive);
    expect((await update(teacher.id, { status: 'active' })).json().user.status).toBe('active');
    const again = await signIn(t.app, teacher);
    expect((await send(again, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('a user kept in the session cache is refused on the next request after deactivation', async () => {
    const student = await buildStudent(t.db);
    const cookie = await signIn(t.app, student);
    // Two reads: the second is served from the cache, which deactivation must empty.
    expect((await send(cookie, 'GET', '/api/student/stats')).statusCode).toBe(200);
    expect((await send(cookie, 'GET', '/api/student/stats')).statusCode).toBe(200);
    await update(student.id, { status: 'inactive' });
    expect((await send(cookie, 'GET', '/api/student/stats')).statusCode).toBe(401);
  });

  it('an admin cannot deactivate or delete themselves', async () => {
    const self = await update(admin.id, { status: 'inactive' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(USER_MESSAGES.notSelf);
    expect((await remove(admin.id)).json().message).toBe(USER_MESSAGES.notSelf);
    // Editing one's own name is fine.
    expect((await update(admin.id, { first_name: 'Root', status: 'active' })).statusCode).toBe(200);
  });

  it('keeps the last active admin: another admin is deactivated only while one stays active', async () => {
    const app2 = await createTestApp();
    try {
      const [a, b] = [await buildAdmin(app2.db), await buildAdmin(app2.db)];
      const ca = await signIn(app2.app, a);
      const off = await call(app2.app, ca, {
        method: 'PUT',
        url: `/api/admin/users/${b.id}`,
        payload: { status: 'inactive' },
      });
      expect(off.statusCode).toBe(200);
      // b is inactive now; a is the last active admin and cannot lose that, from anyone.
      const self = await call(app2.app, ca, { method: 'DELETE', url: `/api/admin/users/${a.id}` });
      expect(self.statusCode).toBe(409);
      expect(await app2.db.select().from(users).where(eq(users.id, a.id))).toHaveLength(1);
    } finally {
      await app2.close();
    }
  });

  it("changes the e-mail (unique ignoring case, 409 otherwise) and ends that user's sessions", async () => {
    const [s, other] = await Promise.all([buildStudent(t.db), buildStudent(t.db)]);
    const cookie = await signIn(t.app, s);
    const taken = await update(s.id, { email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(USER_MESSAGES.emailTaken);
    expect((await send(cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const email = unique('Renamed').toUpperCase();
    const moved = await update(s.id, { email });
    expect(moved.json().user.email).toBe(email.toLowerCase());
    expect((await send(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await send(null, 'POST', '/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it("replaces a parent's children and a teacher's students, and refuses links for other types", async () => {
    const [a, b] = await Promise.all([buildStudent(t.db), buildStudent(t.db)]);
    const parent = await buildUser(t.db, 'parent');
    expect((await update(parent.id, { student_ids: [a.id] })).json().user.student_ids).toEqual([a.id]);
    expect((await update(parent.id, { student_ids: [b.id] })).json().user.student_ids).toEqual([b.id]);
    expect(await t.db.select().from(parentStudents).where(eq(parentStudents.parentId, parent.id))).toHaveLength(1);
    const teacher = await buildTeacher(t.db);
    await linkTeacher(t.db, teacher.id, a.id);
    expect((await update(teacher.id, { student_ids: [] })).json().user.student_ids).toEqual([]);
    const student = await buildStudent(t.db);
    expect((await update(student.id, { student_ids: [a.id] })).statusCode).toBe(400);
    expect((await update(parent.id, { student_ids: [teacher.id] })).json().message).toBe(USER_MESSAGES.notAStudent);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes sessions, codes, links, assignments and attempts, and keeps the content the user authored', async () => {
    const teacher = await buildTeacher(t.db);
    const student = await buildStudent(t.db);
    await linkTeacher(t.db, teacher.id, student.id);
    const course = await buildCourse(t.db, { createdBy: teacher.id });
    await t.db.insert(studentCourses).values({ studentId: student.id, courseId: course.id, assignedBy: teacher.id });
    const question = await buildQuestion(t.db, { createdBy: teacher.id });
    await t.db
      .insert(answerAttempts)
      .values({ studentId: student.id, questionId: question.id, answer: { studentAnswer: 'A' }, isCorrect: true });
    await t.db.insert(emailCodes).values({
      email: student.email,
      purpose: 'password-reset',
      codeHash: 'x',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const cookie = await signIn(t.app, student);

    const gone = await remove(student.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe('User deleted successfully!');
    expect((await send(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    for (const rows of [
      await t.db.select().from(users).where(eq(users.id, student.id)),
      await t.db.select().from(sessions).where(eq(sessions.userId, student.id)),
      await t.db.select().from(emailCodes).where(eq(emailCodes.email, student.email)),
      await t.db.select().from(teacherStudents).where(eq(teacherStudents.studentId, student.id)),
      await t.db.select().from(studentCourses).where(eq(studentCourses.studentId, student.id)),
      await t.db.select().from(answerAttempts).where(eq(answerAttempts.studentId, student.id)),
    ]) {
      expect(rows).toHaveLength(0);
    }
    expect((await remove(teacher.id)).statusCode).toBe(200);
    const [kept] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(kept.createdBy).toBeNull();
  });

  it('answers 404 for an unknown user, and a second delete', async () => {
    const student = await buildStudent(t.db);
    expect((await remove(student.id)).statusCode).toBe(200);
    expect((await remove(student.id)).statusCode).toBe(404);
    expect((await remove('nope')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/users/import', () => {
  const row = (i: number, extra: Record<string, unknown> = {}) => ({
    first_name: `Row${i}`,
    last_name: 'Import',
    email: `row${i}-${n}@class.test`,
    gender: 'Male',
    date_of_birth: '2013-01-02',
    grade: 'k',
    school: 'Class School',
    address: '9 Lane',
    ...extra,
  });

  it('previews per-row errors and duplicates, then imports all valid rows with their parents, and mails each', async () => {
    n++;
    const existing = await buildStudent(t.db);
    const parentOnFile = await buildUser(t.db, 'parent');
    const rows = [
      row(1, {
        parent_first_name: 'Pa',
        parent_last_name: 'One',
        parent_email: `pa-${n}@class.test`,
        parent_phone_number: '(555) 000-1111',
      }),
      row(2, {
        parent_first_name: 'Pa',
        parent_last_name: 'One',
        parent_email: `pa-${n}@class.test`,
        parent_phone_number: '(555) 000-1111',
      }),
      row(3, {
        parent_first_name: 'Old',
        parent_last_name: 'Parent',
        parent_email: parentOnFile.email,
        parent_phone_number: '(555) 000-2222',
      }),
      row(4, { email: existing.email }),
      row(5, { phone_number: '555' }),
      row(6, { grade: '14', first_name: '' }),
      row(1),
      row(7, { parent_email: `x-${n}@class.test` }),
    ];
    const preview = await send(adminCookie, 'POST', '/api/admin/users/import', { rows, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json();
    expect(result.created).toBe(0);
    expect(result.rows.map((r: { status: string }) => r.status)).toEqual([
      'ready',
      'ready',
      'ready',
      'duplicate',
      'invalid',
      'invalid',
      'duplicate',
      'invalid',
    ]);
    expect(result.rows[4].messages).toEqual([USER_MESSAGES.phoneFormat]);
    expect(result.rows[5].messages).toEqual(
      expect.arrayContaining(['First name is required', 'Please choose a grade from K to 12']),
    );
    expect(result.rows[5].row).toBe(7);
    expect(result.rows[7].messages).toContain('Parent first name is required');
    expect(result.rows[2].parent).toBe('existing');
    expect(await t.db.select().from(users).where(eq(users.email, rows[0].email))).toHaveLength(0);

    const done = await send(adminCookie, 'POST', '/api/admin/users/import', { rows });
    expect(done.json()).toMatchObject({ created: 3, parentsCreated: 1, message: '3 students imported with 1 parent' });
    const [pa] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, `pa-${n}@class.test`));
    expect(await t.db.select().from(parentStudents).where(eq(parentStudents.parentId, pa.id))).toHaveLength(2);
    expect(await t.db.select().from(parentStudents).where(eq(parentStudents.parentId, parentOnFile.id))).toHaveLength(
      1,
    );
    const [kid] = await t.db
      .select()
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, rows[0].email));
    expect(kid.profiles).toMatchObject({ gradeLevel: 'K', gender: 'male', school: 'Class School' });
    expect(t.outbox.to(rows[0].email)[0].text).toContain('/forget-password');
    expect(t.outbox.to(`pa-${n}@class.test`)).toHaveLength(1);
    // The same file again: everything is a duplicate now, nothing is created twice.
    const again = (await send(adminCookie, 'POST', '/api/admin/users/import', { rows })).json();
    expect(again.created).toBe(0);
    expect(again.rows.slice(0, 3).map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });

  it('refuses an empty, oversized or malformed body', async () => {
    for (const body of [
      { rows: [] },
      { rows: Array.from({ length: 1001 }, () => ({})) },
      { rows: 'x' },
      {},
      { rows: [row(1)], dryRun: 'yes' },
    ]) {
      const response = await send(adminCookie, 'POST', '/api/admin/users/import', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/\S/);
    }
  });
});

describe('naughty strings through every text field of the forms', () => {
  it('stores each byte for byte (trimmed) or refuses it with a message', async () => {
    const entry = await buildUser(t.db, 'data-entry');
    let stored = 0;
    for (const text of naughtyStrings) {
      const email = unique('naughty');
      const parent = await register('parent', {
        ...forms.parent(),
        email,
        first_name: text,
        last_name: text,
        address: text,
        student_name: text,
      });
      expect(parent.statusCode, text).toBeLessThan(500);
      if (parent.statusCode === 201) {
        stored++;
        const [row] = await t.db
          .select()
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.userId))
          .where(eq(users.email, email));
        expect(row.profiles.firstName).toBe(text.trim());
        expect(row.profiles.address).toBe(text.trim());
        expect(row.profiles.studentName).toBe(text.trim() || null);
      } else {
        expect(parent.statusCode, text).toBe(400);
        expect(parent.json().message).toMatch(/\S/);
      }
      const edit = await update(entry.id, { department: text, school: text });
      expect(edit.statusCode, text).toBeLessThan(500);
      if (edit.statusCode === 200) {
        const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, entry.id));
        expect(row.department).toBe(text.trim() || null);
      } else {
        expect(edit.json().message).toMatch(/\S/);
      }
    }
    expect(stored).toBeGreaterThan(naughtyStrings.length * 0.8);
  }, 600_000);
});
