import { useState } from 'react';
import { GRADES } from '@common/rules/profile';
import { classBody, type ClassSummary } from '@common/schemas/classes';
import { errorMessage } from '../../api/client';
import { SelectField, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/form';
import { classCalls, useTeacherOptions } from './api';

const GRADE_OPTIONS = [
  { value: '', label: 'No grade' },
  ...GRADES.map((g) => ({ value: g, label: g === 'K' ? 'Kindergarten' : `Grade ${g}` })),
];

/**
 * Create or edit a class: its name, subject or program, grade and term. An edit sends every field of the form (the
 * server changes only the fields a request names); a new class is taught by the teacher who creates it.
 */
export function ClassFormDialog({
  editing,
  pickTeacher = false,
  onClose,
  onSaved,
}: {
  editing: ClassSummary | null;
  /** An admin creating a class names its teacher (more are added on its Teachers tab). */
  pickTeacher?: boolean;
  onClose(): void;
  onSaved(saved: ClassSummary): void;
}) {
  const [failure, setFailure] = useState<string>();
  const [teacherId, setTeacherId] = useState('');
  const teachers = useTeacherOptions(pickTeacher && !editing);
  const { register, submitWith, formState } = useSchemaForm(classBody, {
    defaultValues: editing
      ? { name: editing.name, subject: editing.subject, grade: editing.grade as '', term: editing.term, teacherIds: [] }
      : { name: '', subject: '', grade: '', term: '', teacherIds: [] },
  });
  const onSubmit = submitWith(
    async ({ name, subject, grade, term }) => {
      const saved = editing
        ? await classCalls.update(editing.id, { name, subject, grade, term })
        : await classCalls.create({ name, subject, grade, term, teacherIds: teacherId ? [teacherId] : [] });
      onSaved(saved);
    },
    (error) => setFailure(errorMessage(error, 'Failed to save the class')),
  );
  return (
    <FormDialog
      title={editing ? 'Edit class' : 'New class'}
      submitLabel={editing ? 'Save' : 'Create class'}
      busyLabel="Saving..."
      busy={formState.isSubmitting}
      error={failure}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField label="Class name" autoFocus error={formState.errors.name?.message} {...register('name')} />
      <TextField
        label="Subject or program"
        placeholder="Algebra, SAT prep..."
        error={formState.errors.subject?.message}
        {...register('subject')}
      />
      <SelectField
        label="Grade"
        options={GRADE_OPTIONS}
        error={formState.errors.grade?.message}
        {...register('grade')}
      />
      <TextField label="Term" placeholder="Fall 2026" error={formState.errors.term?.message} {...register('term')} />
      {pickTeacher && !editing ? (
        <SelectField
          label="Teacher"
          placeholder={teachers.isPending ? 'Loading teachers...' : 'No teacher yet'}
          options={(teachers.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.email})` }))}
          value={teacherId}
          onChange={(e) => setTeacherId(e.target.value)}
        />
      ) : null}
    </FormDialog>
  );
}
