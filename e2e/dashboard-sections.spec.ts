import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { ADMIN, DEMO_PASSWORD, ok, saveTest, signIn, signUpStudent, uniqueEmail } from './helpers';

async function staffRequest(browser: Browser): Promise<APIRequestContext> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  return page.request;
}

test("the student's Assignments Due is the server's count of tests to sit, and opens the Assignments section", async ({
  browser,
  page,
  request,
}) => {
  const email = uniqueEmail('due');
  const password = 'Due-pass1!';
  const studentId = await signUpStudent(request, email, password, { first_name: 'Dana' });
  const staff = await staffRequest(browser);
  const bank = await ok<{ questions: Array<{ id: string }> }>(
    await staff.get('/api/questions?type=Multiple%20Choice&limit=2'),
  );
  const name = `Due test ${Date.now()}`;
  const testId = await saveTest(
    staff,
    name,
    bank.questions.map((q) => q.id),
  );
  await ok(
    await staff.post(`/api/tests/${testId}/assign`, { data: { studentIds: [studentId], release: 'on-submit' } }),
  );

  await signIn(page, email, password);
  const stats = await ok<{ assignmentsDue: number }>(await page.request.get('/api/student/stats'));
  expect(stats.assignmentsDue).toBe(1);
  const card = page.getByRole('link', { name: 'Assignments Due: 1' });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/dashboard\?section=assignments$/);
  await expect(page.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
});

const ACCOUNTS = [
  { role: 'student', email: 'student@demo.academy', password: DEMO_PASSWORD },
  { role: 'parent', email: 'parent@demo.academy', password: DEMO_PASSWORD },
  { role: 'teacher', email: 'teacher@demo.academy', password: DEMO_PASSWORD },
  { role: 'admin', email: ADMIN.email, password: ADMIN.password },
  { role: 'data entry', email: 'dataentry@demo.academy', password: DEMO_PASSWORD },
];

for (const account of ACCOUNTS) {
  test(`the ${account.role} dashboard shows coming soon for a section it does not know, and opens the profile for ?section=profile`, async ({
    page,
  }) => {
    await signIn(page, account.email, account.password);
    for (const section of ['no-such-section', 'constructor', 'toString']) {
      await page.goto(`/dashboard?section=${section}`);
      await expect(page.getByText('This section is coming soon!')).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
    }
    await page.goto('/dashboard?section=profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('tab', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  });
}
