import fs from 'node:fs';
import { expect, test, type Locator, type Page } from './fixtures';
import { DEMO_PASSWORD, signIn } from './helpers';
import { pngBytes } from '../server/test/questionFixtures';

const SHOTS = '/tmp/shots';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/qbank-${name}.png`, fullPage: true });
}

/** Types into a rich-text editor as a person would: click into it, then type; each closing dollar turns its LaTeX into math. */
async function typeInto(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.type(text);
}

/** The math of an editor, named by its LaTeX (each math node is a button to edit it). */
const mathIn = (editor: Locator, latex: string) =>
  editor.getByRole('button', { name: `Edit math: ${latex}`, exact: true });

/** Step 1 with its choices, up to step 2. */
async function step1(
  page: Page,
  choice: { grade: string; type: string; source: string; category: string; focus: string },
) {
  await page.getByRole('link', { name: 'Add Question' }).click();
  await expect(page).toHaveURL(/\/create-question-step1$/);
  await expect(page.getByRole('heading', { name: 'Create New Question - Step 1' })).toBeVisible();
  await page.getByLabel('Grade').selectOption(choice.grade);
  await page.getByLabel('Type').selectOption(choice.type);
  await page.getByLabel('Source (optional)').fill(choice.source);
  await page.getByLabel('Categories').selectOption({ label: choice.category });
  await page.getByLabel('Focus Areas').selectOption({ label: choice.focus });
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  await expect(page).toHaveURL(/\/create-question-step2$/);
}

test('staff create, find, edit and delete questions, and manage categories', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  for (const tab of ['Question Bank', 'Test Generator', 'Manage Categories'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Question', exact: true })).toBeVisible();
  await expect(page.getByText(/1–10 of \d+ questions/)).toBeVisible();
  await shoot(page, 'bank-1280');

  // Step 1 refuses missing choices, then a multiple-choice question with an image through both steps.
  await page.getByRole('link', { name: 'Add Question' }).click();
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  // Missing choices are told once, not under each field.
  await expect(page.getByText('Please fill in all required fields')).toHaveCount(1);
  await page.goto('/create-question-step2');
  await expect(page).toHaveURL(/\/create-question-step1$/);
  await page.goto('/question-bank');

  await step1(page, {
    grade: '7',
    type: 'Multiple Choice',
    source: 'E2E source',
    category: 'Geometry',
    focus: 'Reasoning',
  });
  await expect(page.getByLabel('Question summary')).toContainText('Grade 7');
  await expect(page.getByLabel('Question summary')).toContainText('Category: Geometry');
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Please fill in the question text')).toBeVisible();
  // An editor holding only spaces is still empty.
  const questionText = page.getByRole('textbox', { name: 'Question Text' });
  await typeInto(page, questionText, '   ');
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Please fill in the question text')).toBeVisible();
  await questionText.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await typeInto(
    page,
    questionText,
    'E2E-MC: In the figure, angle $x$ and $40^\\circ$ make a right angle. What is $x$?',
  );
  await expect(questionText.locator('.katex')).toHaveCount(3);
  await expect(questionText).toContainText('make a right angle. What is');
  const option = (letter: string) => page.getByRole('textbox', { name: `Option ${letter}`, exact: true });
  for (const [letter, degrees] of [
    ['A', '40'],
    ['B', '50'],
    ['C', '60'],
    ['D', '90'],
  ])
    await typeInto(page, option(letter), `$${degrees}^\\circ$ exactly`);
  await expect(option('D').locator('.katex')).toHaveCount(1);
  await typeInto(
    page,
    page.getByRole('textbox', { name: 'Solution (optional)' }),
    'The two angles add up to $90^\\circ$, so $x = 90^\\circ - 40^\\circ = 50^\\circ$.',
  );
  await expect(page.getByRole('textbox', { name: 'Solution (optional)' }).locator('.katex')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Please select at least one correct answer')).toBeVisible();
  await page.getByRole('button', { name: 'Select as Correct' }).nth(2).click();
  // Removing option A re-letters the rest and moves the correct mark from C to B.
  await page.getByRole('button', { name: 'Remove option A' }).click();
  await expect(page.getByRole('textbox', { name: /^Option [A-Z]$/ })).toHaveCount(3);
  for (const [letter, degrees] of [
    ['A', '50'],
    ['B', '60'],
    ['C', '90'],
  ]) {
    await expect(mathIn(option(letter), `${degrees}^\\circ`)).toBeVisible();
    await expect(option(letter).locator('.katex')).toHaveCount(1);
    await expect(option(letter)).toContainText('exactly');
  }
  await expect(page.getByRole('button', { name: 'Option B is correct' })).toBeVisible();
  await page.getByRole('button', { name: 'Option B is correct' }).click();
  await page.getByRole('button', { name: 'Select as Correct' }).first().click();
  await page
    .getByLabel('Attachments (optional, images only)')
    .setInputFiles({ name: 'angle.png', mimeType: 'image/png', buffer: pngBytes(60, 40) });
  await expect(page.getByText('angle.png')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'step2-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'step2-1280');
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Question created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/question-bank$/, { timeout: 5_000 });

  // A fill-in-the-blank question with two blanks, one of them with two accepted answers.
  await step1(page, {
    grade: '4',
    type: 'Fill in the Blank',
    source: 'E2E source',
    category: 'Fractions',
    focus: 'Computation',
  });
  // Back to step 1 keeps the choices.
  await page.getByRole('button', { name: 'Back to Step 1' }).click();
  await expect(page.getByLabel('Grade')).toHaveValue('4');
  await expect(page.getByRole('list', { name: 'Chosen categories' })).toContainText('Fractions');
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  await expect(page.getByText(/three underscores, the blank number, three underscores/)).toBeVisible();
  const blanksText = page.getByRole('textbox', { name: 'Question Text' });
  await typeInto(page, blanksText, 'E2E-FIB: $\\frac{1}{2} + \\frac{1}{4} =$ ___1___ and $3 \\times 4 =$ ___2___');
  await expect(blanksText.locator('.katex')).toHaveCount(2);
  await expect(blanksText).toContainText('___1___ and');
  await expect(blanksText).toContainText('___2___');
  await page.getByLabel('Blank 1, accepted answer 1').fill('\\frac{3}{4}');
  await page.getByRole('button', { name: 'Add Answer' }).click();
  await page.getByLabel('Blank 1, accepted answer 2').fill('0.75');
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('The question text has ___2___ but there is no blank 2')).toBeVisible();
  await page.getByRole('button', { name: 'Add Blank' }).click();
  await page.getByLabel('Blank 2, accepted answer 1').fill('12');
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Question created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/question-bank$/, { timeout: 5_000 });

  // Find them with the filters; the server filters and pages.
  await page.getByLabel('Search', { exact: true }).fill('E2E-');
  await expect(page.getByText(/1–2 of 2 questions/)).toBeVisible();
  await page.getByLabel('Type').selectOption('Fill in the Blank');
  await expect(page.getByText(/1–1 of 1 questions/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^E2E-FIB/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByLabel('Search', { exact: true }).fill('E2E-MC');
  await page.getByLabel('Grade').selectOption('7');
  await page.getByLabel('Category').selectOption({ label: 'Geometry' });
  await expect(page.getByText(/1–1 of 1 questions/)).toBeVisible();

  // Expanded: the rendered question with its image and the correct option.
  await page.getByRole('button', { name: /^E2E-MC/ }).click();
  await expect(page.getByRole('img', { name: 'angle.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'angle.png' })).toHaveJSProperty('naturalWidth', 60);
  await expect(page.getByLabel('Options').getByText('Correct')).toBeVisible();
  // The math of the question, options, answer key (the correct option again) and solution is rendered, the
  // correct mark on 50 degrees (now option A).
  const details = page.getByRole('row').filter({ has: page.getByRole('list', { name: 'Options' }) });
  await expect(details.locator('.katex')).toHaveCount(3 + 3 + 1 + 2);
  await expect(details.getByText('Answer key:')).toBeVisible();
  await expect(details.getByRole('listitem').filter({ hasText: 'Correct' })).toContainText('exactly');
  await expect(details.getByRole('listitem').filter({ hasText: 'Correct' }).locator('annotation')).toHaveText(
    '50^\\circ',
  );
  await expect(details.getByText('Math Error:')).toHaveCount(0);
  await shoot(page, 'expanded-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'expanded-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Inline edit: a new grade, the image marked for removal, restored, removed again.
  await page.getByRole('button', { name: /Edit question: E2E-MC/ }).click();
  const editor = page.getByRole('form', { name: 'Edit question' });
  // The editors open on the stored content, math as math.
  await expect(editor.getByRole('textbox', { name: 'Question Text' }).locator('.katex')).toHaveCount(3);
  await expect(editor.getByRole('textbox', { name: 'Question Text' })).toContainText('E2E-MC: In the figure, angle');
  for (const [letter, degrees] of [
    ['A', '50'],
    ['B', '60'],
    ['C', '90'],
  ])
    await expect(
      mathIn(editor.getByRole('textbox', { name: `Option ${letter}`, exact: true }), `${degrees}^\\circ`),
    ).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Option A is correct' })).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Solution (optional)' }).locator('.katex')).toHaveCount(2);
  await editor.getByRole('textbox', { name: 'Question Text' }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Give $x$ in degrees.');
  await editor.getByLabel('Grade').fill('8');
  await editor.getByRole('button', { name: 'Remove angle.png' }).click();
  await expect(editor.getByText('angle.png (will be removed)')).toBeVisible();
  await editor.getByRole('button', { name: 'Restore angle.png' }).click();
  await editor.getByRole('button', { name: 'Remove angle.png' }).click();
  await shoot(page, 'editing-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'editing-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Question updated successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByLabel('Search', { exact: true }).fill('E2E-MC');
  const row = page.getByRole('row', { name: /E2E-MC/ });
  await expect(row.getByRole('cell', { name: '8', exact: true })).toBeVisible();
  // Its details show the words and math added in the editor.
  await row.getByRole('button', { name: /^E2E-MC/ }).click();
  await expect(details).toContainText('Give');
  await expect(details.locator('.katex')).toHaveCount(4 + 3 + 1 + 2);

  // Delete the fill-in-the-blank question behind its confirmation.
  await page.getByLabel('Search', { exact: true }).fill('E2E-FIB');
  await page.getByRole('button', { name: /Delete question: E2E-FIB/ }).click();
  await page.getByRole('button', { name: 'Delete Question', exact: true }).click();
  await expect(page.getByText('Question deleted successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /^E2E-FIB/ })).toHaveCount(0);

  // Bulk delete with nothing selected cannot be pressed.
  await expect(page.getByRole('button', { name: /Bulk Delete Selected/ })).toBeDisabled();

  // The test generator has its own spec (test-generator.spec.ts); the category manager adds, searches and deletes.
  await page.getByRole('tab', { name: 'Test Generator' }).click();
  await expect(page.getByRole('heading', { name: 'Test Builder' })).toBeVisible();
  await page.getByRole('tab', { name: 'Manage Categories' }).click();
  await page.getByLabel('New category').fill('E2E Probability Puzzles');
  await page.getByRole('button', { name: 'Add' }).first().click();
  await expect(page.getByText('Category added successfully')).toBeVisible();
  await page.getByLabel('Search categories').fill('puzzles');
  await expect(page.getByText('E2E Probability Puzzles')).toBeVisible();
  await shoot(page, 'categories-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'categories-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Delete E2E Probability Puzzles' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Category deleted successfully')).toBeVisible();
  await expect(page.getByText('E2E Probability Puzzles')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Question Bank' }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'bank-375');
});

test('step 1 opened from its address: missing choices told once for 5 s, and a created question leads to the question bank', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  // A new tab holds nothing of the app before step 1: going back past both steps would leave the app.
  const tab = await page.context().newPage();
  await tab.goto('/create-question-step1');
  await tab.getByRole('button', { name: 'Continue to Step 2' }).click();
  const missing = tab.getByText('Please fill in all required fields');
  await expect(missing).toHaveCount(1);
  await tab.waitForTimeout(4_000);
  await expect(missing).toHaveCount(1);
  await expect(missing).toHaveCount(0, { timeout: 2_500 });

  await tab.getByLabel('Grade').selectOption('6');
  await tab.getByLabel('Type').selectOption('Multiple Choice');
  await tab.getByLabel('Categories').selectOption({ label: 'Geometry' });
  await tab.getByLabel('Focus Areas').selectOption({ label: 'Reasoning' });
  await tab.getByRole('button', { name: 'Continue to Step 2' }).click();
  await expect(tab).toHaveURL(/\/create-question-step2$/);
  await typeInto(
    tab,
    tab.getByRole('textbox', { name: 'Question Text' }),
    `E2E-direct ${Date.now()}: which is larger?`,
  );
  for (const letter of ['D', 'C']) await tab.getByRole('button', { name: `Remove option ${letter}` }).click();
  await typeInto(tab, tab.getByRole('textbox', { name: 'Option A', exact: true }), 'one');
  await typeInto(tab, tab.getByRole('textbox', { name: 'Option B', exact: true }), 'two');
  await tab.getByRole('button', { name: 'Select as Correct' }).nth(1).click();
  await tab.getByRole('button', { name: 'Create Question' }).click();
  await expect(tab.getByText('Question created successfully!')).toBeVisible();
  await expect(tab).toHaveURL(/\/question-bank$/, { timeout: 5_000 });
  await expect(tab.getByRole('tab', { name: 'Question Bank' })).toBeVisible();

  // Cancel on a step 1 opened from its address goes to the question bank too.
  await tab.goto('/create-question-step1');
  await tab.getByRole('button', { name: 'Cancel' }).click();
  await expect(tab).toHaveURL(/\/question-bank$/);
});

test('a student is sent to the dashboard and may not create questions', async ({ page }) => {
  await signIn(page, 'student@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/create-question-step1');
  await expect(page.getByText("You don't have permission to create questions")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('a parent is sent home from the question bank', async ({ page }) => {
  await signIn(page, 'parent@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  await expect(page).toHaveURL(/\/$/);
});
