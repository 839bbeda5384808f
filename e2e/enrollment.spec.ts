import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { ENROLLMENT_MESSAGES } from '../common/rules/enrollments';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../server/test/stripe-stand-in';
import { ADMIN, DEMO_PASSWORD, signIn, uniqueEmail } from './helpers';

/**
 * Enrolling. Without a card: a parent puts a course in the cart for their new child and checks out to pay at the
 * academy; the admin marks it paid from the inbox, and the child finds the whole course open. By card: a student
 * pays on the Stripe stand-in's page (a second academy, started here with Stripe's keys, talks to it), gives up
 * once, pays, and finds the course open; the admin refunds it.
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
    // The family may have other enrollments (the demo parent's first child): this one is Nia's.
    const enrolled = page
      .getByRole('region', { name: 'Your enrollments' })
      .getByRole('listitem')
      .filter({ hasText: 'Nia Okafor · Pay at the academy' });
    await expect(enrolled.getByRole('link', { name: OFFERING.title })).toBeVisible();
    await expect(enrolled.getByText('Awaiting payment')).toBeVisible();
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

/** A free port on this machine, for the second academy. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test.describe('by card through Stripe', () => {
  let academy: ChildProcess | undefined;
  let standIn: StripeStandIn | undefined;
  let base = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-e2e-card-'));
    standIn = await startStripeStandIn({ academyUrl: base });
    academy = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: base,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_API_URL: standIn.url,
      },
    });
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 150_000, intervals: [500] },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    academy?.kill();
    await standIn?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a student pays by card, gives up once, pays, finds the course open; the admin refunds it', async ({ page }) => {
    test.setTimeout(120_000);
    const offering = { slug: 'amc-8-prep', title: 'AMC 8 Prep', course: 'AMC 8 Foundations' };
    await page.goto(`${base}/signin`);
    await page.getByLabel('Email').fill('student@demo.academy');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(`${base}/offerings/${offering.slug}`);
    await page.getByRole('button', { name: 'PURCHASE THIS COURSE' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const item = page.getByRole('article', { name: offering.title });
    await expect(item.getByText('For: Leo Chen')).toBeVisible();
    await expect(page.getByText(/You pay by card on Stripe/)).toBeVisible();

    // Leaving Stripe's page without paying comes back to the cart as it was.
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page.getByRole('heading', { name: 'Pay 599.00 USD' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/cart\?payment=cancelled$/);
    await expect(page.getByText(ENROLLMENT_MESSAGES.paymentCancelled)).toBeVisible();
    await expect(item).toBeVisible();

    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/cart\/done\?session_id=cs_test_\w+$/);
    await expect(page.getByText(ENROLLMENT_MESSAGES.paymentReceived)).toBeVisible();
    const enrollments = page.getByRole('region', { name: 'Your enrollments' });
    await expect(enrollments.getByText('Active', { exact: true })).toBeVisible();
    await expect(enrollments.getByText('Card')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to My Courses' }).click();
    await page.getByRole('button', { name: `View Course ${offering.course}` }).click();
    await page.getByRole('button', { name: 'Unit 1: Counting' }).click();
    await expect(page.getByRole('button', { name: '1.1 The multiplication principle' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto(`${base}/signin`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${base}/admin-inbox?tab=enrollments`);
    const row = page.getByRole('table', { name: 'Enrollments' }).getByRole('row').filter({ hasText: 'Leo Chen' });
    await expect(row.getByText('Card')).toBeVisible();
    await row.getByRole('button', { name: `Refund: Leo Chen, ${offering.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this enrollment?' });
    await expect(dialog.getByText(/\$599 goes back to .+'s card through Stripe/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText(ENROLLMENT_MESSAGES.enrollmentRefunded)).toBeVisible();
    await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
    expect(standIn!.requests.some((r) => r.path === '/v1/refunds')).toBe(true);
  });
});
