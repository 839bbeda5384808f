import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN, DEMO_PASSWORD, ok, pickUp, signIn, signUpStudent, uniqueEmail } from './helpers';

const SHOTS = '/tmp/shots';

/** A course of two units of two sections, built through the staff API. */
async function buildCourse(admin: APIRequestContext, title: string) {
  const course = await ok<{ id: string; code: string }>(
    await admin.post('/api/courses', { data: { title, description: 'Ratios and rates.' } }),
  );
  for (const unitTitle of ['Ratios', 'Rates']) {
    const unit = await ok<{ id: string }>(
      await admin.post(`/api/courses/${course.id}/units`, { data: { title: unitTitle, grade: '7', categories: [] } }),
    );
    for (const sectionTitle of [`${unitTitle} Basics`, `${unitTitle} Practice`]) {
      await ok(
        await admin.post(`/api/units/${unit.id}/sections`, {
          data: { title: sectionTitle, grade: '7', content: `<p>${sectionTitle}</p>` },
        }),
      );
    }
  }
  return course;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/course-assignment-${name}-${width}.png`, fullPage: true });
    // From the top, so the sticky top bar covers nothing the scan reads.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const tag = `${Date.now().toString(36)}`;
const school = `Maple Grove ${tag}`;
const courseTitle = `Ratios Workshop ${tag}`;
const otherTitle = `Rates Lab ${tag}`;
const email = uniqueEmail('nia');
const password = 'Nia&pass12';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  await signUpStudent(await playwright.request.newContext({ baseURL }), email, password, {
    first_name: 'Nia',
    last_name: 'Okoro',
    school,
    birthday: '2012-04-10',
    grade_level: '7',
  });
  await buildCourse(admin, courseTitle);
  await buildCourse(admin, otherTitle);
  await admin.dispose();
});

test('an admin finds a student by school, assigns a course, a unit with all its sections, removes one section, and the student sees exactly that', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  const started = Date.now();
  await page.goto('/course-assignment');
  await expect(page.getByRole('table', { name: 'Students' }).getByRole('row').nth(1)).toBeVisible();
  const firstPageMs = Date.now() - started;
  test.info().annotations.push({
    type: 'first page of students (ms, navigation to rows shown)',
    description: String(firstPageMs),
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Course Assignment' })).toBeVisible();
  for (const card of ['All Students', 'Grades 1-5', 'Grades 6-8', 'Grades 9-12', 'Recent (30 days)'])
    await expect(page.getByRole('button', { name: card })).toBeVisible();

  await page.getByLabel('Search by name, email, school or grade').fill(school.toLowerCase());
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Nia Okoro');
  await expect(table.getByRole('row').nth(1)).toContainText(school);
  await expect(page.getByLabel('Filtered: 1')).toBeVisible();

  // The open row before anything is assigned: the empty texts.
  await page.getByRole('button', { name: 'Nia Okoro', exact: true }).click();
  await expect(page.getByText('No courses assigned')).toBeVisible();
  await expect(page.getByText('No units assigned')).toBeVisible();
  await expect(page.getByText('No sections assigned')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assigned Units (0)' })).toBeVisible();

  await page.getByRole('button', { name: 'Manage assignments of Nia Okoro' }).click();
  const panel = page.getByRole('region', { name: 'Assignments of Nia Okoro' });
  await panel.getByLabel('Search available courses').fill(courseTitle);
  await panel.getByRole('button', { name: `Assign ${courseTitle}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Course assigned successfully' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Assigned courses' })).toContainText(courseTitle);
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(5)).toHaveText('1');

  await panel.getByRole('tab', { name: /Units/ }).click();
  await panel.getByRole('button', { name: 'Assign Unit 1: Ratios with all sections' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unit assigned successfully' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Assigned units' })).toContainText('Unit 1: Ratios');

  await panel.getByRole('tab', { name: /Sections/ }).click();
  const assignedSections = panel.getByRole('region', { name: 'Assigned sections' });
  await expect(assignedSections.getByRole('listitem')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Remove Section 2: Ratios Practice' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Section removed successfully' })).toBeVisible();
  await expect(assignedSections.getByRole('listitem')).toHaveCount(1);
  await expect(assignedSections).toContainText('Section 1: Ratios Basics');
  await shoot(page, 'panel');

  // The summary row shows labels with their parents.
  await panel.getByRole('button', { name: 'Close the assignment panel of Nia Okoro' }).click();
  await page.getByRole('button', { name: 'Nia Okoro', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Assigned Units (1)' })).toBeVisible();
  const units = page.getByRole('region', { name: 'Assigned Units (1)' });
  await expect(units).toContainText('Unit 1: Ratios');
  await expect(units).toContainText(courseTitle);
  const sections = page.getByRole('region', { name: 'Assigned Sections (1)' });
  await expect(sections).toContainText('Section 1: Ratios Basics');
  await expect(sections).toContainText('Unit 1: Ratios');
  await shoot(page, 'summary');

  // The student, in a browser of their own, sees exactly that.
  const context = await browser.newContext({ baseURL });
  const student = await context.newPage();
  await signIn(student, email, password);
  await student.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'My Courses' }).click();
  await expect(student.getByText('Showing 1 of 1 courses')).toBeVisible();
  await student.getByRole('button', { name: `View Course ${courseTitle}` }).click();
  await expect(student.getByRole('button', { name: /^Unit / })).toHaveCount(1);
  await student.getByRole('button', { name: 'Unit 1: Ratios' }).click();
  await expect(student.getByRole('button', { name: '1.1 Ratios Basics' })).toBeVisible();
  await expect(student.getByRole('button', { name: /Ratios Practice/ })).toHaveCount(0);
  await expect(student.getByText('1 more section is not assigned to you yet')).toBeVisible();
  await context.close();
});

test('a failed change rolls back with its message; a course moves with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/course-assignment?q=${encodeURIComponent(school)}`);
  await page.getByRole('button', { name: 'Manage assignments of Nia Okoro' }).click();
  const panel = page.getByRole('region', { name: 'Assignments of Nia Okoro' });
  const assigned = panel.getByRole('region', { name: 'Assigned courses' });
  const available = panel.getByRole('region', { name: 'Available courses' });
  await panel.getByLabel('Search available courses').fill(otherTitle);

  // The server fails once: the course shows as assigned at once, then goes back with the failure text.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/assign-course', async (route) => {
    await held;
    await route.fulfill({ status: 500, body: '' });
  });
  await available.getByRole('button', { name: `Assign ${otherTitle}` }).click();
  await expect(assigned).toContainText(otherTitle);
  await expect(assigned.getByRole('button', { name: `Remove ${otherTitle}` })).toBeDisabled();
  release();
  await expect(page.getByRole('alert').filter({ hasText: 'Error assigning course' })).toBeVisible();
  await expect(assigned).not.toContainText(otherTitle);
  await expect(available).toContainText(otherTitle);
  await page.unroute('**/api/admin/assign-course');

  // Keyboard only: focus the handle, pick up, carry it to the other column, drop.
  await available.getByRole('button', { name: `Move ${otherTitle}` }).focus();
  await pickUp(page);
  await expect(page.getByText(`Picked up ${otherTitle} from Available courses.`, { exact: false })).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(`${otherTitle} is over Assigned courses.`)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${otherTitle} was dropped in Assigned courses.`)).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: 'Course assigned successfully' })).toBeVisible();
  await expect(assigned).toContainText(otherTitle);

  // Removing it from the open row: "Course removed successfully".
  await panel.getByRole('button', { name: 'Close the assignment panel of Nia Okoro' }).click();
  await page.getByRole('button', { name: 'Nia Okoro', exact: true }).click();
  await page
    .getByRole('region', { name: 'Assigned Courses' })
    .getByRole('button', { name: `Remove ${otherTitle}` })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Course removed successfully' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Assigned Courses' })).not.toContainText(otherTitle);
});

test('students chosen by their boxes get one course in one call, with a summary of who was refused', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/course-assignment?q=${encodeURIComponent(school)}`);
  await page.getByRole('checkbox', { name: 'Select Nia Okoro' }).check();
  await expect(page.getByText('1 student selected.')).toBeVisible();
  await page.getByRole('button', { name: 'Assign or remove for selected' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('What').selectOption('unit');
  const course = dialog.getByLabel('Course', { exact: true });
  await course.selectOption((await course.locator('option', { hasText: otherTitle }).getAttribute('value'))!);
  await dialog.getByLabel('Unit', { exact: true }).selectOption({ label: 'Unit 2: Rates' });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(
    dialog.getByText(
      `Assigned Unit 2: Rates to 0 students. 1 student refused: Assign the unit's course to this student first.`,
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(['Nia Okoro']);
  await shoot(page, 'batch');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
});

test('a teacher sees only their own students', async ({ page }) => {
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto('/course-assignment');
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('row').nth(1)).toContainText('Leo Chen');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByLabel('Filtered: 1')).toBeVisible();
  await page.getByLabel('Search by name, email, school or grade').fill(school);
  await expect(page.getByText('No students found')).toBeVisible();
  await shoot(page, 'teacher');
});
