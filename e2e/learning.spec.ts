import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, readCode, signIn, uniqueEmail } from './helpers';

const SHOTS = '/tmp/shots';

interface Listed {
  id: string;
  email: string;
  courses: Array<{ id: string; name: string }>;
  units: string[];
  sections: string[];
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ students?: Listed[] }> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { students?: Listed[] };
}

/** A new student through the real sign-up API, so their average starts empty. */
async function newStudent(request: APIRequestContext, email: string, password: string) {
  await ok(await request.post('/api/auth/signup', { data: { email } }));
  await ok(await request.post('/api/auth/verify-otp', { data: { email, otp: await readCode(email) } }));
  await ok(
    await request.post('/api/users/complete-profile', {
      data: {
        email,
        password,
        type: 'student',
        extra_field: { first_name: 'Mira', last_name: 'Santos', gender: 'female', birthday: '2013-05-02', phone_number: '(555) 010-2030', address: '4 Oak Lane', school: 'Hill School', grade_level: '6' },
      },
    }),
  );
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/learning-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin assigns a course; the student reads a lesson with math, answers right and wrong, and sees the average change', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('learner');
  const password = 'Learn&pass1';
  await newStudent(await playwright.request.newContext({ baseURL }), email, password);

  // The admin gives the new student the demo course as the demo student has it: its first unit, one of two sections.
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const students = (await ok(await admin.get('/api/admin/students'))).students!;
  const demo = students.find((s) => s.email === 'student@demo.academy')!;
  const learner = students.find((s) => s.email === email)!;
  const course = demo.courses.find((c) => c.name === 'Fractions Essentials')!;
  await ok(await admin.post('/api/admin/assign-course', { data: { studentId: learner.id, courseId: course.id } }));
  for (const unitId of demo.units) await ok(await admin.post('/api/admin/assign-unit', { data: { studentId: learner.id, unitId } }));
  for (const sectionId of demo.sections) await ok(await admin.post('/api/admin/assign-section', { data: { studentId: learner.id, sectionId } }));

  await signIn(page, email, password);
  await page.goto('/student');
  await expect(page.getByRole('heading', { name: 'Welcome back, Mira!' })).toBeVisible();
  await expect(page.getByLabel('Enrolled Courses: 1')).toBeVisible();
  await expect(page.getByLabel('Assignments Due: 0')).toBeVisible();
  await expect(page.getByLabel('Average Grade: —')).toBeVisible();
  await expect(page.getByText('You are enrolled in 1 course.')).toBeVisible();
  await shoot(page, 'dashboard');

  await page.getByRole('button', { name: 'Assignments' }).click();
  await expect(page.getByText('Assignments is coming soon.')).toBeVisible();

  await page.getByRole('button', { name: 'My Courses' }).click();
  await expect(page.getByText('Showing 1 of 1 courses')).toBeVisible();
  await page.getByLabel('Search courses').fill('zzz');
  await expect(page.getByText('No Courses Found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByLabel('Course type').selectOption('MA');
  await expect(page.getByText('Showing 1 of 1 courses')).toBeVisible();
  await shoot(page, 'courses');

  await page.getByRole('button', { name: 'View Course Fractions Essentials' }).click();
  await expect(page.getByRole('button', { name: 'Back to Courses' })).toBeVisible();
  await page.getByRole('button', { name: 'Unit 1: Working with Fractions' }).click();
  await expect(page.getByRole('button', { name: '1.1 Adding Fractions' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Multiplying Fractions/ })).toHaveCount(0);
  await expect(page.getByText('1 more section is not assigned to you yet')).toBeVisible();
  await page.getByRole('button', { name: '1.1 Adding Fractions' }).click();
  const lesson = page.getByRole('article', { name: 'Lesson Adding Fractions' });
  await expect(lesson.getByText('rewrite them with a common denominator')).toBeVisible();
  await expect(lesson).toContainText('\\frac{1}{2} + \\frac{1}{4}');
  await shoot(page, 'lesson');

  await page.getByRole('tab', { name: /Exercises/ }).click();
  const mc = page.getByRole('listitem', { name: 'Question 1' });
  await expect(mc.getByRole('button', { name: 'Check Answer' })).toBeDisabled();
  await mc.getByLabel('Option B').check();
  await mc.getByRole('button', { name: 'Check Answer' }).click();
  await expect(mc.getByText('Incorrect')).toBeVisible();
  await mc.getByLabel('Option A').check();
  await mc.getByRole('button', { name: 'Check Answer' }).click();
  await expect(mc.getByText('Correct', { exact: true })).toBeVisible();

  const fill = page.getByRole('listitem', { name: 'Question 2' });
  await expect(fill.getByRole('button', { name: 'Check Answer' })).toBeDisabled();
  await fill.getByLabel('Blank 1', { exact: true }).fill('0.5');
  await fill.getByLabel('Blank 2', { exact: true }).fill('3/4');
  await fill.getByRole('button', { name: 'Check Answer' }).click();
  await expect(fill.getByText(/Blank 2 is not correct/)).toBeVisible();
  // The second blank again, written with the toolbar's fraction button.
  await fill.getByLabel('Blank 2', { exact: true }).fill('');
  await fill.getByRole('toolbar', { name: 'Blank 2 math tools' }).getByRole('button', { name: 'Math' }).click();
  for (const category of ['Basic', 'Greek Letters', 'Operators', 'Functions', 'Matrices', 'Sets & Logic', 'Piecewise', 'Tables']) {
    await expect(fill.getByRole('tab', { name: category })).toBeVisible();
  }
  await fill.getByRole('button', { name: 'Fraction' }).click();
  await expect(fill.getByLabel('Blank 2', { exact: true })).toHaveValue('\\frac{}{}');
  await fill.getByLabel('Blank 2', { exact: true }).fill('\\frac{2}{3}');
  await fill.getByRole('tab', { name: 'Matrices' }).click();
  await fill.getByRole('button', { name: 'Custom...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Custom matrix' });
  await dialog.getByLabel('Rows (1–50)').fill('51');
  await expect(dialog.getByText('Rows must be at most 50')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Insert' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await shoot(page, 'exercises');
  await fill.getByRole('button', { name: 'Check Answer' }).click();
  await expect(fill.getByText('Correct', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Close lesson' }).click();
  await expect(page.getByText('Choose a unit, then a section, to open its lesson.')).toBeVisible();
  await page.getByRole('button', { name: 'Dashboard' }).click();
  await expect(page.getByLabel('Average Grade: 50%')).toBeVisible();
  await expect(page.getByText('2 of 4 checks correct')).toBeVisible();
});

test('a student without courses is told so', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('newcomer');
  await newStudent(await playwright.request.newContext({ baseURL }), email, 'Learn&pass1');
  await signIn(page, email, 'Learn&pass1');
  await page.goto('/student');
  await expect(page.getByText('You are not enrolled in any course yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Go to My Courses' }).click();
  await expect(page.getByRole('heading', { name: 'No Courses Assigned' })).toBeVisible();
  await expect(page.getByText('Please contact your administrator to get enrolled.', { exact: false })).toBeVisible();
  await shoot(page, 'no-courses');
});

test('the student page is for students only', async ({ page }) => {
  await signIn(page, 'teacher@demo.academy', 'Demo-pass1!');
  await page.goto('/student');
  await expect(page).toHaveURL(/\/$/);
});
