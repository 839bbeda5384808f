/** Every route of the web app, in one typed registry: links are built from here, never from strings. */
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  courses: '/courses',
  coursesLanding: '/courses-landing',
  cart: '/cart',
  signup: '/signup',
  verifyOtp: '/verify-otp',
  completeProfile: '/complete-profile',
  signin: '/signin',
  forgotPassword: '/forget-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  student: '/student',
  profile: '/profile',
  courseManagement: '/course-management',
} as const;

/** Where the pending sign-up e-mail waits until the profile is complete (spec section 4). */
export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';
