import { z } from 'zod';
import { FAMILY_MESSAGES, GENDERS, GRADES, LIMITS, MESSAGES, OTP_LENGTH, SIGNUP_ROLES, USER_TYPES } from '../rules';
import {
  birthdayField,
  blankAsNull,
  changePasswordNewField,
  emailField,
  newPasswordField,
  optionalText,
  phoneField,
  requiredText,
} from './fields';

export const OTP_PURPOSES = ['email-verification', 'password-reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const signupBody = z.object({ email: emailField });
export type SignupBody = z.input<typeof signupBody>;

/** The sign-up form adds who is signing up and the confirmation, which only the browser needs until the profile. */
export const signupForm = z
  .object({
    role: z.enum(SIGNUP_ROLES, { error: FAMILY_MESSAGES.chooseRole }),
    email: emailField,
    confirmEmail: z.string().trim().min(1, 'Please confirm your email'),
  })
  .refine((v) => v.email === v.confirmEmail.toLowerCase(), {
    message: MESSAGES.emailsDoNotMatch,
    path: ['confirmEmail'],
  });

export const otpField = z
  .string({ error: MESSAGES.codeIncomplete })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MESSAGES.codeIncomplete);

export const verifyOtpBody = z.object({ email: emailField, otp: otpField });

export const resendOtpBody = z.object({
  email: emailField,
  purpose: z.enum(OTP_PURPOSES, { error: 'Purpose must be email-verification or password-reset' }),
});

export const forgotPasswordBody = z.object({
  email: emailField,
  purpose: z.literal('password-reset', { error: 'Purpose must be password-reset' }).default('password-reset'),
});

export const resetPasswordBody = z.object({ email: emailField, newPassword: newPasswordField });

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(LIMITS.password, 'Invalid email or password'),
  rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).optional().default(false),
});

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(LIMITS.password, 'Current password is incorrect'),
  newPassword: changePasswordNewField,
});

export const gradeField = z.enum(GRADES, { error: 'Please choose a grade from K to 12' });
export const genderField = z.enum(GENDERS, { error: 'Please choose a gender' });

/** The student's details asked for when completing the profile; every one is required. */
export const studentDetails = z.object({
  first_name: requiredText('First name', LIMITS.name),
  last_name: requiredText('Last name', LIMITS.name),
  gender: genderField,
  birthday: birthdayField,
  phone_number: phoneField,
  address: requiredText('Address', LIMITS.address, 'lines'),
  school: requiredText('School', LIMITS.shortText),
  grade_level: gradeField,
});

/** A parent's own details: no school, grade or birthday, which are their children's. */
export const parentDetails = z.object({
  first_name: requiredText('First name', LIMITS.name),
  last_name: requiredText('Last name', LIMITS.name),
  phone_number: phoneField,
  address: requiredText('Address', LIMITS.address, 'lines'),
});

const signupAccount = {
  email: z.string({ error: MESSAGES.emailMissingStartOver }).pipe(emailField),
  password: newPasswordField,
};

/** A student or a parent completes their own profile; every other type is registered by an admin. */
export const completeProfileBody = z.discriminatedUnion(
  'type',
  [
    z.object({ ...signupAccount, type: z.literal('student'), extra_field: studentDetails }),
    z.object({ ...signupAccount, type: z.literal('parent'), extra_field: parentDetails }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? FAMILY_MESSAGES.signupTypes : undefined) },
);
export type CompleteProfileBody = z.input<typeof completeProfileBody>;

/**
 * Profile edits. Names are required; the rest may be left empty, except that a phone, when given,
 * must be well formed. School and grade are kept only for students (the server ignores them otherwise).
 */
export const profileDetails = z.object(
  {
    first_name: requiredText('First name', LIMITS.name),
    last_name: requiredText('Last name', LIMITS.name),
    phone_number: blankAsNull(phoneField),
    address: optionalText('Address', LIMITS.address, 'lines'),
    school: optionalText('School'),
    grade_level: blankAsNull(gradeField),
    gender: blankAsNull(genderField),
    birthday: blankAsNull(birthdayField),
  },
  { error: 'Profile details are required' },
);

/** The edit as sent: a detail left out keeps its value, one sent blank is emptied (names cannot be). */
export const profileUpdateBody = z.object({
  email: z.string().optional(),
  type: z.string().optional(),
  extra_field: profileDetails.partial(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  school: z.string().nullable(),
  grade: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  specialization: z.string().nullable(),
  department: z.string().nullable(),
  occupation: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The user as the session reports it: one role profile key, named after the type, as the screens read it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  status: z.enum(['active', 'inactive']),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
  studentProfile: profileSchema.optional(),
  parentProfile: profileSchema.optional(),
  teacherProfile: profileSchema.optional(),
  adminProfile: profileSchema.optional(),
  dataEntryProfile: profileSchema.optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const messageReply = z.object({ message: z.string() });
export const userReply = z.object({ message: z.string().optional(), user: sessionUserSchema });
