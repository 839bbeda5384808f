import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  type APIRequest,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-pass1!';
export const ADMIN = { email: 'admin@e2e.academy', password: 'Admin@pass1!' };

function outboxDir() {
  return path.join(process.env.E2E_DATA_DIR!, 'outbox');
}

/** Mail files already read: each read waits for a mail that has not been read yet. */
const readMails = new Set<string>();

/**
 * The newest six-digit code mailed to an address since the last read, from the server's outbox, as a person would
 * read their mail. Mail leaves behind the server's answer, so a new code may land a moment after the screen moved on.
 */
export async function readCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const dir = outboxDir();
        if (!fs.existsSync(dir)) return undefined;
        const files = fs.readdirSync(dir).sort().reverse();
        for (const file of files) {
          if (readMails.has(file)) continue;
          const text = fs.readFileSync(path.join(dir, file), 'utf8');
          if (!new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(text)) continue;
          code = /\n(\d{6})\n/.exec(text)?.[1];
          if (code) {
            readMails.add(file);
            return code;
          }
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

/**
 * The text of the newest mail to an address whose subject matches, from the server's outbox (soft line breaks
 * of quoted-printable undone), waiting for it as `readCode` does.
 */
export async function readMail(email: string, subject: RegExp): Promise<string> {
  let found: string | undefined;
  const to = new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi');
  await expect
    .poll(
      () => {
        const dir = outboxDir();
        if (!fs.existsSync(dir)) return undefined;
        for (const file of fs.readdirSync(dir).sort().reverse()) {
          const text = fs
            .readFileSync(path.join(dir, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          const subjectLine = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
          if (to.test(text) && subject.test(subjectLine)) return (found = text);
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Clicks an answer field and waits until it holds the focus: the field loads on demand, and keys typed before
 * it is focused are lost.
 */
export async function focusField(field: Locator) {
  await field.click();
  await expect(field).toBeFocused();
}

/**
 * Picks up a focused drag handle with Space and waits until the keyboard can carry it: dnd-kit's keyboard sensor
 * starts listening for the arrow keys from a timer set at the pick-up, so an arrow sent at once (as a test does,
 * never a person) can be lost. A timer set after it runs after it.
 */
export async function pickUp(page: Page) {
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

/** A staff or student API call that must succeed; its JSON body. */
export async function ok<T = Record<string, unknown>>(
  response: Awaited<ReturnType<APIRequestContext['post']>>,
): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** An API context of its own, signed in as an account (its browser contexts stay signed out). */
export async function apiAs(
  request: APIRequest,
  baseURL: string | undefined,
  credentials: { email: string; password: string },
): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  await ok(await context.post('/api/auth/login', { data: credentials }));
  return context;
}

/**
 * A grade-6 student registered by the admin's API context (the e2e walks share one address, whose sign-ups are
 * limited per hour): their id and e-mail.
 */
export async function registerStudent(admin: APIRequestContext, first: string, password: string) {
  const email = uniqueEmail(`student-${first.toLowerCase()}`);
  const reply = await ok<{ user: { id: string } }>(
    await admin.post('/api/admin/register', {
      data: {
        userType: 'student',
        formData: {
          first_name: first,
          last_name: 'Santos',
          email,
          gender: 'female',
          date_of_birth: '2013-05-02',
          grade: '6',
          school: 'Hill School',
          address: '4 Oak Lane',
          password,
          confirm_password: password,
        },
      },
    }),
  );
  return { id: reply.user.id, email };
}

/** A saved test of bank questions, a mark each, made by staff through the API; its id. */
export async function saveTest(staff: APIRequestContext, name: string, questionIds: readonly string[]) {
  const saved = await ok<{ test: { id: string } }>(
    await staff.post('/api/tests', {
      data: {
        name,
        type: 'assessment',
        description: '',
        instructions: '',
        timeLimit: 30,
        totalMarks: null,
        testCode: '',
        questions: questionIds.map((questionId, i) => ({ questionId, order: i + 1, marks: 1 })),
      },
    }),
  );
  return saved.test.id;
}

/** What a new student types on the complete-profile form; a spec names what matters to it. */
export interface StudentProfile {
  first_name: string;
  last_name?: string;
  school?: string;
  grade_level?: string;
  birthday?: string;
}

/** A new student through the real sign-up API (mailed code, complete profile), so nothing of theirs exists yet; their id. */
export async function signUpStudent(
  request: APIRequestContext,
  email: string,
  password: string,
  profile: StudentProfile,
): Promise<string> {
  await ok(await request.post('/api/auth/signup', { data: { email } }));
  await ok(await request.post('/api/auth/verify-otp', { data: { email, otp: await readCode(email) } }));
  const extra = {
    last_name: 'Santos',
    gender: 'female',
    birthday: '2013-05-02',
    phone_number: '(555) 010-2030',
    address: '4 Oak Lane',
    school: 'Hill School',
    grade_level: '6',
    ...profile,
  };
  const reply = await ok<{ user: { id: string } }>(
    await request.post('/api/users/complete-profile', {
      data: { email, password, type: 'student', extra_field: extra },
    }),
  );
  expect(reply.user.id).toMatch(/\S/);
  return reply.user.id;
}

/** The tags every new question needs: the grade, and the first focus and category the bank has. */
export async function questionTags(admin: APIRequestContext, grade: number) {
  const [categories, focus] = [
    await ok<Array<{ id: string }>>(await admin.get('/api/category')),
    await ok<Array<{ id: string }>>(await admin.get('/api/focus')),
  ];
  return { grade, focus: [focus[0].id], category: [categories[0].id], source: 'E2E' };
}

/**
 * A submitted sitting to review: the demo teacher's new test of two multiple-choice questions of the bank (a mark
 * each, released by hand), sat by the demo student through the API with the first answer wrong and the second right.
 * The contexts are the caller's to close.
 */
export async function submittedSitting(browser: Browser) {
  const teacherContext = await browser.newContext();
  const teacher = teacherContext.request;
  await ok(await teacher.post('/api/auth/login', { data: { email: 'teacher@demo.academy', password: DEMO_PASSWORD } }));
  const bank = await ok<{
    questions: Array<{ id: string; options: Record<string, string>; answer: { a1: string[] } }>;
  }>(await teacher.get('/api/questions?type=Multiple%20Choice&limit=50'));
  const picked = bank.questions.filter((q) => q.answer.a1.length === 1).slice(0, 2);
  expect(picked).toHaveLength(2);
  const name = `Review test ${Date.now()}`;
  const testId = await saveTest(
    teacher,
    name,
    picked.map((q) => q.id),
  );
  const students = await ok<{ students: Array<{ id: string; email: string }> }>(
    await teacher.get('/api/teacher/students'),
  );
  const student = students.students.find((s) => s.email === 'student@demo.academy')!;
  await ok(
    await teacher.post(`/api/tests/${testId}/assign`, { data: { studentIds: [student.id], release: 'manual' } }),
  );

  const studentContext = await browser.newContext();
  const sitter = studentContext.request;
  await ok(await sitter.post('/api/auth/login', { data: { email: 'student@demo.academy', password: DEMO_PASSWORD } }));
  const listed = await ok<{ tests: Array<{ testId: string; assignmentId: string }> }>(
    await sitter.get('/api/student/tests'),
  );
  const assignmentId = listed.tests.find((x) => x.testId === testId)!.assignmentId;
  const { attempt } = await ok<{ attempt: { id: string } }>(
    await sitter.post(`/api/student/tests/${assignmentId}/start`),
  );
  const wrong = Object.keys(picked[0].options).find((letter) => letter !== picked[0].answer.a1[0])!;
  for (const [q, answer] of [
    [picked[0], wrong],
    [picked[1], picked[1].answer.a1[0]],
  ] as const)
    await ok(await sitter.put(`/api/student/attempts/${attempt.id}/answers/${q.id}`, { data: { answer } }));
  await ok(await sitter.post(`/api/student/attempts/${attempt.id}/submit`));
  await studentContext.close();
  await teacherContext.close();
  return { testId, name, attemptId: attempt.id };
}
