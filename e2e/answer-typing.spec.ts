import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { ADMIN, DEMO_PASSWORD, ok, questionTags, signIn, signUpStudent, uniqueEmail } from './helpers';

/**
 * A child clicks an answer box and types at once: no key is lost, whether the math editor's script is still on its
 * way (held back here for a while, as on a slow line) or already in the browser's cache. Keys are sent right after
 * the click, without waiting for the field to take the focus. The same holds for the staff's rich-text boxes, whose
 * editor loads the same way.
 */
const PASSWORD = 'Type&pass1';
const MATHLIVE = /\/assets\/mathlive[^/]*\.js$/;
/** Five eighths as the field writes it when 5, / and 8 are typed into it. */
const FIVE_EIGHTHS = '\\frac58';

interface Built {
  email: string;
  courseTitle: string;
  exercisesUrl: string;
  testName: string;
}

async function build(request: APIRequestContext): Promise<Built> {
  const email = uniqueEmail('typist');
  const studentId = await signUpStudent(request, email, PASSWORD, {
    first_name: 'Theo',
    last_name: 'Quick',
    birthday: '2016-02-03',
    school: 'Oak School',
    grade_level: '4',
  });
  await ok(await request.post('/api/auth/login', { data: ADMIN }));
  const admin = request;
  const courseTitle = `Quick fingers ${Date.now()}`;
  const course = await ok<{ id: string }>(
    await admin.post('/api/courses', {
      data: { title: courseTitle, code: `QF-${Date.now()}`, description: 'Typing answers.' },
    }),
  );
  const unit = await ok<{ id: string }>(
    await admin.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Fractions', grade: '4', categories: ['Fractions'] },
    }),
  );
  const section = await ok<{ id: string }>(
    await admin.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Eighths', grade: '4', content: '<p>Eighths.</p>' },
    }),
  );
  const tags = await questionTags(admin, 4);
  const fraction = await ok<{ question: { id: string } }>(
    await admin.post('/api/questions', {
      data: {
        ...tags,
        type: 'Fill in the Blank',
        questionText: 'Write five eighths: ___1___',
        options: {},
        answer: [['5/8']],
        solution: 'It is $\\frac{5}{8}$.',
        hint: '',
      },
    }),
  );
  await ok(
    await admin.post('/api/questions/assign-to-section', {
      data: { sectionId: section.id, questionIds: [fraction.question.id] },
    }),
  );
  await ok(await admin.post('/api/admin/assign-course', { data: { studentId, courseId: course.id } }));
  await ok(await admin.post('/api/admin/assign-unit', { data: { studentId, unitId: unit.id, withSections: true } }));

  const testName = `Quick test ${Date.now()}`;
  const saved = await ok<{ test: { id: string } }>(
    await admin.post('/api/tests', {
      data: {
        name: testName,
        type: 'test',
        description: '',
        instructions: '',
        timeLimit: 30,
        totalMarks: null,
        questions: [{ questionId: fraction.question.id, order: 1 }],
      },
    }),
  );
  await ok(
    await admin.post(`/api/tests/${saved.test.id}/assign`, { data: { studentIds: [studentId], release: 'on-submit' } }),
  );
  return {
    email,
    courseTitle,
    exercisesUrl: `/dashboard/courses/${course.id}/sections/${section.id}/exercises`,
    testName,
  };
}

let built: Built;
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  built = await build(request);
  await request.dispose();
});

/** Holds the math editor's script back, so the answer box is clicked and typed into before the field exists. */
async function slowMathEditor(page: Page, ms = 2500) {
  let served = 0;
  await page.route(MATHLIVE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    served += 1;
    await route.continue();
  });
  return () => served;
}

// The stand-in input while the field loads, then the field (whose inner key sink has the same name).
const answerBox = (page: Page) => page.getByLabel('Your answer', { exact: true }).first();
const mathField = (page: Page) => page.locator('math-field');

test('an exercise answer typed at once after the click, while the math editor is still loading, is kept whole and judged', async ({
  page,
}) => {
  await signIn(page, built.email, PASSWORD);
  const served = await slowMathEditor(page);
  await page.goto(built.exercisesUrl);
  await answerBox(page).click();
  await page.keyboard.type('5/8');
  // Typed before the field existed: the script had not arrived yet.
  expect(served()).toBe(0);
  await expect(mathField(page)).toHaveJSProperty('value', FIVE_EIGHTHS);
  await expect(mathField(page)).toBeFocused();
  // The caret is after the typed keys: what follows goes on the end.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('0');
  await expect(mathField(page)).toHaveJSProperty('value', `${FIVE_EIGHTHS}0`);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem', { name: 'Question 1' }).locator('div[role=status]')).toHaveText(/^Correct/);
});

test('an exercise answer typed at once after the click, with the math editor cached, is kept whole', async ({
  page,
}) => {
  await signIn(page, built.email, PASSWORD);
  await page.goto(built.exercisesUrl);
  await expect(mathField(page)).toBeVisible();
  // Again, with the script in the browser's cache: the field comes sooner, the keys still come right after the click
  // (the field takes the focus a timer after the press).
  await page.goto(built.exercisesUrl);
  await answerBox(page).click();
  await page.keyboard.type('5/8');
  await expect(mathField(page)).toHaveJSProperty('value', FIVE_EIGHTHS);
});

test('a test answer typed at once after the click, while the math editor is still loading, is kept whole and saved', async ({
  page,
}) => {
  await signIn(page, built.email, PASSWORD);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/student\/attempts\/[^/]+\/answers\//.test(request.url()))
      saves.push((request.postDataJSON() as { answer: string }).answer);
  });
  await page.goto('/dashboard?section=assignments');
  const served = await slowMathEditor(page);
  await page
    .getByRole('listitem')
    .filter({ hasText: built.testName })
    .getByRole('link', { name: 'Start test' })
    .click();
  await answerBox(page).click();
  await page.keyboard.type('5/8');
  expect(served()).toBe(0);
  await expect(mathField(page)).toHaveJSProperty('value', FIVE_EIGHTHS);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  // A test keeps the blanks' answers as a list.
  await expect.poll(() => saves.at(-1)).toBe(JSON.stringify([FIVE_EIGHTHS]));
});

/** Holds the staff rich-text editor's script back, as on a slow line; how many times it was served. */
async function slowRichTextEditor(page: Page, ms = 2500) {
  let served = 0;
  await page.route(/\/assets\/Editor-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    served += 1;
    await route.continue();
  });
  return () => served;
}

test('a staff rich-text box typed into at once, while its editor is still loading, keeps every key, the focus and the caret', async ({
  page,
}) => {
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  const served = await slowRichTextEditor(page);
  // Reached through the pages, as a teacher does: each page of the way was prepared during the auth check of the
  // first, and none of them may break when the editor's script comes late.
  await page.goto('/course-management');
  await page.getByLabel('Search courses by title, code or description').fill(built.courseTitle);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: built.courseTitle }) })
    .getByRole('button', { name: 'Manage Units' })
    .click();
  await page.getByRole('button', { name: 'Manage Sections' }).first().click();
  await page.getByRole('button', { name: 'Add Section' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Section' });
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Halves first');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Then quarters');
  // The caret moved back into the first line before the editor came: it comes back there.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  expect(served()).toBe(0);
  const editor = dialog.locator('.ProseMirror');
  await expect(editor).toBeVisible();
  await expect(editor.locator('p')).toHaveText(['Halves first', 'Then quarters']);
  await expect(editor).toBeFocused();
  // Keys typed on, without another click, follow what the stand-in took, where its caret stood.
  await page.keyboard.type(', then thirds');
  await expect(editor.locator('p')).toHaveText(['Halves first, then thirds', 'Then quarters']);
  await dialog.getByLabel('Title', { exact: true }).fill('Typed ahead');
  await dialog.getByRole('button', { name: 'Create Section' }).click();
  await expect(page.getByText('Section created successfully')).toBeVisible();
  // What was stored is every key, in order.
  await page.getByRole('button', { name: 'Edit Typed ahead' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Section' });
  await expect(edit.locator('.ProseMirror p')).toHaveText(['Halves first, then thirds', 'Then quarters']);
});

test("a staff rich-text box whose editor's script fails to load says so and still keeps what is typed", async ({
  page,
}) => {
  await signIn(page, 'teacher@demo.academy', DEMO_PASSWORD);
  await page.route(/\/assets\/Editor-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/course-management');
  await page.getByLabel('Search courses by title, code or description').fill(built.courseTitle);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: built.courseTitle }) })
    .getByRole('button', { name: 'Manage Units' })
    .click();
  await page.getByRole('button', { name: 'Manage Sections' }).first().click();
  await page.getByRole('button', { name: 'Add Section' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Section' });
  await expect(
    dialog.getByText('The tools did not load: reload the page for them. What you type here is kept.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Plain words still count');
  await dialog.getByLabel('Title', { exact: true }).fill('Without tools');
  await dialog.getByRole('button', { name: 'Create Section' }).click();
  await expect(page.getByText('Section created successfully')).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Without tools/ }) }),
  ).toContainText('Plain words still count');
});
