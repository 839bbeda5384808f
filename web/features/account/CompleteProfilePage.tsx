import { z } from 'zod';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES, SIGNUP_ROLES, type SignupRole } from '@common/rules';
import { parentDetails, studentDetails } from '@common/schemas/auth';
import { newPasswordField } from '@common/schemas/fields';
import { api, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { PENDING_EMAIL_KEY, PENDING_ROLE_KEY, paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';
import { ProfileFields } from '../../ui/ProfileFields';
import { AuthCard } from './AuthCard';
import { landingAfterSignIn } from './landing';
import styles from './account.module.css';

const passwordFields = { password: newPasswordField, confirm_password: z.string() };
const passwordsMatch = (v: { password: string; confirm_password: string }) => v.password === v.confirm_password;
const mismatch = { message: MESSAGES.passwordsDoNotMatch, path: ['confirm_password'] };
const studentForm = studentDetails.extend(passwordFields).refine(passwordsMatch, mismatch);
const parentForm = parentDetails.extend(passwordFields).refine(passwordsMatch, mismatch);
// The parent form is checked by its own schema; its fields are a subset of the student's, so one form type serves both.
type ProfileValues = z.input<typeof studentForm>;

/** A parent's own details leave out what belongs to their children: school, grade and birthday. */
const PARENT_FIELDS = ['first_name', 'last_name', 'phone_number', 'address'] as const;
const STUDENT_FIELDS = [
  'first_name',
  'last_name',
  'grade_level',
  'gender',
  'birthday',
  'phone_number',
  'school',
  'address',
] as const;

/** Sent by the Google sign-up: the e-mail Google vouched for, who is signing up, and the names Google gave. */
export interface GoogleProfileState {
  via: 'google';
  email: string;
  role: SignupRole;
  first_name: string;
  last_name: string;
}

/** Who chose to sign up: from the sign-up page, kept across the code entry and a reload; a student when unknown. */
function pendingRole(state: unknown): SignupRole {
  const role = (state as { role?: string } | null)?.role ?? localStorage.getItem(PENDING_ROLE_KEY);
  return (SIGNUP_ROLES as readonly (string | null)[]).includes(role) ? (role as SignupRole) : 'student';
}

export default function CompleteProfilePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useAuth();
  const { notice, notify } = useNotify();
  // Google vouched for the e-mail: no password is asked, and the server knows the e-mail from this browser's cookie.
  const google =
    (location.state as GoogleProfileState | null)?.via === 'google' ? (location.state as GoogleProfileState) : null;
  const email =
    google?.email ?? (location.state as { email?: string } | null)?.email ?? localStorage.getItem(PENDING_EMAIL_KEY);
  const role = google ? pendingRole({ role: google.role }) : pendingRole(location.state);
  const isParent = role === 'parent';
  const schema = google ? (isParent ? parentDetails : studentDetails) : isParent ? parentForm : studentForm;
  const { register, handleSubmit, formState, watch } = useSchemaForm<typeof studentForm>(schema as typeof studentForm, {
    defaultValues: google ? { first_name: google.first_name, last_name: google.last_name } : {},
  });

  if (!email) return <Navigate to={paths.signup} replace />;

  const onSubmit = handleSubmit(async (values: ProfileValues) => {
    const { confirm_password: _confirm, password, ...details } = values;
    try {
      const reply = google
        ? await api.post(
            '/auth/google/complete-profile',
            { type: role, extra_field: details },
            'An error occurred while completing your profile. Please try again.',
          )
        : await api.post(
            '/users/complete-profile',
            { email, password, type: role, extra_field: details },
            'An error occurred while completing your profile. Please try again.',
          );
      localStorage.removeItem(PENDING_EMAIL_KEY);
      localStorage.removeItem(PENDING_ROLE_KEY);
      login(reply);
      navigate(landingAfterSignIn(), { replace: true });
    } catch (error) {
      notify('error', errorMessage(error, 'An error occurred while completing your profile. Please try again.'));
    }
  });

  const e = formState.errors;
  return (
    <AuthCard
      wide
      title="Complete your profile"
      subtitle={
        isParent ? (
          <>
            Almost there! Tell us about yourself, the parent or guardian using <strong>{email}</strong>. You will add
            your children next.
          </>
        ) : (
          <>
            Almost there! Tell us about the student using <strong>{email}</strong>.
          </>
        )
      }
    >
      <Toast notice={notice} />
      <form onSubmit={onSubmit} noValidate>
        <ProfileFields
          fields={isParent ? PARENT_FIELDS : STUDENT_FIELDS}
          wide={['school']}
          register={register}
          errors={formState.errors}
        />
        {google ? null : (
          <>
            <div className={styles.grid2}>
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                error={e.password?.message}
                {...register('password')}
              />
              <TextField
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                error={e.confirm_password?.message}
                {...register('confirm_password')}
              />
            </div>
            <PasswordChecklist password={watch('password') ?? ''} />
          </>
        )}
        <Button type="submit" block size="lg" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Creating your account...' : 'Complete Profile'}
        </Button>
      </form>
    </AuthCard>
  );
}
