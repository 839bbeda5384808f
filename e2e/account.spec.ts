import { expect, test, type Page } from './fixtures';
import { readCode, signIn, uniqueEmail } from './helpers';

const PASSWORD = 'Str0ng&pass';

async function enterCode(page: Page, code: string) {
  // The sixth digit sends the code by itself (a click on Verify would race it).
  for (const [i, digit] of code.split('').entries()) await page.getByLabel(`Digit ${i + 1}`).fill(digit);
}

test('a visitor signs up with the mailed code, completes the profile, logs out, signs in again and resets the password', async ({
  page,
}) => {
  const email = uniqueEmail('newstudent');

  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  // The landing page stays on screen while the sign-up page loads: wait for it before typing.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('radio', { name: /A student/ }).check();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(`other-${email}`);
  await page.getByRole('button', { name: 'VERIFY EMAIL' }).click();
  await expect(page.getByText('Email addresses do not match')).toBeVisible();
  await page.getByLabel('Confirm email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'VERIFY EMAIL' }).click();

  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByText(/Code expires in [45]:\d\d/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBe(email);
  await page.getByLabel('Digit 1').fill('1');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter all 6 digits of the verification code');
  // Messages clear themselves after 5 s.
  await expect(page.getByRole('alert')).toBeHidden({ timeout: 7_000 });

  // A reload keeps the pending e-mail from local storage.
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  const code = await readCode(email);
  // Pasting exactly six digits fills every box.
  await page.getByLabel('Digit 1').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
  await expect(page.getByLabel('Digit 6')).toHaveValue(code[5]);
  // Six digits in: the code is sent without the button.
  await expect(page.getByText('Email verified successfully! Redirecting you...')).toBeVisible();

  await expect(page).toHaveURL(/\/complete-profile$/, { timeout: 5_000 });
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  for (const text of [
    'First name is required',
    'Last name is required',
    'School is required',
    'Address is required',
    'Birthday is required',
    'Phone number is required',
    'Password is required',
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Quinn');
  await page.getByLabel('Grade').selectOption('5');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Birthday').fill('2999-01-01');
  await page.getByLabel('Phone number').pressSequentially('555123');
  await page.getByLabel('School').fill('Maple Elementary');
  await page.getByLabel('Address').fill('7 Birch Road');
  await page.getByLabel('Password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByText('Birthday cannot be in the future')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number in format: (123) 456-7890')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must contain at least one uppercase letter' }),
  ).toBeVisible();
  await page.getByLabel('Birthday').fill('2015-04-12');
  await page.getByLabel('Phone number').fill('');
  await page.getByLabel('Phone number').pressSequentially('5551234567');
  await expect(page.getByLabel('Phone number')).toHaveValue('(555) 123-4567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('Different&1x');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Complete Profile' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Nora!' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBeNull();

  // Signed in: /signup and /signin lead to the dashboard.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();

  // Forgot password, the code, a new password, then sign in with it.
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forget-password$/);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await enterCode(page, await readCode(email));
  await expect(page.getByText('Verification successful! Taking you to reset your password...')).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/, { timeout: 5_000 });
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  for (const [password, message] of [
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
  ]) {
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    // The field's error, not the checklist's line of the same words.
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  }
  const newPassword = 'N3w&better-pass';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('N3w&other-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful! Redirecting you to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/, { timeout: 5_000 });
  await signIn(page, email, newPassword);
  await expect(page.getByRole('heading', { name: 'Welcome, Nora!' })).toBeVisible();
});

test('sign-in checks its fields, shows the server message that clears after 5 s, and offers Google only', async ({
  page,
}) => {
  await page.goto('/signin');
  // The run's server has Google configured (e2e/google-provider.ts); Facebook is never offered.
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google');
  await expect(page.getByRole('main').getByText('Facebook')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/signup',
  );

  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('student@demo');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill('student@demo.academy');
  await page.getByLabel('Password').fill('Wrong-pass1!');
  await page.getByRole('button', { name: 'Log In' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeHidden({ timeout: 7_000 });
});

test('account pages opened without what they need go back to the start of their flow', async ({ page }) => {
  await page.goto('/verify-otp');
  await expect(page).toHaveURL(/\/signup$/);
  await page.goto('/complete-profile');
  await expect(page).toHaveURL(/\/signup$/);
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/forget-password$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
});
