import { expect, test, type Browser, type Page } from './fixtures';
import { ADMIN, signIn, uniqueEmail } from './helpers';

const PASSWORD = 'Welcome-1a!';

async function asAdmin(page: Page) {
  await signIn(page, ADMIN.email, ADMIN.password);
}

/** A second browser, as another person on another machine. */
async function otherBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

async function chooseCard(page: Page, title: string) {
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await expect(page.getByRole('heading', { name: `Register ${title}` })).toBeVisible();
}

async function fillCommon(page: Page, first: string, last: string, email: string) {
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Email', { exact: true }).fill(email);
}

/** The student form filled in (Grade 7 at Hill School) and sent. */
async function registerStudent(page: Page, first: string, last: string, email: string) {
  await fillCommon(page, first, last, email);
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Date of Birth').fill('2013-05-06');
  await page.getByLabel('Grade').selectOption('7');
  await page.getByLabel('School').fill('Hill School');
  await page.getByLabel('Address').fill('4 Hill Road');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

async function registerVia(page: Page, userType: string, formData: Record<string, unknown>) {
  const response = await page.request.post('/api/admin/register', { data: { userType, formData } });
  expect(response.status(), await response.text()).toBe(201);
}

async function findUser(page: Page, email: string) {
  await page.getByLabel('Search users by email, type, phone or name').fill(email);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);
}

test('the admin registers one user of each type with its rules and messages, and each signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  await asAdmin(page);
  await page.goto('/register-users');
  await expect(page.getByRole('heading', { name: 'Register Users' })).toBeVisible();
  const made: string[] = [];

  // Teacher: the phone rule, then the password checklist turning green.
  await chooseCard(page, 'Teacher');
  const teacher = uniqueEmail('teacher');
  await fillCommon(page, 'Tara', 'Newton', teacher);
  await page.getByLabel('Phone Number').fill('555123');
  await expect(page.getByLabel('Phone Number')).toHaveValue('(555) 123');
  await page.getByLabel('Specialization').selectOption('Geometry');
  const checklist = page.getByRole('list', { name: 'Password requirements' });
  await expect(checklist.locator('li[data-met="false"]')).toHaveCount(5);
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await expect(checklist.locator('li[data-met="true"]')).toHaveCount(1);
  await expect(checklist).toContainText('Password must be at least 8 characters long');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Phone number must be in format: (123) 456-7890')).toBeVisible();
  await page.getByLabel('Phone Number').fill('5551234567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(checklist.locator('li[data-met="true"]')).toHaveCount(5);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('User registered successfully!')).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('');
  made.push(teacher);

  await chooseCard(page, 'Data Entry');
  const entry = uniqueEmail('entry');
  await fillCommon(page, 'Dana', 'Keys', entry);
  await page.getByLabel('Phone Number').fill('5551230000');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('User registered successfully!')).toBeVisible();
  made.push(entry);

  // Parent: the child is picked among the students; the confirmation must match.
  await chooseCard(page, 'Parent');
  const parent = uniqueEmail('parent');
  await fillCommon(page, 'Paula', 'Chen', parent);
  await page.getByLabel('Phone Number').fill('5551231111');
  await page.getByLabel('Address').fill('12 Elm Street');
  await page.getByLabel('Search students to add to children').fill('Leo');
  await page.getByRole('button', { name: 'Add Leo Chen' }).click();
  await expect(page.getByRole('list', { name: 'Children chosen' })).toContainText('Leo Chen');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('User registered successfully!')).toBeVisible();
  made.push(parent);

  await chooseCard(page, 'Student');
  const student = uniqueEmail('student');
  await registerStudent(page, 'Sami', 'Lee', student);
  await expect(page.getByText('User registered successfully!')).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('');
  made.push(student);

  // A taken e-mail: the form's failure text, and the reason on the e-mail field.
  await registerStudent(page, 'Sami', 'Again', student);
  await expect(page.getByText('Registration failed. Please try again.')).toBeVisible();
  await expect(page.getByText('An account with this email already exists.')).toBeVisible();

  for (const email of made) {
    const other = await otherBrowser(browser, baseURL!);
    await signIn(other.page, email, PASSWORD);
    await other.close();
  }

  // The parent is listed with the child picked.
  await page.goto('/manage-users');
  await findUser(page, parent);
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Children: Leo Chen');
});

test('the admin deactivates a teacher, whose open browser is signed out on the next action; reactivating lets them in', async ({
  page,
  browser,
  baseURL,
}) => {
  await asAdmin(page);
  const email = uniqueEmail('gone-teacher');
  await registerVia(page, 'teacher', {
    first_name: 'Ivy',
    last_name: 'Off',
    email,
    phone_number: '(555) 444-1212',
    specialization: 'Algebra',
    password: PASSWORD,
  });
  const teacher = await otherBrowser(browser, baseURL!);
  await signIn(teacher.page, email, PASSWORD);
  await expect(teacher.page.getByText('Welcome back, Ivy!')).toBeVisible();

  await page.goto('/manage-users');
  await findUser(page, email);
  await page.getByRole('button', { name: 'Deactivate Ivy Off' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Inactive');
  // The message clears itself after 5 s.
  await expect(page.getByText('User updated successfully!')).toBeHidden({ timeout: 8000 });

  await teacher.page.getByRole('link', { name: 'Question Bank' }).first().click();
  await expect(teacher.page).toHaveURL(/\/signin/);
  await expect(teacher.page.getByText('Authentication Required')).toBeVisible();
  await teacher.page.getByLabel('Email').fill(email);
  await teacher.page.getByLabel('Password').fill(PASSWORD);
  await teacher.page.getByRole('button', { name: 'Log In' }).click();
  await expect(teacher.page.getByText('Your account is inactive. Please contact the academy.')).toBeVisible();

  await page.getByRole('button', { name: 'Activate Ivy Off' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await signIn(teacher.page, email, PASSWORD);
  await teacher.close();
});

test("the admin edits a student's school and deletes a data-entry user, with the confirmation saying what goes and what stays", async ({
  page,
}) => {
  await asAdmin(page);
  const student = uniqueEmail('edit-student');
  await registerVia(page, 'student', {
    first_name: 'Edda',
    last_name: 'Moved',
    email: student,
    gender: 'female',
    date_of_birth: '2012-01-02',
    grade: '8',
    school: 'Old School',
    address: '1 Road',
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  const entry = uniqueEmail('leaving-entry');
  await registerVia(page, 'data-entry', {
    first_name: 'Dex',
    last_name: 'Leaving',
    email: entry,
    phone_number: '(555) 444-3434',
    password: PASSWORD,
  });

  await page.goto('/manage-users');
  await findUser(page, student);
  await page.getByRole('button', { name: 'Edda Moved', exact: true }).click();
  await page.getByRole('button', { name: 'Edit Information' }).click();
  await page.getByLabel('School').fill('New Academy School');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('New Academy School');

  await findUser(page, entry);
  await page.getByRole('button', { name: 'Dex Leaving', exact: true }).click();
  await page.getByRole('button', { name: 'Delete User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Dex Leaving?' });
  await expect(dialog).toContainText('course assignments and answer history');
  await expect(dialog).toContainText('are kept, without an author');
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByText('User deleted successfully!')).toBeVisible();
  await expect(page.getByText('No users found')).toBeVisible();
});

test("the admin imports a CSV of 50 students with 3 bad rows: a preview with each row's problems, then the 47 good ones", async ({
  page,
}) => {
  await asAdmin(page);
  await page.goto('/manage-users');
  const before = Number(
    (await page.getByRole('button', { name: /Students$/ }).innerText()).split('\n')[0].replace(/,/g, ''),
  );

  const tag = Date.now().toString(36);
  const header = 'First Name,Last Name,Email,Gender,Date of Birth,Grade,School,Address';
  const lines = Array.from(
    { length: 50 },
    (_, i) =>
      `Kid${i},Class${tag},kid${i}-${tag}@class.test,${i % 2 ? 'Male' : 'Female'},2013-02-03,${(i % 12) + 1},Lake School,"${i} Lake Road, Town"`,
  );
  lines[4] = `Bad,Phone,bad4-${tag}@class.test,Male,2013-02-03,5,Lake School,1 Road,555`;
  lines[10] = `,NoName,bad10-${tag}@class.test,Male,2013-02-03,5,Lake School,1 Road`;
  lines[20] = `Bad,Grade,bad20-${tag}@class.test,Male,2013-02-03,13,Lake School,1 Road`;
  const csv = `${header},Phone Number\n${lines.join('\n')}\n`;

  await page.goto('/register-users');
  // The page shown, not only prepared out of sight while the session is checked: the file goes to the input in use.
  await expect(page.getByRole('heading', { name: 'Import students from a CSV file' })).toBeVisible();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('47 of 50 rows ready to import; 3 with errors, 0 duplicates.')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row').filter({ hasText: 'Has errors' })).toHaveCount(3);
  await expect(preview).toContainText('Phone number must be in format: (123) 456-7890');
  await expect(preview).toContainText('First name is required');
  await expect(preview).toContainText('Please choose a grade from K to 12');
  await page.getByRole('button', { name: 'Import 47 students' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText('47 imported, 0 duplicates, 3 with errors.')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '47');

  // The same file again: every good row is now a duplicate, nothing is created twice.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('0 of 50 rows ready to import; 3 with errors, 47 duplicates.')).toBeVisible();

  await page.goto('/manage-users');
  await expect(page.getByRole('button', { name: /Students$/ })).toContainText(String(before + 47));
  // The Students card filters, and the table pages by 10 through the class.
  await page.getByRole('button', { name: /Students$/ }).click();
  await expect(page.getByRole('button', { name: /Students$/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Search users by email, type, phone or name').fill(`class${tag}`);
  // The search applies after a pause in typing: wait for its count before paging.
  await expect(page.getByText('1–10 of 47 users')).toBeVisible();
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 5')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(11);
});

test("at 375 px the users table scrolls sideways with each row's name held in view, so Type, Status and Actions are reached", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await asAdmin(page);
  await page.goto('/manage-users');
  // Earlier tests add users that page the admin off the first page: find the row by its address.
  await page.getByLabel('Search users by email, type, phone or name').fill(ADMIN.email);
  const table = page.getByRole('table', { name: /users/i });
  await expect(table.getByRole('row')).toHaveCount(2);
  const name = table.getByRole('cell', { name: 'Academy Admin', exact: true });
  await expect(name).toBeVisible();
  const before = (await name.boundingBox())!;
  await table.evaluate((element) => {
    element.parentElement!.scrollLeft = element.parentElement!.scrollWidth;
  });
  // Scrolled to its end: the last column is inside the screen, and the name has not moved.
  const actions = table.getByRole('columnheader', { name: 'Actions' });
  const end = (await actions.boundingBox())!;
  expect(end.x + end.width).toBeLessThanOrEqual(375);
  const after = (await name.boundingBox())!;
  expect(Math.round(after.x)).toBe(Math.round(before.x));
  // Nothing else of the page is pushed wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
});
