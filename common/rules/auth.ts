/** Sign-up, sign-in and password rules. */
import { MESSAGES } from './messages';
import { USER_MESSAGES } from './users';

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_PER_HOUR = 10;
/** How long a verified sign-up code allows completing the profile. */
export const SIGNUP_VERIFIED_WINDOW_SECONDS = 30 * 60;
/** How long a verified reset code allows setting a new password (once). */
export const RESET_VERIFIED_WINDOW_SECONDS = 10 * 60;
export const PASSWORD_MIN_LENGTH = 8;

/** Each rule of the sign-up and reset password policy, in the order the checklist shows them. */
export const PASSWORD_RULES: ReadonlyArray<{ test: (password: string) => boolean; message: string }> = [
  { test: (p) => p.length >= PASSWORD_MIN_LENGTH, message: MESSAGES.passwordTooShort },
  { test: (p) => /[A-Z]/.test(p), message: MESSAGES.passwordNeedsUpper },
  { test: (p) => /[a-z]/.test(p), message: MESSAGES.passwordNeedsLower },
  { test: (p) => /\d/.test(p), message: MESSAGES.passwordNeedsNumber },
  { test: (p) => /[^A-Za-z0-9]/.test(p), message: MESSAGES.passwordNeedsSpecial },
];

/** The stricter change-password rule: the special character must be one of @$!%*?&#, and nothing else is allowed. */
export const CHANGE_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&#])[A-Za-z\d@$!%*?&#]{8,}$/;

/** m:ss, as the code-entry countdown shows it. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The providers a person may sign in with besides a password; the server says which are configured. */
export const SIGN_IN_PROVIDERS = ['google'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/**
 * Why a sign-in with Google ended back on the sign-in page. The server names the reason in the address
 * (`/signin?googleError=state`) and the page shows its text; an unknown reason shows `provider`'s.
 */
export const GOOGLE_SIGN_IN_ERRORS = {
  state:
    'Your Google sign-in could not be confirmed: it was started in another browser or tab, took too long, or was already used. Please try again.',
  provider:
    'Google sign-in was cancelled or did not succeed. Please try again, or log in with your email and password.',
  unverified:
    'Your Google account has no verified email address. Please verify it with Google, or sign up with your email.',
  inactive: USER_MESSAGES.inactive,
  unavailable: 'Google sign-in is unavailable right now. Please log in with your email and password.',
  busy: 'Too many requests. Please wait a few minutes and try again.',
} as const;
export type GoogleSignInError = keyof typeof GOOGLE_SIGN_IN_ERRORS;

/** The address parameter that carries a Google sign-in's failure to the sign-in page. */
export const GOOGLE_ERROR_PARAM = 'googleError';
/** /signup?via=google: a Google account with a new e-mail chooses who is signing up and completes the profile. */
export const GOOGLE_SIGNUP_PARAM = 'via';

export const GOOGLE_SIGNUP_MESSAGES = {
  expired: 'Your Google sign-up has expired or was finished in another tab. Please continue with Google again.',
  taken: 'An account with this email already exists. Please sign in.',
  failed: 'An error occurred while completing your profile. Please try again.',
} as const;

/** How long a verified Google e-mail may wait for its profile before the person must start again. */
export const GOOGLE_SIGNUP_WINDOW_SECONDS = 30 * 60;
/** How long the trip to the provider and back may take. */
export const GOOGLE_FLOW_SECONDS = 10 * 60;
