import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES, REDIRECT_DELAY_MS } from '@common/rules';
import { newPasswordField } from '@common/schemas/fields';
import { api, errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { AuthCard } from './AuthCard';

const resetForm = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
const FAILED = 'Password reset failed. Please try again.';

/** The last step of the reset flow: needs the e-mail and the verified code from /verify-otp, else back to the start. */
export default function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { email, otp } = (location.state ?? {}) as { email?: string; otp?: string };
  const { notice, notify } = useNotify();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.signin, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);
  const { register, handleSubmit, formState, watch } = useSchemaForm(resetForm, { criteriaMode: 'firstError' });

  if (!email || !otp) return <Navigate to={paths.forgotPassword} replace />;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await api.post('/auth/reset-password', { email, newPassword }, FAILED);
      setDone(true);
      notify('success', 'Password reset successful! Redirecting you to login...');
    } catch (error) {
      notify('error', errorMessage(error, FAILED));
    }
  });

  const e = formState.errors;
  return (
    <AuthCard
      title="Set a new password"
      subtitle={
        <>
          Choose a new password for <strong>{email}</strong>.
        </>
      }
    >
      <Toast notice={notice} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={e.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordChecklist password={watch('newPassword') ?? ''} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={e.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" block size="lg" disabled={formState.isSubmitting || done}>
          {formState.isSubmitting ? 'Saving...' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
