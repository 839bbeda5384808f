/**
 * Registering and managing accounts: the four register forms, the
 * Edit Information form, the users list and the CSV import. The admin's forms and the routes parse with these.
 */
import { z } from 'zod';
import {
  CSV_IMPORT_MAX_ROWS,
  GRADES,
  LIMITS,
  MAX_LINKED_STUDENTS,
  MESSAGES,
  normalizeUserType,
  PHONE_PATTERN,
  REGISTER_GENDERS,
  REGISTER_TYPES,
  SPECIALIZATIONS,
  USER_MESSAGES,
  USER_TYPES,
  USERS_PAGE_SIZE,
  USERS_PAGE_SIZE_MAX,
} from '../rules';
import { birthdayField, blankAsNull, emailField, newPasswordField, optionalText, requiredText } from './fields';

/** The staff forms' phone: required, with the staff forms' own wording of the format. */
export const staffPhoneField = z
  .string({ error: USER_MESSAGES.phoneRequired })
  .trim()
  .min(1, USER_MESSAGES.phoneRequired)
  .regex(PHONE_PATTERN, USER_MESSAGES.phoneFormat);

export const specializationField = z.enum(SPECIALIZATIONS, { error: 'Please choose a specialization' });
export const registerGenderField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(REGISTER_GENDERS, { error: 'Please choose a gender' }),
);
/** A grade as typed in a list too: "k" and " 7 " are K and 7. */
export const registerGradeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(GRADES, { error: 'Please choose a grade from K to 12' }),
);

/** Existing students linked to a teacher or a parent, picked from the list (never typed). */
export const studentIdsField = z
  .array(z.uuid('Please pick students from the list'), { error: 'Please pick students from the list' })
  .max(MAX_LINKED_STUDENTS, `At most ${MAX_LINKED_STUDENTS} students can be linked at once`)
  .transform((ids) => [...new Set(ids)]);

const person = {
  first_name: requiredText('First name', LIMITS.name),
  last_name: requiredText('Last name', LIMITS.name),
  email: emailField,
};
const confirmPasswordField = z
  .string({ error: 'Please confirm the password' })
  .min(1, 'Please confirm the password')
  .max(LIMITS.password);

/** "Passwords do not match" on the confirmation field, shown even while other fields still have problems. */
const matching = <T extends z.ZodObject>(schema: T) =>
  schema.refine(
    (v: Record<string, unknown>) =>
      typeof v.confirm_password !== 'string' || v.confirm_password === '' || v.password === v.confirm_password,
    {
      message: MESSAGES.passwordsDoNotMatch,
      path: ['confirm_password'],
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );

export const teacherForm = z.object({
  ...person,
  phone_number: staffPhoneField,
  specialization: specializationField,
  password: newPasswordField,
  student_ids: studentIdsField.default([]),
});

export const dataEntryForm = z.object({
  ...person,
  phone_number: staffPhoneField,
  department: optionalText('Department'),
  password: newPasswordField,
});

/**
 * The parent form: children are picked among existing students, and student_name / student_grade describe a
 * child who has no account yet.
 */
export const parentForm = matching(
  z.object({
    ...person,
    phone_number: staffPhoneField,
    address: requiredText('Address', LIMITS.address, 'lines'),
    student_ids: studentIdsField.default([]),
    student_name: optionalText("Child's name", LIMITS.name),
    student_grade: blankAsNull(registerGradeField),
    password: newPasswordField,
    confirm_password: confirmPasswordField,
  }),
);

const studentFields = {
  ...person,
  gender: registerGenderField,
  date_of_birth: birthdayField,
  grade: registerGradeField,
  school: requiredText('School', LIMITS.shortText),
  address: requiredText('Address', LIMITS.address, 'lines'),
  phone_number: blankAsNull(staffPhoneField),
};

export const studentForm = matching(
  z.object({ ...studentFields, password: newPasswordField, confirm_password: confirmPasswordField }),
);

export const REGISTER_FORMS = {
  teacher: teacherForm,
  'data-entry': dataEntryForm,
  parent: parentForm,
  student: studentForm,
} as const;
export type RegisterForms = { [K in keyof typeof REGISTER_FORMS]: z.output<(typeof REGISTER_FORMS)[K]> };
export type RegisterInput = {
  [K in keyof RegisterForms]: { userType: K; formData: RegisterForms[K] };
}[keyof RegisterForms];

const registerTypeField = z.preprocess(
  (v) => (typeof v === 'string' ? (normalizeUserType(v) ?? v) : v),
  z.enum(REGISTER_TYPES, { error: 'User type must be teacher, data-entry, parent or student' }),
);

/** POST /api/admin/register: `{userType, formData}`, the form checked with its own type's schema. */
export const registerBody = z
  .object({
    userType: registerTypeField,
    formData: z.record(z.string(), z.unknown(), { error: 'Registration details are required' }),
  })
  .transform((v, ctx): RegisterInput => {
    const parsed = REGISTER_FORMS[v.userType].safeParse(v.formData);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['formData', ...issue.path] });
      return z.NEVER;
    }
    return { userType: v.userType, formData: parsed.data } as RegisterInput;
  });
export type RegisterBody = { userType: string; formData: Record<string, unknown> };

/**
 * Edit Information and the status toggle: a field left out keeps its value (the toggle
 * sends the status alone); a blank one is emptied.
 */
export const userUpdateBody = z.object({
  first_name: requiredText('First name', LIMITS.name).optional(),
  last_name: requiredText('Last name', LIMITS.name).optional(),
  email: emailField.optional(),
  phone_number: blankAsNull(staffPhoneField).optional(),
  specialization: blankAsNull(specializationField).optional(),
  grade: blankAsNull(registerGradeField).optional(),
  school: optionalText('School').optional(),
  address: optionalText('Address', LIMITS.address, 'lines').optional(),
  department: optionalText('Department').optional(),
  student_ids: studentIdsField.optional(),
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/** The Edit Information form: the body's fields as the form holds them (text inputs, '' for none). */
export const userEditForm = userUpdateBody
  .omit({ status: true })
  .required({ first_name: true, last_name: true, email: true });

export const usersQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(100_000, 'Page is too far')
    .default(1),
  limit: z.coerce
    .number({ error: `Limit must be from 1 to ${USERS_PAGE_SIZE_MAX}` })
    .int(`Limit must be from 1 to ${USERS_PAGE_SIZE_MAX}`)
    .min(1, `Limit must be from 1 to ${USERS_PAGE_SIZE_MAX}`)
    .max(USERS_PAGE_SIZE_MAX, `Limit must be from 1 to ${USERS_PAGE_SIZE_MAX}`)
    .default(USERS_PAGE_SIZE),
  q: z.string().trim().max(LIMITS.shortText, `Search must be at most ${LIMITS.shortText} characters`).optional(),
  type: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? (normalizeUserType(v) ?? v) : undefined),
    z.enum(USER_TYPES, { error: 'Type must be student, parent, teacher, admin or data-entry' }).optional(),
  ),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
  ),
});
export type UsersQuery = z.input<typeof usersQuery>;

export const linkedStudentSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type LinkedStudent = z.infer<typeof linkedStudentSchema>;

/** A row of the users table, with the snake_case names the users screen reads. */
export const adminUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  type: z.enum(USER_TYPES),
  status: z.enum(['active', 'inactive']),
  specialization: z.string().nullable(),
  grade: z.string().nullable(),
  school: z.string().nullable(),
  address: z.string().nullable(),
  gender: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  department: z.string().nullable(),
  student_name: z.string().nullable(),
  student_grade: z.string().nullable(),
  /** A teacher's students or a parent's children. */
  student_ids: z.array(z.string()),
  students: z.array(linkedStudentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userStatsSchema = z.object({
  total: z.number(),
  teachers: z.number(),
  dataEntry: z.number(),
  parents: z.number(),
  students: z.number(),
  active: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const usersReply = z.object({
  users: z.array(adminUserSchema),
  pagination: z.object({ page: z.number(), pages: z.number(), total: z.number(), limit: z.number() }),
  stats: userStatsSchema,
});
export type UsersReply = z.infer<typeof usersReply>;

export const userChangeReply = z.object({ message: z.string(), user: adminUserSchema });

/**
 * One student row of a CSV class list: the student form without the password (imported accounts choose theirs
 * through "Forgot password", as the welcome e-mail says), and optionally the parent, who is registered with them.
 */
export const csvStudentRow = z
  .object({
    ...studentFields,
    parent_first_name: optionalText('Parent first name', LIMITS.name),
    parent_last_name: optionalText('Parent last name', LIMITS.name),
    parent_email: z.preprocess((v) => (v === '' || v == null ? undefined : v), emailField.optional()),
    parent_phone_number: blankAsNull(staffPhoneField).optional(),
  })
  .superRefine((row, ctx) => {
    const given = [row.parent_first_name, row.parent_last_name, row.parent_email, row.parent_phone_number].some(
      (v) => v != null && v !== '',
    );
    if (!given) return;
    const need = (value: unknown, path: string, message: string) => {
      if (value == null || value === '') ctx.addIssue({ code: 'custom', path: [path], message });
    };
    need(row.parent_first_name, 'parent_first_name', 'Parent first name is required');
    need(row.parent_last_name, 'parent_last_name', 'Parent last name is required');
    need(row.parent_email, 'parent_email', 'Parent email is required');
    need(row.parent_phone_number, 'parent_phone_number', USER_MESSAGES.phoneRequired);
    if (row.parent_email && row.parent_email === row.email)
      ctx.addIssue({
        code: 'custom',
        path: ['parent_email'],
        message: "The parent's email must differ from the student's",
      });
  });
export type CsvStudentRow = z.output<typeof csvStudentRow>;

/** The columns a class list may have, in the template's order. */
export const CSV_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'gender',
  'date_of_birth',
  'grade',
  'school',
  'address',
  'phone_number',
  'parent_first_name',
  'parent_last_name',
  'parent_email',
  'parent_phone_number',
] as const;

export const importBody = z.object({
  rows: z
    .array(z.record(z.string(), z.unknown()), { error: 'Rows are required' })
    .min(1, 'The file has no rows')
    .max(CSV_IMPORT_MAX_ROWS, `At most ${CSV_IMPORT_MAX_ROWS} rows can be imported at once`),
  /** Checks every row (rules and e-mails already registered) without creating anything. */
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
});

export const importRowResult = z.object({
  /** The row's number in the file, counting the header as row 1. */
  row: z.number(),
  email: z.string(),
  status: z.enum(['ready', 'created', 'invalid', 'duplicate']),
  messages: z.array(z.string()),
  /** Whether the row's parent is (or would be) created, linked to an existing parent, or absent. */
  parent: z.enum(['none', 'new', 'existing']),
});
export type ImportRowResult = z.infer<typeof importRowResult>;

export const importReply = z.object({
  message: z.string(),
  created: z.number(),
  parentsCreated: z.number(),
  rows: z.array(importRowResult),
});
export type ImportReply = z.infer<typeof importReply>;
