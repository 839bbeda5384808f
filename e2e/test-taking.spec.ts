import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { ADMIN, DEMO_PASSWORD, signIn } from './helpers';

/**
 * A student sits a test: starts it from Assignments, answers, loses the connection and answers on,
 * sees every answer saved when it returns, reloads and resumes with every answer, submits; the teacher's release
 * then shows the score, the right answers and the solutions.
 */
const STUDENT = { email: 'student@demo.academy', password: DEMO_PASSWORD };

/** Picks an option whether the question offers radios or, when several answers are right, checkboxes. */
const choose = (page: Page, letter: string) => page.getByLabel(`Option ${letter}`, { exact: true }).check();

async function staffRequest(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN.email, ADMIN.password);
  return page.request;
}

/** A saved test of three multiple-choice questions of the demo bank, given to the demo student. */
async function giveTest(
  staff: APIRequestContext,
  release: 'on-submit' | 'manual',
  window: { closesAt?: string } = {},
): Promise<{ testId: string; name: string }> {
  // Demo questions, which have worked solutions to review (other specs add questions without one).
  const bank = await (await staff.get('/api/questions?type=Multiple%20Choice&limit=50')).json();
  const ids: string[] = (bank.questions as Array<{ id: string; solution: string | null }>)
    .filter((q) => q.solution?.trim())
    .slice(0, 3)
    .map((q) => q.id);
  expect(ids).toHaveLength(3);
  const name = `Mock test ${Date.now()}`;
  const saved = await staff.post('/api/tests', {
    data: {
      name,
      type: 'assessment',
      description: '',
      instructions: 'Choose one answer for each question.',
      timeLimit: 30,
      totalMarks: null,
      testCode: '',
      questions: ids.map((questionId, i) => ({ questionId, order: i + 1 })),
    },
  });
  expect(saved.status()).toBe(201);
  const testId = (await saved.json()).test.id;
  const students = (await (await staff.get('/api/admin/students')).json()).students as Array<{
    id: string;
    email: string;
  }>;
  const student = students.find((s) => s.email === STUDENT.email)!;
  const assigned = await staff.post(`/api/tests/${testId}/assign`, {
    data: { studentIds: [student.id], release, ...window },
  });
  expect(assigned.status()).toBe(200);
  return { testId, name };
}

test('a student sits a test through a lost connection and a reload, then reviews it once released', async ({
  browser,
  page,
  context,
}) => {
  const staff = await staffRequest(browser);
  const { testId, name } = await giveTest(staff, 'manual');

  await signIn(page, STUDENT.email, STUDENT.password);
  await page.goto('/dashboard?section=assignments');
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('Not started')).toBeVisible();
  await expect(card.getByText('30 minutes')).toBeVisible();
  await card.getByRole('link', { name: 'Start test' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByLabel(/^Time left (29|30):/)).toBeVisible();
  await choose(page, 'A');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'B');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'A');
  await expect(page.getByText('Offline - your answers are kept and will be sent')).toBeVisible();
  await page.getByRole('button', { name: 'Question 2, answered' }).click();
  await page.getByRole('button', { name: 'Flag for review' }).click();

  await context.setOffline(false);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Question 1, answered' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 2, answered, flagged for review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Question 3, answered' })).toBeVisible();
  await page.getByRole('button', { name: 'Question 2, answered, flagged for review' }).click();
  await expect(page.getByLabel('Option B', { exact: true })).toBeChecked();

  await page.getByRole('button', { name: 'Submit test' }).click();
  await expect(page.getByText('You have answered every question. 1 question is flagged for review.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit test' }).click();
  await expect(page.getByRole('heading', { name: 'Test submitted' })).toBeVisible();
  await expect(page.getByText('Your teacher will release the results')).toBeVisible();

  const results = await (await staff.get(`/api/tests/${testId}/results`)).json();
  expect(results.awaitingRelease).toBe(1);
  expect(results.students[0].status).toBe('submitted');
  expect((await staff.post(`/api/tests/${testId}/release`)).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('heading', { name: `${name}: your result` })).toBeVisible();
  await expect(page.getByText(/ \/ 3 marks \(/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Solution' }).first()).toBeVisible();
  await expect(page.getByText('Correct answer').first()).toBeVisible();

  await page.goto('/dashboard?section=grades');
  await expect(page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: 'Review' })).toBeVisible();
});

test('time runs out while the student is away: the server submits what was saved, and the review says so', async ({
  browser,
  page,
}) => {
  // The assignment closes 15 s from now, so the sitting's deadline (the earlier of the time limit and the close)
  // comes while the test waits: the server's clock is the one that counts, so it is not faked.
  const staff = await staffRequest(browser);
  const { name } = await giveTest(staff, 'on-submit', { closesAt: new Date(Date.now() + 15_000).toISOString() });
  await signIn(page, STUDENT.email, STUDENT.password);
  await page.goto('/dashboard?section=assignments');
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('link', { name: 'Start test' }).click();
  await expect(page.getByLabel(/^Time left 0:(0\d|1[0-5])$/)).toBeVisible();
  await choose(page, 'A');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  // The student leaves before the time is up.
  await page.goto('/dashboard?section=assignments');

  await expect
    .poll(
      async () => {
        const tests = (await (await page.request.get('/api/student/tests')).json()).tests as Array<{
          name: string;
          status: string;
        }>;
        return tests.find((x) => x.name === name)?.status;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe('submitted');
  await page.goto('/dashboard?section=grades');
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: `${name}: your result` })).toBeVisible();
  await expect(page.getByText('Time ran out: the answers you had saved were submitted.')).toBeVisible();
  await expect(page.getByText('Question 2: 0 of 1 mark')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'By focus area' })).toBeVisible();

  // Two questions were left unanswered, so there is a weak spot: the server draws new questions from it.
  const drawn = page.waitForResponse((r) => r.url().endsWith('/practice') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Practice my weak spots' }).click();
  const practice = (await (await drawn).json()) as { focusAreas: string[]; questions: Array<{ type: string }> };
  expect(practice.focusAreas.length).toBeGreaterThan(0);
  expect(practice.questions.length).toBeGreaterThan(0);
  const n = practice.questions.length;
  await expect(
    page.getByText(`${n} ${n === 1 ? 'question' : 'questions'} from ${practice.focusAreas.join(' and ')}:`),
  ).toBeVisible();
  // A drawn multiple-choice question is checked like any exercise (a refused check would show no verdict).
  const choice = practice.questions.findIndex((x) => x.type === 'Multiple Choice');
  expect(choice).toBeGreaterThanOrEqual(0);
  const card = page.getByRole('listitem', { name: `Practice question ${choice + 1}`, exact: true });
  await card.getByLabel('Option A', { exact: true }).check();
  await card.getByRole('button', { name: 'Check Answer' }).click();
  await expect(card.getByRole('status').filter({ hasText: /^(Correct!|Not quite\. Try again\.)$/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/practice-weak-spots-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/practice-weak-spots-375.png' });
});

test('the teacher assigns a test from its staff page, releases the results there, and archives it', async ({
  browser,
  page,
}) => {
  // The teacher's own test: only its author (or an admin) may re-score and archive it.
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  const bank = await (await page.request.get('/api/questions?type=Multiple%20Choice&limit=2')).json();
  const name = `Staff page test ${Date.now()}`;
  const saved = await page.request.post('/api/tests', {
    data: {
      name,
      type: 'test',
      description: '',
      instructions: '',
      timeLimit: 20,
      totalMarks: null,
      testCode: '',
      questions: bank.questions.map((q: { id: string }, i: number) => ({ questionId: q.id, order: i + 1 })),
    },
  });
  expect(saved.status()).toBe(201);
  const testId = (await saved.json()).test.id;

  // From Saved Tests in the Question Bank to the test's own page.
  await page.goto('/question-bank');
  await page.getByRole('tab', { name: 'Test Generator' }).click();
  await page.getByLabel('Search tests').fill(name);
  await page.getByRole('link', { name: `Assign and see results of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/saved-tests/${testId}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Not assigned yet')).toBeVisible();
  await page.getByRole('button', { name: 'Assign to 0 students' }).click();
  await expect(page.getByText('Choose at least one student')).toBeVisible();
  await page.getByLabel('Search by name, email, school or grade').fill('student@demo');
  await page.getByRole('checkbox', { name: 'Select every student shown' }).check();
  await page.getByLabel('When I release them').check();
  await page.getByRole('button', { name: 'Assign to 1 student' }).click();
  await expect(page.getByText('Test assigned to 1 student')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Current assignments' }).getByText('Not started')).toBeVisible();
  await page.screenshot({ path: 'test-results/saved-test-assign-1280.png', fullPage: true });

  // The student sits it through the API and submits.
  const student = await browser.newContext();
  const studentPage = await student.newPage();
  await signIn(studentPage, STUDENT.email, STUDENT.password);
  const listed = (await (await studentPage.request.get('/api/student/tests')).json()).tests.find(
    (x: { name: string }) => x.name === name,
  );
  const attempt = (await (await studentPage.request.post(`/api/student/tests/${listed.assignmentId}/start`)).json())
    .attempt;
  expect((await studentPage.request.post(`/api/student/attempts/${attempt.id}/submit`)).status()).toBe(200);

  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(page).toHaveURL(/tab=results/);
  const row = page.getByRole('table', { name: 'Results by student' }).getByRole('row').filter({ hasText: 'Submitted' });
  await expect(row.getByText('Awaiting release')).toBeVisible();
  await expect(row.getByText(/^0 \/ 2 \(0%\)$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await download).path();
  expect(fs.readFileSync(csv!, 'utf8')).toMatch(
    /^Student,Email,Status,Time used,Marks,Out of,Percentage,Scaled,Released\r?\n.*,student@demo\.academy,Submitted,/,
  );
  await page.getByRole('button', { name: 'Re-score' }).click();
  await expect(page.getByText('Re-scored 1 submitted test: no score changed')).toBeVisible();
  await page.getByRole('button', { name: 'Release results (1)' }).click();
  await expect(page.getByText('Results released')).toBeVisible();
  await expect(row.getByText('Yes')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: 'test-results/saved-test-results-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/saved-test-results-1280.png', fullPage: true });
  await student.close();

  // The released score reaches the student's parent, in the child's progress report.
  const parent = await browser.newContext();
  const parentPage = await parent.newPage();
  await signIn(parentPage, 'parent@demo.academy', DEMO_PASSWORD);
  await parentPage.getByRole('link', { name: 'View Student Progress' }).click();
  const results = parentPage
    .getByRole('region', { name: 'Progress report of Leo Chen' })
    .getByRole('table', { name: 'Test results of Leo Chen' });
  const result = results.getByRole('row').filter({ hasText: name });
  await expect(result).toContainText('0 / 2');
  await expect(result).toContainText('0%');
  await parentPage.screenshot({ path: 'test-results/parent-test-results-1280.png', fullPage: true });
  await parent.close();

  // Sat, the test cannot be deleted: Saved Tests offer Archive instead, and the server refuses a delete all the same.
  const refused = await page.request.delete(`/api/tests/${testId}`);
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(
    'This test has been taken, so it cannot be deleted. Archive it instead to keep its results.',
  );
  await page.goto('/question-bank');
  await page.getByRole('tab', { name: 'Test Generator' }).click();
  await page.getByLabel('Search tests').fill(name);
  const savedItem = page.getByRole('list', { name: 'Saved tests' }).getByRole('listitem');
  await expect(savedItem).toHaveCount(1);
  await expect(savedItem.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await savedItem.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(page.getByText('Test archived successfully')).toBeVisible();
  // Out of the builder's list; kept under Archived, with its results.
  await expect(page.getByText('No tests found')).toBeVisible();
  await page.getByLabel('Show', { exact: true }).selectOption('archived');
  await expect(savedItem).toHaveCount(1);
  await expect(savedItem.getByText('Archived', { exact: true })).toBeVisible();
  await savedItem.getByRole('link', { name: `Assign and see results of ${name}` }).click();
  await expect(
    page.getByText('Archived: kept with its results; it cannot be assigned until it is restored.'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Results' }).click();
  await expect(
    page.getByRole('table', { name: 'Results by student' }).getByRole('row').filter({ hasText: 'Submitted' }),
  ).toHaveCount(1);
});
