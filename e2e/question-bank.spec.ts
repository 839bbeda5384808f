import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';
import { pngBytes } from '../server/test/questionFixtures';

const SHOTS = '/tmp/shots';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/qbank-${name}.png`, fullPage: true });
}

/** Step 1 with its choices, up to step 2. */
async function step1(page: Page, choice: { grade: string; type: string; source: string; category: string; focus: string }) {
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
  for (const tab of ['Question Bank', 'Test Generator', 'Manage Categories']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Question', exact: true })).toBeVisible();
  await expect(page.getByText(/1–10 of \d+ questions/)).toBeVisible();
  await shoot(page, 'bank-1280');

  // Step 1 refuses missing choices, then a multiple-choice question with an image through both steps.
  await page.getByRole('link', { name: 'Add Question' }).click();
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await page.goto('/create-question-step2');
  await expect(page).toHaveURL(/\/create-question-step1$/);
  await page.goto('/question-bank');

  await step1(page, { grade: '7', type: 'Multiple Choice', source: 'E2E source', category: 'Geometry', focus: 'Reasoning' });
  await expect(page.getByLabel('Question summary')).toContainText('Grade 7');
  await expect(page.getByLabel('Question summary')).toContainText('Category: Geometry');
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Please fill in the question text')).toBeVisible();
  await page.getByLabel('Question Text').fill('<p>E2E-MC: In the figure, angle $x$ and $40^\\circ$ make a right angle. What is $x$?</p>');
  for (const [letter, text] of [['A', '$40^\\circ$'], ['B', '$50^\\circ$'], ['C', '$60^\\circ$'], ['D', '$90^\\circ$']]) await page.getByLabel(`Option ${letter}`, { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Please select at least one correct answer')).toBeVisible();
  await page.getByRole('button', { name: 'Select as Correct' }).nth(2).click();
  // Removing option A re-letters the rest and moves the correct mark from C to B.
  await page.getByRole('button', { name: 'Remove option A' }).click();
  await expect(page.getByLabel('Option A', { exact: true })).toHaveValue('$50^\\circ$');
  await expect(page.getByRole('button', { name: 'Option B is correct' })).toBeVisible();
  await page.getByRole('button', { name: 'Option B is correct' }).click();
  await page.getByRole('button', { name: 'Select as Correct' }).first().click();
  await page.getByLabel('Attachments (optional, images only)').setInputFiles({ name: 'angle.png', mimeType: 'image/png', buffer: pngBytes(60, 40) });
  await expect(page.getByText('angle.png')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'step2-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'step2-1280');
  await page.getByRole('button', { name: 'Create Question' }).click();
  await expect(page.getByText('Question created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/question-bank$/, { timeout: 5_000 });

  // A fill-in-the-blank question with two blanks, one of them with two accepted answers.
  await step1(page, { grade: '4', type: 'Fill in the Blank', source: 'E2E source', category: 'Fractions', focus: 'Computation' });
  // Back to step 1 keeps the choices.
  await page.getByRole('button', { name: 'Back to Step 1' }).click();
  await expect(page.getByLabel('Grade')).toHaveValue('4');
  await expect(page.getByRole('list', { name: 'Chosen categories' })).toContainText('Fractions');
  await page.getByRole('button', { name: 'Continue to Step 2' }).click();
  await expect(page.getByText(/three underscores, the blank number, three underscores/)).toBeVisible();
  await page.getByLabel('Question Text').fill('<p>E2E-FIB: $\\frac{1}{2} + \\frac{1}{4} =$ ___1___ and $3 \\times 4 =$ ___2___</p>');
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
  await page.getByLabel('Search').fill('E2E-');
  await expect(page.getByText(/1–2 of 2 questions/)).toBeVisible();
  await page.getByLabel('Type').selectOption('Fill in the Blank');
  await expect(page.getByText(/1–1 of 1 questions/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^E2E-FIB/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByLabel('Search').fill('E2E-MC');
  await page.getByLabel('Grade').selectOption('7');
  await page.getByLabel('Category').selectOption({ label: 'Geometry' });
  await expect(page.getByText(/1–1 of 1 questions/)).toBeVisible();

  // Expanded: the rendered question with its image and the correct option.
  await page.getByRole('button', { name: /^E2E-MC/ }).click();
  await expect(page.getByRole('img', { name: 'angle.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'angle.png' })).toHaveJSProperty('naturalWidth', 60);
  await expect(page.getByLabel('Options').getByText('Correct')).toBeVisible();
  await shoot(page, 'expanded-1280');

  // Inline edit: a new grade, the image marked for removal, restored, removed again.
  await page.getByRole('button', { name: /Edit question: E2E-MC/ }).click();
  const editor = page.getByRole('form', { name: 'Edit question' });
  await editor.getByLabel('Grade').fill('8');
  await editor.getByRole('button', { name: 'Remove angle.png' }).click();
  await expect(editor.getByText('angle.png (will be removed)')).toBeVisible();
  await editor.getByRole('button', { name: 'Restore angle.png' }).click();
  await editor.getByRole('button', { name: 'Remove angle.png' }).click();
  await shoot(page, 'editing-1280');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Question updated successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByLabel('Search').fill('E2E-MC');
  const row = page.getByRole('row', { name: /E2E-MC/ });
  await expect(row.getByRole('cell', { name: '8', exact: true })).toBeVisible();

  // Delete the fill-in-the-blank question behind its confirmation.
  await page.getByLabel('Search').fill('E2E-FIB');
  await page.getByRole('button', { name: /Delete question: E2E-FIB/ }).click();
  await page.getByRole('button', { name: 'Delete Question', exact: true }).click();
  await expect(page.getByText('Question deleted successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /^E2E-FIB/ })).toHaveCount(0);

  // Bulk delete with nothing selected says so.
  await page.getByRole('button', { name: /Bulk Delete Selected/ }).click();
  await expect(page.getByText('Please select questions to delete')).toBeVisible();

  // The test generator is announced, the category manager adds, searches and deletes.
  await page.getByRole('tab', { name: 'Test Generator' }).click();
  await expect(page.getByText('The Test Generator is coming soon')).toBeVisible();
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
