/** Sign-up, sign-in and password rules. */
import { MESSAGES } from './messages';

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
