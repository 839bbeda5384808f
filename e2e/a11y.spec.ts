import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, ok, readMail, signIn, uniqueEmail } from './helpers';

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

/** Scans the page once its first-level heading (or the element given) shows. */
async function expectClean(page: Page, name: string, shown = page.getByRole('heading', { level: 1 }).first()) {
  await expect(shown).toBeVisible();
  expect(await seriousViolations(page), name).toEqual([]);
}

for (const width of [1280, 375]) {
  test(`no serious or critical accessibility violation on the front door's other states and the admin's and parent's pages at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });

    // Sign-up's "Who is signing up?" step with its message, and a parent's profile form.
    await page.goto('/signup');
    await page.getByRole('button', { name: 'VERIFY EMAIL' }).click();
    await expect(page.getByText('Please choose who is signing up')).toBeVisible();
    expect(await seriousViolations(page), '/signup, who is signing up').toEqual([]);
    await page.evaluate(() => {
      localStorage.setItem('pendingVerificationEmail', 'a11y-parent@example.com');
      localStorage.setItem('pendingSignupRole', 'parent');
    });
    await page.goto('/complete-profile');
    await expectClean(page, '/complete-profile, a parent', page.getByText('the parent or guardian using'));
    await page.evaluate(() => localStorage.clear());

    // The unsubscribe and invitation links, with a secret that is no longer valid and with a real invitation.
    await page.goto(`/unsubscribe#${'a'.repeat(43)}`);
    await expectClean(page, '/unsubscribe');
    await page.goto(`/invitation#${'a'.repeat(43)}`);
    await expectClean(page, '/invitation, invalid', page.getByText('This invitation cannot be used'));
    await ok(
      await page.request.post('/api/auth/login', { data: { email: 'student@demo.academy', password: DEMO_PASSWORD } }),
    );
    const invited = uniqueEmail('a11y-guardian');
    await ok(await page.request.post('/api/student/invitations', { data: { email: invited } }));
    await page.request.post('/api/auth/logout');
    await page.context().clearCookies();
    const link = /\/invitation#[A-Za-z0-9_-]{43}/.exec(await readMail(invited, /./))![0];
    // From another page: on the invitation page itself, a new fragment would not open the page again.
    await page.goto('/about');
    await page.goto(link);
    await expectClean(page, '/invitation', page.getByRole('heading', { name: 'You are invited' }));
    await page.evaluate(() => sessionStorage.clear());

    // An admin's catalogue, its offering form, the inbox and the settings.
    await ok(await page.request.post('/api/auth/login', { data: ADMIN }));
    await page.goto('/admin-offerings');
    await expectClean(page, '/admin-offerings', page.getByRole('heading', { name: 'Course Catalogue' }));
    await page.getByRole('button', { name: 'Add Offering' }).click();
    await expectClean(page, '/admin-offerings, the offering form', page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await page.goto('/admin-inbox');
    await expectClean(page, '/admin-inbox');
    await page.goto('/admin-settings');
    await expectClean(page, '/admin-settings');
    await page.request.post('/api/auth/logout');
    await page.context().clearCookies();

    // A parent's dashboard and its "Add a child" form.
    await ok(
      await page.request.post('/api/auth/login', { data: { email: 'parent@demo.academy', password: DEMO_PASSWORD } }),
    );
    await page.goto('/dashboard');
    await expectClean(page, '/dashboard, a parent', page.getByRole('button', { name: 'Add a child' }));
    await page.getByRole('button', { name: 'Add a child' }).click();
    await expectClean(page, '/dashboard, add a child', page.getByRole('dialog', { name: 'Add a child' }));
  });
}

/** The demo parent enrolls their child in a different course at each width, so each scan has a course to check out. */
const CART_OFFERINGS = { 1280: 'ssat-prep', 375: 'mathcounts' } as const;

for (const width of [1280, 375] as const) {
  test(`no serious or critical accessibility violation in the cart, after checking out and in the inbox's enrollments at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, 'parent@demo.academy', DEMO_PASSWORD);
    const offering = await ok<{ id: string }>(await page.request.get(`/api/offerings/${CART_OFFERINGS[width]}`));
    const added = await ok<{
      cart: { items: Array<{ id: string; studentId: string | null }>; students: Array<{ id: string }> };
    }>(await page.request.post('/api/cart/items', { data: { offeringId: offering.id } }));
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'Courses in your cart' })).toBeVisible();
    expect(await seriousViolations(page), '/cart with a course').toEqual([]);

    const child = added.cart.students[0].id;
    for (const item of added.cart.items.filter((i) => !i.studentId))
      await ok(await page.request.patch(`/api/cart/items/${item.id}`, { data: { studentId: child } }));
    await ok(await page.request.post('/api/cart/checkout', { data: {} }));
    await page.goto('/cart/done?session_id=cs_test_a11y');
    await expect(page.getByRole('region', { name: 'Your enrollments' }).getByRole('list')).toBeVisible();
    expect(await seriousViolations(page), '/cart/done').toEqual([]);
    await page.context().clearCookies();

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin-inbox?tab=enrollments');
    await expect(page.getByRole('table', { name: 'Enrollments' })).toBeVisible();
    expect(await seriousViolations(page), '/admin-inbox?tab=enrollments').toEqual([]);
  });
}

for (const width of [1280, 375] as const) {
  test(`no serious or critical accessibility violation in a class's gradebook and its printable page at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, 'class.teacher@demo.academy', DEMO_PASSWORD);
    await page.goto('/teacher-grade');
    await expect(page.getByRole('table', { name: 'Gradebook of Demo Class 6B' })).toBeVisible();
    expect(await seriousViolations(page), '/teacher-grade').toEqual([]);
    await page.getByRole('link', { name: 'Print' }).click();
    await expect(page.getByRole('heading', { name: 'Gradebook: Demo Class 6B' })).toBeVisible();
    expect(await seriousViolations(page), '/teacher-grade/print').toEqual([]);
  });
}
