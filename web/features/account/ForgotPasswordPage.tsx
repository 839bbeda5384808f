import { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { emailField } from '@common/schemas/fields';
import { api, errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import styles from './account.module.css';

const forgotForm = z.object({ email: emailField });
const FAILED = 'Password reset request failed. Please try again.';

/** Step one of the reset flow: a code is mailed, then /verify-otp checks it for the password-reset purpose. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { notice, notify } = useNotify();
  const { register, handleSubmit, formState } = useSchemaForm(forgotForm);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await api.post('/auth/otp-forgot-password', { email, purpose: 'password-reset' }, FAILED);
      navigate(paths.verifyOtp, { state: { email, purpose: 'password-reset' } });
    } catch (error) {
      notify('error', errorMessage(error, FAILED));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your account's email and we will send you a code to reset it."
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
        <Button type="submit" block size="lg" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending code...' : 'Send Reset Code'}
        </Button>
      </form>
      <p className={styles.links}>
        Remembered it? <Link to={paths.signin}>Back to Log In</Link>
      </p>
    </AuthCard>
  );
}
