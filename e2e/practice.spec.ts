import fs from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { PRACTICE_MESSAGES as M } from '../common/rules/practice';
import { DEMO_PASSWORD, signIn, signUpStudent, uniqueEmail } from './helpers';

/** Practice chosen from the student's skills: the demo student's due skills, kept across a reload. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-practice';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/practice-${name}-${width}.png`, fullPage: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/practice-${name}-${width}-top.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Dashboard' });

test('the demo student practices what is due, answers one, and finds the same session after a reload', async ({
  page,
}) => {
  await signIn(page, 'student@demo.academy', DEMO_PASSWORD);
  await sidebar(page).getByRole('link', { name: 'Practice' }).click();
  await expect(page.getByRole('heading', { name: 'Practice', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to practice?' })).toBeVisible();
  await page.getByRole('button', { name: 'Start practice' }).click();

  const items = page.getByRole('listitem', { name: /^Practice question \d+$/ });
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(10);
  // What is due comes first: the demo student practiced weeks ago, so a skill of theirs is due for review on a fresh
  // demo; other specs' answers as the demo student may push it back, and then the first item has another reason.
  const skills = (await (await page.request.get('/api/student/skills')).json()) as {
    skills: Array<{ reviewDueAt: string | null }>;
  };
  const due = skills.skills.filter((k) => k.reviewDueAt !== null && Date.parse(k.reviewDueAt) <= Date.now());
  const firstReason = due.length > 0 ? 'Due for review' : /^(Almost proficient|Builds a skill you need)$/;
  await expect(items.first().getByText(firstReason)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Practice progress' })).toHaveAttribute(
    'aria-valuetext',
    `0 of ${count} answered`,
  );
  // Math renders in the question card.
  await expect(page.locator('.katex').first()).toBeVisible();

  // One answered: the first choice question's first option.
  const card = items.filter({ has: page.getByRole('radio') }).first();
  await card.getByRole('radio').first().check();
  await card.getByRole('button', { name: 'Check Answer' }).click();
  await expect(card.locator('div[role=status]')).toHaveText(/Correct!|Not quite|Incorrect|Try again/);
  await expect(page.getByRole('progressbar', { name: 'Practice progress' })).toHaveAttribute(
    'aria-valuetext',
    `1 of ${count} answered`,
  );
  const texts = await items.locator('p, label').allInnerTexts();
  await shoot(page, 'session');

  await page.reload();
  await expect(items).toHaveCount(count);
  expect(await items.locator('p, label').allInnerTexts()).toEqual(texts);
  await expect(page.getByRole('progressbar', { name: 'Practice progress' })).toHaveAttribute(
    'aria-valuetext',
    `1 of ${count} answered`,
  );
  await expect(card.getByText('Answered', { exact: true })).toBeVisible();

  // A new session replaces it.
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(items.first()).toBeVisible();
});

test('a new student is told there is nothing to practice yet', async ({ page }) => {
  const email = uniqueEmail('practice');
  const password = 'Practice-pass1!';
  await signUpStudent(page.request, email, password, { first_name: 'Nia' });
  await page.goto('/dashboard?section=practice');
  await page.getByRole('button', { name: 'Start practice' }).click();
  await expect(page.getByRole('heading', { name: 'No practice session yet' })).toBeVisible();
  await expect(page.getByText(M.nothingToPractice)).toBeVisible();
  await shoot(page, 'empty');
});
