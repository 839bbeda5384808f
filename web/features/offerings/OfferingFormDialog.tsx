import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  OFFERING_CURRENCIES,
  OFFERING_LEVELS,
  OFFERING_LIMITS,
  OFFERING_PROGRAM_KEYS,
  OFFERING_PROGRAMS,
} from '@common/rules';
import { offeringForm, priceText, type AdminOffering } from '@common/schemas/offerings';
import { errorMessage } from '../../api/client';
import { RichTextEditor } from '../../math/RichTextEditor';
import { ChipSelect } from '../../ui/Chips';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { ImageInput } from '../../ui/ImageInput';
import { useSchemaForm } from '../../ui/form';
import { SAVE_FAILED, useGrantable, useOfferingImage, useSaveOffering } from './api';
import styles from './offerings.module.css';

const programOptions = OFFERING_PROGRAM_KEYS.map((key) => ({ value: key, label: OFFERING_PROGRAMS[key] }));
const levelOptions = OFFERING_LEVELS.map((level) => ({ value: level, label: level }));
const currencyOptions = OFFERING_CURRENCIES.map((c) => ({ value: c, label: c }));
type Content = { kind: 'course' | 'test'; id: string };
const contentKey = (c: Content) => `${c.kind}:${c.id}`;
const contentOf = (key: string): Content => {
  const [kind, id] = key.split(':');
  return { kind: kind as Content['kind'], id };
};

/** Add or edit an offering: what it is, for whom, what it includes and grants, its price, image and publication. */
export function OfferingFormDialog({
  offering,
  onClose,
  onSaved,
}: {
  offering: AdminOffering | null;
  onClose(): void;
  onSaved(message: string): void;
}) {
  const save = useSaveOffering();
  const image = useOfferingImage();
  const { courses, tests } = useGrantable(true);
  const [failure, setFailure] = useState('');
  const [picture, setPicture] = useState<{ file: File | null; removed: boolean }>({ file: null, removed: false });
  const form = useSchemaForm(offeringForm, {
    defaultValues: {
      title: offering?.title ?? '',
      slug: offering?.slug ?? '',
      program: offering?.program ?? 'ssat',
      gradeBand: offering?.gradeBand ?? '',
      level: offering?.level ?? 'Elementary',
      summary: offering?.summary ?? '',
      description: offering?.description ?? '',
      units: offering?.units ?? 0,
      mockTests: offering?.mockTests ?? 0,
      sessions: offering?.sessions ?? 0,
      duration: offering?.duration ?? '',
      price: offering ? priceText(offering.priceMinor) : '',
      currency: offering?.currency ?? 'USD',
      published: offering?.published ?? false,
      contents: offering?.contents.map(({ kind, id }) => ({ kind, id })) ?? [],
    },
  });
  const errors = form.formState.errors;
  const count = { valueAsNumber: true } as const;

  const contentOptions = [
    ...(courses.data ?? []).map((c) => ({ value: `course:${c.id}`, label: `Course: ${c.title}` })),
    ...(tests.data?.tests ?? []).map((t) => ({ value: `test:${t.id}`, label: `Saved test: ${t.name}` })),
    // What it grants already stays listed, even when a list above does not hold it (an older or archived test).
    ...(offering?.contents ?? []).map((c) => ({
      value: contentKey(c),
      label: `${c.kind === 'course' ? 'Course' : 'Saved test'}: ${c.title}`,
    })),
  ].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);

  const submit = form.submitWith(
    async (body) => {
      setFailure('');
      const saved = await save.mutateAsync({ id: offering?.id, body });
      if (picture.file || (picture.removed && offering?.imageUrl))
        await image.mutateAsync({ id: saved.offering.id, file: picture.file });
      onSaved(saved.message);
    },
    (error) => setFailure(errorMessage(error, SAVE_FAILED)),
  );

  return (
    <FormDialog
      title={offering ? 'Edit Offering' : 'Add Offering'}
      submitLabel={offering ? 'Save Offering' : 'Create Offering'}
      busyLabel="Saving..."
      busy={save.isPending || image.isPending}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <TextField
        label="Title"
        maxLength={OFFERING_LIMITS.title}
        required
        autoFocus
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label="Address"
        maxLength={OFFERING_LIMITS.slug}
        hint={offering ? 'Its page is /offerings/ and this address.' : 'Leave empty to make one from the title.'}
        error={errors.slug?.message}
        {...form.register('slug')}
      />
      <div className={styles.row}>
        <SelectField
          label="Program"
          options={programOptions}
          error={errors.program?.message}
          {...form.register('program')}
        />
        <SelectField label="Level" options={levelOptions} error={errors.level?.message} {...form.register('level')} />
        <TextField
          label="Grade band"
          placeholder="Grades 3-8"
          maxLength={OFFERING_LIMITS.gradeBand}
          required
          error={errors.gradeBand?.message}
          {...form.register('gradeBand')}
        />
      </div>
      <TextArea
        label="Summary"
        rows={2}
        maxLength={OFFERING_LIMITS.summary}
        hint="One or two plain sentences for the course cards."
        error={errors.summary?.message}
        {...form.register('summary')}
      />
      <Controller
        control={form.control}
        name="description"
        render={({ field, fieldState }) => (
          <RichTextEditor
            label="Description"
            value={field.value ?? ''}
            onChange={field.onChange}
            height={220}
            placeholder="What the course covers. Type math between dollar signs."
            error={fieldState.error?.message}
          />
        )}
      />
      <div className={styles.row}>
        <TextField
          label="Units"
          type="number"
          min={0}
          error={errors.units?.message}
          {...form.register('units', count)}
        />
        <TextField
          label="Mock tests"
          type="number"
          min={0}
          error={errors.mockTests?.message}
          {...form.register('mockTests', count)}
        />
        <TextField
          label="Live sessions"
          type="number"
          min={0}
          error={errors.sessions?.message}
          {...form.register('sessions', count)}
        />
        <TextField
          label="Duration"
          placeholder="12 weeks"
          maxLength={OFFERING_LIMITS.duration}
          error={errors.duration?.message}
          {...form.register('duration')}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label="Price"
          inputMode="decimal"
          placeholder="Free"
          hint="In the currency's units, such as 599 or 599.50. Empty: free."
          error={errors.price?.message}
          {...form.register('price')}
        />
        <SelectField
          label="Currency"
          options={currencyOptions}
          error={errors.currency?.message}
          {...form.register('currency')}
        />
      </div>
      <Controller
        control={form.control}
        name="contents"
        render={({ field, fieldState }) => (
          <ChipSelect
            label="Grants"
            options={contentOptions}
            value={(field.value ?? []).map(contentKey)}
            onChange={(keys) => field.onChange(keys.map(contentOf))}
            error={
              fieldState.error?.message ?? (courses.isError || tests.isError ? 'Failed to load courses' : undefined)
            }
          />
        )}
      />
      <ImageInput
        label="Card image"
        currentUrl={offering?.imageUrl ?? null}
        file={picture.file}
        removed={picture.removed}
        onChange={setPicture}
        hint="PNG, JPEG, GIF or WebP. Without one, the card shows its program's drawing."
      />
      <label className={styles.check}>
        <input type="checkbox" {...form.register('published')} /> Published: visitors see it in the catalogue
      </label>
    </FormDialog>
  );
}
