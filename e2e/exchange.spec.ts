/**
 * Questions from a Moodle XML file: a teacher previews a file with an image, a cloze and a matching question, sees
 * why the matching question cannot come in, imports the other two, finds them rendered in the bank, and exports two
 * questions as a QTI 3.0 package.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { DEMO_PASSWORD, signIn } from './helpers';
import { pngBytes } from '../server/test/questionFixtures';

const SHOTS = '/tmp/shots';
/** Accessibility problems axe calls serious or critical, by rule and element. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const shoot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/exchange-${name}.png`, fullPage: true });
};

/** A file as Moodle writes one; the words are unique so the bank's search finds these questions alone. */
const RUN = Date.now().toString(36);
const MOODLE_FILE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Circles ${RUN}</text></category></question>
  <question type="multichoice">
    <name><text>Circle area</text></name>
    <questiontext format="html"><text><![CDATA[<p>Zephyr circle ${RUN}: its radius is \\(r = 2\\). What is its area?</p><p><img src="@@PLUGINFILE@@/circle.png" alt="A circle of radius 2"></p>]]></text>
      <file name="circle.png" path="/" encoding="base64">${pngBytes(60, 40, [30, 90, 200]).toString('base64')}</file>
    </questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>\\(A = \\pi r^2 = 4\\pi\\)</p>]]></text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>\\(4\\pi\\)</text></answer>
    <answer fraction="0" format="html"><text>\\(2\\pi\\)</text></answer>
    <answer fraction="0" format="html"><text>\\(\\frac{\\pi}{4}\\)</text></answer>
    <tags><tag><text>Area</text></tag></tags>
  </question>
  <question type="multianswer">
    <name><text>Sums</text></name>
    <questiontext format="html"><text><![CDATA[<p>Zephyr sums ${RUN}: \\(\\frac{1}{2} + \\frac{1}{2} =\\) {1:NUMERICAL:=1:0} and \\(3 \\times 4 =\\) {1:NUMERICAL:=12:0}</p>]]></text></questiontext>
  </question>
  <question type="matching">
    <name><text>Match the shapes</text></name>
    <questiontext format="html"><text>Match each shape to its sides.</text></questiontext>
    <subquestion format="html"><text>triangle</text><answer><text>3</text></answer></subquestion>
    <subquestion format="html"><text>square</text><answer><text>4</text></answer></subquestion>
  </question>
</quiz>`;

test('a teacher imports a Moodle XML file after its preview and exports two questions as QTI', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto('/question-bank');
  await page.getByRole('link', { name: 'Import questions' }).click();
  await expect(page.getByRole('heading', { name: 'Import questions', level: 1 })).toBeVisible();

  await page.getByLabel('File to import').setInputFiles({
    name: 'circles.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(MOODLE_FILE),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  // The first file after the server's start also starts the threads that read files (a second or two alone).
  await expect(page.getByRole('heading', { name: 'Preview of circles.xml' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('2 questions can be imported; 1 cannot.')).toBeVisible();
  await expect(page.getByText(`New categories: Circles ${RUN}`)).toBeVisible();

  const circle = page.getByRole('listitem', { name: 'Question 1: Circle area' });
  await expect(circle.getByRole('checkbox', { name: 'Import question 1' })).toBeChecked();
  // Math is drawn, never shown raw, and the image comes from the file itself.
  await expect(circle.locator('.katex').first()).toBeVisible();
  await expect(circle).not.toContainText('\\(');
  await expect(circle.getByRole('img', { name: 'A circle of radius 2' })).toBeVisible();
  const cloze = page.getByRole('listitem', { name: 'Question 2: Sums' });
  await expect(cloze).toContainText('Fill in the Blank');
  const matching = page.getByRole('listitem', { name: 'Question 3: Match the shapes' });
  await expect(matching).toContainText('Cannot be imported: matching questions are not supported');
  await expect(matching.getByRole('checkbox')).toHaveCount(0);
  await shoot(page, 'preview-1280');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'preview-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The file names no grade and, for the cloze, no focus area: the import asks for them.
  await page.getByLabel('Grade', { exact: true }).selectOption({ label: 'Grade 6' });
  await page.getByLabel('Focus area').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Import 2 questions' }).click();
  await expect(page).toHaveURL(/\/question-bank$/);
  await expect(page.getByText('2 questions imported')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Zephyr');
  const rows = page.getByRole('row', { name: new RegExp(`Zephyr (circle|sums) ${RUN}`) });
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Questions' }).locator('.katex').first()).toBeVisible();
  // Drawn by KaTeX (whose hidden MathML keeps the LaTeX for screen readers): no delimiter is left to read.
  await expect(page.getByRole('table', { name: 'Questions' })).not.toContainText('$');
  await expect(page.getByRole('table', { name: 'Questions' })).not.toContainText('\\(');

  await page.getByRole('checkbox', { name: /Select question: Zephyr circle/ }).check();
  await page.getByRole('checkbox', { name: /Select question: Zephyr sums/ }).check();
  await page.getByRole('button', { name: 'Export selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export 2 questions' });
  await dialog.getByRole('radio', { name: 'QTI 3.0 package' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^questions-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.includes(Buffer.from('imsmanifest.xml'))).toBe(true);
  await expect(page.getByText('Exported 2 questions')).toBeVisible();
  await shoot(page, 'bank-after-1280');
});
