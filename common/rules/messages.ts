/** The product's messages: each one is part of the contract, shown to users word for word. */

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
  // Page guards: what a visitor is told when a page is not for them.
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
