import fs from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { DEMO_PASSWORD, pickUp, signIn } from './helpers';
import { pdfPages } from './pdfText';

const SHOTS = '/tmp/shots';
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/tests-${name}.png`, fullPage: true });
}

const builder = (page: Page) => page.getByRole('list', { name: 'Questions in the test' });
const entries = (page: Page) => builder(page).getByRole('listitem');
/** The builder's question texts in order. */
const order = (page: Page) => entries(page).evaluateAll((items) => items.map((li) => li.textContent ?? ''));

test('a teacher builds a test by drag, keyboard and random draw, saves it as an assessment, edits and prints it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  await page.getByRole('tab', { name: 'Test Generator' }).click();
  await expect(page.getByRole('heading', { name: 'Test Builder' })).toBeVisible();
  await expect(page.getByText('No questions in the test yet.')).toBeVisible();
  const available = page.getByRole('list', { name: 'Available questions' }).getByRole('listitem');
  await expect(available).toHaveCount(10);

  // Drag a question from the left panel into the builder.
  await available.nth(0).dragTo(page.getByTestId('test-builder'));
  await expect(page.getByText('Question added to test')).toBeVisible();
  await expect(entries(page)).toHaveCount(1);

  // Add another with its button; adding it again is refused.
  await available
    .nth(1)
    .getByRole('button', { name: /^Add to Test/ })
    .click();
  await expect(entries(page)).toHaveCount(2);
  await available
    .nth(1)
    .getByRole('button', { name: /^Add to Test/ })
    .click();
  await expect(page.getByText('Question is already in the test')).toBeVisible();
  await expect(entries(page)).toHaveCount(2);

  // Keyboard reorder: lift question 2, move it up, drop it; the move is announced and the numbers follow.
  const [first, second] = await order(page);
  await page.getByRole('button', { name: 'Move question 2', exact: true }).focus();
  await pickUp(page);
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Picked up Question 2');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Question 2 is over position 1 of 2');
  await page.keyboard.press('Space');
  await expect(page.getByText('Question reordered')).toBeVisible();
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('dropped at position 1 of 2');
  expect((await order(page)).map((t) => t.slice(2))).toEqual([second.slice(2), first.slice(2)]);
  expect((await order(page))[0].startsWith('1.')).toBe(true);

  // Five random questions, drawn by the server from the current filters, none already in the test.
  await page.getByRole('button', { name: 'Random Test Generator' }).click();
  const count = page.getByLabel('Number of questions');
  await expect(count).toHaveValue('10');
  await count.fill('5');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Added 5 random questions to test')).toBeVisible();
  await expect(entries(page)).toHaveCount(7);
  const texts = await order(page);
  expect(new Set(texts.map((t) => t.slice(2))).size).toBe(7);

  // An invalid count becomes 1.
  await page.getByRole('button', { name: 'Random Test Generator' }).click();
  await page.getByLabel('Number of questions').fill('75');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Added 1 random question to test')).toBeVisible();
  await expect(entries(page)).toHaveCount(8);
  await page.getByRole('button', { name: 'Remove question 8', exact: true }).click();
  await expect(page.getByText('Question removed from test')).toBeVisible();
  await expect(entries(page)).toHaveCount(7);

  // Reorder by mouse: the last question's handle dragged to the top.
  const last = (await order(page))[6].slice(2);
  const handle = page.getByRole('button', { name: 'Move question 7', exact: true });
  const target = await page.getByRole('button', { name: 'Move question 1', exact: true }).boundingBox();
  const from = await handle.boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2, from!.y - 10, { steps: 5 });
  await page.mouse.move(target!.x + target!.width / 2, target!.y + 4, { steps: 20 });
  await page.mouse.up();
  await expect(page.getByText('Question reordered')).toBeVisible();
  await expect.poll(async () => (await order(page))[0].slice(2)).toBe(last);

  // Marks per question and the running total.
  await expect(page.getByText('Total marks: 7')).toBeVisible();
  await page.getByLabel('Marks for question 1').fill('3');
  await expect(page.getByText('Total marks: 9')).toBeVisible();
  await shoot(page, 'builder-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'builder-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Save as an assessment: Save is off while the title is empty; saving clears the builder.
  const title = `E2E Fractions Assessment ${Date.now()}`;
  await page.getByRole('button', { name: 'Save Test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Test' });
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Test Title').fill(title);
  await dialog.getByLabel('Type').selectOption('assessment');
  await dialog.getByLabel('Description').fill('Adding and comparing fractions');
  await dialog.getByLabel('Instructions').fill('Answer every question. Show your work.');
  await dialog.getByLabel('Time Limit (minutes)').fill('45');
  await dialog.getByLabel('Total Marks').fill('0.5');
  await shoot(page, 'save-1280');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Test saved successfully!')).toBeVisible();
  await expect(page.getByText('No questions in the test yet.')).toBeVisible();

  // Found in Saved Tests with its TEST- code.
  await page.getByLabel('Search tests').fill(title);
  const saved = page.getByRole('list', { name: 'Saved tests' }).getByRole('listitem').filter({ hasText: title });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(/TEST-[ACDEFGHJKMNPQRTUVWXY34679]{6}/);
  await expect(saved).toContainText('7 questions · 9 marks · 45 min');
  const code = /TEST-[A-Z0-9]{6}/.exec((await saved.textContent()) ?? '')![0];

  // Open it into the builder, edit and save again.
  await saved.getByRole('button', { name: `Open ${title}` }).click();
  await expect(entries(page)).toHaveCount(7);
  await expect(page.getByText(`Editing ${title}`)).toBeVisible();
  await expect(page.getByLabel('Marks for question 1')).toHaveValue('3');
  await page.getByRole('button', { name: 'Remove question 7', exact: true }).click();
  await page.getByRole('button', { name: 'Save Test' }).click();
  await expect(dialog.getByLabel('Test Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Type')).toHaveValue('assessment');
  await dialog.getByLabel('Test Title').fill(`${title} v2`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Test saved successfully!')).toBeVisible();
  const edited = page
    .getByRole('list', { name: 'Saved tests' })
    .getByRole('listitem')
    .filter({ hasText: `${title} v2` });
  await expect(edited).toContainText(code);
  await expect(edited).toContainText('6 questions · 8 marks');
  await shoot(page, 'saved-1280');

  // Print it: a clean paper, then with the answer key on pages of its own.
  await edited.getByRole('link', { name: `Print ${title} v2` }).click();
  await expect(page.getByRole('heading', { name: `${title} v2` })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await shoot(page, 'paper-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'paper-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ media: 'print' });
  const paper = pdfPages(await page.pdf({ format: 'A4' }));
  const paperText = paper.join(' ');
  expect(paperText).toContain(`${title} v2`);
  expect(paperText).toContain(code);
  // The facts' colons are drawn by CSS, so the PDF holds them as separate text.
  expect(paperText).toMatch(/Time limit ?: 45 minutes/);
  expect(paperText).toMatch(/Total marks ?: 8/);
  expect(paperText).toContain('Answer every question. Show your work.');
  expect(paperText).toContain('[3 marks]');
  expect(paperText).not.toContain('Answer Key');
  expect(paperText).not.toContain('Back to the Question Bank');
  expect(paperText).not.toContain('Include answer key');

  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel('Include answer key').check();
  await expect(page.getByRole('heading', { name: /^Answer Key/ })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const withKey = pdfPages(await page.pdf({ format: 'A4' }));
  const keyPage = withKey.findIndex((text) => text.includes('Answer Key'));
  expect(keyPage).toBeGreaterThan(0);
  // The key starts a page of its own: the page before it ends with the last question, not the key.
  expect(withKey[keyPage].startsWith('Answer Key')).toBe(true);
  expect(withKey.slice(keyPage).join(' ')).toMatch(/Answer: [A-D]/);
  await shoot(page, 'paper-key-1280');
});

test('saved tests: duplicate and delete with confirmation', async ({ page }) => {
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  await page.getByRole('tab', { name: 'Test Generator' }).click();
  const available = page.getByRole('list', { name: 'Available questions' }).getByRole('listitem');
  await available
    .nth(2)
    .getByRole('button', { name: /^Add to Test/ })
    .click();
  const title = `E2E Quick Test ${Date.now()}`;
  await page.getByRole('button', { name: 'Save Test' }).click();
  await page.getByLabel('Test Title').fill(title);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Test saved successfully!')).toBeVisible();

  await page.getByLabel('Search tests').fill(title);
  const list = page.getByRole('list', { name: 'Saved tests' }).getByRole('listitem');
  await expect(list).toHaveCount(1);
  await list
    .first()
    .getByRole('button', { name: `Duplicate ${title}` })
    .click();
  await expect(page.getByText('Test duplicated successfully')).toBeVisible();
  await expect(list).toHaveCount(2);
  await expect(list.filter({ hasText: `Copy of ${title}` })).toHaveCount(1);

  await list
    .filter({ hasText: `Copy of ${title}` })
    .getByRole('button', { name: /^Delete/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this test?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list).toHaveCount(2);
  await list
    .filter({ hasText: `Copy of ${title}` })
    .getByRole('button', { name: /^Delete/ })
    .click();
  await confirm.getByRole('button', { name: 'Delete Test' }).click();
  await expect(page.getByText('Test deleted successfully')).toBeVisible();
  await expect(list).toHaveCount(1);
});
