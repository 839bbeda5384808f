import fs from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { DEMO_PASSWORD, signIn } from './helpers';

/**
 * A teacher's gradebook on the demo class (server/db/demo/classes.ts): Ava finished the first section with
 * exercises in time, Ben late, Cara never (missing); of the demo test, closed yesterday, Ava submitted and the others
 * never began (missing).
 */
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) });
const firstCell = (page: Page, name: string) => row(page, name).getByRole('cell').first();
const testCell = (page: Page, name: string) => row(page, name).getByRole('cell').last();
const studentOrder = (page: Page) => page.locator('tbody th[scope="row"]').allInnerTexts();

test('a teacher reads, sorts, filters and exports a class gradebook', async ({ page }) => {
  await signIn(page, 'class.teacher@demo.academy', DEMO_PASSWORD);
  await page.getByRole('navigation').getByRole('link', { name: 'Grades' }).first().click();
  await expect(page).toHaveURL(/\/teacher-grade/);
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Demo Class 6B (3)' });
  const grid = page.getByRole('table', { name: 'Gradebook of Demo Class 6B' });
  await expect(grid).toBeVisible();
  expect(await studentOrder(page)).toEqual(['Ava Brooks', 'Ben Diaz', 'Cara Evans']);

  // Solved of total, first-try accuracy and the state in words.
  await expect(firstCell(page, 'Ava Brooks')).toContainText('100% first try');
  await expect(firstCell(page, 'Ava Brooks')).toContainText('Done');
  await expect(firstCell(page, 'Ben Diaz')).toContainText('0% first try');
  await expect(firstCell(page, 'Ben Diaz')).toContainText('Late');
  await expect(firstCell(page, 'Cara Evans')).toContainText(/^0\//);
  await expect(firstCell(page, 'Cara Evans')).toContainText('Missing');
  await expect(testCell(page, 'Ava Brooks')).toContainText('Submitted');
  await expect(testCell(page, 'Ben Diaz')).toContainText('Missing');
  await expect(row(page, 'Class average')).toContainText('67% solved');
  // A student opens their work; a test's header its results.
  await expect(row(page, 'Ava Brooks').getByRole('link', { name: 'Ava Brooks' })).toHaveAttribute(
    'href',
    /\/students\/[0-9a-f-]+\/work$/,
  );
  await expect(grid.locator('thead a')).toHaveAttribute('href', /\/saved-tests\/[0-9a-f-]+\?tab=results$/);

  // Sorting by the first section: the most solved (then the best first try) first, then the other way.
  const firstSort = grid.locator('thead th').nth(1).getByRole('button');
  await firstSort.click();
  await expect.poll(() => studentOrder(page)).toEqual(['Ava Brooks', 'Ben Diaz', 'Cara Evans']);
  await firstSort.click();
  await expect.poll(() => studentOrder(page)).toEqual(['Cara Evans', 'Ben Diaz', 'Ava Brooks']);
  await expect(grid.locator('thead th').nth(1)).toHaveAttribute('aria-sort', 'ascending');

  // From tomorrow on: nothing solved yet, the states stay, and the closed test's column goes.
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await page.getByLabel('From', { exact: true }).fill(day);
  await expect(grid.locator('thead a')).toHaveCount(0);
  await expect(firstCell(page, 'Ava Brooks')).toContainText(/^0\//);
  await expect(firstCell(page, 'Ava Brooks')).toContainText('Done');
  await page.getByLabel('From', { exact: true }).fill('');
  await expect(grid.locator('thead a')).toHaveCount(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Demo Class 6B gradebook.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8').split(/\r?\n/);
  expect(csv[0]).toMatch(/^Student,.+: solved,.+: first try,.+: state,/);
  expect(csv[0]).toMatch(/: score,[^,]+: status$/);
  // The grid's order (Cara first) and her row's first section.
  expect(csv[1]).toMatch(/^Cara Evans,0\/\d+,–,Missing,/);
  expect(csv.at(-1)).toMatch(/^Class average,67%,/);
});
