import fs from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { addDays, dayLabel } from '../common/rules/analytics';
import { ADMIN, DEMO_PASSWORD, ok, signIn } from './helpers';

/** The admin's analytics: today's checks, the range and program in the URL, the CSV, and the page's guard. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-analytics';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // Charts are drawn as they come into view: pass over the whole page first so the picture holds them.
    for (const chart of await page.locator('figure').all()) await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/analytics-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const today = () => new Date().toISOString().slice(0, 10);

/** Today's checks as the card names them ("Checks on Nov 28: 12"), once the page has loaded. */
async function checksToday(page: Page): Promise<number> {
  const card = page.getByLabel(new RegExp(`^Checks on ${dayLabel(today())}: `));
  await expect(card).toBeVisible();
  return Number((await card.textContent())!.replace(/,/g, ''));
}

test('the admin sees the day’s checks, narrows the range and downloads the CSV; a teacher is sent away', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await ok(await admin.request.post('/api/auth/login', { data: ADMIN }));
  await admin.goto('/admin-analytics');
  await expect(admin.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
  // Another spec may have left no checks yet today: the card shows 0 then (or the page says the range is empty).
  const empty = admin.getByRole('heading', { name: 'Nothing happened in this range' });
  const before = (await empty.isVisible()) ? 0 : await checksToday(admin);

  // The demo student checks an answer in their own browser.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, 'student@demo.academy', DEMO_PASSWORD);
  const mine = await ok<{ courses: Array<{ exercises: string[] }> }>(await student.request.get('/api/student/courses'));
  const questionId = mine.courses.flatMap((c) => c.exercises)[0];
  await ok(await student.request.post('/api/questions/check-answer', { data: { questionId, studentAnswer: '7' } }));
  await studentContext.close();

  await admin.reload();
  expect(await checksToday(admin)).toBeGreaterThanOrEqual(before + 1);
  await expect(admin.getByLabel('From')).toHaveValue(addDays(today(), -29));
  await expect(admin.getByLabel('To')).toHaveValue(today());
  const checksFigure = admin.getByRole('figure', { name: 'Checks and first-try accuracy per day' });
  await checksFigure.getByText('Show the figures').click();
  await expect(checksFigure.getByRole('row', { name: new RegExp(`^${dayLabel(today())} `) })).toBeVisible();
  await shoot(admin, 'data');

  // A range kept in the address: a reload keeps it.
  const weekAgo = addDays(today(), -6);
  await admin.getByLabel('From').fill(weekAgo);
  await expect(admin).toHaveURL(new RegExp(`from=${weekAgo}`));
  await admin.getByLabel('Program').selectOption({ label: 'SSAT' });
  await expect(admin).toHaveURL(/program=ssat/);
  await expect(admin.getByText(/the program does not narrow it/)).toBeVisible();
  await admin.reload();
  await expect(admin.getByLabel('From')).toHaveValue(weekAgo);
  await expect(admin.getByLabel('Program')).toHaveValue('ssat');
  await admin.getByLabel('Program').selectOption({ label: 'All programs' });
  await expect(admin).not.toHaveURL(/program=/);

  // A reversed range is refused in words, and the address keeps the last good one.
  await admin.getByLabel('To').fill(addDays(weekAgo, -1));
  await expect(admin.getByText('The end date must be on or after the start date')).toBeVisible();
  await admin.getByLabel('To').fill(today());
  await expect(admin.getByText('The end date must be on or after the start date')).toHaveCount(0);

  // The CSV of the same range.
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`analytics-${weekAgo}-to-${today()}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toMatch(/^Figure,Date,Program,Category,Grade,Active students,Checks,/);
  expect(csv.find((line) => line.startsWith(`Day,${today()},All programs,`))).toBeDefined();
  expect(csv.filter((line) => line.startsWith('Day,'))).toHaveLength(7);

  // A range without anything, and an address a hand made wrong.
  await admin.goto('/admin-analytics?from=2001-01-01&to=2001-01-31');
  await expect(admin.getByRole('heading', { name: 'Nothing happened in this range' })).toBeVisible();
  await shoot(admin, 'empty');
  await admin.goto('/admin-analytics?from=2001-02-30');
  await expect(admin.getByText('Dates must be real days written YYYY-MM-DD')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Try again' })).toBeVisible();
  await shoot(admin, 'error');
  await adminContext.close();

  // Only admins: a teacher is sent home.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signIn(teacher, 'teacher@demo.academy', DEMO_PASSWORD);
  await teacher.goto('/admin-analytics');
  await expect(teacher.getByText("Access Denied - You don't have permission to access this page.")).toBeVisible();
  await expect(teacher).toHaveURL(/\/$/);
  await teacherContext.close();
});
