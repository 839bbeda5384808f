import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './fixtures';
import { ADMIN, signIn } from './helpers';

/** Where the pages' pictures go, at both widths, for a person to look at. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/offerings-${name}-${width}.png`, fullPage: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${name} at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A one-pixel PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo catalogue, in its order: each offering's title, address and price. */
const DEMO = [
  ['SSAT Prep', 'ssat-prep', '$499'],
  ['MAP Test Prep', 'map-test-prep', '$399'],
  ['AMC 8 Prep', 'amc-8-prep', '$599'],
  ['MATHCOUNTS', 'mathcounts', '$549'],
  ['Math Competitions', 'math-competitions', '$449'],
  ['Elementary Math', 'elementary-math', '$299'],
  ['Elementary Standardized Test Prep', 'elementary-standardized-test-prep', '$399'],
  ['Mock Test Additional Package', 'mock-test-package', '$299'],
] as const;

const catalogueCards = (page: Page) =>
  page.getByRole('region', { name: 'Preparation for every test and contest' }).getByRole('article');

async function search(page: Page, text: string) {
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search courses' }).first();
  await box.fill(text);
  return page.getByRole('list', { name: 'Matching courses' });
}

test.describe('the catalogue, for visitors', () => {
  test('the landing page shows the published offerings, drawn by the server before any script', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    for (const [title] of DEMO) expect(html).toContain(`<h3>${title}</h3>`);
    await page.goto('/');
    await expect(catalogueCards(page).getByRole('heading')).toHaveText(DEMO.map(([title]) => title));
    for (const [title, , price] of DEMO)
      await expect(catalogueCards(page).filter({ hasText: title }).first()).toContainText(price);
    await shoot(page, 'landing');
  });

  test('each Learn more opens its own page with its own price, content and math', async ({ page }) => {
    for (const [title, slug, price] of DEMO) {
      await page.goto('/courses-landing');
      await page.getByRole('link', { name: `Learn more about ${title}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/offerings/${slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      const purchase = page.getByRole('complementary', { name: 'Purchase' });
      await expect(purchase.getByText(price, { exact: true })).toBeVisible();
      // The description's math is drawn by KaTeX, never shown as raw dollars.
      const about = page.getByRole('region', { name: 'About this course' });
      await expect(about.locator('.katex').first()).toBeVisible();
      await expect(about).not.toContainText('$');
    }
    await page.goto('/offerings/amc-8-prep');
    await expect(page.getByRole('heading', { name: 'AMC 8 Foundations' })).toBeVisible();
    await expect(page.getByRole('list', { name: "What's included" })).toContainText('6 mock tests');
    await shoot(page, 'detail');
    await page.goto('/courses-landing');
    await shoot(page, 'courses-landing');
  });

  test('the search finds an offering by its name and by its program', async ({ page }) => {
    await page.goto('/about');
    let results = await search(page, 'AMC 8 Prep');
    await expect(results.getByRole('link')).toHaveCount(1);
    await results.getByRole('link', { name: /AMC 8 Prep/ }).click();
    await expect(page).toHaveURL(/\/offerings\/amc-8-prep$/);
    // "Elementary Math" is one offering's name and the program of another.
    results = await search(page, 'elementary math');
    await expect(results.getByRole('link')).toHaveText([/^Elementary Math/, /^Elementary Standardized Test Prep/]);
    await expect(results.getByRole('link').nth(1)).toContainText('Elementary Math · Grades 3-4');
  });
});

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

test.describe('the catalogue, for admins', () => {
  test('an offering created and published appears publicly; unpublished, it is hidden again', async ({
    page,
    browser,
    request,
  }) => {
    const title = `Calculus Readiness ${Date.now().toString(36)}`;
    const slug = title.toLowerCase().replace(/ /g, '-');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Dashboard menu' })
      .getByRole('link', { name: 'Course Catalogue' })
      .click();
    await expect(page.getByRole('heading', { name: 'Course Catalogue', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Offerings' }).getByRole('listitem')).toHaveCount(DEMO.length);
    await shoot(page, 'admin');

    await page.getByRole('button', { name: 'Add Offering' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Offering' });
    await dialog.getByRole('button', { name: 'Create Offering' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Grade band is required')).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Program').selectOption({ label: 'Curriculum' });
    await dialog.getByLabel('Level').selectOption('High School');
    await dialog.getByLabel('Grade band').fill('Grades 10-12');
    await dialog.getByLabel('Summary').fill('Limits, derivatives and the algebra they need.');
    await dialog.getByLabel('Units').fill('5');
    await dialog.getByLabel('Price').fill('12.5.0');
    await dialog.getByRole('button', { name: 'Create Offering' }).click();
    await expect(dialog.getByText('Price must be an amount such as 599 or 599.50, or empty for free')).toBeVisible();
    await dialog.getByLabel('Price').fill('450');
    await dialog.getByLabel('Grants').selectOption({ label: 'Course: AMC 8 Foundations' });
    await shoot(page, 'admin-form');
    await dialog.getByRole('button', { name: 'Create Offering' }).click();
    await expect(page.getByText('Offering created')).toBeVisible();
    const row = page.getByRole('list', { name: 'Offerings' }).getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('$450');

    // Its own picture, uploaded on the edit form.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Offering' });
    await expect(edit.getByLabel('Price')).toHaveValue('450');
    await edit
      .getByLabel('Card image', { exact: true })
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(edit.getByRole('img', { name: 'Card image preview' })).toBeVisible();
    await edit.getByRole('button', { name: 'Save Offering' }).click();
    await expect(page.getByText('Offering saved')).toBeVisible();
    await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/offerings\/images\/[0-9a-f]{32}\.png$/);

    // A draft is nobody's to see.
    const outside = await visitor(browser);
    await outside.page.goto('/courses-landing');
    await expect(outside.page.getByRole('heading', { name: 'SSAT Prep', exact: true })).toBeVisible();
    await expect(outside.page.getByRole('heading', { name: title })).toHaveCount(0);

    await row.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(page.getByText('Offering published')).toBeVisible();
    await expect(row).toContainText('Published');

    // The landing page, drawn by the server, has it; so have the catalogue, its page and the search by program.
    expect(await (await request.get('/')).text()).toContain(`<h3>${title}</h3>`);
    await outside.page.goto('/');
    const card = catalogueCards(outside.page).filter({ hasText: title });
    await expect(card).toContainText('$450');
    await expect(card.locator('img')).toHaveJSProperty('naturalWidth', 1);
    await outside.page.getByRole('link', { name: `Learn more about ${title}` }).click();
    await expect(outside.page).toHaveURL(new RegExp(`/offerings/${slug}$`));
    await expect(outside.page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(outside.page.getByRole('complementary', { name: 'Purchase' })).toContainText('$450');
    await expect(outside.page.getByRole('heading', { name: 'AMC 8 Foundations' })).toBeVisible();
    const found = await search(outside.page, 'curriculum');
    await expect(found.getByRole('link')).toHaveText([new RegExp(`^${title}`)]);

    await row.getByRole('button', { name: `Unpublish ${title}` }).click();
    await expect(page.getByText('Offering moved back to drafts')).toBeVisible();
    await expect(row).toContainText('Draft');
    expect(await (await request.get('/')).text()).not.toContain(title);
    await outside.page.goto('/courses-landing');
    await expect(outside.page.getByRole('heading', { name: 'SSAT Prep', exact: true })).toBeVisible();
    await expect(outside.page.getByRole('heading', { name: title })).toHaveCount(0);
    await outside.page.goto(`/offerings/${slug}`);
    await expect(outside.page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
    await outside.close();

    // Deleted, it leaves the demo catalogue as it was.
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog', { name: 'Delete Offering' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Offering deleted')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Offerings' }).getByRole('listitem')).toHaveCount(DEMO.length);
  });
});
