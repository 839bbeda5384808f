import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GOOGLE_SIGNUP_PARAM, type SignupRole } from '@common/rules';
import { signupForm } from '@common/schemas/auth';
import { api, errorMessage } from '../../api/client';
import { PENDING_EMAIL_KEY, PENDING_ROLE_KEY, paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { GoogleSignUp } from './GoogleSignUp';
import { RoleChoice } from './RoleChoice';
import styles from './account.module.css';

/** An invitation sends its reader here with the invited e-mail and the role it invites. */
interface SignUpState {
  email?: string;
  role?: SignupRole;
}

export default function SignUpPage() {
  // Back from Google with a new e-mail: only who is signing up is left to ask.
  const [params] = useSearchParams();
  if (params.get(GOOGLE_SIGNUP_PARAM) === 'google') return <GoogleSignUp />;
  return <EmailSignUp />;
}

function EmailSignUp() {
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

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start learning with the academy. We will send a code to verify your e-mail."
    >
      <Toast notice={notice} />
      <form onSubmit={onSubmit} noValidate>
        <RoleChoice field={register('role')} error={formState.errors.role?.message} />
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
