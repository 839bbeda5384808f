import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { EXAM_LIMITS } from '@common/rules/exams';
import { examProfileBody, type ExamProfile } from '@common/schemas/exams';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/form';
import { SAVE_FAILED, useSaveProfile } from './api';
import styles from './examProfiles.module.css';

const SHEET_OPTIONS = [
  { value: 'bubbles', label: 'Bubbles (A-E, multiple choice)' },
  { value: 'written', label: 'Written answers' },
];

// Number inputs give text: an empty one is a missing number (its schema's message), none (null), or the default.
const required = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? NaN : Number(v)) };
const optional = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) };
const defaulted = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) };

/** Add or edit an admin's own profile: its points, cap, answer sheet, break and timed sections. */
export function ProfileFormDialog({
  profile,
  onClose,
  onSaved,
}: {
  profile: ExamProfile | null;
  onClose(): void;
  onSaved(message: string): void;
}) {
  const save = useSaveProfile();
  const [failure, setFailure] = useState('');
  const form = useSchemaForm(examProfileBody, {
    defaultValues: {
      name: profile?.name ?? '',
      description: profile?.description ?? '',
      rulesAsOf: profile?.rulesAsOf ?? '',
      source: profile?.source ?? '',
      right: profile?.right ?? 1,
      wrong: profile?.wrong ?? 0,
      blank: profile?.blank ?? 0,
      cap: profile?.cap ?? null,
      answerSheet: profile?.answerSheet ?? 'bubbles',
      breakMinutes: profile?.breakMinutes ?? 0,
      sections: (profile?.sections ?? []).map((s) => ({ ...s, right: s.right ?? null })),
    },
  });
  const sections = useFieldArray({ control: form.control, name: 'sections' });
  const errors = form.formState.errors;
  const sectionsError = errors.sections?.message ?? errors.sections?.root?.message;

  const submit = form.submitWith(
    async (body) => {
      setFailure('');
      const saved = await save.mutateAsync({ id: profile?.id ?? null, body });
      onSaved(saved.message);
    },
    (error) => setFailure(errorMessage(error, SAVE_FAILED)),
  );

  return (
    <FormDialog
      title={profile ? 'Edit exam profile' : 'Add exam profile'}
      submitLabel={profile ? 'Save profile' : 'Add profile'}
      busyLabel="Saving..."
      busy={save.isPending}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <TextField
        label="Name"
        maxLength={EXAM_LIMITS.name}
        required
        autoFocus
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextArea
        label="Description"
        rows={2}
        maxLength={EXAM_LIMITS.description}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <div className={styles.row}>
        <TextField
          label="Rules as of"
          placeholder="2025-26 testing year"
          maxLength={EXAM_LIMITS.rulesAsOf}
          error={errors.rulesAsOf?.message}
          {...form.register('rulesAsOf')}
        />
        <SelectField
          label="Answer sheet"
          options={SHEET_OPTIONS}
          error={errors.answerSheet?.message}
          {...form.register('answerSheet')}
        />
      </div>
      <TextArea
        label="Source"
        rows={2}
        maxLength={EXAM_LIMITS.source}
        hint="Where the rules come from, such as the organizer's page."
        error={errors.source?.message}
        {...form.register('source')}
      />
      <div className={styles.row}>
        <TextField
          label="Points right"
          type="number"
          inputMode="numeric"
          step={1}
          required
          error={errors.right?.message}
          {...form.register('right', required)}
        />
        <TextField
          label="Points wrong"
          type="number"
          inputMode="decimal"
          step="any"
          hint="-0.25 takes off a quarter point."
          error={errors.wrong?.message}
          {...form.register('wrong', defaulted)}
        />
        <TextField
          label="Points blank"
          type="number"
          inputMode="decimal"
          step="any"
          error={errors.blank?.message}
          {...form.register('blank', defaulted)}
        />
        <TextField
          label="Cap"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Optional: the highest raw score counted."
          error={errors.cap?.message}
          {...form.register('cap', optional)}
        />
      </div>
      <fieldset className={styles.sections}>
        <legend>Sections</legend>
        <p className={styles.muted}>
          Each section has its own clock and takes the next questions of the test in order. Without sections, the
          test&apos;s own time limit times it.
        </p>
        {sections.fields.map((field, i) => {
          const rowErrors = errors.sections?.[i];
          return (
            <fieldset key={field.id} className={styles.sectionRow}>
              <legend>Section {i + 1}</legend>
              <TextField
                label="Section name"
                maxLength={EXAM_LIMITS.sectionName}
                error={rowErrors?.name?.message}
                {...form.register(`sections.${i}.name`)}
              />
              <TextField
                label="Questions"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                error={rowErrors?.questions?.message}
                {...form.register(`sections.${i}.questions`, required)}
              />
              <TextField
                label="Minutes"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                error={rowErrors?.minutes?.message}
                {...form.register(`sections.${i}.minutes`, required)}
              />
              <TextField
                label="Section points right"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                hint="Optional: empty uses the profile's."
                error={rowErrors?.right?.message}
                {...form.register(`sections.${i}.right`, optional)}
              />
              <Button
                variant="ghost"
                size="sm"
                icon={Trash2}
                className={styles.remove}
                onClick={() => sections.remove(i)}
                aria-label={`Remove section ${i + 1}`}
              >
                Remove
              </Button>
            </fieldset>
          );
        })}
        {sectionsError ? (
          <p className={styles.error} role="alert">
            {sectionsError}
          </p>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          icon={Plus}
          disabled={sections.fields.length >= EXAM_LIMITS.sections}
          onClick={() => sections.append({ name: '', questions: 25, minutes: 30, right: null })}
        >
          Add section
        </Button>
      </fieldset>
      <div className={styles.row}>
        <TextField
          label="Break minutes"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint="Between two sections."
          error={errors.breakMinutes?.message}
          {...form.register('breakMinutes', defaulted)}
        />
      </div>
    </FormDialog>
  );
}
