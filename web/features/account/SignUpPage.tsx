import { Link, useLocation, useNavigate } from 'react-router';
import { SIGNUP_ROLES, SIGNUP_ROLE_LABELS, type SignupRole } from '@common/rules';
import { signupForm } from '@common/schemas/auth';
import { api, errorMessage } from '../../api/client';
import { PENDING_EMAIL_KEY, PENDING_ROLE_KEY, paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import styles from './account.module.css';

/** An invitation sends its reader here with the invited e-mail and the role it invites. */
interface SignUpState {
  email?: string;
  role?: SignupRole;
}

export default function SignUpPage() {
  const navigate = useNavigate();
  const invited = (useLocation().state as SignUpState | null) ?? {};
  const { notice, notify } = useNotify();
  const { register, handleSubmit, formState } = useSchemaForm(signupForm, {
    defaultValues: { role: invited.role, email: invited.email ?? '', confirmEmail: invited.email ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      await api.post('/auth/signup', { email }, 'An error occurred during signup. Please try again.');
      localStorage.setItem(PENDING_EMAIL_KEY, email);
      localStorage.setItem(PENDING_ROLE_KEY, values.role);
      navigate(paths.verifyOtp, { state: { email, purpose: 'email-verification' } });
    } catch (error) {
      notify('error', errorMessage(error, 'An error occurred during signup. Please try again.'));
    }
  });

  const roleError = formState.errors.role?.message;
  return (
    <AuthCard
      title="Create your account"
      subtitle="Start learning with the academy. We will send a code to verify your e-mail."
    >
      <Toast notice={notice} />
      <form onSubmit={onSubmit} noValidate>
        <fieldset className={styles.roles} aria-describedby={roleError ? 'signup-role-error' : undefined}>
          <legend>Who is signing up?</legend>
          {SIGNUP_ROLES.map((role) => (
            <label key={role} className={styles.role}>
              <input type="radio" value={role} {...register('role')} />
              <span>
                <strong>{SIGNUP_ROLE_LABELS[role].title}</strong>
                <small>{SIGNUP_ROLE_LABELS[role].text}</small>
              </span>
            </label>
          ))}
          {roleError ? (
            <p id="signup-role-error" className={styles.roleError} role="alert">
              {roleError}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Confirm email"
          type="email"
          autoComplete="email"
          error={formState.errors.confirmEmail?.message}
          {...register('confirmEmail')}
        />
        <Button type="submit" block size="lg" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending code...' : 'VERIFY EMAIL'}
        </Button>
      </form>
      <p className={styles.links}>
        Already have an account? <Link to={paths.signin}>Log In</Link>
      </p>
    </AuthCard>
  );
}
