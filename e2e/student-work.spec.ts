import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN, ok, questionTags, signIn, signUpStudent, uniqueEmail } from './helpers';

/** A student's work as their teacher reads it, and a teacher's note reaching the student and their parent. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-work';
const PASSWORD = 'Work&pass1!';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A course of one unit and one section holding one multiple-choice question about fractions (A is right). */
async function courseFor(admin: APIRequestContext, studentId: string) {
  const tags = await questionTags(admin, 5);
  const course = await ok<{ id: string }>(
    await admin.post('/api/courses', {
      data: { title: 'Fractions', code: `MA-FR-${Date.now()}`, description: 'Adding fractions.' },
    }),
  );
  const unit = await ok<{ id: string }>(
    await admin.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Like denominators', grade: '5', categories: ['Fractions'] },
    }),
  );
  const section = await ok<{ id: string }>(
    await admin.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Halves and quarters', grade: '5', content: '<p>Write both in quarters.</p>' },
    }),
  );
  const question = await ok<{ question: { id: string } }>(
    await admin.post('/api/questions', {
      data: {
        ...tags,
        hint: 'Write $\\frac{1}{2}$ as quarters.',
        type: 'Multiple Choice',
        questionText: '<p>What is $\\frac{1}{2} + \\frac{1}{4}$?</p>',
        options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$' },
        answer: { a1: ['A'] },
        solution: '<p>$\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$</p>',
      },
    }),
  );
  await ok(
    await admin.post('/api/questions/assign-to-section', {
      data: { sectionId: section.id, questionIds: [question.question.id] },
    }),
  );
  await ok(await admin.post('/api/admin/assign-course', { data: { studentId, courseId: course.id } }));
  await ok(await admin.post('/api/admin/assign-unit', { data: { studentId, unitId: unit.id, withSections: true } }));
  return { courseId: course.id, sectionId: section.id };
}

/** A teacher or parent registered by the admin, linked to the student at once (teacher_students, parent_students). */
async function register(admin: APIRequestContext, userType: 'teacher' | 'parent', first: string, studentId: string) {
  const email = uniqueEmail(userType);
  const formData =
    userType === 'teacher'
      ? { specialization: 'Algebra' }
      : { address: '4 Oak Lane', confirm_password: PASSWORD, student_name: '', student_grade: '' };
  const reply = await admin.post('/api/admin/register', {
    data: {
      userType,
      formData: {
        first_name: first,
        last_name: 'Lopez',
        email,
        phone_number: '(555) 010-2030',
        password: PASSWORD,
        student_ids: [studentId],
        ...formData,
      },
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return email;
}

test("a teacher reads a student's attempts in order, as math, with the hint opened, and leaves a note the student and parent read", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('ada');
  const studentId = await signUpStudent(await playwright.request.newContext({ baseURL }), email, PASSWORD, {
    first_name: 'Ada',
    last_name: 'Quinn',
    grade_level: '5',
  });
  const admin = await playwright.request.newContext({ baseURL });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const { courseId, sectionId } = await courseFor(admin, studentId);
  const teacherEmail = await register(admin, 'teacher', 'Tomas', studentId);
  const parentEmail = await register(admin, 'parent', 'Paula', studentId);

  // The student opens the hint, answers wrong, then right.
  await signIn(page, email, PASSWORD);
  await page.goto(`/dashboard/courses/${courseId}/sections/${sectionId}/exercises`);
  const card = page.getByRole('listitem', { name: 'Question 1' });
  const hintSent = page.waitForResponse((r) => r.url().endsWith('/hint-opened') && r.status() === 204);
  await card.getByRole('button', { name: 'Show hint' }).click();
  await hintSent;
  await card.getByLabel('Option B').check();
  await card.getByRole('button', { name: 'Check Answer' }).click();
  await expect(card.getByText('Not quite. Try again.', { exact: true })).toBeVisible();
  await card.getByLabel('Option A').check();
  await card.getByRole('button', { name: 'Check Answer' }).click();
  await expect(card.getByText('Correct!', { exact: true })).toBeVisible();
  // No note yet: the dashboard has no notes card.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Notes from your teacher' })).toHaveCount(0);
  await page.request.post('/api/auth/logout');

  // The teacher opens the student's work.
  await page.context().clearCookies();
  await signIn(page, teacherEmail, PASSWORD);
  await page.goto(`/students/${studentId}/work`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Quinn' })).toBeVisible();
  const exercise = page.getByRole('article', { name: 'Exercise 1' });
  await expect(exercise).toBeVisible();
  // The question and the answers are math, never raw LaTeX.
  await expect(exercise.locator('.katex').first()).toBeVisible();
  const shownText = await exercise.evaluate((el) => (el as HTMLElement).innerText);
  for (const raw of [/\\frac/, /\$[^$\n]+\$/]) expect(shownText).not.toMatch(raw);
  await expect(exercise.getByText(/Hint opened/)).toBeVisible();
  await expect(exercise.getByText(/Solution opened/)).toHaveCount(0);
  const attempts = exercise.getByRole('list', { name: 'Attempts at exercise 1' }).getByRole('listitem');
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0)).toContainText('Attempt 1');
  await expect(attempts.nth(0)).toContainText('B.');
  await expect(attempts.nth(0)).toContainText('Wrong');
  await expect(attempts.nth(0).locator('.katex')).toHaveCount(1);
  await expect(attempts.nth(1)).toContainText('Attempt 2');
  await expect(attempts.nth(1)).toContainText('A.');
  await expect(attempts.nth(1)).toContainText('Right');
  await expect(attempts.nth(1).locator('.katex')).toHaveCount(1);

  // A note for the parents too.
  await page.getByLabel('New note').fill('Ada added fractions well after a hint.\nPractice quarters at home.');
  await page.getByLabel('Show to parents').check();
  await page.getByRole('button', { name: 'Save note' }).click();
  const notes = page.getByRole('list', { name: 'Notes for Ada Quinn' });
  await expect(notes.getByText('Ada added fractions well after a hint.', { exact: false })).toBeVisible();
  await expect(notes.getByText('Shown to parents')).toBeVisible();
  await expect(page.getByLabel('New note')).toHaveValue('');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await shoot(page, 'teacher-student-work');
  await page.request.post('/api/auth/logout');

  // The student sees it on their dashboard.
  await page.context().clearCookies();
  await signIn(page, email, PASSWORD);
  const studentNotes = page.getByRole('list', { name: 'Notes from your teacher' });
  await expect(studentNotes.getByText(/Practice quarters at home/)).toBeVisible();
  await expect(studentNotes).toContainText('Tomas Lopez');
  await shoot(page, 'student-dashboard-notes');
  await page.request.post('/api/auth/logout');

  // The parent sees it in the child's report.
  await page.context().clearCookies();
  await signIn(page, parentEmail, PASSWORD);
  await page.goto(`/dashboard?section=progress&child=${studentId}`);
  const parentNotes = page.getByRole('list', { name: 'Notes from the teacher about Ada Quinn' });
  await expect(parentNotes.getByText(/Practice quarters at home/)).toBeVisible();
  await shoot(page, 'parent-report-notes');
});
