import fs from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { DEMO_PASSWORD, signIn } from './helpers';

const SHOTS = '/tmp/shots-skills';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * A skill's row: its name, then its grade band (the name also shows among the prerequisites of other rows). The
 * names here hold no character special to a regular expression.
 */
const skillRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Skills' })
    .getByRole('row', { name: new RegExp(`^${name} (Grade|All grades|Up to)`) });

async function addSkill(page: Page, focus: string, category: string, grades: [string, string]) {
  await page.getByRole('button', { name: 'Add skill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a skill' });
  await dialog.getByLabel('Focus area').selectOption({ label: focus });
  await dialog.getByLabel('Category (optional)').selectOption({ label: category });
  await dialog.getByLabel('Lowest grade').selectOption({ label: `Grade ${grades[0]}` });
  await dialog.getByLabel('Highest grade').selectOption({ label: `Grade ${grades[1]}` });
  await dialog.getByRole('button', { name: 'Add skill' }).click();
  await expect(page.getByText(`Added "${focus}: ${category}"`)).toBeVisible();
}

test('staff add skills, make one come before another, are refused a cycle, edit a grade band and delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  await page.getByRole('tab', { name: 'Manage Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Skills', exact: true })).toBeVisible();
  // The demo academy's skills, with their prerequisites by name.
  await expect(skillRow(page, 'Reasoning: Algebra')).toContainText('Grades 6-8');
  await expect(skillRow(page, 'Reasoning: Algebra')).toContainText('Computation: Fractions');

  // The form's own rule, with the server's words.
  await page.getByRole('button', { name: 'Add skill' }).click();
  const form = page.getByRole('dialog', { name: 'Add a skill' });
  await form.getByRole('button', { name: 'Add skill' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please choose a focus area');
  await form.getByLabel('Focus area').selectOption({ label: 'Problem Solving' });
  await form.getByLabel('Lowest grade').selectOption({ label: 'Grade 7' });
  await form.getByLabel('Highest grade').selectOption({ label: 'Grade 5' });
  await form.getByRole('button', { name: 'Add skill' }).click();
  await expect(form.getByRole('alert')).toHaveText('The lowest grade cannot be above the highest grade');
  // The demo's skill of the whole focus area exists: the server says so.
  await form.getByLabel('Lowest grade').selectOption({ label: 'Any' });
  await form.getByRole('button', { name: 'Add skill' }).click();
  await expect(form.getByRole('alert')).toHaveText('The skill "Problem Solving" already exists.');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await addSkill(page, 'Problem Solving', 'Geometry', ['5', '7']);
  await addSkill(page, 'Reasoning', 'Geometry', ['6', '8']);
  await expect(skillRow(page, 'Problem Solving: Geometry')).toContainText('Grades 5-7');
  await expect(skillRow(page, 'Problem Solving: Geometry')).toContainText('None');

  // Problem Solving: Geometry comes before Reasoning: Geometry.
  await page.getByRole('button', { name: 'Prerequisites of Reasoning: Geometry' }).click();
  let picker = page.getByRole('dialog', { name: 'Prerequisites of Reasoning: Geometry' });
  await picker.getByLabel('Search skills').fill('geometry');
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox', { name: 'Problem Solving: Geometry' }).check();
  await expect(picker).toContainText('1 of at most 20 chosen');
  await shoot(page, 'prerequisites-1280');
  await picker.getByRole('button', { name: 'Save prerequisites' }).click();
  await expect(page.getByText('Saved the prerequisites of "Reasoning: Geometry"')).toBeVisible();
  await expect(skillRow(page, 'Reasoning: Geometry')).toContainText('Problem Solving: Geometry');

  // The reverse would close a cycle: refused with the server's message, and nothing changes.
  await page.getByRole('button', { name: 'Prerequisites of Problem Solving: Geometry' }).click();
  picker = page.getByRole('dialog', { name: 'Prerequisites of Problem Solving: Geometry' });
  await picker.getByRole('checkbox', { name: 'Reasoning: Geometry' }).check();
  await picker.getByRole('button', { name: 'Save prerequisites' }).click();
  await expect(picker.getByRole('alert')).toHaveText(
    '"Reasoning: Geometry" cannot come before "Problem Solving: Geometry": it already needs "Problem Solving: Geometry" first.',
  );
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(skillRow(page, 'Problem Solving: Geometry')).toContainText('None');

  // Edit the grade band.
  await page.getByRole('button', { name: 'Edit Problem Solving: Geometry' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Problem Solving: Geometry' });
  await expect(edit.getByLabel('Lowest grade')).toHaveValue('5');
  await edit.getByLabel('Highest grade').selectOption({ label: 'Grade 8' });
  await edit.getByRole('button', { name: 'Save skill' }).click();
  await expect(page.getByText('Saved "Problem Solving: Geometry"')).toBeVisible();
  await expect(skillRow(page, 'Problem Solving: Geometry')).toContainText('Grades 5-8');
  await shoot(page, 'skills-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'skills-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete both; the one left loses its prerequisite with the first.
  await page.getByRole('button', { name: 'Delete Problem Solving: Geometry' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this skill?' })).toContainText('"Problem Solving: Geometry"');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Skill deleted successfully')).toBeVisible();
  await expect(skillRow(page, 'Problem Solving: Geometry')).toHaveCount(0);
  await expect(skillRow(page, 'Reasoning: Geometry')).toContainText('None');
  await page.getByRole('button', { name: 'Delete Reasoning: Geometry' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(skillRow(page, 'Reasoning: Geometry')).toHaveCount(0);
});
