import { expect, test } from '@playwright/test';
import { readCode, signIn, uniqueEmail } from './helpers';

test('a visitor signs up with the mailed code, completes the profile, logs out and signs in again', async ({ page }) => {
  const email = uniqueEmail('newstudent');
  const password = 'Str0ng&pass';

  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'VERIFY EMAIL' }).click();

  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByText(/Code expires in [45]:\d\d/)).toBeVisible();
  const code = await readCode(email);
  for (const [i, digit] of code.split('').entries()) await page.getByLabel(`Digit ${i + 1}`).fill(digit);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified successfully! Redirecting you...')).toBeVisible();

  await expect(page).toHaveURL(/\/complete-profile$/, { timeout: 5_000 });
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Quinn');
  await page.getByLabel('Grade').selectOption('5');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Birthday').fill('2015-04-12');
  await page.getByLabel('Phone number').pressSequentially('5551234567');
  await expect(page.getByLabel('Phone number')).toHaveValue('(555) 123-4567');
  await page.getByLabel('School').fill('Maple Elementary');
  await page.getByLabel('Address').fill('7 Birch Road');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('Different&1x');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Complete Profile' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome back, Nora!/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBeNull();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: /Welcome back, Nora!/ })).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('student@demo.academy');
  await page.getByLabel('Password').fill('Wrong-pass1!');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('the code page without a pending e-mail goes back to sign-up', async ({ page }) => {
  await page.goto('/verify-otp');
  await expect(page).toHaveURL(/\/signup$/);
});
