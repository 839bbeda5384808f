import { expect, test, type Page } from '@playwright/test';
import { ENROLLMENT_MESSAGES } from '../common/rules/enrollments';
import { ADMIN, DEMO_PASSWORD, signIn, uniqueEmail } from './helpers';

/**
 * Enrolling without a card: a parent puts a course in the cart for their new child and checks out to pay at the
 * academy; the admin marks it paid from the inbox, and the child finds the whole course open.
 */

const PASSWORD = 'Str0ng&pass';
const PARENT = 'parent@demo.academy';
const OFFERING = { slug: 'map-test-prep', title: 'MAP Test Prep', course: 'MAP Grade 5 Math' };

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
}

test('a parent enrolls their child to pay at the academy, the admin marks it paid, and the course opens', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const childEmail = uniqueEmail('enrolled-child');
  const cart = (n: number) => page.getByRole('banner').getByRole('link', { name: `Cart, ${n} items` });

  await test.step('the parent adds a child', async () => {
    await signIn(page, PARENT, DEMO_PASSWORD);
    await page.goto('/dashboard?section=children');
    await page.getByRole('button', { name: 'Add a child' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a child' });
    await dialog.getByLabel('First name').fill('Nia');
    await dialog.getByLabel('Last name').fill('Okafor');
    await dialog.getByLabel('Grade').selectOption('5');
    await dialog.getByLabel('Birthday').fill('2015-05-06');
    await dialog.getByLabel('School').fill('Cedar Elementary');
    await dialog.getByLabel("Child's email").fill(childEmail);
    await dialog.getByLabel('Password (optional)').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Nia Okafor' })).toBeVisible();
  });

  await test.step('puts the course in the cart', async () => {
    await expect(cart(0)).toBeVisible();
    await page.goto(`/offerings/${OFFERING.slug}`);
    await page.getByRole('button', { name: 'PURCHASE THIS COURSE' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cart(1)).toBeVisible();
  });

  await test.step('chooses the child, is refused the same course twice, and checks out to pay at the academy', async () => {
    await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
    const item = page.getByRole('article', { name: OFFERING.title });
    await expect(item.getByText('$399', { exact: true })).toBeVisible();
    await expect(page.getByText(/you pay at the\s+academy/)).toBeVisible();
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByRole('alert').filter({ hasText: ENROLLMENT_MESSAGES.chooseStudent }).first()).toBeVisible();
    await item.getByLabel('For').selectOption({ label: 'Nia Okafor' });
    await expect(page.getByRole('button', { name: `Remove ${OFFERING.title} for Nia Okafor` })).toBeVisible();

    // The same course again, for the same child: the server says no, and the extra line goes.
    await page.goto(`/offerings/${OFFERING.slug}`);
    await page.getByRole('button', { name: 'PURCHASE THIS COURSE' }).click();
    await expect(cart(2)).toBeVisible();
    const again = page
      .getByRole('article', { name: OFFERING.title })
      .filter({ has: page.getByRole('button', { name: `Remove ${OFFERING.title}`, exact: true }) });
    await again.getByLabel('For').selectOption({ label: 'Nia Okafor' });
    await expect(page.getByRole('alert').filter({ hasText: ENROLLMENT_MESSAGES.alreadyInCart })).toBeVisible();
    await again.getByRole('button', { name: `Remove ${OFFERING.title}`, exact: true }).click();
    await expect(cart(1)).toBeVisible();
    await expect(page.getByText(ENROLLMENT_MESSAGES.removedFromCart)).toBeVisible();

    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByText(ENROLLMENT_MESSAGES.payAtAcademy)).toBeVisible();
    const enrollments = page.getByRole('region', { name: 'Your enrollments' });
    await expect(enrollments.getByText('Awaiting payment')).toBeVisible();
    await expect(enrollments.getByText('Nia Okafor · Pay at the academy')).toBeVisible();
    await expect(cart(0)).toBeVisible();
    await logOut(page);
  });

  await test.step('the admin marks it paid in the inbox', async () => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('link', { name: /^New Enrollments: [1-9]\d*$/ })).toBeVisible();
    await page.goto('/admin-inbox?tab=enrollments');
    await page.getByRole('searchbox', { name: 'Search enrollments by course, student or parent' }).fill(childEmail);
    const row = page.getByRole('table', { name: 'Enrollments' }).getByRole('row').filter({ hasText: 'Nia Okafor' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Awaiting payment', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Mark paid: Nia Okafor, ${OFFERING.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this enrollment paid?' });
    await expect(dialog.getByText(/Confirm you received \$399/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText(ENROLLMENT_MESSAGES.markedPaid)).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Refund:/ })).toBeVisible();
    await logOut(page);
  });

  await test.step('the child finds the course with its units and sections open', async () => {
    await signIn(page, childEmail, PASSWORD);
    const enrollments = page.getByRole('region', { name: 'Your enrollments' });
    await expect(enrollments.getByText('Active', { exact: true })).toBeVisible();
    await enrollments.getByRole('link', { name: `Open ${OFFERING.title} in My Courses` }).click();
    await page.getByRole('button', { name: `View Course ${OFFERING.course}` }).click();
    await page.getByRole('button', { name: 'Unit 1: Ratios and Rates' }).click();
    await expect(page.getByRole('button', { name: '1.2 Unit rates' })).toBeVisible();
    await page.getByRole('button', { name: 'Unit 2: Area and Volume' }).click();
    await page.getByRole('button', { name: '2.2 Volume of boxes' }).click();
    await expect(page.getByRole('article', { name: 'Lesson Volume of boxes' })).toBeVisible();
    await expect(page.getByText(/not assigned to you yet/)).toHaveCount(0);
  });
});
