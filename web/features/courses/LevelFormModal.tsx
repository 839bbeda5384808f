import { useState, type ComponentType, type ReactNode } from 'react';
import { Controller, type DefaultValues, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { COURSE_LIMITS } from '@common/rules';
import {
  CATEGORY_MESSAGES,
  courseBody,
  sectionBody,
  unitBody,
  type Course,
  type Section,
  type Unit,
} from '@common/schemas/courses';
import { VIDEO_URL_MAX, videoWatchUrl } from '@common/schemas/video';
import { RichText } from '../../math/RichText';
import { RichTextEditor } from '../../math/RichTextEditor';
import { Button } from '../../ui/Button';
import { TagInput } from '../../ui/Chips';
import type { DialogProps } from '../../ui/Dialog';
import { TextArea, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm, type FormSchema } from '../../ui/form';
import { useSaveLevel } from './api';
import { capital, failureText, type Entity } from './messages';
import styles from './courses.module.css';

interface FieldsProps<S extends FormSchema> {
  form: UseFormReturn<z.input<S>, unknown, z.output<S>>;
  editing: boolean;
  /** Whether the Preview switch is on, for a level that has one. */
  preview: boolean;
}

/** What the form of a course, a unit and a section differ in; the dialog around the fields is one. */
interface LevelFormSpec<S extends FormSchema, T extends { id: string }, P> {
  entity: Entity;
  schema: S;
  /** The fields' first values: the item's when editing. */
  defaults(item: T | null, parent: P): DefaultValues<z.input<S>>;
  /** The id a new one is created under: a unit's course, a section's unit. */
  parentId?(parent: P): string;
  size?: DialogProps['size'];
  /** A Preview switch beside the buttons, for what the fields cannot show as it will look. */
  preview?: boolean;
  Fields: ComponentType<FieldsProps<S>>;
}

/** A level's form as the dialog sees it: any schema, since the dialog only hands the form to the level's fields. */
export type LevelForm<T extends { id: string }, P> = LevelFormSpec<FormSchema, T, P>;

/**
 * A level's form, its fields checked against its own schema where they are written: TypeScript cannot follow a
 * form typed by a schema parameter through the dialog, so the dialog sees them as any schema's.
 */
const levelForm = <S extends FormSchema, T extends { id: string }, P>(spec: LevelFormSpec<S, T, P>): LevelForm<T, P> =>
  spec;

/** Add or edit a course, a unit or a section: the level's fields in one dialog, saved where the level is. */
export function LevelFormModal<T extends { id: string }, P>({
  level,
  parent,
  item,
  onClose,
  onSaved,
}: {
  level: LevelForm<T, P>;
  parent: P;
  item: T | null;
  onClose(): void;
  onSaved(created: boolean): void;
}) {
  const { entity, Fields } = level;
  const save = useSaveLevel(entity);
  const [failure, setFailure] = useState('');
  const [showPreview, setShowPreview] = useState(false);
  const form = useSchemaForm(level.schema, { defaultValues: level.defaults(item, parent) });

  const submit = form.submitWith(
    async (body) => {
      setFailure('');
      await save.mutateAsync({ id: item?.id, parentId: level.parentId?.(parent), body });
      onSaved(!item);
    },
    (error) => setFailure(failureText(error, 'save', entity)),
  );

  const thing = capital(entity);
  return (
    <FormDialog
      title={`${item ? 'Edit' : 'Add'} ${thing}`}
      submitLabel={`${item ? 'Update' : 'Create'} ${thing}`}
      busyLabel="Saving..."
      busy={save.isPending}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
      size={level.size}
      extraActions={
        level.preview ? (
          <Button variant="secondary" onClick={() => setShowPreview((v) => !v)} aria-pressed={showPreview}>
            {showPreview ? 'Hide Preview' : 'Preview'}
          </Button>
        ) : undefined
      }
    >
      <Fields form={form} editing={!!item} preview={showPreview} />
    </FormDialog>
  );
}

// ---- the fields the levels share ----

function TitleField({ error, ...registered }: UseFormRegisterReturn & { error?: string }) {
  return <TextField label="Title" maxLength={COURSE_LIMITS.title} required autoFocus error={error} {...registered} />;
}

/** A unit's or section's number (the next free one when empty) beside its grade. */
function NumberAndGrade({
  label,
  number,
  grade,
  gradePlaceholder,
}: {
  label: 'Unit Number' | 'Section Number';
  number: UseFormRegisterReturn & { error?: string };
  grade: UseFormRegisterReturn & { error?: string };
  gradePlaceholder?: string;
}) {
  return (
    <div className={styles.row}>
      <TextField
        label={label}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        hint="Leave empty for the next number."
        {...number}
      />
      <TextField label="Grade" maxLength={COURSE_LIMITS.grade} placeholder={gradePlaceholder} {...grade} />
    </div>
  );
}

/** The message of a field drawn by its own widget (tags, the lesson editor), under it. */
function FieldError({ message }: { message: string | undefined }): ReactNode {
  return message ? (
    <p className={styles.errorText} role="alert">
      {message}
    </p>
  ) : null;
}

// ---- the levels ----

/** A course: title (required), code (generated from the title when left empty), description. */
export const COURSE_FORM = levelForm<typeof courseBody, Course, null>({
  entity: 'course',
  schema: courseBody,
  defaults: (course) => ({
    title: course?.title ?? '',
    code: course?.code ?? '',
    description: course?.description ?? '',
  }),
  Fields: function CourseFields({ form, editing }) {
    const errors = form.formState.errors;
    const code = form.register('code', { setValueAs: (v: string) => v.toUpperCase() });
    return (
      <>
        <TitleField error={errors.title?.message} {...form.register('title')} />
        <TextField
          label="Code"
          maxLength={COURSE_LIMITS.code}
          error={errors.code?.message}
          hint={
            editing ? 'Letters, numbers and dashes.' : 'Leave empty to make one from the title, such as SSAT-ELEM-PREP.'
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
      </>
    );
  },
});

/** Why a category tag cannot join the unit's: trimmed, never empty, never twice, at most the limit. */
function categoryProblem(tag: string, tags: string[]): string | null {
  if (!tag) return CATEGORY_MESSAGES.empty;
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return CATEGORY_MESSAGES.duplicate(tag);
  if (tags.length >= COURSE_LIMITS.categories) return CATEGORY_MESSAGES.tooMany;
  return null;
}

/** A unit of a course: title (required), unit number (next free one when empty), grade, category tags. */
export const UNIT_FORM = levelForm<typeof unitBody, Unit, Course>({
  entity: 'unit',
  schema: unitBody,
  defaults: (unit, course) => ({
    title: unit?.title ?? '',
    unitNumber: unit ? String(unit.unitNumber) : '',
    grade: unit?.grade ?? '',
    categories: unit?.categories ?? [],
    courseId: course.id,
  }),
  parentId: (course) => course.id,
  Fields: function UnitFields({ form }) {
    const errors = form.formState.errors;
    return (
      <>
        <TitleField error={errors.title?.message} {...form.register('title')} />
        <NumberAndGrade
          label="Unit Number"
          number={{ error: errors.unitNumber?.message, ...form.register('unitNumber') }}
          grade={{ error: errors.grade?.message, ...form.register('grade') }}
          gradePlaceholder="e.g. 5"
        />
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
              <FieldError message={fieldState.error?.message} />
            </>
          )}
        />
      </>
    );
  },
});

/** The lesson editor's height: the main content, as tall as a question's editor. */
const CONTENT_HEIGHT = 500;

/** A section of a unit: title (required), section number (next free one when empty), grade, rich content with math. */
export const SECTION_FORM = levelForm<typeof sectionBody, Section, Unit>({
  entity: 'section',
  schema: sectionBody,
  defaults: (section, unit) => ({
    title: section?.title ?? '',
    sectionNumber: section ? String(section.sectionNumber) : '',
    grade: section?.grade ?? unit.grade,
    content: section?.content ?? '',
    videoUrl: section?.video ? videoWatchUrl(section.video) : '',
    unitId: unit.id,
  }),
  parentId: (unit) => unit.id,
  size: 'lg',
  preview: true,
  Fields: function SectionFields({ form, preview }) {
    const errors = form.formState.errors;
    return (
      <>
        <TitleField error={errors.title?.message} {...form.register('title')} />
        <NumberAndGrade
          label="Section Number"
          number={{ error: errors.sectionNumber?.message, ...form.register('sectionNumber') }}
          grade={{ error: errors.grade?.message, ...form.register('grade') }}
        />
        <TextField
          label="Video link"
          inputMode="url"
          maxLength={VIDEO_URL_MAX}
          placeholder="https://www.youtube.com/watch?v=..."
          hint="Optional. A YouTube or Vimeo link; students watch it on the lesson's Video tab. Leave empty for none."
          error={errors.videoUrl?.message}
          {...form.register('videoUrl')}
        />
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
              <FieldError message={fieldState.error?.message} />
              {preview ? (
                <div className={styles.previewBox} aria-label="Preview">
                  <RichText html={field.value ?? ''} />
                </div>
              ) : null}
            </>
          )}
        />
      </>
    );
  },
});
