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
  profile: '/profile',
  questionBank: '/question-bank',
  createQuestionStep1: '/create-question-step1',
  createQuestionStep2: '/create-question-step2',
} as const;

/** Where the pending sign-up e-mail waits until the profile is complete (spec section 4). */
export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';
