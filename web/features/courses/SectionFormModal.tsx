import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { COURSE_LIMITS } from '@common/rules';
import { sectionBody, type Section, type Unit } from '@common/schemas/courses';
import { RichText } from '../../math/RichText';
import { RichTextEditor } from '../../math/RichTextEditor';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/form';
import { useSaveSection } from './api';
import { failureText } from './messages';
import styles from './courses.module.css';

/** The lesson editor's height: the main content, as tall as a question's editor. */
const CONTENT_HEIGHT = 500;

/** Add or edit a section: title (required), section number (next free one when empty), grade, rich content with math. */
export function SectionFormModal({
  unit,
  section,
  onClose,
  onSaved,
}: {
  unit: Unit;
  section: Section | null;
  onClose(): void;
  onSaved(created: boolean): void;
}) {
  const save = useSaveSection();
  const [failure, setFailure] = useState('');
  const [showPreview, setShowPreview] = useState(false);
  const form = useSchemaForm(sectionBody, {
    defaultValues: {
      title: section?.title ?? '',
      sectionNumber: section ? String(section.sectionNumber) : '',
      grade: section?.grade ?? unit.grade,
      content: section?.content ?? '',
      unitId: unit.id,
    },
  });
  const errors = form.formState.errors;

  const submit = form.submitWith(
    async (body) => {
      setFailure('');
      await save.mutateAsync({ id: section?.id, unitId: unit.id, body });
      onSaved(!section);
    },
    (error) => setFailure(failureText(error, 'save', 'section')),
  );

  return (
    <FormDialog
      title={`${section ? 'Edit' : 'Add'} Section`}
      submitLabel={`${section ? 'Update' : 'Create'} Section`}
      busyLabel="Saving..."
      busy={save.isPending}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
      extraActions={
        <Button variant="secondary" onClick={() => setShowPreview((v) => !v)} aria-pressed={showPreview}>
          {showPreview ? 'Hide Preview' : 'Preview'}
        </Button>
      }
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
          label="Section Number"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          hint="Leave empty for the next number."
          error={errors.sectionNumber?.message}
          {...form.register('sectionNumber')}
        />
        <TextField
          label="Grade"
          maxLength={COURSE_LIMITS.grade}
          error={errors.grade?.message}
          {...form.register('grade')}
        />
      </div>
      <Controller
        control={form.control}
        name="content"
        render={({ field, fieldState }) => (
          <>
            <RichTextEditor
              label="Content"
              value={field.value ?? ''}
              onChange={field.onChange}
              height={CONTENT_HEIGHT}
              placeholder="Write the lesson. Type math between dollar signs."
            />
            {fieldState.error ? (
              <p className={styles.errorText} role="alert">
                {fieldState.error.message}
              </p>
            ) : null}
            {showPreview ? (
              <div className={styles.previewBox} aria-label="Preview">
                <RichText html={field.value ?? ''} />
              </div>
            ) : null}
          </>
        )}
      />
    </FormDialog>
  );
}
