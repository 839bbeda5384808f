import { expect, test } from './fixtures';
import { readCode, signIn, uniqueEmail } from './helpers';

/** A fresh student through the API (sign-up, the mailed code, profile completion), signed in by its cookie. */
async function freshStudent(request: import('@playwright/test').APIRequestContext, password: string) {
  const email = uniqueEmail('profile');
  expect((await request.post('/api/auth/signup', { data: { email } })).ok()).toBe(true);
  expect((await request.post('/api/auth/verify-otp', { data: { email, otp: await readCode(email) } })).ok()).toBe(true);
  const done = await request.post('/api/users/complete-profile', {
    data: {
      email,
      password,
      type: 'student',
      extra_field: {
        first_name: 'Iris',
        last_name: 'Lee',
        gender: 'female',
        birthday: '2012-02-02',
        phone_number: '(604) 555-0101',
        address: '1 Main St',
        school: 'Hill School',
        grade_level: '7',
      },
    },
  });
  expect(done.ok()).toBe(true);
  return email;
}

test('a student edits the profile, then changes the password and signs in with the new one', async ({ page }) => {
  const password = 'Old&pass1';
  const email = await freshStudent(page.request, password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Iris Lee' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Edit Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('School')).toHaveValue('Hill School');
  await expect(page.getByLabel('Grade')).toHaveValue('7');

  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Irene');
  await page.getByLabel('Phone number').fill('');
  await page.getByLabel('Phone number').pressSequentially('6045550199');
  await expect(page.getByLabel('Phone number')).toHaveValue('(604) 555-0199');
  await page.getByLabel('Grade').selectOption('8');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Irene Lee' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Grade')).toHaveValue('8');
  await expect(page.getByLabel('Phone number')).toHaveValue('(604) 555-0199');

  await page.getByRole('tab', { name: 'Change Password' }).click();
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('New password is required')).toBeVisible();
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill('nouppercase1!');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('New password does not meet the requirements')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('New&pass22');
  await page.getByLabel('Confirm new password').fill('New&pass23');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await page.getByLabel('Current password').fill('Wrong&pass1');
  await page.getByLabel('Confirm new password').fill('New&pass22');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /incorrect/i })).toBeVisible();
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change Password' }).click();

  await expect(page).toHaveURL(/\/signin\?passwordChanged=1$/);
  await expect(page.getByText('Your password has been changed. Please log in with your new password.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email, 'New&pass22');
  await expect(page.getByRole('heading', { name: 'Welcome, Irene!' })).toBeVisible();
});
