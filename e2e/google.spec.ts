import { expect, test, type Page } from './fixtures';

/**
 * Sign-in with Google in Chromium, against the provider of e2e/google-provider.ts (oidc-provider's development
 * login and consent forms stand in for Google's pages). Nothing leaves this machine: the provider's pages ask for a
 * web font, which is refused here.
 */
test.beforeEach(async ({ page }) => {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
});

async function signInAtProvider(page: Page, login: string) {
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new e-mail signs up with Google as a parent, then signs in with Google', async ({ page }) => {
  const email = `google-${Date.now()}@e2e.academy`;
  await page.goto('/signin');
  await signInAtProvider(page, email);

  await expect(page).toHaveURL(/\/signup\?via=google$/);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByText('A parent or guardian').click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Phone number').fill('1234567890');
  await page.getByLabel('Address').fill('2 Cobol Road');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Grace!' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  // The provider remembers the person and the consent: straight back, signed in.
  await expect(page.getByRole('heading', { name: 'Welcome, Grace!' })).toBeVisible();
});

test('an unverified Google e-mail ends on the sign-in page with the reason', async ({ page }) => {
  await page.goto('/signin');
  await signInAtProvider(page, `unverified+google-${Date.now()}@e2e.academy`);
  await expect(page).toHaveURL(/\/signin\?googleError=unverified$/);
  await expect(page.getByText('Your Google account has no verified email address.', { exact: false })).toBeVisible();
});
