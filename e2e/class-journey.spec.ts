import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { ADMIN, ok, questionTags, saveTest as saveBankTest, signIn, signUpStudent, uniqueEmail } from './helpers';

/**
 * A class from its first day to a released test, each step through the screens its user has: a teacher creates the
 * class, a student joins with its code, a course given opens for the student at once, two sections get a due date
 * that passes, the student finishes one late and leaves the other missing, and the gradebook says so; the teacher
 * reads the student's work, gives a test, reviews the sitting with a changed mark and a comment, releases it, and
 * the student and their parent read the comment and the new total. The student's calendar shows the due date; the
 * gradebook's CSV opens with a column per section figure and per test.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-journey';
const PASSWORD = 'Journey&pass1';
const tag = Date.now().toString(36);
const className = `Period 5 ${tag}`;
const courseTitle = `Ratio Journeys ${tag}`;
const testName = `Ratios check ${tag}`;
const SECTIONS = ['Ratio tables', 'Unit rates', 'Scaling'];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The minute a datetime-local field holds for an instant, in the pages' own time zone (UTC, set below). */
const localValue = (d: Date) => d.toISOString().slice(0, 16);
const fullDay = (d: Date) =>
  d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

async function pageOf(browser: Browser, email: string) {
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  return page;
}

/** A teacher or a parent registered by the admin; the parent is linked to the student at once. */
async function register(admin: APIRequestContext, userType: 'teacher' | 'parent', first: string, studentIds: string[]) {
  const email = uniqueEmail(`journey-${userType}`);
  const extra =
    userType === 'teacher'
      ? { specialization: 'Algebra' }
      : { address: '9 Elm Street', confirm_password: PASSWORD, student_name: '', student_grade: '' };
  const reply = await admin.post('/api/admin/register', {
    data: {
      userType,
      formData: {
        first_name: first,
        last_name: 'Okafor',
        email,
        phone_number: '(555) 010-4040',
        password: PASSWORD,
        student_ids: studentIds,
        ...extra,
      },
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return email;
}

/** A course of one unit with three sections, each holding one multiple-choice question whose answer is A. */
async function buildCourse(admin: APIRequestContext) {
  const tags = await questionTags(admin, 6);
  const course = await ok<{ id: string }>(
    await admin.post('/api/courses', { data: { title: courseTitle, description: 'Ratios, rates and scaling.' } }),
  );
  const unit = await ok<{ id: string }>(
    await admin.post(`/api/courses/${course.id}/units`, { data: { title: 'Ratios', grade: '6', categories: [] } }),
  );
  for (const [i, title] of SECTIONS.entries()) {
    const section = await ok<{ id: string }>(
      await admin.post(`/api/units/${unit.id}/sections`, { data: { title, grade: '6', content: `<p>${title}.</p>` } }),
    );
    const question = await ok<{ question: { id: string } }>(
      await admin.post('/api/questions', {
        data: {
          ...tags,
          type: 'Multiple Choice',
          questionText: `<p>${title} ${tag}: what is $\\frac{${i + 2}}{${2 * (i + 2)}}$ in lowest terms?</p>`,
          options: { A: '$\\frac{1}{2}$', B: '$\\frac{1}{3}$', C: '$2$' },
          answer: { a1: ['A'] },
          solution: `<p>Divide both by ${i + 2}.</p>`,
        },
      }),
    );
    await ok(
      await admin.post('/api/questions/assign-to-section', {
        data: { sectionId: section.id, questionIds: [question.question.id] },
      }),
    );
  }
}

/** The teacher's saved test: two multiple-choice questions of the bank, a mark each. */
async function saveTest(teacherEmail: string, browser: Browser) {
  const context = await browser.newContext();
  const teacher = context.request;
  await ok(await teacher.post('/api/auth/login', { data: { email: teacherEmail, password: PASSWORD } }));
  const bank = await ok<{ questions: Array<{ id: string; answer: { a1: string[] } }> }>(
    await teacher.get('/api/questions?type=Multiple%20Choice&limit=50'),
  );
  const picked = bank.questions.filter((q) => q.answer.a1.length === 1).slice(0, 2);
  expect(picked).toHaveLength(2);
  const testId = await saveBankTest(
    teacher,
    testName,
    picked.map((q) => q.id),
  );
  await context.close();
  return { testId, questions: picked };
}

test('a class from its first day to a released test: join, course, due dates, gradebook, work, review, calendar, CSV', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const studentEmail = uniqueEmail('journey-student');
  const studentId = await signUpStudent(await playwright.request.newContext({ baseURL }), studentEmail, PASSWORD, {
    first_name: 'Nora',
    last_name: 'Vega',
    grade_level: '6',
  });
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  await buildCourse(admin);
  const teacherEmail = await register(admin, 'teacher', 'Ines', []);
  const parentEmail = await register(admin, 'parent', 'Pablo', [studentId]);
  await admin.dispose();
  const { testId, questions } = await saveTest(teacherEmail, browser);

  // The teacher creates the class.
  const teacher = await pageOf(browser, teacherEmail);
  await teacher.getByRole('navigation').getByRole('link', { name: 'Students' }).first().click();
  await teacher.getByRole('button', { name: 'Create your first class' }).click();
  const dialog = teacher.getByRole('dialog', { name: 'New class' });
  await dialog.getByLabel('Class name').fill(className);
  await dialog.getByLabel('Grade').selectOption('6');
  await dialog.getByRole('button', { name: 'Create class' }).click();
  await expect(teacher.getByRole('heading', { level: 1, name: className })).toBeVisible();
  const classUrl = teacher.url();
  const code = (await teacher.getByLabel(/^Join code /).textContent())!.trim();

  // The student joins with the code.
  const student = await pageOf(browser, studentEmail);
  const card = student.getByRole('region', { name: 'Join a class' });
  await card.getByLabel('Class code').fill(code);
  await card.getByRole('button', { name: 'Join class' }).click();
  await expect(card.getByText(`You joined ${className}`)).toBeVisible();

  // The teacher gives the course; it is open to the student at once, every section of it.
  await teacher.reload();
  await expect(teacher.getByRole('table', { name: 'Students of the class' })).toContainText('Nora Vega');
  await teacher.getByRole('tab', { name: 'Courses' }).click();
  await teacher.getByLabel('Course', { exact: true }).selectOption({ label: courseTitle });
  await teacher.getByRole('button', { name: 'Give course' }).click();
  await expect(teacher.getByText('Course given to the class')).toBeVisible();
  await student.goto('/dashboard?section=courses');
  await student.getByRole('button', { name: `View Course ${courseTitle}` }).click();
  const content = student.getByRole('navigation', { name: 'Course Content' });
  await content.getByRole('button', { name: 'Unit 1: Ratios' }).click();
  for (const [i, title] of SECTIONS.entries())
    await expect(content.getByRole('button', { name: `1.${i + 1} ${title}` })).toBeVisible();

  // Two sections due a few minutes ago, the third without a due date.
  const due = new Date(Date.now() - 5 * 60_000);
  due.setUTCSeconds(0, 0);
  await teacher.getByRole('link', { name: 'Due dates' }).click();
  await expect(teacher.getByRole('heading', { level: 1, name: `Due dates: ${className}` })).toBeVisible();
  for (const [i, title] of SECTIONS.slice(0, 2).entries()) {
    const section = `Section 1.${i + 1} ${title}`;
    const item = teacher.getByRole('listitem').filter({ has: teacher.getByRole('heading', { name: section }) });
    await item.getByLabel(`Due date for ${section}`).fill(localValue(due));
    await item.getByRole('button', { name: 'Save' }).click();
    await expect(teacher.getByText(`Due date saved for 1.${i + 1} ${title}.`)).toBeVisible();
  }
  await shoot(teacher, 'due-dates');

  // The student finishes the first section after its due date, and leaves the second.
  await content.getByRole('button', { name: `1.1 ${SECTIONS[0]}` }).click();
  await student.getByRole('tab', { name: /Exercises/ }).click();
  const exercise = student.getByRole('listitem', { name: 'Question 1' });
  await exercise.getByLabel('Option B').check();
  await exercise.getByRole('button', { name: 'Check Answer' }).click();
  await expect(exercise.getByText('Not quite. Try again.')).toBeVisible();
  await exercise.getByLabel('Option A').check();
  await exercise.getByRole('button', { name: 'Check Answer' }).click();
  await expect(exercise.getByText('Correct!', { exact: true })).toBeVisible();

  // Its calendar: the due day holds both sections.
  await student.goto('/dashboard?section=calendar');
  await student.getByRole('button', { name: new RegExp(`^${fullDay(due)}.*2 items`) }).click();
  const day = student.getByRole('region', { name: `Items on ${fullDay(due)}` });
  await expect(day.getByText(`${SECTIONS[0]} (${courseTitle})`)).toBeVisible();
  await expect(day.getByText(`${SECTIONS[1]} (${courseTitle})`)).toBeVisible();
  await shoot(student, 'student-calendar');

  // The teacher gives the test, results released by hand.
  await teacher.goto(classUrl);
  await teacher.getByRole('tab', { name: 'Tests' }).click();
  await teacher.getByLabel('Search saved tests').fill(testName);
  await teacher.getByLabel('Saved test', { exact: true }).selectOption({ label: testName });
  await teacher.getByLabel('Results shown').selectOption({ label: 'When I release them' });
  await teacher.getByRole('button', { name: 'Give test' }).click();
  await expect(teacher.getByRole('table', { name: 'Tests given to the class' })).toContainText(testName);

  // The student sits it: the first answer wrong, the second right.
  const listed = await ok<{ tests: Array<{ testId: string; assignmentId: string }> }>(
    await student.request.get('/api/student/tests'),
  );
  const assignment = listed.tests.find((x) => x.testId === testId)!;
  const { attempt } = await ok<{ attempt: { id: string } }>(
    await student.request.post(`/api/student/tests/${assignment.assignmentId}/start`),
  );
  const [first, second] = questions;
  const wrong = ['A', 'B', 'C', 'D'].find((letter) => letter !== first.answer.a1[0])!;
  await ok(
    await student.request.put(`/api/student/attempts/${attempt.id}/answers/${first.id}`, { data: { answer: wrong } }),
  );
  await ok(
    await student.request.put(`/api/student/attempts/${attempt.id}/answers/${second.id}`, {
      data: { answer: second.answer.a1[0] },
    }),
  );
  await ok(await student.request.post(`/api/student/attempts/${attempt.id}/submit`));

  // The gradebook: late, missing, nothing due, the test submitted.
  await teacher.getByRole('navigation').getByRole('link', { name: 'Grades' }).first().click();
  // The class page has its own "Class" tabs: wait for the gradebook before picking its class.
  await expect(teacher.getByRole('heading', { name: 'Grades', level: 1 })).toBeVisible();
  await teacher.getByRole('combobox', { name: 'Class', exact: true }).selectOption({ label: `${className} (1)` });
  const grid = teacher.getByRole('table', { name: `Gradebook of ${className}` });
  const row = grid.getByRole('row', { name: /^Nora Vega/ });
  await expect(row.getByRole('cell').nth(0)).toContainText('1/1');
  await expect(row.getByRole('cell').nth(0)).toContainText('Late');
  await expect(row.getByRole('cell').nth(1)).toContainText('0/1');
  await expect(row.getByRole('cell').nth(1)).toContainText('Missing');
  await expect(row.getByRole('cell').nth(2)).toContainText('0/1');
  await expect(row.getByRole('cell').last()).toContainText('Submitted');
  await shoot(teacher, 'gradebook');

  // Its CSV: the student's row, a solved, first-try and state column per section, a score and status per test.
  const [download] = await Promise.all([
    teacher.waitForEvent('download'),
    teacher.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${className} gradebook.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8').split(/\r?\n/);
  expect(csv[0]).toBe(
    [
      'Student',
      ...SECTIONS.flatMap((title, i) => ['solved', 'first try', 'state'].map((f) => `1.${i + 1} ${title}: ${f}`)),
      `${testName}: score`,
      `${testName}: status`,
    ].join(','),
  );
  expect(csv[1]).toMatch(/^Nora Vega,1\/1,0%,Late,0\/1,–,Missing,0\/1,–,Not started,1\/2,Submitted$/);

  // The student's work, from the gradebook.
  await row.getByRole('link', { name: 'Nora Vega' }).click();
  await expect(teacher.getByRole('heading', { level: 1, name: 'Nora Vega' })).toBeVisible();
  const attempts = teacher
    .getByRole('article', { name: 'Exercise 1' })
    .getByRole('list', { name: 'Attempts at exercise 1' })
    .getByRole('listitem');
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0)).toContainText('Wrong');
  await shoot(teacher, 'student-work');

  // The sitting reviewed from the test's results: a mark changed with its reason, a comment, then released.
  await teacher.goBack();
  await grid.locator('thead a', { hasText: testName }).click();
  const result = teacher
    .getByRole('table', { name: 'Results by student' })
    .getByRole('row')
    .filter({ hasText: 'Nora Vega' });
  await expect(result.getByText(/^1 \/ 2 \(50%\)$/)).toBeVisible();
  await result.getByRole('link', { name: /^Review / }).click();
  await expect(teacher.getByTestId('review-total')).toHaveText('1');
  await teacher.getByLabel('Marks for question 1 (blank: automatic)').fill('1');
  await teacher.getByLabel('Reason for the marks of question 1').fill('The working shows the right method');
  await teacher.getByLabel('Comment on question 1').fill('Check the last step again.');
  await teacher.getByLabel('Comment for the student').fill('Well reasoned, Nora.');
  await teacher.getByRole('button', { name: 'Save review' }).click();
  await expect(teacher.getByText('Review saved')).toBeVisible();
  await expect(teacher.getByTestId('review-total')).toHaveText('2');
  await shoot(teacher, 'review');
  await teacher.getByRole('link', { name: 'Back to the results' }).click();
  await expect(result.getByText(/^2 \/ 2 \(100%\)$/)).toBeVisible();
  await teacher.getByRole('button', { name: 'Release results (1)' }).click();
  await expect(teacher.getByText('Results released')).toBeVisible();

  // The student reads the new total and both comments.
  await student.goto(`/tests/review/${attempt.id}`);
  await expect(student.getByRole('heading', { name: `${testName}: your result` })).toBeVisible();
  await expect(student.getByText(/^2 \/ 2 marks \(100%\)/)).toBeVisible();
  await expect(student.getByText('Well reasoned, Nora.')).toBeVisible();
  await expect(student.getByText('Check the last step again.')).toBeVisible();
  await expect(student.getByText('The working shows the right method')).toHaveCount(0);
  await shoot(student, 'student-review');

  // So does the parent.
  const parent = await pageOf(browser, parentEmail);
  await parent.getByRole('link', { name: 'View Student Progress' }).click();
  const report = parent
    .getByRole('table', { name: 'Test results of Nora Vega' })
    .getByRole('row')
    .filter({ hasText: testName });
  await expect(report).toContainText('2 / 2');
  await expect(report).toContainText('100%');
  await expect(report).toContainText('Well reasoned, Nora.');
  await expect(report).toContainText('Question 1: Check the last step again.');
  await shoot(parent, 'parent-report');
});
