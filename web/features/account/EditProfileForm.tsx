import type { z } from 'zod';
import { GENDERS, GENDER_LABELS, GRADES, normalizeUserType } from '@common/rules';
import { profileDetails, type Profile, type SessionUser } from '@common/schemas/auth';
import { api, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { PhoneField, SelectField, TextField } from '../../ui/Field';
import styles from './profile.module.css';

const detailsForm = profileDetails;
type DetailsForm = z.input<typeof detailsForm>;

const gradeOptions = GRADES.map((g) => ({ value: g, label: g === 'K' ? 'Kindergarten' : `Grade ${g}` }));
const genderOptions = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
const FAILED = 'Failed to update profile';

/** The role profile the session reports for this user, read the way every screen reads it. */
function roleProfile(user: SessionUser): Profile | undefined {
  switch (normalizeUserType(user.type)) {
    case 'student':
      return user.studentProfile;
    case 'parent':
      return user.parentProfile;
    case 'teacher':
      return user.teacherProfile;
    case 'admin':
      return user.adminProfile;
    case 'data-entry':
      return user.dataEntryProfile;
    default:
      return undefined;
  }
}

/** Edit Profile: e-mail read-only; school and grade only for students (the server ignores them for others). */
export function EditProfileForm({ user, isStudent }: { user: SessionUser; isStudent: boolean }) {
  const { refresh } = useAuth();
  const { notice, notify } = useNotify();
  const p = roleProfile(user);
  const { register, handleSubmit, formState } = useSchemaForm(detailsForm, {
    defaultValues: {
      first_name: p?.firstName ?? user.firstName,
      last_name: p?.lastName ?? user.lastName,
      phone_number: p?.phoneNumber ?? '',
      address: p?.address ?? '',
      gender: (p?.gender ?? '') as DetailsForm['gender'],
      birthday: p?.dateOfBirth ?? '',
      school: p?.school ?? '',
      grade_level: (p?.grade ?? '') as DetailsForm['grade_level'],
    },
  });

  const onSubmit = handleSubmit(async (details) => {
    try {
      await api.put('/users/profile', { email: user.email, type: user.type, extra_field: details }, FAILED);
      await refresh();
      notify('success', 'Profile updated successfully');
    } catch (error) {
      notify('error', errorMessage(error, FAILED));
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Toast notice={notice} />
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
        <TextField label="Email" type="email" value={user.email} readOnly hint="Your email cannot be changed." />
        <PhoneField
          label="Phone number"
          autoComplete="tel-national"
          error={e.phone_number?.message}
          {...register('phone_number')}
        />
        <SelectField
          label="Gender"
          placeholder="Choose"
          options={genderOptions}
          error={e.gender?.message}
          {...register('gender')}
        />
        <TextField label="Birthday" type="date" error={e.birthday?.message} {...register('birthday')} />
        {isStudent ? (
          <>
            <TextField label="School" error={e.school?.message} {...register('school')} />
            <SelectField
              label="Grade"
              placeholder="Choose a grade"
              options={gradeOptions}
              error={e.grade_level?.message}
              {...register('grade_level')}
            />
          </>
        ) : null}
      </div>
      <TextField label="Address" autoComplete="street-address" error={e.address?.message} {...register('address')} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
