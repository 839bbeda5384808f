import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN, DEMO_PASSWORD, ok, questionTags, saveTest, signIn, signUpStudent, uniqueEmail } from './helpers';

/**
 * A teacher asks for simplest form on a blank; the student who writes 9/12 is told it is equal but not in simplest
 * form (and it is no wrong try), and 3/4 is correct; the bank and the printed key show the form asked.
 */
const PASSWORD = 'Form&pass1';
const SHOTS = '/tmp/shots';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/forms-${name}.png`, fullPage: true });
}

interface Built {
  email: string;
  marker: string;
  exercisesUrl: string;
  testId: string;
}

async function build(request: APIRequestContext): Promise<Built> {
  const email = uniqueEmail('simplest');
  const studentId = await signUpStudent(request, email, PASSWORD, { first_name: 'Ada', grade_level: '5' });
  await ok(await request.post('/api/auth/login', { data: ADMIN }));
  const stamp = Date.now();
  const course = await ok<{ id: string }>(
    await request.post('/api/courses', {
      data: { title: `Lowest terms ${stamp}`, code: `LT-${stamp}`, description: 'Fractions in simplest form.' },
    }),
  );
  const unit = await ok<{ id: string }>(
    await request.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Equivalent fractions', grade: '5', categories: ['Fractions'] },
    }),
  );
  const section = await ok<{ id: string }>(
    await request.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Simplest form', grade: '5', content: '<p>Divide by the greatest common factor.</p>' },
    }),
  );
  // Not "E2E-": the question bank's own walk counts the questions it finds by that.
  const marker = `Forms-check-${stamp}`;
  const question = await ok<{ question: { id: string } }>(
    await request.post('/api/questions', {
      data: {
        ...(await questionTags(request, 5)),
        type: 'Fill in the Blank',
        questionText: `<p>${marker}: write $\\frac{9}{12}$ in simplest form. ___1___</p>`,
        options: {},
        answer: [['3/4']],
        solution: 'Divide both by $3$: $\\frac{3}{4}$.',
        hint: '',
      },
    }),
  );
  await ok(
    await request.post('/api/questions/assign-to-section', {
      data: { sectionId: section.id, questionIds: [question.question.id] },
    }),
  );
  await ok(await request.post('/api/admin/assign-course', { data: { studentId, courseId: course.id } }));
  await ok(await request.post('/api/admin/assign-unit', { data: { studentId, unitId: unit.id, withSections: true } }));
  const testId = await saveTest(request, `Forms ${stamp}`, [question.question.id]);
  return {
    email,
    marker,
    exercisesUrl: `/dashboard/courses/${course.id}/sections/${section.id}/exercises`,
    testId,
  };
}

let built: Built;
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  built = await build(request);
  await request.dispose();
});

test('a teacher asks for simplest form; 9/12 is equal but not in simplest form, 3/4 is correct; the bank and the key show it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  await page.getByLabel('Search', { exact: true }).fill(built.marker);
  await page.getByRole('button', { name: new RegExp(`Edit question: ${built.marker}`) }).click();
  const editor = page.getByRole('form', { name: 'Edit question' });
  // Closed until opened: any equivalent value is the default.
  await editor.getByText('Blank 1 form: Any equivalent value').click();
  await editor.getByRole('checkbox', { name: 'Simplest form' }).check();
  await expect(editor.getByText('Blank 1 form: Simplest form')).toBeVisible();
  await shoot(page, 'editor-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'editor-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Question updated successfully')).toBeVisible();
  await expect(editor).toHaveCount(0);

  // The bank's answer key names the form, read afresh.
  await page.reload();
  await page.getByLabel('Search', { exact: true }).fill(built.marker);
  await page.getByRole('button', { name: new RegExp(`^${built.marker}`) }).click();
  const details = page.getByRole('row').filter({ hasText: 'Answer key:' });
  await expect(details).toContainText('3/4 (Simplest form)');

  // So does the printed key.
  await page.goto(`/question-bank/tests/${built.testId}/print`);
  await page.getByLabel('Include answer key').check();
  await expect(page.getByRole('heading', { name: /^Answer Key/ })).toBeVisible();
  await expect(page.getByText('3/4 (Simplest form)')).toBeVisible();

  // The student sees the form under the blank; 9/12 is a nudge, 3/4 is right.
  await page.context().clearCookies();
  await signIn(page, built.email, PASSWORD);
  await page.goto(built.exercisesUrl);
  const card = page.getByRole('listitem', { name: 'Question 1' });
  await expect(card.getByText('Answer as: Simplest form')).toBeVisible();
  const field = card.locator('math-field');
  await expect(field).toBeVisible();
  await field.click();
  await page.keyboard.type('9/12');
  await card.getByRole('button', { name: 'Check Answer' }).click();
  const verdict = card.locator('div[role=status]');
  await expect(verdict).toHaveText('Equal, but not in simplest form');
  // No try is used up.
  await expect(card.getByText(/\d+ tr(y|ies)/)).toHaveCount(0);
  await shoot(page, 'student-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'student-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Written again in the source box, as a student who knows LaTeX may.
  await card.getByRole('button', { name: 'Show source' }).click();
  await card.getByLabel('Your answer source (LaTeX)').fill('\\frac{3}{4}');
  await card.getByRole('button', { name: 'Check Answer' }).click();
  await expect(verdict).toHaveText('Correct!');
});
