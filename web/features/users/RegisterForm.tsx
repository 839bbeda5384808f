import { useState } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { GRADES, REGISTER_GENDERS, SPECIALIZATIONS, USER_MESSAGES, type RegisterType } from '@common/rules';
import { REGISTER_FORMS, type LinkedStudent } from '@common/schemas/users';
import { ApiError } from '../../api/client';
import { Button } from '../../ui/Button';
import { PhoneField, SelectField, TextArea, TextField } from '../../ui/Field';
import { useSchemaForm } from '../../ui/form';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import type { Notifier } from '../../ui/Toast';
import { useRegisterUser } from './api';
import { genderLabel } from './messages';
import { StudentPicker } from './StudentPicker';
import styles from './users.module.css';

interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'select' | 'textarea';
  options?: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  autoComplete?: string;
  wide?: boolean;
}

const grades = GRADES.map((g) => ({ value: g, label: g === 'K' ? 'Kindergarten' : `Grade ${g}` }));
const names: FieldSpec[] = [
  { name: 'first_name', label: 'First Name', autoComplete: 'off' },
  { name: 'last_name', label: 'Last Name', autoComplete: 'off' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'off' },
];
const phone: FieldSpec = { name: 'phone_number', label: 'Phone Number', kind: 'tel', placeholder: '(123) 456-7890' };
const password: FieldSpec = { name: 'password', label: 'Password', kind: 'password', autoComplete: 'new-password' };
const confirm: FieldSpec = {
  name: 'confirm_password',
  label: 'Confirm Password',
  kind: 'password',
  autoComplete: 'new-password',
};

/** The four register forms, field by field; the parent's children are picked below the fields. */
const FIELDS: Record<RegisterType, FieldSpec[]> = {
  teacher: [
    ...names,
    phone,
    {
      name: 'specialization',
      label: 'Specialization',
      kind: 'select',
      options: SPECIALIZATIONS.map((s) => ({ value: s, label: s })),
      placeholder: 'Select specialization',
    },
    password,
  ],
  'data-entry': [...names, phone, { name: 'department', label: 'Department (optional)' }, password],
  parent: [
    ...names,
    phone,
    { name: 'address', label: 'Address', kind: 'textarea', wide: true },
    { name: 'student_name', label: "Child's name, if the child has no account yet (optional)" },
    {
      name: 'student_grade',
      label: "That child's grade (optional)",
      kind: 'select',
      options: grades,
      placeholder: 'Select grade',
    },
    password,
    confirm,
  ],
  student: [
    ...names,
    {
      name: 'gender',
      label: 'Gender',
      kind: 'select',
      options: REGISTER_GENDERS.map((g) => ({ value: g, label: genderLabel(g) })),
      placeholder: 'Select gender',
    },
    { name: 'date_of_birth', label: 'Date of Birth', kind: 'date' },
    { name: 'grade', label: 'Grade', kind: 'select', options: grades, placeholder: 'Select grade' },
    { name: 'school', label: 'School' },
    { name: 'address', label: 'Address', kind: 'textarea', wide: true },
    password,
    confirm,
  ],
};

const emptyValues = (type: RegisterType) => Object.fromEntries(FIELDS[type].map((f) => [f.name, '']));

/** One register form; the page mounts a fresh one per card. The server checks the same schema. */
export function RegisterForm({ type, title, notify }: { type: RegisterType; title: string; notify: Notifier }) {
  const schema = REGISTER_FORMS[type] as unknown as z.ZodType<FieldValues, FieldValues>;
  const { register, formState, setError, watch, reset, submitWith } = useSchemaForm(schema, {
    defaultValues: emptyValues(type),
  });
  const [students, setStudents] = useState<LinkedStudent[]>([]);
  const registering = useRegisterUser();
  const links = type === 'teacher' || type === 'parent';

  const onSubmit = submitWith(
    async (values) => {
      await registering.mutateAsync({
        userType: type,
        formData: { ...values, ...(links ? { student_ids: students.map((s) => s.id) } : {}) },
      });
      notify.success(USER_MESSAGES.registered);
      reset(emptyValues(type));
      setStudents([]);
    },
    (error) => {
      // The server names fields as formData.email; the e-mail taken (409) belongs on the e-mail field.
      if (error instanceof ApiError) {
        for (const issue of error.issues ?? []) {
          const field = issue.path.replace(/^formData\./, '').split('.')[0];
          if (field in emptyValues(type))
            setError(field as Path<FieldValues>, { type: 'server', message: issue.message });
        }
        if (error.status === 409) setError('email', { type: 'server', message: error.message });
      }
      notify.error(USER_MESSAGES.registerFailed);
    },
  );

  const e = formState.errors as Record<string, { message?: string } | undefined>;
  const field = (f: FieldSpec) => {
    const common = { label: f.label, error: e[f.name]?.message };
    if (f.kind === 'select')
      return (
        <SelectField
          key={f.name}
          {...common}
          options={f.options ?? []}
          placeholder={f.placeholder ?? 'Select'}
          {...register(f.name)}
        />
      );
    if (f.kind === 'textarea')
      return (
        <div key={f.name} className={styles.wide}>
          <TextArea {...common} rows={2} {...register(f.name)} />
        </div>
      );
    if (f.kind === 'tel')
      return <PhoneField key={f.name} {...common} placeholder={f.placeholder} {...register(f.name)} />;
    return (
      <TextField
        key={f.name}
        {...common}
        type={f.kind ?? 'text'}
        placeholder={f.placeholder}
        autoComplete={f.autoComplete}
        {...register(f.name)}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className={styles.registerForm} aria-label={`Register ${title}`}>
      <h2 className={styles.sectionTitle}>Register {title}</h2>
      <div className={styles.grid2}>{FIELDS[type].filter((f) => f.kind !== 'password').map(field)}</div>
      {links ? (
        <StudentPicker label={type === 'parent' ? 'Children' : 'Students'} value={students} onChange={setStudents} />
      ) : null}
      <div className={styles.grid2}>{FIELDS[type].filter((f) => f.kind === 'password').map(field)}</div>
      <PasswordChecklist password={String(watch('password') ?? '')} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Registering...' : 'Register'}
        </Button>
      </div>
    </form>
  );
}
