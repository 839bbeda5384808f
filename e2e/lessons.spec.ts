import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN, ok, questionTags, signIn, signUpStudent, uniqueEmail } from './helpers';

/**
 * A student's course pages on real data, and a lesson's video: staff set a YouTube link in the section form, the
 * student walks from the top bar's Courses to the unit cards, a unit's sections and the lesson, whose Video tab
 * frames the privacy-enhanced player (its request is blocked: the test never loads YouTube).
 */
const SHOTS = '/tmp/shots';
const PASSWORD = 'Learn&pass1';
const VIDEO_ID = 'dQw4w9WgXcQ';

interface Built {
  email: string;
  courseId: string;
  courseName: string;
  unitId: string;
  halvesId: string;
  questionId: string;
}

/** A student with a course of two units: "Fractions" (Beginner, assigned with its two sections), "Decimals" (not). */
async function build(admin: APIRequestContext): Promise<Built> {
  const email = uniqueEmail('lessons');
  const studentId = await signUpStudent(admin, email, PASSWORD, { first_name: 'Ana', grade_level: '4' });
  await ok(await admin.post('/api/auth/login', { data: ADMIN }));
  const courseName = `Fractions Path ${Date.now()}`;
  const course = await ok<{ id: string }>(
    await admin.post('/api/courses', { data: { title: courseName, description: 'Halves and quarters.' } }),
  );
  const unit = await ok<{ id: string }>(
    await admin.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Fractions', grade: 'Beginner', categories: ['Halves', 'Quarters'] },
    }),
  );
  await ok(
    await admin.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Decimals', grade: 'Advanced', categories: ['Tenths'] },
    }),
  );
  const halves = await ok<{ id: string }>(
    await admin.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Halves', content: '<p>Half of $8$ is $4$.</p>' },
    }),
  );
  await ok(
    await admin.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Quarters', content: '<p>A quarter is $\\frac{1}{4}$.</p>' },
    }),
  );
  const question = await ok<{ question: { id: string } }>(
    await admin.post('/api/questions', {
      data: {
        ...(await questionTags(admin, 4)),
        type: 'Multiple Choice',
        questionText: 'Which is half of $8$?',
        options: { A: '$2$', B: '$4$' },
        answer: { a1: ['B'] },
        solution: '',
        hint: '',
      },
    }),
  );
  await ok(
    await admin.post('/api/questions/assign-to-section', {
      data: { sectionId: halves.id, questionIds: [question.question.id] },
    }),
  );
  await ok(await admin.post('/api/admin/assign-course', { data: { studentId, courseId: course.id } }));
  await ok(await admin.post('/api/admin/assign-unit', { data: { studentId, unitId: unit.id, withSections: true } }));
  return {
    email,
    courseId: course.id,
    courseName,
    unitId: unit.id,
    halvesId: halves.id,
    questionId: question.question.id,
  };
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Screenshots at both widths, and (unless told not to) no serious accessibility violation at either. */
async function shootAndCheck(page: Page, name: string, axe = true) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/lessons-${name}-${width}.png`, fullPage: true });
    if (axe) expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('staff set a YouTube video; the student walks from Courses to units, sections and the video', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const built = await build(page.request);

  // Staff (the page shares the admin's session the API calls signed in): the section form takes the link, and
  // refuses one from another host with its message.
  await page.goto(`/course-management/${built.courseId}/units/${built.unitId}/sections`);
  await page.getByRole('button', { name: 'Edit Halves' }).click();
  const link = page.getByLabel('Video link');
  await link.fill('https://example.com/lesson.mp4');
  await page.getByRole('button', { name: 'Update Section' }).click();
  await expect(page.getByText('Video link must be a YouTube link', { exact: false })).toBeVisible();
  await link.fill(`https://youtu.be/${VIDEO_ID}`);
  await page.getByRole('button', { name: 'Update Section' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The student: never load the real player.
  const context = await browser.newContext();
  const student = await context.newPage();
  const framed: string[] = [];
  await student.route(/youtube-nocookie\.com|youtube\.com|vimeo\.com/, (route) => {
    framed.push(route.request().url());
    return route.abort();
  });
  await signIn(student, built.email, PASSWORD);
  await student.goto('/courses');
  await expect(student).toHaveURL(/\/dashboard\?section=courses$/);
  await student.getByRole('button', { name: `View Course ${built.courseName}` }).click();

  // The course page: the unit cards.
  const fractions = student.getByRole('listitem', { name: 'Unit 1: Fractions' });
  await expect(fractions.getByText('Unit 1', { exact: true })).toBeVisible();
  await expect(fractions.getByText('Beginner')).toBeVisible();
  await expect(fractions.getByText('2 sections')).toBeVisible();
  await expect(fractions.getByText('Topics Covered')).toBeVisible();
  await expect(fractions.getByText('Quarters')).toBeVisible();
  await expect(fractions.getByRole('progressbar')).toHaveCount(0);
  const decimals = student.getByRole('listitem', { name: 'Unit 2: Decimals' });
  await expect(decimals.getByText('Advanced')).toBeVisible();
  await expect(decimals.getByText('Not assigned to you yet')).toBeVisible();
  await expect(decimals.getByRole('link')).toHaveCount(0);
  await shootAndCheck(student, 'units');

  // A unit's sections.
  await fractions.getByRole('link', { name: 'Start Unit: Unit 1' }).click();
  await expect(student).toHaveURL(new RegExp(`/dashboard/courses/${built.courseId}/units/${built.unitId}$`));
  await expect(student.getByRole('navigation', { name: 'Breadcrumb' }).getByText('My Courses')).toBeVisible();
  await expect(student.getByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
  await expect(student.getByText('Overall Progress: 0%')).toBeVisible();
  const halves = student.getByRole('listitem', { name: 'Section 1.1: Halves' });
  await expect(halves.getByText('Section 1', { exact: true })).toBeVisible();
  await expect(halves.getByText('1 exercise · Video')).toBeVisible();
  await expect(
    student.getByRole('listitem', { name: 'Section 1.2: Quarters' }).getByText('Start Section'),
  ).toBeVisible();
  await shootAndCheck(student, 'sections');

  // The lesson opens on its video: the nocookie player, lazy, titled, and nothing else.
  await halves.getByRole('link', { name: 'Start Section: Section 1.1' }).click();
  await expect(student).toHaveURL(new RegExp(`/sections/${built.halvesId}/video$`));
  await expect(student.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true');
  const frame = student.locator('iframe');
  await expect(frame).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO_ID}`);
  await expect(frame).toHaveAttribute('title', 'Video: Halves');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  // The player's frame is blocked, so axe (which walks into frames) is left to the pages above.
  await shootAndCheck(student, 'video', false);
  await student.getByRole('tab', { name: 'Content' }).click();
  await expect(student.getByText('Half of', { exact: false })).toBeVisible();
  expect(framed.every((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);

  // Solving the section's exercise: the section is done, the unit is half way, the buttons say so.
  await ok(
    await student.request.post('/api/questions/check-answer', {
      data: { questionId: built.questionId, studentAnswer: 'B', sectionId: built.halvesId },
    }),
  );
  await student.goto(`/dashboard/courses/${built.courseId}/units/${built.unitId}`);
  await expect(student.getByText('Overall Progress: 50%')).toBeVisible();
  await expect(halves.getByText('Completed')).toBeVisible();
  await expect(halves.getByRole('link', { name: 'Review Section: Section 1.1' })).toBeVisible();
  await expect(
    student.getByRole('listitem', { name: 'Section 1.2: Quarters' }).getByRole('link', { name: /^Start Section/ }),
  ).toBeVisible();
  await shootAndCheck(student, 'sections-done');
  await student.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: built.courseName }).click();
  await expect(fractions.getByText('50% complete')).toBeVisible();
  await expect(fractions.getByRole('link', { name: 'Continue Learning: Unit 1' })).toBeVisible();
  await shootAndCheck(student, 'units-begun');
  await context.close();
});
