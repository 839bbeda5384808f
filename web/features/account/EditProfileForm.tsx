import type { z } from 'zod';
import { normalizeUserType } from '@common/rules';
import { profileDetails, type Profile, type SessionUser } from '@common/schemas/auth';
import { api, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';
import { ProfileFields } from '../../ui/ProfileFields';

const detailsForm = profileDetails;
type DetailsForm = z.input<typeof detailsForm>;

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

  return (
    <form onSubmit={onSubmit} noValidate>
      <Toast notice={notice} />
      <ProfileFields
        fields={[
          'first_name',
          'last_name',
          'phone_number',
          'gender',
          'birthday',
          ...(isStudent ? (['school', 'grade_level'] as const) : []),
          'address',
        ]}
        register={register}
        errors={formState.errors}
        after={{
          last_name: (
            <TextField label="Email" type="email" value={user.email} readOnly hint="Your email cannot be changed." />
          ),
        }}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
