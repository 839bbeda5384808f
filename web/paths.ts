/** Every route of the web app, in one typed registry: links are built from here, never from strings. */
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  courses: '/courses',
  coursesLanding: '/courses-landing',
  courseDetail: '/courses-landing/elementary-standardized-test-prep',
  cart: '/cart',
  shoppingCart: '/shopping-cart',
  privacy: '/privacy',
  terms: '/terms',
  signup: '/signup',
  verifyOtp: '/verify-otp',
  completeProfile: '/complete-profile',
  signin: '/signin',
  forgotPassword: '/forget-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  student: '/student',
  profile: '/profile',
  parentDashboard: '/parent-dashboard',
  /** The dashboard with one of its in-place sections (the student's Assignments, the parent's My Children...). */
  dashboardSection: (section: string) => `/dashboard?section=${encodeURIComponent(section)}`,
  course: (courseId: string) => `/course/${encodeURIComponent(courseId)}`,
  unit: (courseId: string, unitId: string) => `/course/${encodeURIComponent(courseId)}/unit/${encodeURIComponent(unitId)}`,
  section: (courseId: string, unitId: string, sectionId: string) =>
    `/course/${encodeURIComponent(courseId)}/unit/${encodeURIComponent(unitId)}/section/${encodeURIComponent(sectionId)}`,
  lesson: (courseId: string, unitId: string, sectionId: string, lessonId: string) =>
    `/course/${encodeURIComponent(courseId)}/unit/${encodeURIComponent(unitId)}/section/${encodeURIComponent(sectionId)}/lesson/${encodeURIComponent(lessonId)}`,
  // Staff pages: some arrive with later issues; the sidebar links to them already.
  admin: '/admin',
  adminDashboard: '/admin-dashboard',
  teacher: '/teacher',
  teacherDashboard: '/teacher-dashboard',
  courseManagement: '/course-management',
  questionBank: '/question-bank',
  questionAssignment: '/question-assignment',
  courseAssignment: '/course-assignment',
  manageUsers: '/manage-users',
  registerUsers: '/register-users',
  adminAnalytics: '/admin-analytics',
  adminSettings: '/admin-settings',
  adminProfile: '/admin-profile',
  teacherGrade: '/teacher-grade',
  teacherSchedule: '/teacher-schedule',
  teacherProfile: '/teacher-profile',
  createQuestionStep1: '/create-question-step1',
  createQuestionStep2: '/create-question-step2',
} as const;

/** Where the pending sign-up e-mail waits until the profile is complete (spec section 4). */
export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';

/** /signin?passwordChanged=1: the user was signed out by a password change and is told why. */
export const PASSWORD_CHANGED_PARAM = 'passwordChanged';
