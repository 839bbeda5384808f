import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN, DEMO_PASSWORD, ok, pickUp, signIn } from './helpers';

const SHOTS = '/tmp/shots';

interface Fixture {
  stamp: string;
  course: { id: string; title: string; code: string };
  sections: Array<{ id: string; title: string }>;
  category: string;
  questions: string[];
}

/**
 * A course of its own with one unit of two sections, a category and 13 questions marked with a stamp (12
 * multiple choice, one calculation), so the test finds exactly its own whatever the other specs add.
 */
async function buildFixture(request: APIRequestContext): Promise<Fixture> {
  const stamp = `QA${Date.now()}`;
  const category = await ok<{ id: string; name: string }>(
    await request.post('/api/category', { data: { name: `Ratios ${stamp}` } }),
  );
  const focus = await ok<{ id: string }>(await request.post('/api/focus', { data: { name: `Reasoning ${stamp}` } }));
  const course = await ok<{ id: string; title: string; code: string }>(
    await request.post('/api/courses', {
      data: { title: `Assignment Course ${stamp}`, description: 'For question assignment' },
    }),
  );
  const unit = await ok<{ id: string }>(
    await request.post(`/api/courses/${course.id}/units`, { data: { title: 'Ratios', grade: '6' } }),
  );
  const sections = [];
  for (const title of ['Unit rates', 'Proportions']) {
    sections.push(
      await ok<{ id: string; title: string }>(
        await request.post(`/api/units/${unit.id}/sections`, { data: { title, grade: '6', content: '<p>Rates</p>' } }),
      ),
    );
  }
  const questions: string[] = [];
  for (let n = 1; n <= 13; n++) {
    const calculation = n === 13;
    const created = await ok<{ question: { id: string } }>(
      await request.post('/api/questions', {
        multipart: {
          questionText: `<p>${stamp} item ${n}: what is $\\frac{${n}}{2}$?</p>`,
          grade: '6',
          type: calculation ? 'Calculation' : 'Multiple Choice',
          focus: JSON.stringify([focus.id]),
          category: JSON.stringify([category.id]),
          answer: calculation ? JSON.stringify({ a1: ['6.5'] }) : JSON.stringify({ a1: ['A'] }),
          options: calculation ? '{}' : JSON.stringify({ A: `$${n / 2}$`, B: '$1$' }),
          solution: '',
          hint: '',
          source: 'E2E',
        },
      }),
    );
    questions.push(created.question.id);
  }
  return { stamp, course, sections, category: category.name, questions };
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const sectionQuestions = (page: Page, section: string) =>
  page.getByRole('list', { name: `Questions of ${section}` }).getByRole('listitem');
const row = (page: Page, stamp: string, n: number) =>
  page.getByRole('checkbox', { name: `Select question: ${stamp} item ${n}:` });
/** The stamped items of a section in their stored order, read through the API. */
const storedOrder = async (request: APIRequestContext, fixture: Fixture, sectionId: string) => {
  const reply = await (await request.get(`/api/sections/${sectionId}/questions`)).json();
  return (reply.questions as Array<{ id: string }>).map((q) => fixture.questions.indexOf(q.id) + 1);
};

async function openSection(page: Page, fixture: Fixture, title: string) {
  const sections = page.getByRole('navigation', { name: 'Courses' });
  const section = sections.getByRole('button', {
    name: `Section ${fixture.sections.findIndex((s) => s.title === title) + 1}: ${title}`,
  });
  if (!(await section.isVisible())) {
    const course = sections.getByRole('button', { name: fixture.course.title });
    if ((await course.getAttribute('aria-expanded')) !== 'true') await course.click();
    const unit = sections.getByRole('button', { name: 'Unit 1: Ratios' });
    if ((await unit.getAttribute('aria-expanded')) !== 'true') await unit.click();
  }
  await section.click();
  await expect(section).toHaveAttribute('aria-pressed', 'true');
}

test('an admin assigns questions to a section, puts them in order by keyboard and by mouse, and removes one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN.email, ADMIN.password);
  const fixture = await buildFixture(page.request);
  const { stamp } = fixture;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/question-assignment');
  await expect(page.getByRole('heading', { level: 1, name: 'Question Assignment' })).toBeVisible();
  await expect(page.getByText('Select a Section First.')).toBeVisible();

  // Nothing chosen: a refusal, which clears itself after 5 s.
  await page.getByRole('button', { name: 'Assign 0 Questions' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Please select a section and at least one question' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeHidden({ timeout: 7_000 });

  // The course search finds the course by its code, then by its title; the hierarchy opens level by level.
  const hierarchy = page.getByRole('navigation', { name: 'Courses' });
  await hierarchy.getByLabel('Search courses').fill(fixture.course.code.toLowerCase());
  await expect(hierarchy.getByRole('list', { name: 'Courses' }).getByRole('listitem')).toHaveCount(1);
  await hierarchy.getByLabel('Search courses').fill('no course is called this');
  await expect(hierarchy.getByText('No course matches this search.')).toBeVisible();
  await hierarchy.getByLabel('Search courses').fill(fixture.course.title);
  await hierarchy.getByRole('button', { name: fixture.course.title }).click();
  await hierarchy.getByRole('button', { name: 'Unit 1: Ratios' }).click();
  await expect(hierarchy.getByRole('button', { name: 'Section 1: Unit rates' })).toContainText('Grade: 6');
  await expect(hierarchy.getByRole('button', { name: 'Section 2: Proportions' })).toBeVisible();
  await openSection(page, fixture, 'Unit rates');
  await expect(page.getByText('No questions assigned to this section yet.')).toBeVisible();

  // Filters: search, category, type, and Clear Filters.
  const available = page.getByRole('region', { name: 'Available Questions' });
  await available.getByLabel('Search').fill(stamp);
  await expect(available.getByText('1–10 of 13 questions')).toBeVisible();
  await available.getByLabel('Category').selectOption({ label: fixture.category });
  await expect(available.getByText('1–10 of 13 questions')).toBeVisible();
  await available.getByLabel('Type').selectOption('Calculation');
  await expect(available.getByText('1–1 of 1 questions')).toBeVisible();
  await expect(row(page, stamp, 13)).toBeVisible();
  await available.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(available.getByLabel('Search')).toHaveValue('');
  await expect(available.getByLabel('Type')).toHaveValue('');
  await available.getByLabel('Search').fill(stamp);
  await available.getByLabel('Type').selectOption('Multiple Choice');
  await expect(available.getByText('1–10 of 12 questions')).toBeVisible();
  await expect(available.getByText('Page 1 of 2')).toBeVisible();

  // Newest first: items 12 to 3 on page 1. Each row: the question with its math rendered, grade, focus, category and type.
  const first = available.getByRole('row').filter({ has: row(page, stamp, 12) });
  await expect(first.locator('.katex')).toHaveCount(1);
  await expect(first).toContainText(`Reasoning ${stamp}`);
  await expect(first).toContainText(fixture.category);
  await expect(first).toContainText('Multiple Choice');
  await expect(first.getByRole('cell').nth(2)).toHaveText('6');

  // Select All takes the visible page; choosing another section clears the choice.
  await available.getByRole('checkbox', { name: 'Select All questions on this page' }).check();
  await expect(page.getByRole('button', { name: 'Assign 10 Questions' })).toBeVisible();
  await available.getByRole('checkbox', { name: 'Select All questions on this page' }).uncheck();
  await expect(page.getByRole('button', { name: 'Assign 0 Questions' })).toBeVisible();
  await row(page, stamp, 12).check();
  await openSection(page, fixture, 'Proportions');
  await expect(page.getByRole('button', { name: 'Assign 0 Questions' })).toBeVisible();
  await openSection(page, fixture, 'Unit rates');

  for (const n of [12, 11, 10]) await row(page, stamp, n).check();
  await page.getByRole('button', { name: 'Assign 3 Questions' }).click();
  await expect(page.getByText('Successfully assigned 3 questions to Unit rates')).toBeVisible();
  await expect(sectionQuestions(page, 'Section 1: Unit rates')).toHaveCount(3);
  // The assigned questions leave the available list.
  await expect(available.getByText('1–9 of 9 questions')).toBeVisible();
  await expect(row(page, stamp, 12)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Assign 0 Questions' })).toBeVisible();
  await expect(page.getByText('Successfully assigned 3 questions to Unit rates')).toBeHidden({ timeout: 7_000 });

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/question-assignment-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Reorder with the keyboard only: pick up the first, move it down twice, drop it; each step is announced.
  const items = sectionQuestions(page, 'Section 1: Unit rates');
  await expect(items.nth(0)).toContainText(`${stamp} item 12:`);
  await items
    .nth(0)
    .getByRole('button', { name: /^Move question 1:/ })
    .focus();
  const liveRegion = page.locator('[id^="DndLiveRegion"]');
  await pickUp(page);
  await expect(liveRegion).toContainText('Picked up question 1:');
  await expect(liveRegion).toContainText('It is in position 1 of 3.');
  await page.keyboard.press('ArrowDown');
  await expect(liveRegion).toContainText('was moved into position 2 of 3.');
  await page.keyboard.press('ArrowDown');
  await expect(liveRegion).toContainText('was moved into position 3 of 3.');
  await page.keyboard.press('Space');
  await expect(liveRegion).toContainText('was dropped at position 3 of 3.');
  await expect(page.getByText('Question order saved')).toBeVisible();
  await expect(items.nth(2)).toContainText(`${stamp} item 12:`);
  await expect(items.nth(0)).toContainText(`${stamp} item 11:`);
  expect(await storedOrder(page.request, fixture, fixture.sections[0].id)).toEqual([11, 10, 12]);

  // And with the mouse: item 12 (now last) back to the top.
  const handle = items.nth(2).getByRole('button', { name: /^Move question 3:/ });
  const from = (await handle.boundingBox())!;
  const to = (await items.nth(0).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - ((from.y - to.y + 10) * step) / 10);
  await page.mouse.up();
  await expect(items.nth(0)).toContainText(`${stamp} item 12:`);
  await expect.poll(() => storedOrder(page.request, fixture, fixture.sections[0].id)).toEqual([12, 11, 10]);

  // Remove one: the success message, the list without it, and the question available again.
  await items
    .nth(1)
    .getByRole('button', { name: /^Remove question 2:/ })
    .click();
  await expect(page.getByText('Question removed from section')).toBeVisible();
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText(`${stamp} item 10:`);
  await expect(available.getByText('1–10 of 10 questions')).toBeVisible();
  expect(await storedOrder(page.request, fixture, fixture.sections[0].id)).toEqual([12, 10]);

  // Failed calls show their failure texts and change nothing on screen.
  await page.route('**/api/sections/*/questions/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  );
  await items
    .nth(0)
    .getByRole('button', { name: /^Remove question 1:/ })
    .click();
  await expect(page.getByText('Failed to remove question from section')).toBeVisible();
  await page.unroute('**/api/sections/*/questions/*');
  await page.route('**/api/sections/*/questions/*', (route) =>
    route.request().method() === 'DELETE' ? route.abort() : route.fallback(),
  );
  await items
    .nth(0)
    .getByRole('button', { name: /^Remove question 1:/ })
    .click();
  await expect(page.getByText('Failed to remove question', { exact: true })).toBeVisible();
  await page.unroute('**/api/sections/*/questions/*');
  await expect(items).toHaveCount(2);

  await page.route('**/api/questions/assign-to-section', (route) => route.abort());
  await row(page, stamp, 9).check();
  await page.getByRole('button', { name: 'Assign 1 Question' }).click();
  await expect(page.getByText('Failed to assign questions')).toBeVisible();
  await page.unroute('**/api/questions/assign-to-section');
  await page.route('**/api/questions/assign-to-section', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The server says no' }),
    }),
  );
  await page.getByRole('button', { name: 'Assign 1 Question' }).click();
  await expect(page.getByText('The server says no')).toBeVisible();
  await page.unroute('**/api/questions/assign-to-section');

  await page.route('**/api/sections/*/questions/order', (route) => route.fulfill({ status: 500, body: '' }));
  await items
    .nth(0)
    .getByRole('button', { name: /^Move question 1:/ })
    .focus();
  await pickUp(page);
  await expect(liveRegion).toContainText('Picked up question 1:');
  await page.keyboard.press('ArrowDown');
  await expect(liveRegion).toContainText('was moved into position 2 of 2.');
  await page.keyboard.press('Space');
  await expect(page.getByText('Failed to save the question order')).toBeVisible();
  // The list goes back to the stored order.
  await expect(items.nth(0)).toContainText(`${stamp} item 12:`);
  await page.unroute('**/api/sections/*/questions/order');

  await page.route(`**/api/sections/${fixture.sections[1].id}/questions`, (route) =>
    route.fulfill({ status: 500, body: '' }),
  );
  await openSection(page, fixture, 'Proportions');
  await expect(page.getByText('Failed to load assigned questions')).toBeVisible();
  await page.unroute(`**/api/sections/${fixture.sections[1].id}/questions`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No questions assigned to this section yet.')).toBeVisible();
});

test('the hierarchy: a failed course list offers Retry, a failed course or unit reads as empty', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  const stamp = `QH${Date.now()}`;
  const course = await ok<{ id: string; title: string }>(
    await page.request.post('/api/courses', { data: { title: `Hierarchy ${stamp}` } }),
  );
  const unit = await ok<{ id: string }>(
    await page.request.post(`/api/courses/${course.id}/units`, { data: { title: 'Shaky unit' } }),
  );
  await ok(await page.request.post(`/api/units/${unit.id}/sections`, { data: { title: 'Hidden', grade: '7' } }));
  const other = await ok<{ id: string; title: string }>(
    await page.request.post('/api/courses', { data: { title: `Hierarchy empty ${stamp}` } }),
  );

  await page.route('**/api/admin/courses', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/question-assignment');
  await expect(page.getByText('Failed to load course hierarchy')).toBeVisible();
  await page.unroute('**/api/admin/courses');
  await page.getByRole('button', { name: 'Retry' }).click();
  const hierarchy = page.getByRole('navigation', { name: 'Courses' });
  await hierarchy.getByLabel('Search courses').fill(stamp);
  await expect(hierarchy.getByRole('list', { name: 'Courses' }).getByRole('listitem')).toHaveCount(2);

  // Units and sections are asked for per course and per unit, never the whole catalogue.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/api\/(admin|teacher)\/(units|sections)$/.test(url.pathname)) asked.push(`${url.pathname}${url.search}`);
  });
  const unitsOfCourse = (url: URL) =>
    url.pathname === '/api/admin/units' && url.searchParams.get('courseId') === course.id;
  const sectionsOfUnit = (url: URL) =>
    url.pathname === '/api/admin/sections' && url.searchParams.get('unitId') === unit.id;
  await page.route(unitsOfCourse, (route) => route.fulfill({ status: 500, body: '' }));
  await page.route(sectionsOfUnit, (route) => route.fulfill({ status: 500, body: '' }));
  await hierarchy.getByRole('button', { name: course.title }).click();
  await expect(hierarchy.getByText('No units available')).toBeVisible();
  await page.unroute(unitsOfCourse);
  await hierarchy.getByRole('button', { name: 'Refresh' }).click();
  await hierarchy.getByRole('button', { name: 'Unit 1: Shaky unit' }).click();
  await expect(hierarchy.getByText('No sections available')).toBeVisible();
  await page.unroute(sectionsOfUnit);
  await hierarchy.getByRole('button', { name: 'Refresh' }).click();
  await expect(hierarchy.getByRole('button', { name: 'Section 1: Hidden' })).toContainText('Grade: 7');
  await hierarchy.getByRole('button', { name: other.title }).click();
  await expect(hierarchy.getByText('No units available')).toBeVisible();
  expect(asked.length).toBeGreaterThanOrEqual(4);
  for (const url of asked) expect(url).toMatch(/\?(courseId|unitId)=[0-9a-f-]{36}$/);
});

test("a teacher reads the hierarchy through the teacher's lists, one course and one unit at a time", async ({
  page,
}) => {
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\/api\/((admin|teacher)\/)?(courses|units|sections)$/.test(url.pathname))
      asked.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/question-assignment');
  const hierarchy = page.getByRole('navigation', { name: 'Courses' });
  await hierarchy.getByLabel('Search courses').fill('SSAT-ELEM');
  await hierarchy.getByRole('button', { name: 'SSAT Elementary Prep' }).click();
  await hierarchy.getByRole('button', { name: 'Unit 1: Fractions' }).click();
  await hierarchy.getByRole('button', { name: 'Section 1: What a fraction means' }).click();
  await expect(hierarchy.getByRole('button', { name: 'Section 1: What a fraction means' })).toContainText('Grade: 4');
  // The section's questions loaded (their count is in the heading), through the teacher's own lists.
  await expect(page.getByRole('heading', { name: /^Assigned Questions \(\d+\)$/ })).toBeVisible();
  expect(asked[0]).toBe('/api/courses');
  expect(asked.slice(1)).toEqual([
    expect.stringMatching(/^\/api\/teacher\/units\?courseId=[0-9a-f-]{36}$/),
    expect.stringMatching(/^\/api\/teacher\/sections\?unitId=[0-9a-f-]{36}$/),
  ]);
});
