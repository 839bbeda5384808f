import { expect, test, type Locator, type Page } from './fixtures';
import { DEMO_PASSWORD, signIn } from './helpers';
import { pngBytes } from '../server/test/questionFixtures';

/** Types into a rich-text editor as a person would; each closing dollar turns its LaTeX into math. */
async function typeInto(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.type(text);
}

async function chooseStep1(page: Page, type: 'Multiple Choice' | 'Fill in the Blank') {
  // The bank has Grade and Type filters too: make sure step 1 is the page.
  await expect(page.getByRole('heading', { name: 'Create New Question - Step 1' })).toBeVisible();
  await page.getByLabel('Grade').selectOption('6');
  await page.getByLabel('Type').selectOption(type);
  await page.getByLabel('Categories').selectOption({ label: 'Fractions' });
  await page.getByLabel('Focus Areas').selectOption({ label: 'Computation' });
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  await expect(page).toHaveURL(/\/create-question-step2$/);
}

/** Back to step 1 and on to step 2 again, as an author checking their choices does. */
async function backAndForth(page: Page) {
  await page.getByRole('button', { name: 'Back to Step 1' }).click();
  await expect(page).toHaveURL(/\/create-question-step1$/);
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  await expect(page).toHaveURL(/\/create-question-step2$/);
}

const storedDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('questionDraft')));

test('step 2 keeps what the author wrote across Back to Step 1 and a reload, until the question is created or cancelled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'dataentry@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  await page.getByRole('link', { name: 'Add Question' }).click();
  await chooseStep1(page, 'Multiple Choice');

  const questionText = page.getByRole('textbox', { name: 'Question Text' });
  const solution = page.getByRole('textbox', { name: 'Solution (optional)' });
  const option = (letter: string) => page.getByRole('textbox', { name: `Option ${letter}`, exact: true });
  await typeInto(page, questionText, 'E2E-DRAFT: $x + 1 = 3$, so $x =$ ___1___');
  await typeInto(page, option('A'), '$2$ only');
  await typeInto(page, option('B'), '$3$ only');
  await page.getByRole('button', { name: 'Select as Correct' }).first().click();
  await typeInto(page, solution, 'Take $1$ from both sides.');
  await page.getByLabel('Hint (optional)').fill('Undo the addition');
  await page
    .getByLabel('Attachments (optional, images only)')
    .setInputFiles({ name: 'scale.png', mimeType: 'image/png', buffer: pngBytes(30, 20) });

  const expectMultipleChoiceKept = async () => {
    await expect(questionText).toContainText('E2E-DRAFT:');
    await expect(questionText.locator('.katex')).toHaveCount(2);
    await expect(option('A')).toContainText('only');
    await expect(option('A').locator('annotation')).toHaveText('2');
    await expect(option('B').locator('annotation')).toHaveText('3');
    await expect(page.getByRole('button', { name: 'Option A is correct' })).toBeVisible();
    await expect(solution).toContainText('Take');
    await expect(solution.locator('.katex')).toHaveCount(1);
    await expect(page.getByLabel('Hint (optional)')).toHaveValue('Undo the addition');
  };
  await backAndForth(page);
  await expectMultipleChoiceKept();
  // The chosen image survives the steps (it cannot go into the browser's storage, so not a reload).
  await expect(page.getByText('scale.png')).toBeVisible();
  await page.reload();
  await expectMultipleChoiceKept();

  // Another type on step 1: the text and solution stay, and the blanks written now are kept as well.
  await page.getByRole('button', { name: 'Back to Step 1' }).click();
  await page.getByLabel('Type').selectOption('Fill in the Blank');
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  await expect(questionText).toContainText('E2E-DRAFT:');
  await page.getByLabel('Blank 1, accepted answer 1').fill('2');
  await page.getByRole('button', { name: 'Add Answer' }).click();
  await page.getByLabel('Blank 1, accepted answer 2').fill('two');
  await backAndForth(page);
  await expect(page.getByLabel('Blank 1, accepted answer 1')).toHaveValue('2');
  await expect(page.getByLabel('Blank 1, accepted answer 2')).toHaveValue('two');
  await page.reload();
  await expect(page.getByLabel('Blank 1, accepted answer 2')).toHaveValue('two');
  await expect(solution).toContainText('Take');

  // Created: the draft is gone, and the next question starts empty.
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Question created successfully!')).toBeVisible();
  expect(await storedDrafts(page)).toEqual([]);
  await expect(page).toHaveURL(/\/question-bank$/, { timeout: 5_000 });
  await page.getByRole('link', { name: 'Add Question' }).click();
  await chooseStep1(page, 'Fill in the Blank');
  await expect(questionText).not.toContainText('E2E-DRAFT');
  await expect(page.getByLabel('Blank 1, accepted answer 1')).toHaveValue('');

  // Cancelled: the draft is gone too.
  await typeInto(page, questionText, 'E2E-CANCELLED ___1___');
  await expect.poll(() => storedDrafts(page)).toHaveLength(1);
  await page.getByRole('button', { name: 'Back to Step 1' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/question-bank$/);
  expect(await storedDrafts(page)).toEqual([]);
});
