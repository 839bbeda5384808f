import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { DEMO_PASSWORD, signIn, submittedSitting } from './helpers';

/**
 * A teacher opens a submitted sitting from the test's results, overrides a mark with a reason and a comment, sees the
 * new total, and releases; the student then reads the comment and the new total on their review, and the parent sees
 * the new total. The per-question figures of the results show the question and its most common wrong answer.
 */
const SHOTS = '/tmp/shots-review';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a teacher reviews a sitting, releases it, and the student and the parent see the review', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const { testId, name, attemptId } = await submittedSitting(browser);

  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto(`/saved-tests/${testId}?tab=results`);
  const row = page.getByRole('table', { name: 'Results by student' }).getByRole('row').filter({ hasText: 'Submitted' });
  await expect(row.getByText(/^1 \/ 2 \(50%\)$/)).toBeVisible();
  // The per-question figures: the question as written, the share right and the wrong answer given.
  const figures = page.getByRole('region', { name: 'Per question' });
  await expect(figures.getByRole('heading', { name: 'Question 1' })).toBeVisible();
  await expect(figures.getByRole('table', { name: 'Most common wrong answers to question 1' })).toBeVisible();
  await expect(figures.getByText('Average 0 of 1 marks over 1 sitting.')).toBeVisible();
  await expect(figures.locator('.katex').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/results-1280.png`, fullPage: true });

  await row.getByRole('link', { name: /^Review / }).click();
  await expect(page).toHaveURL(new RegExp(`/saved-tests/${testId}/sittings/${attemptId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText("'s sitting");
  await expect(page.getByTestId('review-total')).toHaveText('1');
  await expect(page.getByText('No change yet: the marks are the automatic ones.')).toBeVisible();

  // A mark without a reason is refused on the page, and nothing typed is lost.
  await page.getByLabel('Marks for question 1 (blank: automatic)').fill('0.5');
  await page.getByLabel('Comment on question 1').fill('Right method, one slip in the last step.');
  await page.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('A reason is required to change the marks')).toBeVisible();
  await expect(page.getByLabel('Comment on question 1')).toHaveValue('Right method, one slip in the last step.');
  await page.getByLabel('Reason for the marks of question 1').fill('Method shown in the working');
  await page.getByLabel('Comment for the student').fill('Good work overall.');
  await page.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Review saved')).toBeVisible();
  await expect(page.getByTestId('review-total')).toHaveText('1.5');
  await expect(page.getByText('All changes saved')).toBeVisible();
  const history = page.getByRole('table', { name: 'Changes to this review' });
  await expect(history.getByText('Marks: automatic → 0.5 (Method shown in the working)')).toBeVisible();
  await expect(history.getByText('Comment on the test: none → Good work overall.')).toBeVisible();
  expect(await seriousViolations(page), 'the review page at 1280 px').toEqual([]);
  await page.screenshot({ path: `${SHOTS}/review-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page), 'the review page at 375 px').toEqual([]);
  await page.screenshot({ path: `${SHOTS}/review-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Back to the results' }).click();
  await expect(row.getByText(/^1\.5 \/ 2 \(75%\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Release results (1)' }).click();
  await expect(page.getByText('Results released')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/results-375.png`, fullPage: true });

  // The student's review: the new total, the adjusted mark and both comments.
  const student = await browser.newContext();
  const studentPage = await student.newPage();
  await signIn(studentPage, 'student@demo.academy', DEMO_PASSWORD);
  await studentPage.goto(`/tests/review/${attemptId}`);
  await expect(studentPage.getByRole('heading', { name: `${name}: your result` })).toBeVisible();
  await expect(studentPage.getByText(/^1\.5 \/ 2 marks \(75%\)/)).toBeVisible();
  await expect(studentPage.getByText('Good work overall.')).toBeVisible();
  await expect(studentPage.getByText('Right method, one slip in the last step.')).toBeVisible();
  await expect(studentPage.getByText('(marked by your teacher)')).toBeVisible();
  await expect(studentPage.getByText('Method shown in the working')).toHaveCount(0);
  await studentPage.screenshot({ path: `${SHOTS}/student-1280.png`, fullPage: true });
  await student.close();

  // The parent's progress report: the new total and the comments.
  const parent = await browser.newContext();
  const parentPage = await parent.newPage();
  await signIn(parentPage, 'parent@demo.academy', DEMO_PASSWORD);
  await parentPage.getByRole('link', { name: 'View Student Progress' }).click();
  const result = parentPage.getByRole('table', { name: 'Test results of Leo Chen' }).getByRole('row').filter({
    hasText: name,
  });
  await expect(result).toContainText('1.5 / 2');
  await expect(result).toContainText('75%');
  await expect(result).toContainText('Good work overall.');
  await expect(result).toContainText('Question 1: Right method, one slip in the last step.');
  await parentPage.screenshot({ path: `${SHOTS}/parent-1280.png`, fullPage: true });
  await parent.close();
});
