import { expect, test, type Locator, type Page } from './fixtures';
import { DEMO_PASSWORD, signIn } from './helpers';

/**
 * No page a student, parent or teacher opens shows LaTeX as text. The demo academy holds math in every place a
 * person reads an answer, a key, an option or a description: options and keys with fractions, a blank with
 * alternatives, a student's answers typed as `3\,\frac13` and as a matrix, a test's description and course
 * descriptions, and a released sitting of the demo student to review.
 */

/** LaTeX as text: a command KaTeX would have drawn, or a `$...$` pair left unrendered. */
const RAW_LATEX = [/\\frac/, /\\begin/, /\\,/, /\$[^$\n]+\$/];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard menu' });

/** Waits until the page has loaded what it shows: no request in flight and no loading message left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('body')).not.toContainText(/Loading[^\n]*\.\.\./);
}

/** Opens a page, waits for it, and fails naming the page and the raw LaTeX it shows. */
async function expectNoRawLatex(page: Page, url: string) {
  await page.goto(url);
  await settle(page);
  const text = await page.evaluate(() => document.body.innerText);
  for (const pattern of RAW_LATEX) {
    const found = pattern.exec(text);
    expect(found && text.slice(Math.max(0, found.index - 40), found.index + 60), `${url} shows ${pattern}`).toBeNull();
  }
}

/** Every page of a role's sidebar (the dashboard's sections included). */
async function menuPages(page: Page): Promise<string[]> {
  await page.goto('/dashboard');
  await expect(menu(page).getByRole('link').first()).toBeVisible();
  return menu(page)
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname + new URL((a as HTMLAnchorElement).href).search),
    );
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The visible text of a rendered key or answer, compared across screens. */
const shownText = (locator: Locator) =>
  locator.evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

interface StudentTestRow {
  name: string;
  testId: string;
  attemptId?: string;
}

test('a student sees no raw LaTeX: dashboard sections, course pages, lessons and the review of a released test', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'student@demo.academy', DEMO_PASSWORD);
  const pages = await menuPages(page);
  const { courses } = await getJson<{ courses: Array<{ id: string }> }>(page, '/api/student/courses');
  for (const course of courses) {
    pages.push(`/dashboard/courses/${course.id}`);
    const detail = await getJson<{ units: Array<{ sections: Array<{ id: string; hasAccess: boolean }> }> }>(
      page,
      `/api/student/courses/${course.id}`,
    );
    for (const section of detail.units.flatMap((u) => u.sections).filter((s) => s.hasAccess)) {
      pages.push(
        `/dashboard/courses/${course.id}/sections/${section.id}/content`,
        `/dashboard/courses/${course.id}/sections/${section.id}/exercises`,
      );
    }
  }
  const { tests } = await getJson<{ tests: StudentTestRow[] }>(page, '/api/student/tests');
  const released = tests.filter((t) => t.attemptId);
  expect(released.map((t) => t.name)).toContain('Fractions Check-up');
  pages.push(...released.map((t) => `/tests/review/${t.attemptId}`));
  for (const url of pages) await expectNoRawLatex(page, url);

  // The review shows the math of the answers and the keys, and each option's text beside its letter.
  const demo = released.find((t) => t.name === 'Fractions Check-up')!;
  await page.goto(`/tests/review/${demo.attemptId}`);
  const first = page.getByRole('listitem').filter({ hasText: 'Question 1:' });
  await expect(first.locator('dd').first().locator('.katex')).toHaveCount(2);
  await expect(first.locator('dd').nth(1)).toContainText('A.');
  await expect(first.locator('dd').nth(1)).toContainText('C.');
  const matrix = page.getByRole('listitem').filter({ hasText: 'identity matrix' });
  await expect(matrix.locator('dd').first().locator('.katex .mtable')).toHaveCount(1);
});

test("a parent sees no raw LaTeX on any dashboard section or their child's reports", async ({ page }) => {
  await signIn(page, 'parent@demo.academy', DEMO_PASSWORD);
  const pages = await menuPages(page);
  const { children } = await getJson<{ children: Array<{ id: string }> }>(page, '/api/parent/children');
  expect(children.length).toBeGreaterThan(0);
  for (const child of children)
    pages.push(
      `/dashboard?section=progress&child=${encodeURIComponent(child.id)}`,
      `/dashboard?section=children&child=${encodeURIComponent(child.id)}`,
    );
  for (const url of pages) await expectNoRawLatex(page, url);
  // The child's released test is among what the parent reads.
  await page.goto(`/dashboard?section=progress&child=${encodeURIComponent(children[0].id)}`);
  await expect(page.getByRole('table', { name: /^Test results of / })).toContainText('Fractions Check-up');
});

test("a teacher sees no raw LaTeX: dashboard, courses, the question bank, a test's results, its printed paper and key", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  const pages = await menuPages(page);
  const { tests } = await getJson<{ tests: Array<{ id: string }> }>(
    page,
    `/api/tests?q=${encodeURIComponent('Fractions Check-up')}`,
  );
  expect(tests).toHaveLength(1);
  const testId = tests[0].id;
  pages.push(
    `/saved-tests/${testId}`,
    `/saved-tests/${testId}?tab=results`,
    `/question-bank/tests/${testId}/print`,
    `/question-bank/tests/${testId}/print?key=1`,
  );
  const courses = await getJson<Array<{ id: string }>>(page, '/api/courses');
  for (const course of courses) pages.push(`/course-management/${course.id}/units`);
  for (const url of pages) await expectNoRawLatex(page, url);

  // The question bank, each demo test question expanded with its key.
  await page.goto('/question-bank');
  for (const search of ['Which fractions are equal to', 'identity matrix', 'as a mixed number', 'Add the fractions']) {
    await expandAll(page, search);
    const text = await page.evaluate(() => document.body.innerText);
    for (const pattern of RAW_LATEX)
      expect(pattern.exec(text)?.[0], `the question bank, "${search}" expanded, shows ${pattern}`).toBeUndefined();
  }
});

/** Searches the question bank and opens every question found. */
async function expandAll(page: Page, search: string) {
  await page.getByLabel('Search', { exact: true }).fill(search);
  const closed = page.getByRole('button', { expanded: false }).filter({ hasText: search });
  await expect(closed.first()).toBeVisible();
  await settle(page);
  while ((await closed.count()) > 0) await closed.first().click();
  await expect(page.getByText('Answer key:').first()).toBeVisible();
}

test('the key of a question reads the same on the review, the printed key and in the question bank', async ({
  browser,
}) => {
  const student = await browser.newPage();
  await signIn(student, 'student@demo.academy', DEMO_PASSWORD);
  const { tests } = await getJson<{ tests: StudentTestRow[] }>(student, '/api/student/tests');
  const demo = tests.find((t) => t.name === 'Fractions Check-up')!;
  await student.goto(`/tests/review/${demo.attemptId}`);
  const reviewKey = (n: number) =>
    student
      .getByRole('listitem')
      .filter({ hasText: `Question ${n}:` })
      .locator('dd')
      .nth(1);

  const teacher = await browser.newPage();
  await signIn(teacher, 'teacher@demo.academy', DEMO_PASSWORD);
  await teacher.goto(`/question-bank/tests/${demo.testId}/print?key=1`);
  const printedKey = (n: number) =>
    teacher
      .locator('section')
      .filter({ has: teacher.getByRole('heading', { name: /^Answer Key/ }) })
      .locator('ol > li')
      .nth(n - 1)
      .locator('p')
      .first();

  // Multiple choice with two right options, and a blank with alternatives beside a second blank.
  await expect(reviewKey(1)).toContainText('A.');
  expect(await shownText(reviewKey(1))).toBe((await shownText(printedKey(1))).replace(/^Answer: /, ''));
  expect(await shownText(reviewKey(3))).toBe('Blank 1: 3/4 or 0.75; Blank 2: 7');
  expect(await shownText(printedKey(3))).toBe('Answer: Blank 1: 3/4 or 0.75; Blank 2: 7');
  expect(await shownText(reviewKey(6))).toBe((await shownText(printedKey(6))).replace(/^Answer: /, ''));

  // The teacher's results show it beside the question's figure.
  await teacher.goto(`/saved-tests/${demo.testId}?tab=results`);
  const perQuestion = teacher.getByRole('region', { name: 'Per question' }).getByRole('listitem');
  await expect(perQuestion.nth(2)).toContainText('Key: Blank 1: 3/4 or 0.75; Blank 2: 7');
  expect(await shownText(perQuestion.nth(0))).toContain(`Key: ${await shownText(reviewKey(1))}`);

  // The question bank shows the same key for the blank with alternatives.
  await teacher.goto('/question-bank');
  await expandAll(teacher, 'Add the fractions');
  expect(await shownText(teacher.locator('p').filter({ hasText: 'Answer key:' }).first())).toBe(
    'Answer key: Blank 1: 3/4 or 0.75; Blank 2: 7',
  );
  await student.close();
  await teacher.close();
});
