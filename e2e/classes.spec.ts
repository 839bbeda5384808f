import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './fixtures';
import { ADMIN, ok, signIn, signUpStudent, uniqueEmail } from './helpers';

const SHOTS = '/tmp/shots-classes';
const tag = Date.now().toString(36);
const teacherEmail = uniqueEmail('classes-teacher');
const studentEmail = uniqueEmail('classes-student');
const PASSWORD = 'Class&pass12';
const courseTitle = `Ratios Workshop ${tag}`;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Screenshots of the page at both widths, each scanned for serious accessibility violations. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function newPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const registered = await admin.post('/api/admin/register', {
    data: {
      userType: 'teacher',
      formData: {
        first_name: 'Rosa',
        last_name: 'Park',
        email: teacherEmail,
        phone_number: '(555) 444-1313',
        specialization: 'Algebra',
        password: PASSWORD,
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  // A course of two units of two sections, built through the staff API.
  const course = await ok<{ id: string }>(
    await admin.post('/api/courses', { data: { title: courseTitle, description: 'Ratios and rates.' } }),
  );
  for (const unitTitle of ['Ratios', 'Rates']) {
    const unit = await ok<{ id: string }>(
      await admin.post(`/api/courses/${course.id}/units`, { data: { title: unitTitle, grade: '7', categories: [] } }),
    );
    for (const sectionTitle of [`${unitTitle} Basics`, `${unitTitle} Practice`])
      await ok(
        await admin.post(`/api/units/${unit.id}/sections`, {
          data: { title: sectionTitle, grade: '7', content: `<p>${sectionTitle}</p>` },
        }),
      );
  }
  await admin.dispose();
  await signUpStudent(await playwright.request.newContext({ baseURL }), studentEmail, PASSWORD, {
    first_name: 'Theo',
    grade_level: '7',
  });
});

test('a teacher creates a class, a student joins with its code, a course given opens at once, a held section closes', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signIn(page, teacherEmail, PASSWORD);
  // The sidebar's Students is the classes page; a teacher with none is asked to create one.
  await page.getByRole('navigation').getByRole('link', { name: 'Students' }).first().click();
  await expect(page).toHaveURL(/\/classes$/);
  await expect(page.getByText('You have no classes yet')).toBeVisible();
  await shoot(page, 'empty');
  await page.getByRole('button', { name: 'Create your first class' }).click();
  const dialog = page.getByRole('dialog', { name: 'New class' });
  await dialog.getByRole('button', { name: 'Create class' }).click();
  await expect(dialog.getByText('Class name is required')).toBeVisible();
  await dialog.getByLabel('Class name').fill(`Period 3 ${tag}`);
  await dialog.getByLabel('Subject or program').fill('Pre-algebra');
  await dialog.getByLabel('Grade').selectOption('7');
  await dialog.getByLabel('Term').fill('Fall 2026');
  await dialog.getByRole('button', { name: 'Create class' }).click();
  await expect(page).toHaveURL(/\/classes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Period 3 ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Due dates' })).toHaveAttribute(
    'href',
    /\/classes\/[0-9a-f-]{36}\/due-dates$/,
  );
  const code = (await page.getByLabel(/^Join code /).textContent())!.trim();
  expect(code).toMatch(/^[2-9A-Z]{6}$/);
  await shoot(page, 'class-students-empty');

  // The student joins with the code, typed in lower case: a wrong code first gets its message.
  const student = await newPage(browser, baseURL!);
  await signIn(student, studentEmail, PASSWORD);
  const card = student.getByRole('region', { name: 'Join a class' });
  await card.getByLabel('Class code').fill('ZZZZZZ');
  await card.getByRole('button', { name: 'Join class' }).click();
  await expect(card.getByText('No class has this code. Check it with your teacher and try again.')).toBeVisible();
  await card.getByLabel('Class code').fill(code.toLowerCase());
  await card.getByRole('button', { name: 'Join class' }).click();
  await expect(card.getByText(`You joined Period 3 ${tag}`)).toBeVisible();
  await expect(card.getByRole('list', { name: 'Your classes' })).toContainText(`Period 3 ${tag}`);
  await shoot(student, 'student-joined');

  // The teacher sees the student, and gives the course.
  await page.reload();
  const students = page.getByRole('table', { name: 'Students of the class' });
  await expect(students.getByRole('link', { name: /Theo/ })).toHaveAttribute(
    'href',
    /\/students\/[0-9a-f-]{36}\/work$/,
  );
  await shoot(page, 'class-students');
  await page.getByRole('tab', { name: 'Courses' }).click();
  await page.getByLabel('Course', { exact: true }).selectOption({ label: courseTitle });
  await page.getByRole('button', { name: 'Give course' }).click();
  await expect(page.getByText('Course given to the class')).toBeVisible();
  await expect(page.getByRole('list', { name: `Units of ${courseTitle}` })).toContainText('Rates Practice');
  await shoot(page, 'class-courses');

  // The student sees it open at once, with its units and sections.
  await student.goto('/dashboard?section=courses');
  await student.getByRole('button', { name: `View Course ${courseTitle}` }).click();
  await expect(student.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
  const content = student.getByRole('navigation', { name: 'Course Content' });
  await expect(content.getByText('No units available yet')).toHaveCount(0);
  await content.getByRole('button', { name: 'Unit 1: Ratios' }).click();
  await expect(content.getByRole('button', { name: '1.1 Ratios Basics' })).toBeVisible();
  await expect(content.getByRole('button', { name: '1.2 Ratios Practice' })).toBeVisible();
  await shoot(student, 'student-course');

  // The teacher holds back a section: it closes for the student.
  await page.getByRole('button', { name: 'Hold back section Ratios Practice' }).click();
  await expect(page.getByText('Section held back')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Release section Ratios Practice' })).toBeVisible();
  await student.reload();
  await content.getByRole('button', { name: 'Unit 1: Ratios' }).click();
  await expect(content.getByRole('button', { name: '1.1 Ratios Basics' })).toBeVisible();
  await expect(content.getByRole('button', { name: '1.2 Ratios Practice' })).toHaveCount(0);
  await expect(content.getByText('1 more section is not assigned to you yet')).toBeVisible();

  await page.getByRole('tab', { name: 'Teachers' }).click();
  await expect(page.getByRole('table', { name: 'Teachers of the class' })).toContainText('Rosa Park');
  await shoot(page, 'class-teachers');
  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(page.getByText('No tests yet')).toBeVisible();
  await shoot(page, 'class-tests');
  await page.goto('/classes');
  await expect(page.getByRole('table', { name: 'Classes' })).toContainText(code);
  await shoot(page, 'list');
});
