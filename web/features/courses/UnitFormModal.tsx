import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { COURSE_LIMITS } from '@common/rules';
import { CATEGORY_MESSAGES, unitBody, type Unit } from '@common/schemas/courses';
import { TagInput } from '../../ui/Chips';
import { TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/form';
import { useSaveUnit } from './api';
import { failureText } from './messages';
import styles from './courses.module.css';

/** Why a category tag cannot join the unit's: trimmed, never empty, never twice, at most the limit. */
function categoryProblem(tag: string, tags: string[]): string | null {
  if (!tag) return CATEGORY_MESSAGES.empty;
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return CATEGORY_MESSAGES.duplicate(tag);
  if (tags.length >= COURSE_LIMITS.categories) return CATEGORY_MESSAGES.tooMany;
  return null;
}

/** Add or edit a unit: title (required), unit number (next free one when empty), grade, category tags. */
export function UnitFormModal({
  courseId,
  unit,
  onClose,
  onSaved,
}: {
  courseId: string;
  unit: Unit | null;
  onClose(): void;
  onSaved(created: boolean): void;
}) {
  const save = useSaveUnit();
  const [failure, setFailure] = useState('');
  const form = useSchemaForm(unitBody, {
    defaultValues: {
      title: unit?.title ?? '',
      unitNumber: unit ? String(unit.unitNumber) : '',
      grade: unit?.grade ?? '',
      categories: unit?.categories ?? [],
      courseId,
    },
  });
  const errors = form.formState.errors;

  const submit = form.submitWith(
    async (body) => {
      setFailure('');
      await save.mutateAsync({ id: unit?.id, courseId, body });
      onSaved(!unit);
    },
    (error) => setFailure(failureText(error, 'save', 'unit')),
  );

  return (
    <FormDialog
      title={`${unit ? 'Edit' : 'Add'} Unit`}
      submitLabel={`${unit ? 'Update' : 'Create'} Unit`}
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
      <div className={styles.row}>
        <TextField
          label="Unit Number"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          hint="Leave empty for the next number."
          error={errors.unitNumber?.message}
          {...form.register('unitNumber')}
        />
        <TextField
          label="Grade"
          maxLength={COURSE_LIMITS.grade}
          placeholder="e.g. 5"
          error={errors.grade?.message}
          {...form.register('grade')}
        />
      </div>
      <Controller
        control={form.control}
        name="categories"
        render={({ field, fieldState }) => (
          <>
            <TagInput
              label="Categories"
              value={field.value ?? []}
              onChange={field.onChange}
              problemWith={categoryProblem}
              maxLength={COURSE_LIMITS.category}
              placeholder="e.g. Fractions"
            />
            {fieldState.error ? (
              <p className={styles.errorText} role="alert">
                {fieldState.error.message}
              </p>
            ) : null}
          </>
        )}
      />
    </FormDialog>
  );
}
