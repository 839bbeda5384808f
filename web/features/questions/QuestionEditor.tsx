import { useState } from 'react';
import {
  QUESTION_GRADE_MAX,
  QUESTION_GRADE_MIN,
  STAFF_TYPE_ORDER,
  readAttachments,
  type Question,
  type QuestionType,
} from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { ChipSelect } from '../../ui/Chips';
import { SelectField, TextField } from '../../ui/Field';
import { FormActions } from '../../ui/FormActions';
import { tagOptions, useTags, useUpdateQuestion } from './api';
import { AttachmentsField } from './AttachmentsField';
import { ContentFields } from './ContentFields';
import { draftFormData, onDraftFields, type QuestionDraft } from './draft';
import { MESSAGES } from './messages';
import { useDraftForm } from './useDraftForm';
import styles from './questions.module.css';

interface QuestionEditorProps {
  question: Question;
  /** The question as a draft, prepared by the row (which reports a question it cannot prepare). */
  initial: QuestionDraft;
  /** Called with the success message after a save, or with null on cancel. */
  onDone(message: string | null): void;
  onError(message: string): void;
}

/** Inline edit: every field, attachments marked for removal (restorable until saved) and new files. */
export function QuestionEditor({ question, initial, onDone, onError }: QuestionEditorProps) {
  const { form, draft, patch } = useDraftForm(initial);
  const errors = form.formState.errors;
  const [removed, setRemoved] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const categories = useTags('category');
  const focusAreas = useTags('focus');
  const update = useUpdateQuestion();

  const save = form.submitWith(
    async (values) => {
      const reply = await update
        .mutateAsync({
          id: question.id,
          form: draftFormData(values, files, 'newAttachments', { attachmentsToRemove: removed }),
        })
        .catch((error: unknown) => Promise.reject(onDraftFields(error, values.type)));
      onDone(reply.message);
    },
    (error) => onError(errorMessage(error, MESSAGES.updateFailedNetwork)),
  );

  return (
    <form className={styles.editor} aria-label="Edit question" onSubmit={save} noValidate>
      <div className={styles.grid}>
        <TextField
          label="Grade"
          type="number"
          min={QUESTION_GRADE_MIN}
          max={QUESTION_GRADE_MAX}
          required
          error={errors.grade?.message}
          {...form.register('grade')}
        />
        <SelectField
          label="Type"
          options={STAFF_TYPE_ORDER.map((t) => ({ value: t, label: t }))}
          value={draft.type}
          onChange={(e) => patch({ type: e.target.value as QuestionType })}
          error={errors.type?.message}
        />
        <TextField label="Source" error={errors.source?.message} {...form.register('source')} />
      </div>
      <div className={styles.grid}>
        <ChipSelect
          label="Categories"
          options={tagOptions(categories.data)}
          value={draft.category}
          onChange={(category) => patch({ category })}
          error={errors.category?.message}
        />
        <ChipSelect
          label="Focus Areas"
          options={tagOptions(focusAreas.data)}
          value={draft.focus}
          onChange={(focus) => patch({ focus })}
          error={errors.focus?.message}
        />
      </div>
      <ContentFields draft={draft} onChange={patch} errors={errors} />
      <AttachmentsField
        files={files}
        onFilesChange={setFiles}
        existing={readAttachments(question.attachments) ?? []}
        removed={removed}
        onRemovedChange={setRemoved}
      />
      <FormActions
        submitLabel="Save Changes"
        busyLabel="Saving..."
        busy={update.isPending}
        onCancel={() => onDone(null)}
      />
    </form>
  );
}
