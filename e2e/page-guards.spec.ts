import fs from 'node:fs';
import { expect, test, type Browser, type Cookie, type Page } from './fixtures';
import { ADMIN, DEMO_PASSWORD } from './helpers';

/**
 * Every page of the academy opened by every kind of visitor, against where each should land and what it should
 * see, written out here rather than read from the code under test.
 */
type Role = 'anonymous' | 'student' | 'parent' | 'teacher' | 'data-entry' | 'admin';
type SignedIn = Exclude<Role, 'anonymous'>;
/** Where the visitor lands (the path) and a text the page then shows. */
/** Where a visitor ends up, and a text the page shows there (a pattern where other specs change it, like a greeting). */
type Landing = { url: string; shows: string | RegExp };

const ACCOUNTS: Record<SignedIn, { email: string; password: string }> = {
  student: { email: 'student@demo.academy', password: DEMO_PASSWORD },
  parent: { email: 'parent@demo.academy', password: DEMO_PASSWORD },
  teacher: { email: 'teacher@demo.academy', password: DEMO_PASSWORD },
  'data-entry': { email: 'dataentry@demo.academy', password: DEMO_PASSWORD },
  admin: ADMIN,
};

const SIGN_IN: Landing = { url: '/signin', shows: 'Authentication Required' };
const DENIED_AT_HOME: Landing = { url: '/', shows: "Access Denied - You don't have permission to access this page." };
const deniedHere = (url: string): Landing => ({
  url,
  shows: "Access Denied: You don't have permission to access this page.",
});
const noQuestionCreation = (url: string): Landing => ({ url, shows: "You don't have permission to create questions" });
const THANK_YOU: Landing = { url: '/cart/done', shows: 'Thank you!' };
const PAYMENT_STATUS: Landing = {
  url: '/cart/done',
  shows: /^(Payment received|Confirming your payment|Enrollments)$/,
};
const DASHBOARD: Record<SignedIn, Landing> = {
  // "Welcome" until Leo's first check, "Welcome back" after (other specs check answers as Leo).
  student: { url: '/dashboard', shows: /^Welcome( back)?, Leo!$/ },
  parent: { url: '/dashboard', shows: 'Welcome, Grace!' },
  teacher: { url: '/dashboard', shows: 'Welcome back, Maya!' },
  'data-entry': { url: '/dashboard', shows: 'Welcome, Sam!' },
  admin: { url: '/dashboard', shows: 'Total Users' },
};

/** One row per route: what each role meets there. */
const ROUTES: Record<string, Record<Role, Landing>> = {
  '/dashboard': { anonymous: SIGN_IN, ...DASHBOARD },
  // A student's own test pages; an unknown sitting is the server's 404.
  '/tests/review/00000000-0000-4000-8000-000000000000': {
    anonymous: SIGN_IN,
    ...DASHBOARD,
    student: { url: '/tests/review/00000000-0000-4000-8000-000000000000', shows: 'Test attempt not found' },
  },
  // A saved test's staff page: admins and teachers; an unknown test is the server's 404.
  '/saved-tests/00000000-0000-4000-8000-000000000000': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DENIED_AT_HOME,
    teacher: { url: '/saved-tests/00000000-0000-4000-8000-000000000000', shows: 'Test not found' },
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/saved-tests/00000000-0000-4000-8000-000000000000', shows: 'Test not found' },
  },
  // A student's work: their teachers and admins; an unknown student is the server's 404. Families have their reports.
  '/students/00000000-0000-4000-8000-000000000000/work': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DASHBOARD.parent,
    teacher: { url: '/students/00000000-0000-4000-8000-000000000000/work', shows: 'Student not found' },
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/students/00000000-0000-4000-8000-000000000000/work', shows: 'Student not found' },
  },
  '/admin': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/admin', shows: 'Total Users' },
  },
  '/admin-dashboard': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/admin-dashboard', shows: 'Total Users' },
  },
  '/manage-users': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/manage-users', shows: 'Manage Users' },
  },
  '/admin-offerings': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/admin-offerings', shows: 'Course Catalogue' },
  },
  '/register-users': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/register-users', shows: 'Register Users' },
  },
  '/admin-analytics': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/admin-analytics', shows: 'Download CSV' },
  },
  '/admin-settings': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/admin-settings', shows: 'Social links' },
  },
  '/admin-inbox': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: {
      url: '/admin-inbox',
      shows: 'Booking requests, enrollments and newsletter subscribers from the public site.',
    },
  },
  // The old address of the enrollments list: it opens the inbox's Enrollments tab, whose guard then applies.
  '/admin-enrollments': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: {
      url: '/admin-inbox',
      shows: 'Booking requests, enrollments and newsletter subscribers from the public site.',
    },
  },
  '/admin-profile': {
    anonymous: SIGN_IN,
    student: DENIED_AT_HOME,
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/admin-profile', shows: 'Change Password' },
  },
  // The teacher dashboard's behavior for others is not shown: they go to their own dashboard.
  '/teacher': { anonymous: SIGN_IN, ...DASHBOARD, teacher: { url: '/teacher', shows: 'Welcome back, Maya!' } },
  '/teacher-dashboard': {
    anonymous: SIGN_IN,
    ...DASHBOARD,
    teacher: { url: '/teacher-dashboard', shows: 'Welcome back, Maya!' },
  },
  // Teacher pages: others stay and see the Access Denied view.
  '/teacher-profile': {
    anonymous: SIGN_IN,
    student: deniedHere('/teacher-profile'),
    parent: deniedHere('/teacher-profile'),
    teacher: { url: '/teacher-profile', shows: 'Change Password' },
    'data-entry': deniedHere('/teacher-profile'),
    admin: deniedHere('/teacher-profile'),
  },
  '/teacher-grade': {
    anonymous: SIGN_IN,
    student: deniedHere('/teacher-grade'),
    parent: deniedHere('/teacher-grade'),
    // The gradebook's title: whether the demo teacher has a class yet depends on the specs run before this one.
    teacher: { url: '/teacher-grade', shows: 'Grades' },
    'data-entry': deniedHere('/teacher-grade'),
    admin: deniedHere('/teacher-grade'),
  },
  '/teacher-schedule': {
    anonymous: SIGN_IN,
    student: deniedHere('/teacher-schedule'),
    parent: deniedHere('/teacher-schedule'),
    teacher: { url: '/teacher-schedule', shows: 'Add to your own calendar' },
    'data-entry': deniedHere('/teacher-schedule'),
    admin: deniedHere('/teacher-schedule'),
  },
  // A class's due dates: its teachers and admins; an unknown class is the server's 404.
  '/classes/00000000-0000-4000-8000-000000000000/due-dates': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DENIED_AT_HOME,
    teacher: { url: '/classes/00000000-0000-4000-8000-000000000000/due-dates', shows: 'Class not found' },
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/classes/00000000-0000-4000-8000-000000000000/due-dates', shows: 'Class not found' },
  },
  '/parent-dashboard': {
    anonymous: SIGN_IN,
    ...DASHBOARD,
    parent: { url: '/parent-dashboard', shows: 'Welcome, Grace!' },
  },
  '/question-bank': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DENIED_AT_HOME,
    teacher: { url: '/question-bank', shows: 'Manage Categories' },
    'data-entry': { url: '/question-bank', shows: 'Manage Categories' },
    admin: { url: '/question-bank', shows: 'Manage Categories' },
  },
  '/create-question-step1': {
    anonymous: SIGN_IN,
    student: noQuestionCreation('/create-question-step1'),
    parent: noQuestionCreation('/create-question-step1'),
    teacher: { url: '/create-question-step1', shows: 'Create New Question - Step 1' },
    'data-entry': { url: '/create-question-step1', shows: 'Create New Question - Step 1' },
    admin: { url: '/create-question-step1', shows: 'Create New Question - Step 1' },
  },
  // Step 2 without the choices of step 1 starts at step 1.
  '/create-question-step2': {
    anonymous: SIGN_IN,
    student: noQuestionCreation('/create-question-step2'),
    parent: noQuestionCreation('/create-question-step2'),
    teacher: { url: '/create-question-step1', shows: 'Create New Question - Step 1' },
    'data-entry': { url: '/create-question-step1', shows: 'Create New Question - Step 1' },
    admin: { url: '/create-question-step1', shows: 'Create New Question - Step 1' },
  },
  '/question-assignment': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DENIED_AT_HOME,
    teacher: { url: '/question-assignment', shows: 'Available Questions' },
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/question-assignment', shows: 'Available Questions' },
  },
  // Students go to /student, which is their dashboard.
  '/course-assignment': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DENIED_AT_HOME,
    teacher: { url: '/course-assignment', shows: 'Assign courses, units and sections to your students.' },
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/course-assignment', shows: 'Assign courses, units and sections to students.' },
  },
  '/classes': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DENIED_AT_HOME,
    teacher: { url: '/classes', shows: 'Classes' },
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/classes', shows: 'Classes' },
  },
  // A class's page: admins and teachers; an unknown class is the server's 404.
  '/classes/00000000-0000-4000-8000-000000000000': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DENIED_AT_HOME,
    teacher: { url: '/classes/00000000-0000-4000-8000-000000000000', shows: 'Class not found' },
    'data-entry': DENIED_AT_HOME,
    admin: { url: '/classes/00000000-0000-4000-8000-000000000000', shows: 'Class not found' },
  },
  '/course-management': {
    anonymous: SIGN_IN,
    student: DASHBOARD.student,
    parent: DASHBOARD.parent,
    teacher: { url: '/course-management', shows: 'Courses' },
    'data-entry': { url: '/course-management', shows: 'Courses' },
    admin: { url: '/course-management', shows: 'Courses' },
  },
  // The student's course viewer: students go on to My Courses, others home with Access Denied.
  '/dashboard/courses': {
    anonymous: SIGN_IN,
    student: { url: '/dashboard', shows: 'My Courses' },
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: DENIED_AT_HOME,
  },
  '/dashboard/courses/00000000-0000-4000-8000-000000000000/sections/00000000-0000-4000-8000-000000000001/exercises': {
    anonymous: SIGN_IN,
    student: {
      url: '/dashboard/courses/00000000-0000-4000-8000-000000000000/sections/00000000-0000-4000-8000-000000000001/exercises',
      shows: 'Error loading course details',
    },
    parent: DENIED_AT_HOME,
    teacher: DENIED_AT_HOME,
    'data-entry': DENIED_AT_HOME,
    admin: DENIED_AT_HOME,
  },
  // Where Stripe sends a family after paying: open to all (the payment came from outside), and only a family, who
  // has enrollments, sees where its payment stands; the heading depends on the enrollments other specs made.
  '/cart/done': {
    anonymous: THANK_YOU,
    student: PAYMENT_STATUS,
    parent: PAYMENT_STATUS,
    teacher: THANK_YOU,
    'data-entry': THANK_YOU,
    admin: THANK_YOU,
  },
  '/profile': {
    anonymous: SIGN_IN,
    student: { url: '/profile', shows: 'Change Password' },
    parent: { url: '/profile', shows: 'Change Password' },
    teacher: { url: '/profile', shows: 'Change Password' },
    'data-entry': { url: '/profile', shows: 'Change Password' },
    admin: { url: '/profile', shows: 'Change Password' },
  },
};

/** Each role signs in once; its session cookie is handed to every page it opens. */
const sessions = new Map<SignedIn, Cookie[]>();
async function sessionOf(browser: Browser, baseURL: string, role: SignedIn): Promise<Cookie[]> {
  const known = sessions.get(role);
  if (known) return known;
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/auth/login', { data: { ...ACCOUNTS[role], rememberMe: true } });
  expect(response.status(), `sign-in of ${role}`).toBe(200);
  const cookies = await context.cookies();
  await context.close();
  sessions.set(role, cookies);
  return cookies;
}

async function openAs(page: Page, browser: Browser, baseURL: string, role: Role, path: string) {
  if (role !== 'anonymous') await page.context().addCookies(await sessionOf(browser, baseURL, role));
  await page.goto(path);
}

async function expectLanding(page: Page, landing: Landing, soft = false) {
  const check = soft ? expect.soft : expect;
  // The text first: once it shows, every redirect has happened, and the address is where the visitor stays.
  await check(page.getByRole('main').getByText(landing.shows, { exact: true }).first()).toBeVisible();
  check(new URL(page.url()).pathname).toBe(landing.url);
}

const ROLES: Role[] = ['anonymous', 'student', 'parent', 'teacher', 'data-entry', 'admin'];
for (const role of ROLES) {
  // One page per role walks every route: each cell is a step, and a wrong cell does not hide the others.
  test(`${role}: every staff route lands where the table says, showing what it says`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Room for every cell to report when many are wrong (each waits up to 10 s).
    test.setTimeout(300_000);
    for (const [path, byRole] of Object.entries(ROUTES)) {
      const landing = byRole[role];
      await test.step(`${path} -> ${landing.url}, "${landing.shows}"`, async () => {
        await openAs(page, browser, baseURL!, role, path);
        await expectLanding(page, landing, true);
      });
    }
  });
}

const SHOTS = '/tmp/shots';
for (const width of [1280, 375]) {
  test.describe(`the guard views at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });
    test('Authentication Required, Access Denied at home and Access Denied in place', async ({
      page,
      browser,
      baseURL,
    }) => {
      fs.mkdirSync(SHOTS, { recursive: true });
      await openAs(page, browser, baseURL!, 'anonymous', '/manage-users');
      await expectLanding(page, SIGN_IN);
      await page.screenshot({ path: `${SHOTS}/guard-authentication-required-${width}.png`, fullPage: true });
      await openAs(page, browser, baseURL!, 'teacher', '/manage-users');
      await expectLanding(page, DENIED_AT_HOME);
      await expect(page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/guard-access-denied-home-${width}.png`, fullPage: true });
      await page.context().clearCookies();
      await openAs(page, browser, baseURL!, 'admin', '/teacher-grade');
      await expectLanding(page, deniedHere('/teacher-grade'));
      await page.screenshot({ path: `${SHOTS}/guard-access-denied-here-${width}.png`, fullPage: true });
      // The link leads on to the user's own dashboard.
      await page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }).click();
      await expectLanding(page, DASHBOARD.admin);
    });
  });
}
