import { Link, useNavigate } from 'react-router';
import { signupForm } from '@common/schemas/auth';
import { api, errorMessage } from '../../api/client';
import { PENDING_EMAIL_KEY, paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import styles from './account.module.css';

export default function SignUpPage() {
  const navigate = useNavigate();
  const { notice, notify } = useNotify();
  const { register, handleSubmit, formState } = useSchemaForm(signupForm);

  const onSubmit = handleSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      await api.post('/auth/signup', { email }, 'An error occurred during signup. Please try again.');
      localStorage.setItem(PENDING_EMAIL_KEY, email);
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
