/** Registering and managing accounts: the users table's paging, the forms' choices, the import's limits, the messages. */

/** The users table shows this many rows a page, paged by the server. */
export const USERS_PAGE_SIZE = 10;
export const USERS_PAGE_SIZE_MAX = 50;

export const SPECIALIZATIONS = [
  'Elementary Math',
  'Algebra',
  'Geometry',
  'Calculus',
  'Statistics',
  'Competition Math',
] as const;

/** The register form offers Male, Female and Other; stored as the profile's gender values. */
export const REGISTER_GENDERS = ['male', 'female', 'other'] as const;

/** The types an admin registers (an admin account is created at first start, never through this form). */
export const REGISTER_TYPES = ['teacher', 'data-entry', 'parent', 'student'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

export const USER_TYPE_LABELS = {
  student: 'Student',
  parent: 'Parent',
  teacher: 'Teacher',
  admin: 'Admin',
  'data-entry': 'Data Entry',
} as const;

/** At most this many children or students linked in one form, and this many rows in one CSV import. */
export const MAX_LINKED_STUDENTS = 200;
export const CSV_IMPORT_MAX_ROWS = 1000;
export const CSV_IMPORT_MAX_BYTES = 1024 * 1024;

export const USER_MESSAGES = {
  updated: 'User updated successfully!',
  deleted: 'User deleted successfully!',
  registered: 'User registered successfully!',
  fetchFailed: 'Failed to fetch users',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user',
  registerFailed: 'Registration failed. Please try again.',
  /** The staff forms' phone rule, worded apart from the sign-up form's. */
  phoneFormat: 'Phone number must be in format: (123) 456-7890',
  phoneRequired: 'Phone number is required',
  emailTaken: 'An account with this email already exists.',
  notSelf: 'You cannot deactivate or delete your own account.',
  lastAdmin: 'The last active admin cannot be deactivated or deleted.',
  inactive: 'Your account is inactive. Please contact the academy.',
  notAStudent: 'Only existing student accounts can be linked.',
  userNotFound: 'User not found',
} as const;
