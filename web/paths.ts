const enc = encodeURIComponent;

/** The tabs of a section's lesson; `video` only for a section with a video. */
export const LESSON_TABS = ['content', 'exercises', 'video'] as const;
export type LessonTab = (typeof LESSON_TABS)[number];

/** The address of a section of a student's course, opened on a tab: "Pick up where you left off" links here. */
export function sectionUrl(courseId: string, sectionId: string, tab: LessonTab = 'content'): string {
  return `/dashboard/courses/${enc(courseId)}/sections/${enc(sectionId)}/${tab}`;
}

/** A route with parameters: its pattern for the router, and `href` for links to it. */
interface Route<A extends string[], P extends string = string> {
  path: P;
  href(...args: A): string;
}
const route = <A extends string[], P extends string>(path: P, href: (...args: A) => string): Route<A, P> => ({
  path,
  href,
});

/**
 * Every route of the web app, in one typed registry: the router takes its patterns from here and links are built
 * from here, never from strings. A plain string is a route without parameters (its pattern is its address).
 */
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  /** The top bar's Courses: a student's own courses, everyone else's the public catalogue. */
  courses: '/courses',
  coursesLanding: '/courses-landing',
  /** The catalogue narrowed to one level, as the landing page's grades link to it. */
  coursesAtLevel: (level: string) => `/courses-landing?level=${encodeURIComponent(level)}`,
  /** One offering of the catalogue, with its own content and price. */
  offering: route('/offerings/:slug', (slug: string) => `/offerings/${enc(slug)}`),
  /** The one course page the site had before the catalogue: its offering's page now. */
  legacyCourseDetail: '/courses-landing/elementary-standardized-test-prep',
  legacyCourseDetailSlug: 'elementary-standardized-test-prep',
  cart: '/cart',
  /** Where Stripe's payment page sends the family back after paying (`?session_id=...`). */
  cartDone: '/cart/done',
  shoppingCart: '/shopping-cart',
  privacy: '/privacy',
  /** The newsletter's one-click unsubscribe; the link's token follows `#`. */
  unsubscribe: '/unsubscribe',
  terms: '/terms',
  signup: '/signup',
  verifyOtp: '/verify-otp',
  completeProfile: '/complete-profile',
  signin: '/signin',
  forgotPassword: '/forget-password',
  resetPassword: '/reset-password',
  /** An invitation between a parent and a student; its secret follows in the address's fragment, never sent. */
  invitation: '/invitation',
  dashboard: '/dashboard',
  student: '/student',
  profile: '/profile',
  parentDashboard: '/parent-dashboard',
  /** The dashboard with one of its in-place sections (the student's Assignments, the parent's My Children...). */
  dashboardSection: (section: string) => `/dashboard?section=${encodeURIComponent(section)}`,
  /** A parent's Progress Reports opened on one child. */
  childReport: (childId: string) => `/dashboard?section=progress&child=${enc(childId)}`,
  /**
   * The student's course viewer: a course, and one of its sections on a tab, each with its address, so reload,
   * Back and links keep the place. `/dashboard/courses` itself is My Courses.
   */
  myCourses: '/dashboard/courses',
  studentCourse: route('/dashboard/courses/:courseId', (courseId: string) => `/dashboard/courses/${enc(courseId)}`),
  /** A unit of a student's course: its sections as cards, each opening its lesson in the course viewer. */
  studentUnit: route(
    '/dashboard/courses/:courseId/units/:unitId',
    (courseId: string, unitId: string) => `/dashboard/courses/${enc(courseId)}/units/${enc(unitId)}`,
  ),
  studentSection: route(
    '/dashboard/courses/:courseId/sections/:sectionId/:tab',
    (courseId: string, sectionId: string, tab: LessonTab) => sectionUrl(courseId, sectionId, tab),
  ),
  /** A section of a student's course in the course viewer, on its lesson: the dashboard's "Pick up where you left off". */
  learnerSection: (courseId: string, _unitId: string, sectionId: string) => sectionUrl(courseId, sectionId),
  /** A student sitting an assigned test, and a submitted test reviewed. */
  testSitting: route('/tests/:assignmentId', (assignmentId: string) => `/tests/${enc(assignmentId)}`),
  testReview: route('/tests/review/:attemptId', (attemptId: string) => `/tests/review/${enc(attemptId)}`),
  /** A saved test's staff page: assign it and read its results. */
  savedTest: route('/saved-tests/:testId', (testId: string) => `/saved-tests/${enc(testId)}`),
  /** Addresses of the sample catalogue the site once had: they lead to the Courses link's page. */
  legacyCourse: '/course/*',
  // Staff pages: some arrive with later issues; the sidebar links to them already.
  admin: '/admin',
  adminDashboard: '/admin-dashboard',
  teacher: '/teacher',
  teacherDashboard: '/teacher-dashboard',
  courseManagement: '/course-management',
  /** Course management's drill-down: each level has its address, so Back, refresh and links work. */
  courseUnits: route(
    '/course-management/:courseId/units',
    (courseId: string) => `/course-management/${enc(courseId)}/units`,
  ),
  unitSections: route(
    '/course-management/:courseId/units/:unitId/sections',
    (courseId: string, unitId: string) => `/course-management/${enc(courseId)}/units/${enc(unitId)}/sections`,
  ),
  sectionContent: route(
    '/course-management/:courseId/units/:unitId/sections/:sectionId',
    (courseId: string, unitId: string, sectionId: string) =>
      `/course-management/${enc(courseId)}/units/${enc(unitId)}/sections/${enc(sectionId)}`,
  ),
  questionBank: '/question-bank',
  /** Questions from a Moodle XML, GIFT or QTI file: a preview first, then the import of those kept. */
  questionImport: '/question-bank/import',
  /** A saved test as an exam paper, to print or save as PDF; `?key=1` adds the answer key. */
  testPrint: route(
    '/question-bank/tests/:testId/print',
    (testId: string) => `/question-bank/tests/${enc(testId)}/print`,
  ),
  sectionQuestions: '/question-assignment',
  courseAssignment: '/course-assignment',
  manageUsers: '/manage-users',
  /** The admin's catalogue: offerings, their order, prices and publication. */
  adminOfferings: '/admin-offerings',
  /** The admin's exam profiles: how mock exams are timed and scored, and their raw-to-scaled tables. */
  adminExamProfiles: '/admin-exam-profiles',
  registerUsers: '/register-users',
  adminAnalytics: '/admin-analytics',
  adminSettings: '/admin-settings',
  adminInbox: '/admin-inbox',
  /** The inbox opened on one of its tabs ('enrollments', 'subscribers'). */
  adminInboxTab: (tab: string) => `/admin-inbox?tab=${enc(tab)}`,
  /** The address the academy's enrollment mails give the admin: the inbox's Enrollments tab. */
  adminEnrollments: '/admin-enrollments',
  adminProfile: '/admin-profile',
  /** The teacher's Grades: a class's gradebook (`?class=<id>` picks the class). */
  teacherGrade: '/teacher-grade',
  /** A class's gradebook to print: the grid's own query (class, filters, order). */
  teacherGradePrint: '/teacher-grade/print',
  /** The teacher's Calendar: due dates and test windows by month and by week. */
  teacherSchedule: '/teacher-schedule',
  /** Classes: a teacher's own, or every class for an admin. */
  classes: '/classes',
  classDetail: route('/classes/:classId', (classId: string) => `/classes/${enc(classId)}`),
  /** A class's due dates for its sections, with each student's extensions. */
  classDueDates: route('/classes/:classId/due-dates', (classId: string) => `/classes/${enc(classId)}/due-dates`),
  /** One student's work for their teacher: exercises with every try, help opened, sittings, weak areas, notes. */
  studentWork: route('/students/:studentId/work', (studentId: string) => `/students/${enc(studentId)}/work`),
  /** One sitting opened for review: answers, keys, marks and their overrides, comments. */
  sittingReview: route(
    '/saved-tests/:testId/sittings/:attemptId',
    (testId: string, attemptId: string) => `/saved-tests/${enc(testId)}/sittings/${enc(attemptId)}`,
  ),
  teacherProfile: '/teacher-profile',
  createQuestionStep1: '/create-question-step1',
  createQuestionStep2: '/create-question-step2',
} as const;

/** Where the pending sign-up e-mail waits until the profile is complete. */
export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';
/** Who is signing up (a parent or a student), kept beside the pending e-mail until the profile is complete. */
export const PENDING_ROLE_KEY = 'pendingSignupRole';
/** An invitation opened before signing in or up, kept for this tab until it is accepted or refused. */
export const PENDING_INVITATION_KEY = 'pendingInvitation';

/** /signin?passwordChanged=1: the user was signed out by a password change and is told why. */
export const PASSWORD_CHANGED_PARAM = 'passwordChanged';
