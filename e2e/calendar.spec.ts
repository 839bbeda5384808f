import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './fixtures';
import { CLASS_PASSWORD, startClassAcademy, type ClassAcademy } from './class-academy';

/**
 * Due dates and the calendar, on an academy of its own with a class in it: the teacher sets a section's due date,
 * the student finds it in Assignments and on the calendar by month and by week (moving by keyboard), the teacher
 * extends it for them, and the student's calendar link answers an .ics with the event until it is turned off.
 */

const SHOTS = '/tmp/shots-due';
let academy: ClassAcademy;

test.use({ timezoneId: 'UTC', locale: 'en-US' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  academy = await startClassAcademy();
});
test.afterAll(async () => {
  await academy?.stop();
});

/** A `datetime-local` value in UTC (the browser's zone here). */
const localValue = (d: Date) => d.toISOString().slice(0, 16);
const fullDay = (d: Date) =>
  d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: academy.base, timezoneId: 'UTC', locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(CLASS_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a due date set by the teacher reaches the student, their calendar and their calendar link', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Two hours from now, to the minute: due, not yet missing, and on today's or tomorrow's square.
  const due = new Date(Date.now() + 2 * 3600_000);
  due.setUTCSeconds(0, 0);
  const extended = new Date(due.getTime() + 24 * 3600_000);
  const section = `Section 1.1 ${academy.sectionTitle}`;

  const teacher = await signedIn(browser, academy.teacher.email);
  await teacher.goto(`/classes/${academy.classId}/due-dates`);
  await expect(teacher.getByRole('heading', { name: `Due dates: ${academy.className}`, level: 1 })).toBeVisible();
  const item = teacher.getByRole('listitem').filter({ has: teacher.getByRole('heading', { name: section }) });
  await item.getByLabel(`Due date for ${section}`).fill(localValue(due));
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(item.getByText(/^Due [A-Z][a-z]{2} \d/)).toBeVisible();
  await expect(teacher.getByText(`Due date saved for 1.1 ${academy.sectionTitle}.`)).toBeVisible();
  await shoot(teacher, 'class-due-dates');

  // The student: Assignments Due counts it, Assignments lists it as Due.
  const student = await signedIn(browser, academy.student.email);
  await expect(student.getByLabel('Assignments Due: 1')).toBeVisible();
  await student.goto('/dashboard?section=assignments');
  const dueList = student.getByRole('region', { name: 'What is due' });
  const row = dueList.getByRole('listitem').filter({ hasText: academy.sectionTitle });
  await expect(row.getByText('Due', { exact: true })).toBeVisible();
  await shoot(student, 'student-assignments');

  // The calendar by month: today marked, the due day holding the item; arrows move, Enter opens the day.
  await student.goto('/dashboard?section=calendar');
  const today = student.getByRole('button', { name: /, today, / });
  await expect(today).toHaveAttribute('aria-current', 'date');
  await expect(today.getByText('Today')).toBeVisible();
  await today.focus();
  await student.keyboard.press('ArrowRight');
  await student.keyboard.press('ArrowLeft');
  await expect(today).toBeFocused();
  const sameDay = due.toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10);
  if (!sameDay) await student.keyboard.press('ArrowRight');
  const dueDay = student.getByRole('button', { name: new RegExp(`^${fullDay(due)}.*1 item`) });
  await expect(dueDay).toBeFocused();
  await student.keyboard.press('Enter');
  const opened = student.getByRole('region', { name: `Items on ${fullDay(due)}` });
  await expect(opened.getByText(`${academy.sectionTitle} (Ratios & Rates)`)).toBeVisible();
  await expect(opened.getByText('Due', { exact: true })).toBeVisible();
  await shoot(student, 'student-calendar-month');

  // By week: the same item under its day, today marked.
  await student.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(student.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(student.getByText(`${academy.sectionTitle} (Ratios & Rates)`)).toBeVisible();
  // The week of the due day; Today comes back to today's week, marked.
  await student.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(student.getByRole('button', { name: /, today, / })).toBeVisible();
  await shoot(student, 'student-calendar-week');

  // The teacher extends it for this student; the student's date moves, the class's stays.
  await teacher.getByRole('button', { name: 'Extend for a student' }).first().click();
  const dialog = teacher.getByRole('dialog', { name: `Extend ${section}` });
  await dialog.getByLabel('Student').selectOption({ label: `Jo Kim (${academy.student.email})` });
  await dialog.getByLabel('Their due date').fill(localValue(extended));
  await dialog.getByRole('button', { name: 'Save extension' }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByText('Extended', { exact: true })).toBeVisible();
  await expect(item.getByText(/Jo Kim:/)).toBeVisible();
  const mine = await (await student.request.get('/api/student/due')).json();
  expect(mine.items[0]).toMatchObject({ title: academy.sectionTitle, dueAt: extended.toISOString(), state: 'open' });

  // The teacher's calendar shows the class's date with the class's name.
  await teacher.goto('/teacher-schedule');
  await teacher.getByRole('button', { name: 'Week', exact: true }).click();
  await teacher.getByRole('button', { name: /, today, / }).focus();
  if (!sameDay) await teacher.keyboard.press('ArrowRight');
  await expect(teacher.getByText(academy.className)).toBeVisible();
  await shoot(teacher, 'teacher-schedule');

  // The calendar link: made, read as iCalendar with the event, turned off, then unknown.
  await student.goto('/dashboard?section=calendar');
  await student.getByRole('button', { name: 'Make a calendar link' }).click();
  const link = student.getByLabel('Your calendar link (shown only now)');
  await expect(link).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await link.inputValue();
  await shoot(student, 'student-calendar-link');
  const feed = await student.request.get(url, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = (await feed.text()).replace(/\r\n /g, '');
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toContain(`SUMMARY:Due: ${academy.sectionTitle} (Ratios & Rates)`);
  expect(text).toContain(`DTSTART:${extended.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
  await student.getByRole('button', { name: 'Turn off link' }).click();
  await expect(student.getByRole('button', { name: 'Make a calendar link' })).toBeVisible();
  expect((await student.request.get(url)).status()).toBe(404);
});
