import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Route } from './fixtures';
import { xssPayloads } from '../server/test/corpora';
import { pngBytes } from '../server/test/questionFixtures';
import { ADMIN, DEMO_PASSWORD, signIn } from './helpers';

const shots = process.env.SHOTS_DIR;
/** axe finds no serious or critical violation (the accessibility bar for every screen). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  if (shots)
    await page.screenshot({ path: `${shots}/courses-${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** Pastes plain text into the focused editor as a person's clipboard would. */
async function pastePlain(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('a teacher builds a course with a unit and a section of math, previews, edits and deletes them', async ({
  page,
}) => {
  const title = `Fractions Lab ${Date.now()}`;
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.goto('/course-management');
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'SSAT Elementary Prep' })).toBeVisible();
  await shot(page, 'list');

  // The View Units dropdown of a demo course.
  const ssat = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'SSAT Elementary Prep' }) });
  await ssat.getByRole('button', { name: 'View Units' }).click();
  const details = page.getByRole('region', { name: 'Units of SSAT Elementary Prep' });
  await expect(details.getByText('Unit 1: Fractions')).toBeVisible();
  await expect(details.getByText('Active')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Add a course: the title is required.
  await page.getByRole('button', { name: 'Add Course' }).click();
  const courseDialog = page.getByRole('dialog', { name: 'Add Course' });
  await courseDialog.getByRole('button', { name: 'Create Course' }).click();
  await expect(courseDialog.getByText('Title is required')).toBeVisible();
  await courseDialog.getByLabel('Title').fill(title);
  await courseDialog.getByLabel('Description').fill('Halves, quarters and eighths with pictures.');
  await courseDialog.getByRole('button', { name: 'Create Course' }).click();
  await expect(page.getByText('Course created successfully')).toBeVisible();
  await expect(courseDialog).toBeHidden();

  await page.getByLabel('Search courses by title, code or description').fill('FRAC-LAB');
  const course = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(course.getByText(/^FRAC-LAB-\d+/)).toBeVisible();
  await course.getByRole('button', { name: 'Manage Units' }).click();

  // Units: breadcrumb, empty state, a unit with categories.
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText(`Courses${title}`);
  await expect(page.getByText('No units available')).toBeVisible();
  await page.getByRole('button', { name: 'Add Unit' }).click();
  const unitDialog = page.getByRole('dialog', { name: 'Add Unit' });
  await unitDialog.getByLabel('Title').fill('Adding fractions');
  await unitDialog.getByLabel('Grade').fill('4');
  const category = unitDialog.getByRole('textbox', { name: 'Categories' });
  await category.fill('Fractions');
  await category.press('Enter');
  await category.fill('Number Sense');
  await unitDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await category.fill(' fractions ');
  await category.press('Enter');
  await expect(unitDialog.getByText('Category "fractions" is already added')).toBeVisible();
  await category.fill('');
  await unitDialog.getByRole('button', { name: 'Create Unit' }).click();
  await expect(page.getByText('Unit created successfully')).toBeVisible();
  const unit = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Unit 1: Adding fractions' }) });
  await expect(unit.getByText('Number Sense')).toBeVisible();
  await shot(page, 'units');

  // Sections: a section with inline and display math, typed as LaTeX with a live preview.
  await unit.getByRole('button', { name: 'Manage Sections' }).click();
  await expect(crumbs).toContainText('Adding fractions');
  await expect(page.getByText('No sections available')).toBeVisible();
  await page.getByRole('button', { name: 'Add Section' }).click();
  const sectionDialog = page.getByRole('dialog', { name: 'Add Section' });
  await sectionDialog.getByLabel('Title', { exact: true }).fill('Half of a half');
  const editor = sectionDialog.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Half of a half is ');
  await sectionDialog.getByRole('button', { name: 'Inline math' }).click();
  await sectionDialog.getByLabel('LaTeX').fill('\\frac{1}{4}');
  await expect(sectionDialog.locator('[aria-live="polite"] .katex')).toBeVisible();
  await sectionDialog.getByRole('button', { name: 'Insert math' }).click();
  await page.keyboard.type(' because');
  await sectionDialog.getByRole('button', { name: 'Display math' }).click();
  await sectionDialog.getByLabel('LaTeX').fill('\\frac{1}{2} \\times \\frac{1}{2} = \\frac{1}{4}');
  await sectionDialog.getByRole('button', { name: 'Insert math' }).click();
  await editor.press('End');
  await page.keyboard.press('Enter');
  await pastePlain(page, 'Pasted: $3 \\times \\frac{1}{4} = \\frac{3}{4}$ and $5 to spend');
  await page.keyboard.press('Enter');
  // Typed dollar math becomes math as soon as it is closed.
  await page.keyboard.type('Typed: $x+1=2$ so $x=1$.');
  await expect(editor.locator('.katex')).toHaveCount(5);
  // A picture for the lesson, uploaded from the editor into the academy's own storage.
  await page.keyboard.press('Enter');
  await sectionDialog.getByRole('button', { name: 'Image' }).click();
  await sectionDialog
    .getByLabel(/Upload an image/)
    .setInputFiles({ name: 'quarters.png', mimeType: 'image/png', buffer: pngBytes(80, 80) });
  await expect(sectionDialog.getByLabel('Or the address of an uploaded image')).toHaveValue(
    /^\/api\/questions\/uploads\/[0-9a-f]{32}\.png$/,
  );
  await expect(sectionDialog.getByLabel('Description for screen readers')).toHaveValue('quarters');
  await shot(page, 'image-panel');
  await sectionDialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(editor.locator('img[alt="quarters"]')).toBeVisible();
  await shot(page, 'section-editor');
  await sectionDialog.getByRole('button', { name: 'Create Section' }).click();
  await expect(page.getByText('Section created successfully')).toBeVisible();

  const section = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Section 1: Half of a half' }) });
  // The list preview shows the words and math of the content, cut to 100 characters.
  await expect(section).toContainText('Half of a half is');
  await expect(section.locator('.katex').first()).toBeVisible();
  await section.getByRole('button', { name: 'View Content' }).click();
  await expect(crumbs).toContainText('Half of a half');
  const lesson = page.getByRole('region', { name: 'Section content' });
  await expect(lesson.locator('.katex')).toHaveCount(5);
  await expect(lesson.locator('.katex-display')).toHaveCount(1);
  await expect(lesson).toContainText('and $5 to spend');
  await expect(lesson.getByText('Math Error:')).toHaveCount(0);
  const picture = lesson.locator('img[alt="quarters"]');
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
  await shot(page, 'content');

  // Edit, then delete with the confirmation.
  await page.getByRole('button', { name: 'Back to Sections' }).click();
  await section.getByRole('button', { name: 'Edit Half of a half' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Section' });
  await expect(editDialog.getByRole('textbox', { name: 'Content' }).locator('.katex')).toHaveCount(5);
  await editDialog.getByLabel('Title', { exact: true }).fill('A quarter is half of a half');
  await editDialog.getByRole('button', { name: 'Update Section' }).click();
  await expect(page.getByText('Section updated successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Delete A quarter is half of a half' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Section' });
  await expect(confirm).toContainText('Are you sure you want to delete this section?');
  await confirm.getByRole('button', { name: 'Delete Section' }).click();
  await expect(page.getByText('Section deleted successfully')).toBeVisible();
  await expect(page.getByText('No sections available')).toBeVisible();

  await crumbs.getByRole('link', { name: 'Courses' }).click();
  await page.getByLabel('Search courses by title, code or description').fill(title);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByRole('dialog', { name: 'Edit Course' }).getByLabel('Title').fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Update Course' }).click();
  await expect(page.getByText('Course updated successfully')).toBeVisible();
  // Deleting a course is an admin's: the teacher is not offered it.
  await expect(page.getByRole('button', { name: `Delete ${title} (edited)` })).toHaveCount(0);
  await page.context().clearCookies();
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/course-management');
  await page.getByLabel('Search courses by title, code or description').fill(title);
  await page.getByRole('button', { name: `Delete ${title} (edited)` }).click();
  const confirmCourse = page.getByRole('dialog', { name: 'Delete Course' });
  await expect(confirmCourse).toContainText(
    'This course is assigned to 0 students, who will lose it. 0 saved tests use questions from its sections; they keep those questions.',
  );
  await expect(confirmCourse).toContainText('This will also delete all its units, sections and lessons');
  await confirmCourse.getByRole('button', { name: 'Delete Course' }).click();
  await expect(page.getByText('Course deleted successfully')).toBeVisible();
  await expect(page.getByText('No courses available')).toBeVisible();
  // Messages clear themselves after 5 s.
  await expect(page.getByText('Course deleted successfully')).toBeHidden({ timeout: 7_000 });
});

test("an admin's course delete names the students and saved tests it reaches, and Cancel keeps the course", async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  // A course with a student and a saved test using one of its questions.
  const suffix = Date.now();
  const course = await (
    await page.request.post('/api/courses', { data: { title: `Reach probe ${suffix}`, description: '' } })
  ).json();
  const unit = await (
    await page.request.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Unit', grade: '6', unitNumber: 1, categories: [] },
    })
  ).json();
  const section = await (
    await page.request.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Section', grade: '6', content: '', sectionNumber: 1 },
    })
  ).json();
  const bank = await (await page.request.get('/api/questions?limit=1')).json();
  const questionId = bank.questions[0].id;
  expect(
    (
      await page.request.post('/api/questions/assign-to-section', {
        data: { sectionId: section.id, questionIds: [questionId] },
      })
    ).status(),
  ).toBe(200);
  const saved = await page.request.post('/api/tests', {
    data: {
      name: `Reach probe test ${suffix}`,
      type: 'test',
      description: '',
      instructions: '',
      timeLimit: null,
      totalMarks: null,
      testCode: '',
      questions: [{ questionId, order: 1 }],
    },
  });
  expect(saved.status()).toBe(201);
  const students = (await (await page.request.get('/api/admin/students')).json()).students as Array<{
    id: string;
    email: string;
  }>;
  const student = students.find((s) => s.email === 'student@demo.academy')!;
  expect(
    (
      await page.request.post('/api/admin/assign-course', { data: { studentId: student.id, courseId: course.id } })
    ).status(),
  ).toBe(200);

  await page.goto('/course-management');
  await page.getByLabel('Search courses by title, code or description').fill(`Reach probe ${suffix}`);
  await page.getByRole('button', { name: `Delete Reach probe ${suffix}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Course' });
  await expect(confirm).toContainText(
    /This course is assigned to 1 student, who will lose it\. \d+ saved tests? uses? questions from its sections; they keep those questions\./,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: `Reach probe ${suffix}` })).toBeVisible();
  // The server holds the same line: without confirm=true it refuses, naming the students.
  const unconfirmed = await page.request.delete(`/api/courses/${course.id}`);
  expect(unconfirmed.status()).toBe(409);
  expect((await unconfirmed.json()).message).toBe(
    'This course is assigned to 1 student. Confirm the delete to remove it from them.',
  );
  await page.getByRole('button', { name: `Delete Reach probe ${suffix}` }).click();
  await confirm.getByRole('button', { name: 'Delete Course' }).click();
  await expect(page.getByText('Course deleted successfully')).toBeVisible();
});

test('students are sent to their dashboard and visitors to sign-in', async ({ page }) => {
  await page.goto('/course-management');
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, 'student@demo.academy', DEMO_PASSWORD);
  await page.goto('/course-management');
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const width of [1280, 375]) {
  test.describe(`the demo catalogue at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });
    test('reads as a family would see it: units, sections and a lesson with columns, a table and math', async ({
      page,
    }) => {
      await signIn(page, 'dataentry@demo.academy', DEMO_PASSWORD);
      await page.goto('/course-management');
      await expect(page.getByRole('heading', { name: 'SSAT Elementary Prep' })).toBeVisible();
      await shot(page, 'demo-list');
      await expectAccessible(page);
      const ssat = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'SSAT Elementary Prep' }) });
      await ssat.getByRole('button', { name: 'Manage Units' }).click();
      await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Unit 1: Fractions' }) })
        .getByRole('button', { name: 'Manage Sections' })
        .click();
      await expect(page.getByRole('heading', { name: 'Section 2: Equivalent fractions' })).toBeVisible();
      await page.getByLabel('Search sections by title, grade or content').fill('pizza');
      await expect(page.getByRole('heading', { name: /^Section \d/ })).toHaveCount(1);
      await shot(page, 'demo-sections');
      await page.getByRole('button', { name: 'View Content' }).click();
      const lesson = page.getByRole('region', { name: 'Section content' });
      await expect(lesson.locator('[data-columns="2"]')).toBeVisible();
      await expect(lesson.locator('.katex').first()).toBeVisible();
      await shot(page, 'demo-lesson');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Back to Sections' }).click();
      await page.getByLabel('Search sections by title, grade or content').fill('');
      await page.getByRole('button', { name: 'Edit Equivalent fractions' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Edit Section' }).getByRole('textbox', { name: 'Content' }).locator('table'),
      ).toBeVisible();
      await shot(page, 'demo-editor');
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Edit Section' })).toBeHidden();
    });
  });
}

test('stored section content runs no script in the browser, for every XSS payload of the corpus', async ({ page }) => {
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  const course = await (await page.request.post('/api/courses', { data: { title: `XSS ${Date.now()}` } })).json();
  const unit = await (
    await page.request.post(`/api/courses/${course.id}/units`, { data: { title: 'Payloads' } })
  ).json();
  const stored: string[] = [];
  for (const { payload } of xssPayloads) {
    const response = await page.request.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'x', content: `<p>$x^2$</p>${payload}` },
    });
    expect(response.status()).toBe(201);
    stored.push((await response.json()).content);
  }

  const dialogs: string[] = [];
  const foreign: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(new URL(page.url()).origin) && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });
  await page.goto('/course-management');
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  const globalsBefore = await page.evaluate(() => Object.keys(window));
  // The renderer places stored content with innerHTML, as this does: handlers would fire here if any survived.
  await page.evaluate(async (items) => {
    const host = document.createElement('div');
    document.body.append(host);
    for (const html of items) {
      const box = document.createElement('div');
      box.innerHTML = html;
      host.append(box);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }, stored);
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);
  expect(
    await page.evaluate((before) => Object.keys(window).filter((k) => !before.includes(k)), globalsBefore),
  ).toEqual([]);
  await page.request.delete(`/api/courses/${course.id}`);
});

test("a refusal without a message shows the screen's own text, never a bare status", async ({ page }) => {
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  // The server fails with an empty body, as a proxy in front of it might.
  const bare = (method: string) => async (route: Route) =>
    route.request().method() === method ? route.fulfill({ status: 500, body: '' }) : route.fallback();
  await page.route(/\/api\/courses$/, bare('GET'));
  await page.goto('/course-management');
  await expect(page.getByText('Failed to load courses')).toBeVisible();
  await expect(page.getByText(/Request failed/)).toHaveCount(0);

  await page.unroute(/\/api\/courses$/);
  await page.getByRole('button', { name: 'Try Again' }).click();
  const ssat = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'SSAT Elementary Prep' }) });
  await ssat.getByRole('button', { name: 'Manage Units' }).click();
  await expect(page.getByRole('heading', { name: 'SSAT Elementary Prep', level: 1 })).toBeVisible();

  await page.route(/\/api\/courses\/[^/]+\/units$/, bare('POST'));
  await page.getByRole('button', { name: 'Add Unit' }).click();
  const unitDialog = page.getByRole('dialog', { name: 'Add Unit' });
  await unitDialog.getByLabel('Title').fill('Never saved');
  await unitDialog.getByLabel('Grade').fill('4');
  await unitDialog.getByRole('button', { name: 'Create Unit' }).click();
  await expect(unitDialog.getByText('Failed to save unit')).toBeVisible();
  await expect(page.getByText(/Request failed/)).toHaveCount(0);

  // Not reached at all, the same call says so in its own words.
  await page.route(/\/api\/courses\/[^/]+\/units$/, (route) =>
    route.request().method() === 'POST' ? route.abort() : route.fallback(),
  );
  await unitDialog.getByRole('button', { name: 'Create Unit' }).click();
  await expect(unitDialog.getByText('Error saving unit')).toBeVisible();
});
