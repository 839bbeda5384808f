import { z } from 'zod';
import { MESSAGES } from '@common/rules';
import { changePasswordBody } from '@common/schemas/auth';
import { api, errorMessage } from '../../api/client';
import { PASSWORD_CHANGED_PARAM, paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';

const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });

const FAILED = 'Failed to change password';

/** Change Password: success ends every session on the server, so the user is signed out and sent to /signin. */
export function ChangePasswordForm() {
  const { notice, notify } = useNotify();
  const { register, handleSubmit, formState } = useSchemaForm(passwordForm);

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await api.post('/auth/change-password', { currentPassword, newPassword }, FAILED);
      // The server ended every session. A fresh load of /signin drops all state of the old session, as logout does.
      window.location.replace(`${paths.signin}?${PASSWORD_CHANGED_PARAM}=1`);
    } catch (error) {
      notify('error', errorMessage(error, FAILED));
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Toast notice={notice} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={e.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&#."
        error={e.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={e.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
