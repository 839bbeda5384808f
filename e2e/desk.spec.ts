import fs from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { ADMIN, readMail, signIn, uniqueEmail } from './helpers';

/**
 * Nothing lost at the desk: a family's booking and a reader's subscription reach the admin's inbox, the family and
 * the reader get their mails, and the academy's details an admin edits reach the public pages.
 */

const DEFAULTS = {
  phone: '(604) 555-0142',
  social: { facebook: 'https://www.facebook.com/' },
};

async function downloadText(page: Page, link: ReturnType<Page['getByRole']>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
}

test('a booking and a subscription reach the inbox, and the settings reach the public pages', async ({ page }) => {
  const family = `Desk Family ${Date.now()}`;
  const familyEmail = uniqueEmail('desk-family');
  const reader = uniqueEmail('desk-reader');

  await test.step('a visitor books a session and subscribes', async () => {
    await page.goto('/#booking');
    const form = page.getByRole('form', { name: 'Book a free consultation' });
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Name').fill(family);
    await form.getByLabel('Email').fill(familyEmail);
    await form.getByLabel('Phone').pressSequentially('6045550111');
    await form.getByRole('button', { name: 'BOOK NOW' }).click();
    await expect(
      form.getByText('Thank you! Your booking request has been received. We will contact you within one business day.'),
    ).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await footer.getByPlaceholder('Enter your email to get our latest updates').fill(reader);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Thank you for subscribing! Watch your inbox for our latest updates.')).toBeVisible();
  });

  await test.step("the family's confirmation and the reader's are in the outbox", async () => {
    const confirmation = await readMail(familyEmail, /^We received your booking request - Math Academy$/);
    expect(confirmation).toContain(`Thank you, ${family}.`);
    const subscribed = await readMail(reader, /^You are subscribed to Math Academy's updates$/);
    expect(subscribed).toMatch(/\/unsubscribe#[\w-]{43}/);
  });

  try {
    await signIn(page, ADMIN.email, ADMIN.password);

    await test.step('the admin sees the booking, marks it contacted with a note, and exports the list', async () => {
      const card = page.getByRole('link', { name: /^New Bookings: \d+$/ });
      await expect(card).toBeVisible();
      await card.click();
      await expect(page).toHaveURL(/\/admin-inbox$/);
      await page.getByRole('searchbox', { name: 'Search bookings by name, email or phone' }).fill(family);
      const table = page.getByRole('table', { name: 'Bookings' });
      const row = table.getByRole('row').filter({ hasText: family });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('New', { exact: true })).toBeVisible();
      await row.getByRole('button', { name: `Update ${family}` }).click();
      const dialog = page.getByRole('dialog', { name: `Booking from ${family}` });
      await dialog.getByLabel('Status').selectOption('contacted');
      await dialog.getByLabel('Note').fill('Called back; trial lesson on Thursday.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Booking updated')).toBeVisible();
      await expect(row.getByText('Contacted', { exact: true })).toBeVisible();
      await expect(row.getByText('Called back; trial lesson on Thursday.')).toBeVisible();
      const csv = await downloadText(page, page.getByRole('link', { name: 'Export CSV' }));
      expect(csv.name).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = csv.text.trim().split(/\r?\n/);
      expect(lines[0]).toBe('Name,Email,Phone,Received,Status,Note');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`${family},${familyEmail},(604) 555-0111,`);
      expect(lines[1]).toMatch(/,Contacted,Called back; trial lesson on Thursday\.$/);
    });

    await test.step('the admin sees the subscriber and exports the list', async () => {
      await page.getByRole('tab', { name: 'Subscribers' }).click();
      await expect(page).toHaveURL(/\?tab=subscribers$/);
      await page.getByRole('searchbox', { name: 'Search subscribers by email' }).fill(reader);
      const row = page.getByRole('table', { name: 'Subscribers' }).getByRole('row').filter({ hasText: reader });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Subscribed', { exact: true })).toBeVisible();
      const csv = await downloadText(page, page.getByRole('link', { name: 'Export CSV' }));
      expect(csv.name).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = csv.text.trim().split(/\r?\n/);
      expect(lines).toEqual([
        'Email,Subscribed,Unsubscribed',
        expect.stringMatching(new RegExp(`^${reader},.+ UTC,$`)),
      ]);
    });

    await test.step("the reader's one-click link unsubscribes them", async () => {
      const mail = await readMail(reader, /^You are subscribed/);
      const link = /(\/unsubscribe#[\w-]{43})/.exec(mail)![1];
      await page.goto(link);
      await expect(
        page.getByText('You have been unsubscribed. You will receive no more updates from us.'),
      ).toBeVisible();
      await page.goto('/admin-inbox?tab=subscribers');
      await page.getByRole('searchbox', { name: 'Search subscribers by email' }).fill(reader);
      const row = page.getByRole('table', { name: 'Subscribers' }).getByRole('row').filter({ hasText: reader });
      await expect(row.getByText('Unsubscribed', { exact: true })).toBeVisible();
    });

    await test.step("the admin edits the academy's phone and a social link", async () => {
      await page.goto('/admin-settings');
      const phone = page.getByLabel('Phone');
      await expect(phone).toHaveValue(DEFAULTS.phone);
      await phone.fill('');
      await phone.pressSequentially('2505550199');
      await page.getByLabel('Facebook').fill('http://facebook.com/summit');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Facebook link must be a full https:// address')).toBeVisible();
      await page.getByLabel('Facebook').fill('https://www.facebook.com/summit.math');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Settings saved')).toBeVisible();
    });

    await test.step('the contact page and the footer show the new values', async () => {
      // A fresh load: the server writes the settings into the page it sends.
      await page.goto('/contact');
      await expect(page.getByRole('main').getByRole('link', { name: '(250) 555-0199' })).toHaveAttribute(
        'href',
        'tel:2505550199',
      );
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Facebook' })).toHaveAttribute(
        'href',
        'https://www.facebook.com/summit.math',
      );
      // The prerendered landing page takes them too.
      await page.goto('/');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Facebook' })).toHaveAttribute(
        'href',
        'https://www.facebook.com/summit.math',
      );
    });
  } finally {
    // Other specs read the academy's default details.
    const restored = await page.request.patch('/api/admin/academy', { data: DEFAULTS });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
