import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { PROGRESS_CHART_MESSAGES as M } from '../common/rules/progress-charts';
import { ADMIN, DEMO_PASSWORD, ok, questionTags, signIn, signUpStudent, uniqueEmail } from './helpers';

/** Dashboards with real figures and grades that reward learning. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/progress-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A course of one unit with two sections; the first has two multiple-choice questions (A is right), the second one. */
async function courseFor(admin: APIRequestContext, studentId: string) {
  const tags = await questionTags(admin, 4);
  const course = await ok<{ id: string }>(
    await admin.post('/api/courses', {
      data: { title: 'Times Tables', code: `MA-TT-${Date.now()}`, description: 'Multiplication facts.' },
    }),
  );
  const unit = await ok<{ id: string }>(
    await admin.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Facts to 10', grade: '4', categories: ['Multiplication'] },
    }),
  );
  const section = async (title: string) =>
    ok<{ id: string }>(
      await admin.post(`/api/units/${unit.id}/sections`, {
        data: { title, grade: '4', content: `<p>${title}: $3 \\times 4 = 12$.</p>` },
      }),
    );
  const [twos, threes] = [await section('Twos'), await section('Threes')];
  const question = async (text: string) =>
    (
      await ok<{ question: { id: string } }>(
        await admin.post('/api/questions', {
          data: {
            ...tags,
            hint: 'Count in steps.',
            type: 'Multiple Choice',
            questionText: text,
            options: { A: '12', B: '10', C: '14' },
            answer: { a1: ['A'] },
            solution: 'Skip count.',
          },
        }),
      )
    ).question.id;
  const questions = [
    await question('What is $2 \\times 6$?'),
    await question('What is $6 \\times 2$?'),
    await question('What is $3 \\times 4$?'),
  ];
  await ok(
    await admin.post('/api/questions/assign-to-section', {
      data: { sectionId: twos.id, questionIds: questions.slice(0, 2) },
    }),
  );
  await ok(
    await admin.post('/api/questions/assign-to-section', {
      data: { sectionId: threes.id, questionIds: questions.slice(2) },
    }),
  );
  await ok(await admin.post('/api/admin/assign-course', { data: { studentId, courseId: course.id } }));
  await ok(await admin.post('/api/admin/assign-unit', { data: { studentId, unitId: unit.id, withSections: true } }));
}

const answer = async (page: Page, n: number, option: string) => {
  const card = page.getByRole('listitem', { name: `Question ${n}` });
  await card.getByLabel(`Option ${option}`).check();
  await card.getByRole('button', { name: 'Check Answer' }).click();
  await expect(card.getByText(option === 'A' ? 'Correct!' : 'Not quite. Try again.', { exact: true })).toBeVisible();
  return card;
};

test('a new student is welcomed, solves after a wrong try, and the dashboard shows solved, first-try and progress figures that match the attempts', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('nia');
  const password = 'Learn&pass1';
  const studentId = await signUpStudent(await playwright.request.newContext({ baseURL }), email, password, {
    first_name: 'Nia',
    last_name: 'Reyes',
    birthday: '2016-05-02',
    grade_level: '4',
  });
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  await courseFor(admin, studentId);

  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Welcome, Nia!' })).toBeVisible();
  await expect(page.getByText('Here is how to start:')).toBeVisible();
  await expect(page.getByLabel('Questions Solved: 0')).toBeVisible();
  await expect(page.getByLabel('First-Try Accuracy: —')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Times Tables progress' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 2 sections done',
  );
  await shoot(page, 'student-first-visit');

  // Progress before any answer: each chart says what it is waiting for, and the target is not the student's to set.
  const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'Progress' }).click();
  await expect(page.getByRole('heading', { name: 'Progress', level: 1 })).toBeVisible();
  await expect(page.getByText(M.noAnswers, { exact: true })).toBeVisible();
  await expect(page.getByText(M.noTests, { exact: true })).toBeVisible();
  await expect(page.getByText('No target set.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save target' })).toHaveCount(0);
  await shoot(page, 'student-progress-empty');
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();

  await page.getByRole('button', { name: 'Go to My Courses' }).click();
  await expect(page.getByText('0 of 2 sections done')).toBeVisible();
  await page.getByRole('button', { name: 'View Course Times Tables' }).click();
  await page.getByRole('button', { name: 'Unit 1: Facts to 10' }).click();
  await page.getByRole('button', { name: '1.1 Twos' }).click();
  await page.getByRole('tab', { name: /Exercises/ }).click();
  // Question 1 wrong, then right; question 2 right at once.
  const first = await answer(page, 1, 'B');
  await expect(first.getByText('Not solved yet · 1 try')).toBeVisible();
  await answer(page, 1, 'A');
  await expect(first.getByText('Solved on try 2')).toBeVisible();
  const second = await answer(page, 2, 'A');
  await expect(second.getByText('Solved on the first try')).toBeVisible();
  await shoot(page, 'exercises');

  await page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Nia!' })).toBeVisible();
  // Three checks: two questions solved, one of them at the first try; every try counted would have said 67%.
  await expect(page.getByLabel('Questions Solved: 2')).toBeVisible();
  await expect(page.getByLabel('First-Try Accuracy: 50%')).toBeVisible();
  await expect(page.getByText('1 of 2 right at the first check')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Times Tables progress' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 2 sections done',
  );
  const stats = await ok<{
    attempts: number;
    correctAttempts: number;
    questionsSolved: number;
    firstTryAccuracy: number;
  }>(await page.request.get('/api/student/stats'));
  expect(stats).toMatchObject({ attempts: 3, correctAttempts: 2, questionsSolved: 2, firstTryAccuracy: 50 });
  await expect(page.getByText('Pick up where you left off: Section 1.1 Twos, in Times Tables.')).toBeVisible();
  await shoot(page, 'student-returning');

  // The weekly chart says the same in words and in its table: this week, two solved, one of two first tries right.
  await sidebar.getByRole('link', { name: 'Progress' }).click();
  const weekly = page.getByRole('figure', { name: 'Questions solved and first-try accuracy per week' });
  await expect(
    weekly.getByText(
      /^You solved 2 questions over 12 weeks; in the week of \w{3} \d{1,2}, 2 solved, 50% right on the first try\.$/,
    ),
  ).toBeVisible();
  await weekly.getByText('Show the figures').click();
  const rows = weekly.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(13);
  await expect(rows.last()).toContainText('2');
  await expect(rows.last()).toContainText('50%');
  await shoot(page, 'student-progress');
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();

  // Pick up where you left off opens that very section.
  await page.getByRole('link', { name: 'Continue Section 1.1' }).click();
  await expect(page.getByRole('article', { name: 'Lesson Twos' })).toBeVisible();
  await page.getByRole('tab', { name: /Exercises/ }).click();
  await expect(page.getByRole('listitem', { name: 'Question 1' }).getByText('Solved on try 2')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Courses' }).click();
  await expect(page.getByText('1 of 2 sections done')).toBeVisible();
  await shoot(page, 'course-cards');
});

test('the admin and teacher dashboards show the figures the server counts', async ({ page, playwright, baseURL }) => {
  // A registration that the admin's Recent Activity lists first.
  await signUpStudent(await playwright.request.newContext({ baseURL }), uniqueEmail('ola'), 'Learn&pass1', {
    first_name: 'Ola',
    last_name: 'Reyes',
    birthday: '2016-05-02',
    grade_level: '4',
  });
  await signIn(page, ADMIN.email, ADMIN.password);
  const figures = await ok<{
    stats: { users: number; activeCourses: number; activeStudents: number; checksThisWeek: number };
  }>(await page.request.get('/api/admin/dashboard'));
  expect(figures.stats.users).toBeGreaterThanOrEqual(6);
  const stats = page.getByRole('list', { name: 'At a glance' });
  await expect(stats.getByLabel(`Total Users: ${figures.stats.users}`)).toBeVisible();
  await expect(stats.getByLabel(`Active Courses: ${figures.stats.activeCourses}`)).toBeVisible();
  await expect(stats.getByLabel(`Active Students: ${figures.stats.activeStudents}`)).toBeVisible();
  await expect(stats.getByLabel(`Answers Checked: ${figures.stats.checksThisWeek}`)).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent Activity' });
  await expect(recent.getByRole('listitem').first()).toContainText('Ola Reyes joined');
  await expect(recent.getByText('New student account').first()).toBeVisible();
  await shoot(page, 'admin');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  const teacher = await ok<{ activeCourses: number; totalStudents: number }>(
    await page.request.get('/api/teacher/dashboard'),
  );
  expect(teacher.totalStudents).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('heading', { name: 'Welcome back, Maya!' })).toBeVisible();
  await expect(page.getByLabel(`Total Students: ${teacher.totalStudents}`)).toBeVisible();
  await expect(page.getByLabel(`Active Courses: ${teacher.activeCourses}`)).toBeVisible();
  // Other specs leave tests awaiting release, so only the figure's form is known here.
  await expect(page.getByLabel(/^Pending Reviews: \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Refresh figures' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your figures are up to date.' })).toBeVisible();
  await shoot(page, 'teacher');
});

test("a parent follows the demo student's progress, which changes after the child checks an answer", async ({
  browser,
}) => {
  const parentContext = await browser.newContext();
  const childContext = await browser.newContext();
  try {
    const parent = await parentContext.newPage();
    await signIn(parent, 'parent@demo.academy', DEMO_PASSWORD);
    await parent.getByRole('link', { name: 'View Student Progress' }).click();
    await expect(parent.getByRole('heading', { name: 'Progress Reports' })).toBeVisible();
    await expect(parent.getByRole('tab', { name: 'Leo Chen' })).toHaveAttribute('aria-selected', 'true');
    const report = parent.getByRole('region', { name: 'Progress report of Leo Chen' });
    const checked = report.getByLabel(/^Checked This Week: \d+$/);
    await expect(checked).toBeVisible();
    const before = Number((await checked.getAttribute('aria-label'))!.split(': ')[1]);
    // The child's courses with their units and sections.
    const courses = await ok<{
      children: Array<{ id: string; courses: Array<{ name: string; units: Array<{ title: string }> }> }>;
    }>(await parent.request.get('/api/parent/children'));
    const course = courses.children[0].courses[0];
    await expect(report.getByRole('article', { name: course.name })).toBeVisible();
    await expect(
      report.getByRole('heading', { name: new RegExp(`^Unit \\d+: ${course.units[0].title}$`) }).first(),
    ).toBeVisible();
    await shoot(parent, 'parent-report');

    // The child checks an answer in their own browser.
    const child = await childContext.newPage();
    await signIn(child, 'student@demo.academy', DEMO_PASSWORD);
    const mine = await ok<{ courses: Array<{ exercises: string[] }> }>(await child.request.get('/api/student/courses'));
    const questionId = mine.courses.flatMap((c) => c.exercises)[0];
    const checkedAnswer = await ok<{ result: { isCorrect: boolean } }>(
      await child.request.post('/api/questions/check-answer', { data: { questionId, studentAnswer: '7' } }),
    );
    expect(typeof checkedAnswer.result.isCorrect).toBe('boolean');

    await parent.reload();
    await expect(report.getByLabel(`Checked This Week: ${before + 1}`)).toBeVisible();
    await expect(report.getByLabel('Last Activity: just now')).toBeVisible();
    await expect(report.getByText(/^Last practiced: Section \d+\.\d+ /)).toBeVisible();

    // The parent sets the target score: refused outside 1-100 with the server's own words, then saved and shown to
    // the child, who may not change it.
    const target = report.getByLabel('Target score (%)');
    await target.fill('120');
    await report.getByRole('button', { name: 'Save target' }).click();
    await expect(report.getByText(M.targetRange)).toBeVisible();
    const refused = await parent.request.put(`/api/students/${courses.children[0].id}/target`, {
      data: { targetPercent: 120 },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe(M.targetRange);
    await target.fill('85');
    await report.getByRole('button', { name: 'Save target' }).click();
    await expect(report.getByRole('status').filter({ hasText: M.targetSaved })).toBeVisible();
    await expect(report.getByText('Target: 85%', { exact: true })).toBeVisible();
    const charts = await ok<{ tests: Array<{ percent: number }> }>(
      await parent.request.get(`/api/students/${courses.children[0].id}/progress-charts`),
    );
    const scores = charts.tests.length === 1 ? '1 test score' : `${charts.tests.length} test scores`;
    await expect(report.getByRole('figure', { name: 'Test scores over time' })).toContainText(
      `${scores}; the latest ${charts.tests.at(-1)!.percent}%.`,
    );
    await shoot(parent, 'parent-target');
    await child.goto('/dashboard?section=progress');
    await expect(child.getByText('Target: 85%', { exact: true })).toBeVisible();
    await expect(child.getByRole('button', { name: 'Save target' })).toHaveCount(0);
    const byChild = await child.request.put(`/api/students/${courses.children[0].id}/target`, {
      data: { targetPercent: 50 },
    });
    expect(byChild.status()).toBe(403);
    expect((await byChild.json()).message).toBe(M.targetByStudent);

    // My Children shows the same child; another parent's child is not found.
    await parent.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'My Children' }).click();
    await expect(
      parent.getByRole('article', { name: 'Leo Chen' }).getByLabel(`Checked This Week: ${before + 1}`),
    ).toBeVisible();
    await shoot(parent, 'parent-children');
    await parent.goto('/dashboard?section=progress&child=00000000-0000-4000-8000-000000000000');
    await expect(parent.getByText('Child not found')).toBeVisible();
    expect((await parent.request.get('/api/parent/children/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
    await parent.goto('/dashboard');
    await shoot(parent, 'parent-home');
  } finally {
    await parentContext.close();
    await childContext.close();
  }
});
