import { useState } from 'react';
import { COURSE_LIMITS } from '@common/rules';
import { courseBody, type Course } from '@common/schemas/courses';
import { TextArea, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/form';
import { useSaveCourse } from './api';
import { failureText } from './messages';

/** Add or edit a course: title (required), code (generated from the title when left empty), description. */
export function CourseFormModal({
  course,
  onClose,
  onSaved,
}: {
  course: Course | null;
  onClose(): void;
  onSaved(created: boolean): void;
}) {
  const save = useSaveCourse();
  const [failure, setFailure] = useState('');
  const form = useSchemaForm(courseBody, {
    defaultValues: { title: course?.title ?? '', code: course?.code ?? '', description: course?.description ?? '' },
  });
  const errors = form.formState.errors;
  const code = form.register('code', { setValueAs: (v: string) => v.toUpperCase() });

  const submit = form.submitWith(
    async (body) => {
      setFailure('');
      await save.mutateAsync({ id: course?.id, body });
      onSaved(!course);
    },
    (error) => setFailure(failureText(error, 'save', 'course')),
  );

  return (
    <FormDialog
      title={`${course ? 'Edit' : 'Add'} Course`}
      submitLabel={`${course ? 'Update' : 'Create'} Course`}
      busyLabel="Saving..."
      busy={save.isPending}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Title"
        maxLength={COURSE_LIMITS.title}
        required
        autoFocus
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label="Code"
        maxLength={COURSE_LIMITS.code}
        error={errors.code?.message}
        hint={
          course ? 'Letters, numbers and dashes.' : 'Leave empty to make one from the title, such as SSAT-ELEM-PREP.'
        }
        {...code}
        onChange={(e) => {
          e.target.value = e.target.value.toUpperCase();
          return code.onChange(e);
        }}
      />
      <TextArea
        label="Description"
        rows={4}
        maxLength={COURSE_LIMITS.description}
        error={errors.description?.message}
        {...form.register('description')}
      />
    </FormDialog>
  );
}
