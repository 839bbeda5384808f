import { useState } from 'react';
import type { z } from 'zod';
import { GRADES, SPECIALIZATIONS } from '@common/rules';
import { userEditForm, type AdminUser, type LinkedStudent } from '@common/schemas/users';
import { PhoneField, SelectField, TextField } from '../../ui/Field';
import { FormActions } from '../../ui/FormActions';
import { useSchemaForm } from '../../ui/form';
import { StudentPicker } from './StudentPicker';
import styles from './users.module.css';

type EditValues = z.input<typeof userEditForm>;
export type EditOutput = z.output<typeof userEditForm>;

export const gradeOptions = GRADES.map((g) => ({ value: g, label: g === 'K' ? 'Kindergarten' : `Grade ${g}` }));
export const specializationOptions = SPECIALIZATIONS.map((s) => ({ value: s, label: s }));

/**
 * Edit Information: names, e-mail, phone, address, department; specialization for teachers,
 * grade and school for students; a teacher's students and a parent's children.
 */
export function EditUserForm({
  user,
  onSave,
  onFailure,
  onCancel,
}: {
  user: AdminUser;
  onSave(values: EditOutput & { student_ids?: string[] }): Promise<void>;
  /** A refusal no field can show. */
  onFailure(error: unknown): void;
  onCancel(): void;
}) {
  const links = user.type === 'teacher' || user.type === 'parent';
  const [students, setStudents] = useState<LinkedStudent[]>(user.students);
  const { register, formState, submitWith } = useSchemaForm(userEditForm, {
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone_number: user.phone_number ?? '',
      specialization: (user.specialization ?? '') as EditValues['specialization'],
      grade: (user.grade ?? '') as EditValues['grade'],
      school: user.school ?? '',
      address: user.address ?? '',
      department: user.department ?? '',
    },
  });
  const e = formState.errors;
  const onSubmit = submitWith(
    (values) => onSave({ ...values, ...(links ? { student_ids: students.map((s) => s.id) } : {}) }),
    onFailure,
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={styles.editForm}
      aria-label={`Edit ${user.first_name} ${user.last_name}`}
    >
      <div className={styles.grid2}>
        <TextField label="First name" error={e.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" error={e.last_name?.message} {...register('last_name')} />
        <TextField
          label="Email"
          type="email"
          error={e.email?.message}
          hint="Changing it signs the user out."
          {...register('email')}
        />
        <PhoneField label="Phone number" error={e.phone_number?.message} {...register('phone_number')} />
        {user.type === 'teacher' ? (
          <SelectField
            label="Specialization"
            placeholder="Choose a specialization"
            options={specializationOptions}
            error={e.specialization?.message}
            {...register('specialization')}
          />
        ) : null}
        {user.type === 'student' ? (
          <>
            <SelectField
              label="Grade"
              placeholder="Choose a grade"
              options={gradeOptions}
              error={e.grade?.message}
              {...register('grade')}
            />
            <TextField label="School" error={e.school?.message} {...register('school')} />
          </>
        ) : null}
        <TextField label="Address" error={e.address?.message} {...register('address')} />
        <TextField label="Department" error={e.department?.message} {...register('department')} />
      </div>
      {links ? (
        <StudentPicker
          label={user.type === 'parent' ? 'Children' : 'Students'}
          value={students}
          onChange={setStudents}
        />
      ) : null}
      <FormActions submitLabel="Save Changes" busyLabel="Saving..." busy={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
