import { z } from 'zod';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { GENDERS, GENDER_LABELS, GRADES, MESSAGES } from '@common/rules';
import { studentDetails } from '@common/schemas/auth';
import { newPasswordField } from '@common/schemas/fields';
import { api, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { PENDING_EMAIL_KEY, paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { useSchemaForm } from '../../ui/form';
import { PhoneField, SelectField, TextField } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import styles from './account.module.css';

const profileForm = studentDetails
  .extend({ password: newPasswordField, confirm_password: z.string() })
  .refine((v) => v.password === v.confirm_password, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirm_password'],
  });

const gradeOptions = GRADES.map((g) => ({ value: g, label: g === 'K' ? 'Kindergarten' : `Grade ${g}` }));
const genderOptions = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

export default function CompleteProfilePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useAuth();
  const { notice, notify } = useNotify();
  const email = (location.state as { email?: string } | null)?.email ?? localStorage.getItem(PENDING_EMAIL_KEY);
  const { register, handleSubmit, formState, watch } = useSchemaForm(profileForm);

  if (!email) return <Navigate to={paths.signup} replace />;

  const onSubmit = handleSubmit(async ({ confirm_password: _confirm, password, ...details }) => {
    try {
      const reply = await api.post(
        '/users/complete-profile',
        { email, password, type: 'student', extra_field: details },
        'An error occurred while completing your profile. Please try again.',
      );
      localStorage.removeItem(PENDING_EMAIL_KEY);
      login(reply);
      navigate(paths.dashboard, { replace: true });
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
        <>
          Almost there! Tell us about the student using <strong>{email}</strong>.
        </>
      }
    >
      <Toast notice={notice} />
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.grid2}>
          <TextField
            label="First name"
            autoComplete="given-name"
            error={e.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={e.last_name?.message}
            {...register('last_name')}
          />
          <SelectField
            label="Grade"
            placeholder="Choose a grade"
            options={gradeOptions}
            error={e.grade_level?.message}
            {...register('grade_level')}
          />
          <SelectField
            label="Gender"
            placeholder="Choose"
            options={genderOptions}
            error={e.gender?.message}
            {...register('gender')}
          />
          <TextField label="Birthday" type="date" error={e.birthday?.message} {...register('birthday')} />
          <PhoneField
            label="Phone number"
            autoComplete="tel-national"
            error={e.phone_number?.message}
            {...register('phone_number')}
          />
        </div>
        <TextField label="School" error={e.school?.message} {...register('school')} />
        <TextField label="Address" autoComplete="street-address" error={e.address?.message} {...register('address')} />
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
        <Button type="submit" block size="lg" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Creating your account...' : 'Complete Profile'}
        </Button>
      </form>
    </AuthCard>
  );
}
