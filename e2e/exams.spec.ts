import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN, ok, registerStudent, signIn } from './helpers';

/**
 * Mocks that score and feel like the exams, end to end: the demo's SSAT-style mock in two timed sections with a
 * break, one question left blank and one wrong (+1, -1/4, 0), its report with the raw score, the labelled estimate
 * and the skills; a student given x1.5 time by the admin sees the longer clock; the AMC-8-style mock scored one point
 * a right answer; the page asks before leaving; axe finds nothing serious at 1280 and 375 px.
 */
const PASSWORD = 'Mock&pass1';
const SHOTS = '/tmp/shots';
const SSAT_MOCK = 'TEST-QTMCK6';
const AMC_MOCK = 'TEST-AMC7K3';

interface MockTest {
  id: string;
  keys: string[];
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/exams-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/exams-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** No serious or critical axe finding, at 1280 px and at 375 px. */
async function expectAxeClean(page: Page) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe at ${width} px`,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A demo mock by its code, with its questions' right letters in paper order. */
async function mockTest(admin: APIRequestContext, code: string): Promise<MockTest> {
  const list = await ok<{ tests: Array<{ id: string; testCode: string }> }>(
    await admin.get(`/api/tests?q=${code}&type=assessment`),
  );
  const id = list.tests.find((t) => t.testCode === code)!.id;
  const detail = await ok<{ questions: Array<{ question: { answer: { a1: string[] } } }> }>(
    await admin.get(`/api/tests/${id}`),
  );
  return { id, keys: detail.questions.map((q) => q.question.answer.a1[0]) };
}

const wrongLetter = (key: string) => (key === 'A' ? 'B' : 'A');

/** Opens the student's sitting of a test and shows all its questions on one page. */
async function openSitting(page: Page, testId: string) {
  const listed = await ok<{ tests: Array<{ testId: string; assignmentId: string }> }>(
    await page.request.get('/api/student/tests'),
  );
  await page.goto(`/tests/${listed.tests.find((x) => x.testId === testId)!.assignmentId}`);
  await page.getByLabel('All questions on one page').check();
}

async function bubble(page: Page, number: number, letter: string) {
  await page
    .getByRole('radiogroup', { name: `Answer for question ${number}`, exact: true })
    .getByRole('radio', { name: letter, exact: true })
    .check();
}

test('an SSAT-style mock in two timed sections with a break, the longer clock of x1.5, and the AMC-8-style mock', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const [ada, ben] = [await registerStudent(admin, 'Ada', PASSWORD), await registerStudent(admin, 'Ben', PASSWORD)];
  const ssat = await mockTest(admin, SSAT_MOCK);
  const amc = await mockTest(admin, AMC_MOCK);
  expect(ssat.keys).toHaveLength(10);
  expect(amc.keys).toHaveLength(10);
  await ok(await admin.post(`/api/tests/${ssat.id}/assign`, { data: { studentIds: [ada.id, ben.id] } }));
  await ok(await admin.post(`/api/tests/${amc.id}/assign`, { data: { studentIds: [ada.id] } }));

  // The admin gives Ben x1.5 time on his page.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/students/${ben.id}/work`);
  const card = page.getByRole('region', { name: 'Accommodations' });
  await expect(card.getByLabel('Extra time')).toBeEnabled();
  await card.getByLabel('Extra time').selectOption({ label: 'x1.5' });
  await card.getByRole('button', { name: 'Save accommodations' }).click();
  await expect(page.getByText('Accommodations saved')).toBeVisible();
  await shoot(page, 'accommodations');
  // The profiles the mocks are scored by, with the built-in ones and their sources.
  await page.goto('/admin-exam-profiles');
  const short = page.getByRole('region', { name: 'SSAT Middle Level (short practice)' });
  await expect(short).toContainText('Right +1 · Wrong −¼ · Blank 0');
  await expect(short).toContainText('Break 5 min');
  await expect(page.getByRole('region', { name: 'AMC 10', exact: true })).toContainText(
    'Right +6 · Wrong 0 · Blank +1½',
  );
  await shoot(page, 'profiles');
  await page.context().clearCookies();

  // Ada: section 1, three right, one wrong, one left blank.
  await signIn(page, ada.email, PASSWORD);
  await openSitting(page, ssat.id);
  await expect(page.getByText('Right +1 · Wrong −¼ · Blank 0')).toBeVisible();
  await expect(page.getByText('Section 1 of 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('timer', { name: /^Time left in this section (5:[0-5]\d|6:00)$/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sections' })).toContainText('Quantitative 1 (questions 1-5, 6 minutes)');
  // No sidebar while sitting: the test alone.
  await expect(page.getByRole('navigation', { name: 'Dashboard menu' })).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'Answer for question 6', exact: true })).toHaveCount(0);
  for (const n of [1, 2, 3]) await bubble(page, n, ssat.keys[n - 1]);
  await bubble(page, 4, wrongLetter(ssat.keys[3]));
  await bubble(page, 5, 'Leave blank');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'section');

  // Leaving asks first.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave the test?' });
  await expect(leave).toContainText('Your answers are saved; the clock keeps running.');
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Section 1 of 2', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'End section' }).click();
  const end = page.getByRole('dialog', { name: 'End this section?' });
  await expect(end).toContainText('You cannot come back to it.');
  await end.getByRole('button', { name: 'End section' }).click();
  await expect(page.getByRole('heading', { name: 'Break' })).toBeVisible();
  await expect(page.getByRole('timer', { name: /^Next section starts in [45]:\d\d$/ })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'break');
  await page.getByRole('button', { name: 'Start next section' }).click();

  // Section 2: all five right; section 1 is closed.
  await expect(page.getByText('Section 2 of 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Answer for question 1', exact: true })).toHaveCount(0);
  if (!(await page.getByLabel('All questions on one page').isChecked()))
    await page.getByLabel('All questions on one page').check();
  for (const n of [6, 7, 8, 9, 10]) await bubble(page, n, ssat.keys[n - 1]);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit test' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit test' }).click();

  // The report: 8 right, 1 wrong, 1 blank = 8 - 1/4 = 7.75, the estimate labelled, the skills.
  const report = page.getByRole('region', { name: 'Score report' });
  await expect(report).toContainText('Raw score 7.75 of 10');
  await expect(report).toContainText('8 right · 1 wrong · 1 blank');
  const estimate = report.getByRole('group', { name: /Estimate/ });
  await expect(estimate).toContainText('Estimate');
  await expect(estimate).toContainText('Estimated scaled score 570-610');
  await expect(estimate).toContainText('not an official score');
  await expect(report.getByRole('table', { name: 'Points by section' })).toContainText('Quantitative 1');
  await expect(report.getByRole('heading', { name: 'By skill' })).toBeVisible();
  await expect(report).toContainText('Missed: 4');
  await expect(report).toContainText('Missed: 5');
  await expect(report.getByText(/Exam pace: about 72 s a question/)).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'report');

  // The AMC-8-style mock: two right, one wrong, the rest blank: 2 points.
  await openSitting(page, amc.id);
  await expect(page.getByText('Right +1 · Wrong 0 · Blank 0')).toBeVisible();
  await bubble(page, 1, amc.keys[0]);
  await bubble(page, 2, amc.keys[1]);
  await bubble(page, 3, wrongLetter(amc.keys[2]));
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit test' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit test' }).click();
  const amcReport = page.getByRole('region', { name: 'Score report' });
  await expect(amcReport).toContainText('Raw score 2 of 10');
  await expect(amcReport).toContainText('2 right · 1 wrong · 7 blank');
  await page.context().clearCookies();

  // Ben, with x1.5 time: 9 minutes a section.
  await signIn(page, ben.email, PASSWORD);
  await openSitting(page, ssat.id);
  await expect(page.getByRole('timer', { name: /^Time left in this section (8:[0-5]\d|9:00)$/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sections' })).toContainText('Quantitative 1 (questions 1-5, 9 minutes)');
  await expect(page.getByText('Accommodations: Time x1.5')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 700 });
  await page.mouse.wheel(0, 3000);
  await expect(page.getByRole('timer')).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().clearCookies();

  // The results say whose sitting had extra time, and Ada's raw score.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`/saved-tests/${ssat.id}?tab=results`);
  const results = page.getByRole('table', { name: 'Results by student' });
  await expect(results.getByRole('row').filter({ hasText: 'Ben' })).toContainText('Accommodations: Time x1.5');
  await expect(results.getByRole('row').filter({ hasText: 'Ada' })).toContainText('7.75 / 10');
  await shoot(page, 'results');
  await adminContext.close();
});
