/**
 * Business constants and validators shared by the server and the web app.
 * Every message here is part of the product's contract (spec/learner-and-public.md sections 5 and 9).
 */

export const GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type Grade = (typeof GRADES)[number];

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  prefer_not_to_say: 'Prefer not to say',
};

/** User types as the API reports them. The database stores data-entry as `data_entry`. */
export const USER_TYPES = ['student', 'parent', 'teacher', 'admin', 'data-entry'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const STAFF_TYPES: readonly UserType[] = ['admin', 'teacher', 'data-entry'];

/** The spellings of the data-entry role seen in the product, folded into one. */
export function normalizeUserType(raw: string): UserType | null {
  const folded = raw.trim().toLowerCase().replace(/[-_\s]/g, '');
  if (folded === 'dataentry') return 'data-entry';
  return (USER_TYPES as readonly string[]).includes(folded) ? (folded as UserType) : null;
}

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_PER_HOUR = 10;
/** How long a verified sign-up code allows completing the profile. */
export const SIGNUP_VERIFIED_WINDOW_SECONDS = 30 * 60;
/** How long a verified reset code allows setting a new password (once). */
export const RESET_VERIFIED_WINDOW_SECONDS = 10 * 60;

export const REDIRECT_DELAY_MS = 2000;
export const MESSAGE_CLEAR_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;

export const PASSWORD_MIN_LENGTH = 8;
export const BIRTHDAY_MAX_YEARS = 100;

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailsDoNotMatch: 'Email addresses do not match',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNeedsUpper: 'Password must contain at least one uppercase letter',
  passwordNeedsLower: 'Password must contain at least one lowercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordNeedsSpecial: 'Password must contain at least one special character',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordWeak: 'New password does not meet the requirements',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  codeIncomplete: 'Please enter all 6 digits of the verification code',
  birthdayFuture: 'Birthday cannot be in the future',
  birthdayTooOld: 'Birthday must be within the last 100 years',
  phoneInvalid: 'Please enter a valid phone number in format: (123) 456-7890',
  emailMissingStartOver: 'Email is required. Please start over from signup.',
  // Page guards (staff.md sections 6 and 8, learner-and-public.md sections 3, 6 and 8).
  accessDenied: 'Access Denied',
  /** Where an admin-only page (or another staff page) sends a signed-in user of another type: home, with this view. */
  accessDeniedSentHome: "Access Denied - You don't have permission to access this page.",
  /** Shown in place on a page that is not for the user's type. */
  accessDeniedHere: "Access Denied: You don't have permission to access this page.",
  /** Shown on the sign-in page when a page sent a visitor there. */
  authenticationRequired: 'Authentication Required',
  createQuestionDenied: "You don't have permission to create questions",
  unknownUserType: 'Unknown User Type (contact support)',
  // Parts of a question that may arrive as JSON strings and do not parse.
  attachmentsUnreadable: 'Error loading attachments',
  answersUnreadable: 'Error loading answers',
  optionsUnreadable: 'Error parsing options',
} as const;

/** Each rule of the sign-up and reset password policy, in the order the spec lists them. */
export const PASSWORD_RULES: ReadonlyArray<{ test: (password: string) => boolean; message: string }> = [
  { test: (p) => p.length >= PASSWORD_MIN_LENGTH, message: MESSAGES.passwordTooShort },
  { test: (p) => /[A-Z]/.test(p), message: MESSAGES.passwordNeedsUpper },
  { test: (p) => /[a-z]/.test(p), message: MESSAGES.passwordNeedsLower },
  { test: (p) => /\d/.test(p), message: MESSAGES.passwordNeedsNumber },
  { test: (p) => /[^A-Za-z0-9]/.test(p), message: MESSAGES.passwordNeedsSpecial },
];

/** The stricter change-password rule: the special character must be one of @$!%*?&#, and nothing else is allowed. */
export const CHANGE_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&#])[A-Za-z\d@$!%*?&#]{8,}$/;

export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

/** Formats typed digits as (123) 456-7890 while the user types; extra digits are dropped. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Returns the message for a birthday (YYYY-MM-DD) that breaks a rule, or null when it is fine. */
export function birthdayProblem(value: string, today: Date = new Date()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return 'Please enter a valid date';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'Please enter a valid date';
  }
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() > todayUtc) return MESSAGES.birthdayFuture;
  const oldest = Date.UTC(today.getUTCFullYear() - BIRTHDAY_MAX_YEARS, today.getUTCMonth(), today.getUTCDate());
  if (date.getTime() < oldest) return MESSAGES.birthdayTooOld;
  return null;
}

/** m:ss, as the code-entry countdown shows it. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Longest text a plain field accepts; rich text has its own, larger limit. */
export const LIMITS = {
  email: 254,
  name: 100,
  shortText: 200,
  address: 500,
  password: 128,
} as const;

/** Course structure (staff.md sections 2.5, 5 and 9). */
export const COURSE_PAGE_SIZES = [10, 20, 30] as const;
export const PREVIEW_CHARS = 100;
export const COURSE_LIMITS = {
  title: 200,
  code: 40,
  description: 2000,
  grade: 40,
  category: 60,
  categories: 30,
  /** The highest unit or section number one may type. */
  number: 9999,
  /** Stored section HTML, after sanitizing. */
  content: 500_000,
} as const;

/** Rich text may show images from our own uploads only: the question attachments route, or a general uploads route. */
export const OWN_IMAGE_SRC = /^\/api\/(?:questions\/)?uploads\/[A-Za-z0-9._-]+$/;
/** Links in rich text: absolute http(s) or mailto only. */
export const RICH_TEXT_LINK = /^(?:https?:\/\/|mailto:)[^\s]/i;
