import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { ADMIN, focusField, ok, questionTags, signIn, signUpStudent, uniqueEmail } from './helpers';

/**
 * The exercises as a grade-3 child meets them. Six answers entered with the mouse (toolbar and on-screen
 * math keyboard) and with the keyboard only, each judged right; Enter checks; the place (course, section, tab,
 * typed answers, verdicts) survives a reload and Back; the hint opens on demand with its math; the worked solution
 * comes after answering.
 */
const SHOTS = '/tmp/shots';
const PASSWORD = 'Learn&pass1';

/** Six answers a grade-3 child meets, as a teacher would write their keys. */
const SIX = [
  { text: 'Write three quarters: ___1___', key: '3/4' },
  { text: 'Write two and a half as a mixed number: ___1___', key: '2 1/2' },
  { text: 'How long is the pencil? ___1___', key: '2.5 cm' },
  { text: 'Write x squared: ___1___', key: 'x^2' },
  { text: 'Twelve shared by four: ___1___', key: '3' },
  { text: 'Write the matrix with rows 1, 2 and 3, 4: ___1___', key: '\\begin{pmatrix}1 & 2\\\\ 3 & 4\\end{pmatrix}' },
];

interface Built {
  email: string;
  courseId: string;
  courseName: string;
  practiceId: string;
  hintsId: string;
}

/** A new student with a course of one unit: "Six answers" (the six questions) and "Hints and solutions" (two more). */
async function build(request: APIRequestContext): Promise<Built> {
  const email = uniqueEmail('child');
  const studentId = await signUpStudent(request, email, PASSWORD, {
    first_name: 'Maya',
    last_name: 'Lopez',
    birthday: '2017-03-04',
    school: 'Oak School',
    grade_level: '3',
  });
  await ok(await request.post('/api/auth/login', { data: ADMIN }));
  const admin = request;
  const courseName = `Grade 3 Practice ${Date.now()}`;
  const course = await ok<{ id: string }>(
    await admin.post('/api/courses', {
      data: { title: courseName, code: `G3-${Date.now()}`, description: 'Numbers, fractions and measures.' },
    }),
  );
  const unit = await ok<{ id: string }>(
    await admin.post(`/api/courses/${course.id}/units`, {
      data: { title: 'Numbers', grade: '3', categories: ['Numbers'] },
    }),
  );
  const practice = await ok<{ id: string }>(
    await admin.post(`/api/units/${unit.id}/sections`, {
      data: {
        title: 'Six answers',
        grade: '3',
        content: '<p>Fractions like $\\frac{3}{4}$, measures, powers and a matrix.</p>',
      },
    }),
  );
  const hints = await ok<{ id: string }>(
    await admin.post(`/api/units/${unit.id}/sections`, {
      data: { title: 'Hints and solutions', grade: '3', content: '<p>Use the hint when you are stuck.</p>' },
    }),
  );
  const tags = await questionTags(admin, 3);
  const six: string[] = [];
  for (const q of SIX) {
    const created = await ok<{ question: { id: string } }>(
      await admin.post('/api/questions', {
        data: {
          ...tags,
          type: 'Fill in the Blank',
          questionText: q.text,
          options: {},
          answer: [[q.key]],
          solution: `The answer is $${q.key}$.`,
          hint: '',
        },
      }),
    );
    six.push(created.question.id);
  }
  const rows = await ok<{ question: { id: string } }>(
    await admin.post('/api/questions', {
      data: {
        ...tags,
        type: 'Fill in the Blank',
        questionText: 'Four rows of six chairs: ___1___ chairs.',
        options: {},
        answer: [['24']],
        solution: '<p>Count by sixes: $6, 12, 18, 24$.</p>',
        hint: 'Four rows of six make $24$.',
      },
    }),
  );
  const choice = await ok<{ question: { id: string } }>(
    await admin.post('/api/questions', {
      data: {
        ...tags,
        type: 'Multiple Choice',
        questionText: 'Which is half of $8$?',
        options: { A: '$2$', B: '$4$', C: '$6$' },
        answer: { a1: ['B'] },
        solution: '<p>Half of $8$ is $4$ because $4 + 4 = 8$.</p>',
        hint: '',
      },
    }),
  );
  await ok(
    await admin.post('/api/questions/assign-to-section', { data: { sectionId: practice.id, questionIds: six } }),
  );
  await ok(
    await admin.post('/api/questions/assign-to-section', {
      data: { sectionId: hints.id, questionIds: [rows.question.id, choice.question.id] },
    }),
  );
  await ok(await admin.post('/api/admin/assign-course', { data: { studentId, courseId: course.id } }));
  await ok(await admin.post('/api/admin/assign-unit', { data: { studentId, unitId: unit.id, withSections: true } }));
  return { email, courseId: course.id, courseName, practiceId: practice.id, hintsId: hints.id };
}

const sectionUrl = (b: Built, sectionId: string, tab: 'content' | 'exercises') =>
  `/dashboard/courses/${b.courseId}/sections/${sectionId}/${tab}`;
const question = (page: Page, n: number) => page.getByRole('listitem', { name: `Question ${n}` });
const fieldOf = (card: Locator) => card.locator('math-field');
// The field has a live region of its own (a span): the verdict is the card's div.
const verdictOf = (card: Locator) => card.locator('div[role=status]');

/** A key of the on-screen math keyboard, clicked with the mouse. */
async function key(page: Page, label: string) {
  await page.locator(`.MLK__keycap[aria-label="${label}"]`).filter({ visible: true }).first().click();
}
async function nextSlot(page: Page) {
  await page.locator('[data-command*="moveToNextChar"]').filter({ visible: true }).first().click();
}
async function keyboardLayer(page: Page, name: string) {
  await page.locator('.ML__keyboard').getByText(name, { exact: true }).filter({ visible: true }).first().click();
}

/**
 * The mouse: the toolbar for structures, the on-screen keyboard for digits and letters. A category is chosen before
 * the field is clicked (choosing one takes the focus, and the on-screen keyboard goes with it).
 */
const BY_MOUSE: Array<{ category: string; enter(page: Page, card: Locator): Promise<void> }> = [
  {
    category: 'Basic',
    enter: async (page, card) => {
      await card.getByRole('button', { name: 'Fraction' }).click();
      await key(page, '3');
      await nextSlot(page);
      await key(page, '4');
    },
  },
  {
    category: 'Basic',
    enter: async (page, card) => {
      await key(page, '2');
      await card.getByRole('button', { name: 'Fraction' }).click();
      await key(page, '1');
      await nextSlot(page);
      await key(page, '2');
    },
  },
  {
    category: 'Basic',
    enter: async (page) => {
      for (const k of ['2', '.', '5']) await key(page, k);
      await keyboardLayer(page, 'abc');
      await key(page, 'c');
      await key(page, 'm');
      await keyboardLayer(page, '123');
    },
  },
  {
    category: 'Basic',
    enter: async (page, card) => {
      await key(page, 'x');
      await card.getByRole('button', { name: 'Squared' }).click();
    },
  },
  {
    category: 'Operators',
    enter: async (page, card) => {
      await key(page, '1');
      await key(page, '2');
      await card.getByRole('button', { name: 'Divide' }).click();
      await key(page, '4');
    },
  },
  {
    category: 'Matrices',
    enter: async (page, card) => {
      await card.getByRole('button', { name: 'Insert matrix' }).click();
      await key(page, '1');
      for (const k of ['2', '3', '4']) {
        await nextSlot(page);
        await key(page, k);
      }
    },
  },
];

/** The keyboard only: typing as a child types, Tab to the next slot; the matrix comes from the toolbar, reached with Tab. */
const BY_KEYBOARD: Array<(page: Page, card: Locator) => Promise<void>> = [
  async (page) => page.keyboard.type('3/4'),
  async (page) => page.keyboard.type('2 1/2'),
  async (page) => page.keyboard.type('2.5 cm'),
  async (page) => page.keyboard.type('x^2'),
  async (page) => page.keyboard.type('12/4'),
  async (page, card) => {
    // From the field back to the toolbar's Math button, open it, then on to the Matrices tab and its Insert button.
    await tabUntil(page, card, 'Math', 'Shift+Tab');
    await page.keyboard.press('Enter');
    // Tab reaches the chosen category; the arrow keys move along the categories.
    for (
      let i = 0;
      i < 4 && !(await card.getByRole('tab', { selected: true }).evaluate((el) => el === document.activeElement));
      i++
    )
      await page.keyboard.press('Tab');
    await expect(card.getByRole('tab', { selected: true })).toBeFocused();
    for (
      let i = 0;
      i < 8 && !(await card.getByRole('tab', { name: 'Matrices' }).evaluate((el) => el === document.activeElement));
      i++
    )
      await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('tab', { name: 'Matrices' })).toBeFocused();
    await tabUntil(page, card, 'Insert matrix', 'Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.type('1');
    for (const k of ['2', '3', '4']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(k);
    }
  },
];

/** Presses a key until the focused control in the card has the given name (at most 12 presses). */
async function tabUntil(page: Page, card: Locator, name: string, press: string) {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(press);
    const focused = await card.evaluate((el) => {
      const active = document.activeElement as HTMLElement | null;
      return active && el.contains(active)
        ? (active.getAttribute('aria-label') ?? active.textContent ?? '').trim()
        : '';
    });
    if (focused === name) return;
  }
  throw new Error(`${name} was not reached with ${press}`);
}

test.describe.configure({ mode: 'serial' });
let built: Built;
test.beforeAll(async ({ playwright, baseURL }) => {
  built = await build(await playwright.request.newContext({ baseURL }));
});

test('six answers entered with the mouse, then with the keyboard only, are each judged right', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, built.email, PASSWORD);
  await page.goto(sectionUrl(built, built.practiceId, 'exercises'));
  await expect(question(page, 6)).toBeVisible();

  for (let i = 0; i < SIX.length; i++) {
    await test.step(`with the mouse: ${SIX[i].key}`, async () => {
      const card = question(page, i + 1);
      await card.getByRole('button', { name: 'Math' }).click();
      await card.getByRole('tab', { name: BY_MOUSE[i].category }).click();
      await fieldOf(card).click();
      // The field's own keyboard button opens the on-screen keyboard, as a touch screen does by itself.
      if (!(await page.locator('.ML__keyboard.is-visible').count()))
        await fieldOf(card).locator('[part=virtual-keyboard-toggle]').click();
      await expect(page.locator('.ML__keyboard.is-visible')).toBeVisible();
      await BY_MOUSE[i].enter(page, card);
      await card.getByRole('button', { name: 'Check Answer' }).click();
      await expect(verdictOf(card)).toHaveText('Correct!');
      // Focus stays on the question: the button, not the page.
      await expect(card.getByRole('button', { name: 'Check Answer' })).toBeFocused();
      await card.getByRole('button', { name: 'Math' }).click();
    });
  }
  await page.keyboard.press('Escape');
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/exercises-six-mouse-1280.png`, fullPage: true });

  for (let i = 0; i < SIX.length; i++) {
    await test.step(`with the keyboard only: ${SIX[i].key}`, async () => {
      const card = question(page, i + 1);
      // The field is reached with the keyboard: Tab from the control just before it.
      await card.getByRole('button', { name: /Show source|Hide source/ }).focus();
      await page.keyboard.press('Tab');
      await expect(fieldOf(card)).toBeFocused();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await expect(verdictOf(card)).toHaveText('');
      await BY_KEYBOARD[i](page, card);
      await page.keyboard.press('Enter');
      await expect(verdictOf(card)).toHaveText('Correct!');
      await expect(fieldOf(card)).toBeFocused();
    });
  }

  // The source view shows the LaTeX the field holds.
  const matrix = question(page, 6);
  await matrix.getByRole('button', { name: 'Show source' }).click();
  await expect(matrix.getByLabel('Your answer source (LaTeX)')).toHaveValue(
    /\\begin\{pmatrix\}1\s*&\s*2\\\\\s*3\s*&\s*4\\end\{pmatrix\}/,
  );
  await expect(matrix.getByLabel('Your answer preview').locator('.katex')).toBeVisible();
});

test('a wrong answer says so once, in words, and Enter with an empty slot is not readable', async ({ page }) => {
  await signIn(page, built.email, PASSWORD);
  await page.goto(sectionUrl(built, built.practiceId, 'exercises'));
  const card = question(page, 1);
  await focusField(fieldOf(card));
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('3/5');
  await page.keyboard.press('Enter');
  await expect(verdictOf(card)).toHaveText('Not quite. Try again.');
  await expect(card.getByText('Correct Correct!')).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('3/');
  await page.keyboard.press('Enter');
  await expect(verdictOf(card)).toHaveText('We could not read your answer. Check the math and try again.');
});

test('a section opens by its address and keeps its place, answers and verdicts through a reload and Back', async ({
  page,
}) => {
  await signIn(page, built.email, PASSWORD);
  await page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'My Courses' }).click();
  await page.getByRole('button', { name: `View Course ${built.courseName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/courses/${built.courseId}$`));
  await page.getByRole('button', { name: 'Unit 1: Numbers' }).click();
  await page.getByRole('button', { name: '1.2 Hints and solutions' }).click();
  await expect(page).toHaveURL(new RegExp(`${sectionUrl(built, built.hintsId, 'content')}$`));
  await page.getByRole('tab', { name: /Exercises/ }).click();
  await expect(page).toHaveURL(new RegExp(`${sectionUrl(built, built.hintsId, 'exercises')}$`));
  // One answer typed and left, one checked.
  const rows = question(page, 1);
  await focusField(fieldOf(rows));
  await page.keyboard.type('23');
  const choice = question(page, 2);
  await choice.getByLabel('Option B').check();
  await choice.getByRole('button', { name: 'Check Answer' }).click();
  await expect(verdictOf(choice)).toHaveText('Correct!');

  await page.reload();
  await expect(page.getByRole('tab', { name: /Exercises/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Hints and solutions' })).toBeVisible();
  await expect(page.getByRole('button', { name: '1.2 Hints and solutions' })).toHaveAttribute('aria-current', 'true');
  await expect(fieldOf(question(page, 1))).toHaveJSProperty('value', '23');
  await expect(question(page, 2).getByLabel('Option B')).toBeChecked();
  await expect(verdictOf(question(page, 2))).toHaveText('Correct!');
  await expect(
    page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name: 'My Courses' }),
  ).toHaveAttribute('aria-current', 'page');

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${sectionUrl(built, built.hintsId, 'content')}$`));
  await expect(page.getByText('Use the hint when you are stuck.')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/dashboard/courses/${built.courseId}$`));
  await expect(page.getByText('Choose a unit, then a section, to open its lesson.')).toBeVisible();

  // A section that is not in the course, or not the student's, is refused in place.
  await page.goto(sectionUrl(built, '00000000-0000-4000-8000-000000000000', 'content'));
  await expect(page.getByText('This section is not open to you')).toBeVisible();
});

test('the hint shows only on demand, with its math rendered; the worked solution comes after answering', async ({
  page,
}) => {
  await signIn(page, built.email, PASSWORD);
  await page.goto(sectionUrl(built, built.hintsId, 'exercises'));
  const rows = question(page, 1);
  await expect(rows.getByText('Four rows of six make')).toHaveCount(0);
  await rows.getByRole('button', { name: 'Show hint' }).click();
  await expect(rows.getByText('Four rows of six make')).toBeVisible();
  await expect(rows.locator('.katex', { hasText: '24' })).toBeVisible();
  await expect(rows.getByText('$24$')).toHaveCount(0);

  // No solution before answering; after one wrong answer still none; after the second it is offered.
  await expect(rows.getByRole('button', { name: 'Show worked solution' })).toHaveCount(0);
  for (const [wrong, offered] of [
    ['20', 0],
    ['22', 1],
  ] as const) {
    await focusField(fieldOf(rows));
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    await expect(verdictOf(rows)).toHaveText('Not quite. Try again.');
    await expect(rows.getByRole('button', { name: 'Show worked solution' })).toHaveCount(offered);
  }
  await rows.getByRole('button', { name: 'Show worked solution' }).click();
  const solution = rows.getByRole('region', { name: 'Worked solution' });
  await expect(solution).toContainText('Count by sixes');
  await expect(solution.locator('.katex').first()).toBeVisible();

  // The multiple-choice question was answered right in the previous test: its solution is offered.
  const choice = question(page, 2);
  await choice.getByRole('button', { name: 'Show worked solution' }).click();
  await expect(choice.getByRole('region', { name: 'Worked solution' })).toContainText('because');
});

for (const width of [1280, 375]) {
  test(`the exercise page has no serious accessibility violation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, built.email, PASSWORD);
    await page.goto(sectionUrl(built, built.practiceId, 'exercises'));
    await expect(fieldOf(question(page, 6))).toBeVisible();
    await question(page, 1).getByRole('button', { name: 'Math' }).click();
    await question(page, 2).getByRole('button', { name: 'Show source' }).click();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/exercises-page-${width}.png`, fullPage: true });
    expect(serious).toEqual([]);
    // The on-screen keyboard as a phone shows it.
    await fieldOf(question(page, 3)).click();
    await fieldOf(question(page, 3)).locator('[part=virtual-keyboard-toggle]').click();
    await expect(page.locator('.ML__keyboard.is-visible')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/exercises-keyboard-${width}.png` });
  });
}
