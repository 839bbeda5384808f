import { expect, test, type ConsoleMessage, type Page } from './fixtures';
import { xssPayloads } from '../server/test/corpora';
import { ADMIN, ok } from './helpers';

/** What the footer shows and where its links go: the same before and after the script takes the page over. */
async function footerAsShown(page: Page) {
  const footer = page.getByRole('contentinfo');
  return {
    text: (await footer.innerText()).replace(/\s+/g, ' ').trim(),
    links: await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  };
}

test("the landing page comes drawn with the academy's settings, and the script taking it over changes nothing", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const original = await ok<Record<string, unknown>>(await admin.get('/api/admin/academy'));
  const changed = {
    name: 'Riverside Math & Co.',
    email: 'hello@riverside.example',
    phone: '(555) 010-2030',
    address: '12 Cedar Lane, Riverside',
    social: { facebook: 'https://facebook.com/riverside', instagram: null, youtube: null, linkedin: null },
  };
  await ok(await admin.patch('/api/admin/academy', { data: changed }));
  try {
    // As the browser paints it before any script has run.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const drawnPage = await still.newPage();
    await drawnPage.goto('/');
    const drawn = await footerAsShown(drawnPage);
    expect(drawn.text).toContain(`© ${new Date().getFullYear()} Riverside Math & Co. All rights reserved.`);
    expect(drawn.text).toContain('hello@riverside.example');
    expect(drawn.links).toContain('mailto:hello@riverside.example');
    expect(drawn.links).toContain('https://facebook.com/riverside');
    expect(drawn.links).not.toContain('https://www.instagram.com/');
    await still.close();

    // The same page once the script has taken it over (the subscribe box works only then).
    const page = await browser.newPage();
    const problems: string[] = [];
    // A visitor's auth check answers 401, which Chromium logs as a failed resource: expected, not a problem.
    const visitorAuthCheck = (message: ConsoleMessage) =>
      message.location().url.endsWith('/api/auth/me') && message.text().includes('status of 401');
    page.on('console', (message) => {
      if (message.type() === 'error' && !visitorAuthCheck(message)) problems.push(message.text());
    });
    page.on('pageerror', (error) => void problems.push(error.message));
    await page.goto('/');
    await expect(page.locator('#subscribe-email')).toBeEditable();
    expect(await footerAsShown(page)).toEqual(drawn);
    expect(problems).toEqual([]);
    await page.close();
  } finally {
    await ok(await admin.patch('/api/admin/academy', { data: original }));
    await admin.dispose();
  }
});

test("hostile text in the academy's name is drawn as text, before and after the script takes the page over", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const original = await ok<Record<string, unknown>>(await admin.get('/api/admin/academy'));
  // Payloads that fit the name (at most 100 plain characters) and would run a script if pasted into the page.
  const names = [
    '"><img src=x onerror=alert(1)>',
    '</title></head><script>alert(1)</script>',
    ...xssPayloads
      .map((p) => p.payload.trim())
      .filter(
        (p) =>
          p.length <= 100 && /^[\x20-\x7e]+$/.test(p) && !/\s{2}/.test(p) && /<script|\bon\w+=|javascript:/i.test(p),
      )
      .slice(0, 4),
  ];
  expect(names.length).toBe(6);
  const still = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await still.newPage();
    await plain.goto('/');
    const elements = await plain.getByRole('contentinfo').locator('*').count();
    for (const name of names) {
      await ok(await admin.patch('/api/admin/academy', { data: { name } }));
      await plain.goto('/');
      const footer = plain.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${name}. All rights reserved.`, {
        useInnerText: true,
      });
      expect(await footer.locator('*').count(), name).toBe(elements);

      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('dialog', (dialog) => void (problems.push(`dialog: ${dialog.message()}`), dialog.dismiss()));
      page.on('pageerror', (error) => void problems.push(error.message));
      await page.goto('/');
      await expect(page.locator('#subscribe-email')).toBeEditable();
      await expect(page.getByRole('contentinfo')).toContainText(`${name}. All rights reserved.`, {
        useInnerText: true,
      });
      expect(await page.getByRole('contentinfo').locator('*').count(), name).toBe(elements);
      expect(problems, name).toEqual([]);
      await page.close();
    }
  } finally {
    await still.close();
    await ok(await admin.patch('/api/admin/academy', { data: original }));
    await admin.dispose();
  }
});
