import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { ADMIN, ok, registerStudent, saveTest, signIn, uniqueEmail } from './helpers';

/**
 * Questions with random numbers, end to end: a teacher writes "Add {a}/{b} and {c}/{b}" with constraints, previews
 * ten variants (some fail their self-check, saying why) and approves the rest; two students see different numbers
 * and are each judged against their own; one asks for another after two misses; a paper printed in two versions
 * comes with two keys; the teacher sees each student's variant in their work.
 */
const PASSWORD = 'Vary&pass1';
const SHOTS = '/tmp/shots';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/variants-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/variants-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

interface Built {
  students: Array<{ id: string; email: string }>;
  teacherEmail: string;
  courseId: string;
  sectionId: string;
}

async function build(request: APIRequestContext): Promise<Built> {
  await ok(await request.post('/api/auth/login', { data: ADMIN }));
  const students = [await registerStudent(request, 'Ada', PASSWORD), await registerStudent(request, 'Ben', PASSWORD)];
  const stamp = Date.now();
  const course = await ok<{ id: string }>(
    await request.post('/api/courses', {
      data: { title: `Adding fractions ${stamp}`, code: `AF-${stamp}`, description: 'Like denominators.' },
    }),
  );
  const unit = await ok<{ id: string }>(
    await request.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Same bottoms', grade: '6', categories: ['Fractions'] },
    }),
  );
  const section = await ok<{ id: string }>(
    await request.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Add the tops', grade: '6', content: '<p>Add the numerators; keep the denominator.</p>' },
    }),
  );
  for (const student of students) {
    await ok(await request.post('/api/admin/assign-course', { data: { studentId: student.id, courseId: course.id } }));
    await ok(
      await request.post('/api/admin/assign-unit', {
        data: { studentId: student.id, unitId: unit.id, withSections: true },
      }),
    );
  }
  const teacherEmail = uniqueEmail('vary-teacher');
  const registered = await request.post('/api/admin/register', {
    data: {
      userType: 'teacher',
      formData: {
        first_name: 'Tomas',
        last_name: 'Lopez',
        email: teacherEmail,
        phone_number: '(555) 010-2030',
        password: PASSWORD,
        student_ids: students.map((s) => s.id),
        specialization: 'Algebra',
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { students, teacherEmail, courseId: course.id, sectionId: section.id };
}

let built: Built;
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  built = await build(request);
  await request.dispose();
});

const ADDITION = /Add (\d+)\/(\d+) and (\d+)\/\d+/;

/** The numbers a question shows ("Add 3/8 and 4/8"), with a right and a wrong answer to them. */
async function numbersOn(where: Locator) {
  const text = (await where.getByText(ADDITION).first().textContent()) ?? '';
  const found = ADDITION.exec(text)!;
  const [a, b, c] = found.slice(1).map(Number);
  return { text: found[0], right: `${a + c}/${b}`, wrong: `${a + c + 1}/${b}` };
}

/** Writes an answer in the card's source box (LaTeX as typed), opening it the first time, and checks it. */
async function answer(card: Locator, typed: string) {
  const source = card.getByLabel('Your answer source (LaTeX)');
  if (!(await source.isVisible())) await card.getByRole('button', { name: 'Show source' }).click();
  await source.fill(typed);
  await card.getByRole('button', { name: 'Check Answer' }).click();
}

test('a teacher writes a question with random numbers; each student gets and is judged on their own numbers', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const marker = `Vary-${Date.now()}`;

  // The teacher writes the template and previews ten variants.
  await signIn(page, built.teacherEmail, PASSWORD);
  await page.goto('/question-bank');
  await page.getByRole('link', { name: 'Add Question' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Question - Step 1' })).toBeVisible();
  await page.getByLabel('Grade').selectOption('6');
  await page.getByLabel('Type').selectOption('Fill in the Blank');
  await page.getByLabel('Categories').selectOption({ label: 'Fractions' });
  await page.getByLabel('Focus Areas').selectOption({ label: 'Computation' });
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  await page.getByRole('textbox', { name: 'Question Text' }).click();
  await page.keyboard.type(`${marker}: Add {a}/{b} and {c}/{b}: ___1___`);
  await page.getByLabel('Blank 1, accepted answer 1').fill('{s}/{b}');
  await page.getByText('Blank 1 form: Any equivalent value').click();
  await page.getByRole('checkbox', { name: 'Simplest form' }).check();

  const random = page.getByRole('region', { name: 'Random numbers' });
  await random.getByRole('button', { name: 'Add random numbers' }).click();
  const variables = random.getByRole('list', { name: 'Variables' }).getByRole('listitem');
  const set = async (row: number, label: string, value: string) => {
    const field = variables.nth(row).getByLabel(label, { exact: true });
    await field.fill(value);
  };
  await set(0, 'To', '7');
  await random.getByRole('button', { name: 'Add variable' }).click();
  await set(1, 'Name', 'b');
  await set(1, 'From', '8');
  await set(1, 'To', '8');
  await random.getByRole('button', { name: 'Add variable' }).click();
  await set(2, 'Name', 'c');
  await set(2, 'To', '7');
  await random.getByRole('button', { name: 'Add variable' }).click();
  await set(3, 'Name', 's');
  await variables.nth(3).getByLabel('Kind').selectOption('computed');
  await set(3, 'Value', 'a + c');
  await random.getByLabel('Constraints (one per line)').fill('a != c\na + c < b');
  await random.getByRole('button', { name: 'Preview variants' }).click();

  const cards = random.getByRole('list', { name: 'Variants' }).locator(':scope > li');
  await expect(cards).toHaveCount(10);
  // The text is drawn with each variant's numbers, as math where it is math.
  await expect(cards.first()).toContainText(/Add \d\/8 and \d\/8/);
  // Some keys are not in simplest form (6/8), and a variant may read as an earlier one: each says why it fails.
  const notInForm = cards.filter({ hasText: 'is not in the form asked (Simplest form)' });
  await expect(notInForm.first()).toContainText('Fails');
  await expect(notInForm.first()).toContainText(/The accepted answer \d\/8 is not in the form asked \(Simplest form\)/);
  const failed = await cards.filter({ hasText: 'Fails' }).count();
  await expect(random.getByRole('status')).toContainText(`of 10 variants pass their checks; ${failed} fail`);
  await shoot(page, 'preview');
  // The random numbers' fields and the preview, as a screen reader meets them.
  const axe = await new AxeBuilder({ page }).include('[aria-label="Random numbers"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const approve = random.getByRole('button', { name: /^Approve \d+ variants?$/ });
  const approved = Number(/\d+/.exec((await approve.textContent()) ?? '')![0]);
  expect(approved).toBeGreaterThan(1);
  await approve.click();
  await expect(random.getByText(`Students get one of ${approved} approved variants`)).toBeVisible();
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Question created successfully!')).toBeVisible();
  // The bank shows the template with its approved variants.
  await expect(page).toHaveURL(/\/question-bank$/, { timeout: 5_000 });
  await page.getByLabel('Search', { exact: true }).fill(marker);
  await page.getByRole('button', { name: new RegExp(`^${marker}`) }).click();
  const summary = page.getByLabel('Random numbers');
  await expect(summary).toContainText('Random numbers: a from 1 to 7; b from 8 to 8; c from 1 to 7; s = a + c');
  await expect(summary).toContainText('Constraints: a != c; a + c < b');
  await expect(summary).toContainText('Approved variants: ');

  // Placed in the section, and on a saved test.
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const found = await ok<{ questions: Array<{ id: string; template: { seeds: number[] } }> }>(
    await admin.get(`/api/questions?q=${encodeURIComponent(marker)}`),
  );
  expect(found.questions).toHaveLength(1);
  expect(found.questions[0].template.seeds).toHaveLength(approved);
  const questionId = found.questions[0].id;
  await ok(
    await admin.post('/api/questions/assign-to-section', {
      data: { sectionId: built.sectionId, questionIds: [questionId] },
    }),
  );
  const testId = await saveTest(admin, `Variants ${marker}`, [questionId]);
  await admin.dispose();
  const exercises = `/dashboard/courses/${built.courseId}/sections/${built.sectionId}/exercises`;

  // Ada gets her numbers; two misses offer another, and the new numbers are judged afresh.
  await page.context().clearCookies();
  await signIn(page, built.students[0].email, PASSWORD);
  await page.goto(exercises);
  const card = page.getByRole('listitem', { name: 'Question 1' });
  const first = await numbersOn(card);
  const verdict = card.locator('div[role=status]');
  await answer(card, first.wrong);
  await expect(verdict).toHaveText('Not quite. Try again.');
  await expect(card.getByRole('button', { name: 'Show me another' })).toHaveCount(0);
  await answer(card, first.wrong);
  await expect(verdict).toHaveText('Not quite. Try again.');
  await shoot(page, 'student-another');
  await card.getByRole('button', { name: 'Show me another' }).click();
  await expect(card.getByText(ADDITION).first()).not.toContainText(first.text);
  const second = await numbersOn(card);
  await expect(verdict).toHaveText('');
  await answer(card, second.right);
  await expect(verdict).toHaveText('Correct!');
  // Her new numbers are hers when she comes back.
  await page.reload();
  await expect(card.getByText(ADDITION).first()).toContainText(second.text);

  // Ben has numbers of his own and is judged on them.
  await page.context().clearCookies();
  await signIn(page, built.students[1].email, PASSWORD);
  await page.goto(exercises);
  const his = await numbersOn(card);
  expect(his.text).not.toBe(second.text);
  if (his.right !== second.right) {
    await answer(card, second.right);
    await expect(verdict).toHaveText('Not quite. Try again.');
  }
  await answer(card, his.right);
  await expect(verdict).toHaveText('Correct!');

  // The teacher prints two versions, each with its key, and sees each student's variant in their work.
  await page.context().clearCookies();
  await signIn(page, built.teacherEmail, PASSWORD);
  await page.goto(`/question-bank/tests/${testId}/print?versions=2&key=1`);
  for (const version of ['A', 'B']) {
    await expect(
      page.getByRole('heading', { name: `Variants ${marker} (Version ${version})`, exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: `Answer Key: Variants ${marker} (Version ${version})` }),
    ).toBeVisible();
  }
  const versionA = page.getByRole('article', { name: 'Version A' });
  const versionB = page.getByRole('article', { name: 'Version B' });
  // Each version's key is its own numbers' answer.
  const keyOf = async (paper: Locator) => {
    const shown = await numbersOn(paper);
    await expect(paper.locator('p').filter({ hasText: 'Answer:' })).toHaveText(
      `Answer: ${shown.right} (Simplest form)`,
    );
    return shown;
  };
  const [a, b] = [await keyOf(versionA), await keyOf(versionB)];
  expect(a.text).not.toBe(b.text);
  await shoot(page, 'print');

  for (const [i, student] of built.students.entries()) {
    await page.goto(`/students/${student.id}/work`);
    const exercise = page.getByRole('article', { name: 'Exercise 1' });
    await expect(exercise.getByText(/^Variant \d+:/)).toBeVisible();
    await expect(exercise).toContainText(i === 0 ? second.text : his.text);
    if (i === 0) await shoot(page, 'work');
  }
});
