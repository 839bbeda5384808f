import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN, focusField, ok, questionTags, signIn, signUpStudent, uniqueEmail } from './helpers';

const SHOTS = '/tmp/shots';

/**
 * What a teacher would build through the staff screens, built through the same API: a course of one unit with two
 * lessons, two questions in the first lesson, and the student given the course, the unit and only the first lesson.
 */
async function buildAndAssignCourse(admin: APIRequestContext, studentId: string, code: string) {
  const course = await ok<{ id: string }>(
    await admin.post('/api/courses', {
      data: { title: 'Fractions Essentials', code, description: 'Add, compare and simplify fractions.' },
    }),
  );
  const unit = await ok<{ id: string }>(
    await admin.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Working with Fractions', grade: '6', categories: ['Fractions'] },
    }),
  );
  const adding = await ok<{ id: string }>(
    await admin.post(`/api/units/${unit.id}/sections`, {
      data: {
        title: 'Adding Fractions',
        grade: '6',
        content:
          '<p>To add fractions, rewrite them with a common denominator: $\\frac{1}{2} + \\frac{1}{4} = \\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$.</p>',
      },
    }),
  );
  await ok(
    await admin.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Multiplying Fractions', grade: '6', content: '<p>Multiply the tops and the bottoms.</p>' },
    }),
  );
  // A unit the student is not given: listed to them, locked.
  await ok(
    await admin.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Fractions as Decimals', grade: '6', categories: ['Fractions'] },
    }),
  );
  const tags = { ...(await questionTags(admin, 6)), hint: 'Find a common denominator.' };
  const mc = await ok<{ question: { id: string } }>(
    await admin.post('/api/questions', {
      data: {
        ...tags,
        type: 'Multiple Choice',
        questionText: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
        options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$', D: '$\\frac{1}{8}$' },
        answer: { a1: ['A'] },
        solution: '$\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$',
      },
    }),
  );
  const fill = await ok<{ question: { id: string } }>(
    await admin.post('/api/questions', {
      data: {
        ...tags,
        type: 'Fill in the Blank',
        questionText: 'Half of one is ___1___ and $\\frac{1}{3} + \\frac{1}{3}$ is ___2___.',
        options: {},
        answer: [['1/2'], ['2/3']],
        solution: 'One half, and two thirds.',
      },
    }),
  );
  await ok(
    await admin.post('/api/questions/assign-to-section', {
      data: { sectionId: adding.id, questionIds: [mc.question.id, fill.question.id] },
    }),
  );
  await ok(await admin.post('/api/admin/assign-course', { data: { studentId, courseId: course.id } }));
  await ok(await admin.post('/api/admin/assign-unit', { data: { studentId, unitId: unit.id } }));
  await ok(await admin.post('/api/admin/assign-section', { data: { studentId, sectionId: adding.id } }));
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Dashboard' });

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/learning-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin assigns a course; the student reads a lesson with math, answers right and wrong, and sees the figures change', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('learner');
  const password = 'Learn&pass1';
  const studentId = await signUpStudent(await playwright.request.newContext({ baseURL }), email, password, {
    first_name: 'Mira',
  });
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  await buildAndAssignCourse(admin, studentId, `MA-FR-${Date.now()}`);

  await signIn(page, email, password);
  // A first visit: welcomed, not welcomed back.
  await expect(page.getByRole('heading', { name: 'Welcome, Mira!' })).toBeVisible();
  await expect(page.getByLabel('Enrolled Courses: 1')).toBeVisible();
  await expect(page.getByLabel('Assignments Due: 0')).toBeVisible();
  await expect(page.getByLabel('First-Try Accuracy: —')).toBeVisible();
  await expect(page.getByText('You are enrolled in 1 course.')).toBeVisible();
  await shoot(page, 'dashboard');

  await sidebar(page).getByRole('link', { name: 'Assignments' }).click();
  await expect(page.getByText('No tests assigned yet')).toBeVisible();

  await sidebar(page).getByRole('link', { name: 'My Courses' }).click();
  await expect(page.getByText('Showing 1 of 1 courses')).toBeVisible();
  await page.getByLabel('Search my courses').fill('zzz');
  await expect(page.getByText('No Courses Found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  // The course types are named by their courses, not by the bare code prefix.
  await expect(page.getByLabel('Course type').getByRole('option', { name: 'Fractions Essentials' })).toHaveAttribute(
    'value',
    'MA',
  );
  await page.getByLabel('Course type').selectOption('MA');
  await expect(page.getByText('Showing 1 of 1 courses')).toBeVisible();
  await shoot(page, 'courses');

  await page.getByRole('button', { name: 'View Course Fractions Essentials' }).click();
  await expect(page.getByRole('button', { name: 'Back to Courses' })).toBeVisible();
  await page.getByRole('button', { name: 'Unit 1: Working with Fractions' }).click();
  await expect(page.getByRole('button', { name: '1.1 Adding Fractions' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Multiplying Fractions/ })).toHaveCount(0);
  await expect(page.getByText('1 more section is not assigned to you yet')).toBeVisible();
  await expect(page.getByText('Unit 2: Fractions as Decimals is not assigned to you yet')).toBeVisible();
  await expect(page.getByRole('button', { name: /Fractions as Decimals/ })).toHaveCount(0);
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
  await expect(mc.getByText('Not quite. Try again.')).toBeVisible();
  await mc.getByLabel('Option A').check();
  await mc.getByRole('button', { name: 'Check Answer' }).click();
  await expect(mc.getByText('Correct!', { exact: true })).toBeVisible();

  const fill = page.getByRole('listitem', { name: 'Question 2' });
  await expect(fill.getByRole('button', { name: 'Check Answer' })).toBeDisabled();
  const blank = (n: number) => fill.locator('math-field').nth(n - 1);
  await focusField(blank(1));
  await page.keyboard.type('0.5');
  await focusField(blank(2));
  await page.keyboard.type('3/4');
  await fill.getByRole('button', { name: 'Check Answer' }).click();
  await expect(fill.getByText(/Blank 2 is not correct/)).toBeVisible();
  // The second blank again, written with the toolbar's fraction button.
  await focusField(blank(2));
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await fill.getByRole('toolbar', { name: 'Blank 2 math tools' }).getByRole('button', { name: 'Math' }).click();
  for (const category of [
    'Basic',
    'Greek Letters',
    'Operators',
    'Functions',
    'Matrices',
    'Sets & Logic',
    'Piecewise',
    'Tables',
  ]) {
    await expect(fill.getByRole('tab', { name: category })).toBeVisible();
  }
  await fill.getByRole('button', { name: 'Fraction' }).click();
  // The caret waits in the numerator; Tab moves to the denominator.
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  // The field writes a fraction of single digits in LaTeX's short form.
  await expect(blank(2)).toHaveJSProperty('value', '\\frac23');
  await fill.getByRole('tab', { name: 'Matrices' }).click();
  await fill.getByRole('button', { name: 'Custom...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Custom matrix' });
  await dialog.getByLabel('Rows (1–50)').fill('51');
  await expect(dialog.getByText('Rows must be at most 50')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Insert' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await shoot(page, 'exercises');
  await fill.getByRole('button', { name: 'Check Answer' }).click();
  await expect(fill.getByText('Correct!', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Close lesson' }).click();
  await expect(page.getByText('Choose a unit, then a section, to open its lesson.')).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  // Both questions solved, each at the second try: solved counts them, first-try accuracy does not.
  await expect(page.getByRole('heading', { name: 'Welcome back, Mira!' })).toBeVisible();
  await expect(page.getByLabel('Questions Solved: 2')).toBeVisible();
  await expect(page.getByLabel('First-Try Accuracy: 0%')).toBeVisible();
  await expect(page.getByText('0 of 2 right at the first check')).toBeVisible();
});

test('a student without courses is told so', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('newcomer');
  await signUpStudent(await playwright.request.newContext({ baseURL }), email, 'Learn&pass1', { first_name: 'Mira' });
  await signIn(page, email, 'Learn&pass1');
  await expect(page.getByText('You are not enrolled in any course yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Go to My Courses' }).click();
  await expect(page.getByRole('heading', { name: 'No Courses Assigned' })).toBeVisible();
  await expect(page.getByText('Please contact your administrator to get enrolled.', { exact: false })).toBeVisible();
  await shoot(page, 'no-courses');
});

test('the /student address leads to the dashboard, where a teacher sees their own', async ({ page }) => {
  await signIn(page, 'teacher@demo.academy', 'Demo-pass1!');
  await page.goto('/student');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Pending Reviews')).toBeVisible();
  await expect(page.getByText('Showing')).toHaveCount(0);
});
