import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const PAGES = [
  '/',
  '/about',
  '/contact',
  '/courses-landing',
  '/offerings/elementary-standardized-test-prep',
  '/cart',
  '/shopping-cart',
  '/privacy',
  '/terms',
  '/signin',
  '/signup',
  '/forget-password',
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const width of [1280, 375]) {
  test(`no serious or critical accessibility violation on the public and account pages at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    // A still page: the slider's motion would make the scan race with it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The pages that need state from the step before them.
    await page.goto('/signup');
    await page.evaluate(() => localStorage.setItem('pendingVerificationEmail', 'a11y@example.com'));
    for (const path of ['/verify-otp', '/complete-profile']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto('/forget-password');
    await page.evaluate(() =>
      window.history.replaceState({ usr: { email: 'a11y@example.com', otp: '123456' }, key: 'a11y', idx: 0 }, ''),
    );
    await page.evaluate(() => {
      window.history.pushState(
        { usr: { email: 'a11y@example.com', otp: '123456' }, key: 'a11y2', idx: 1 },
        '',
        '/reset-password',
      );
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    expect(await seriousViolations(page), '/reset-password').toEqual([]);
    await page.evaluate(() => localStorage.clear());
  });
}
