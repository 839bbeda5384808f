import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { AUTHORED_TYPES, QUESTION_MESSAGES, questionStep1Schema, type QuestionStep1 } from '@common/schemas/questions';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { FormActions } from '../../ui/FormActions';
import { ChipSelect } from '../../ui/Chips';
import { SelectField, TextField } from '../../ui/Field';
import { useSchemaForm } from '../../ui/form';
import { useGoBack } from '../../ui/useGoBack';
import { Toast, useNotify } from '../../ui/Toast';
import { tagOptions, useTags } from './api';
import { GRADE_OPTIONS } from './BankFilters';
import { MESSAGES } from './messages';
import { readStep1 } from './step';
import { clearStep2Draft } from './step2Draft';
import styles from './questions.module.css';

/**
 * Step 1 of creation: what the question is about. Coming back from step 2 keeps the choices (and
 * step 2 keeps what was written there); opened afresh, it starts a new question.
 */
export default function CreateStep1Page() {
  const navigate = useNavigate();
  const goBack = useGoBack(paths.questionBank);
  const location = useLocation();
  const userId = useAuth().user!.id;
  const back = readStep1(location.state);
  const [isNewQuestion] = useState(back === null);
  useEffect(() => {
    if (isNewQuestion) clearStep2Draft(userId);
  }, [isNewQuestion, userId]);
  const form = useSchemaForm(questionStep1Schema, {
    defaultValues: {
      grade: back?.grade ?? '',
      type: back?.type,
      source: back?.source ?? '',
      category: back?.category ?? [],
      focus: back?.focus ?? [],
    },
  });
  // A missing choice is told once, above the form, and the telling clears itself; a field keeps only what is
  // wrong with its own value (a grade out of range, a source too long).
  const notify = useNotify();
  const own = (message: string | undefined) => (message === QUESTION_MESSAGES.requiredFields ? undefined : message);
  const errors = form.formState.errors;
  const missing = (invalid: typeof errors) => {
    if (Object.values(invalid).some((e) => e?.message === QUESTION_MESSAGES.requiredFields))
      notify.error(QUESTION_MESSAGES.requiredFields);
  };
  const categories = useTags('category');
  const focusAreas = useTags('focus');

  const next = ({ grade, type, source, category, focus }: QuestionStep1) => {
    const names = (ids: string[], list = categories.data ?? []) =>
      ids.map((id) => list.find((t) => t.id === id)?.name ?? '');
    const choices = {
      grade: String(grade),
      type,
      source,
      category,
      focus,
      categoryNames: names(category),
      focusNames: names(focus, focusAreas.data ?? []),
    };
    // This page's history entry keeps the choices, so Back to Step 1 (one step back) finds them again.
    navigate(location.pathname, { replace: true, state: choices });
    navigate(paths.createQuestionStep2, { state: choices });
  };

  return (
    <div className={styles.narrowPage}>
      <h1 className={styles.title}>Create New Question - Step 1</h1>
      {categories.isError || focusAreas.isError ? <Alert tone="error">{MESSAGES.tagsLoadFailed}</Alert> : null}
      <form className={styles.card} onSubmit={form.handleSubmit(next, missing)} noValidate>
        <Toast notice={notify.notice} />
        <div className={styles.grid}>
          <SelectField
            label="Grade"
            placeholder="Choose a grade"
            options={GRADE_OPTIONS}
            error={own(errors.grade?.message)}
            {...form.register('grade')}
          />
          <SelectField
            label="Type"
            placeholder="Choose a type"
            options={AUTHORED_TYPES.map((t) => ({ value: t, label: t }))}
            error={own(errors.type?.message)}
            {...form.register('type')}
          />
        </div>
        <TextField
          label="Source (optional)"
          placeholder="e.g. MAP Growth practice"
          error={errors.source?.message}
          {...form.register('source')}
        />
        {(['category', 'focus'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <ChipSelect
                label={name === 'category' ? 'Categories' : 'Focus Areas'}
                options={tagOptions((name === 'category' ? categories : focusAreas).data)}
                value={field.value as string[]}
                onChange={field.onChange}
                error={own(fieldState.error?.message)}
              />
            )}
          />
        ))}
        <FormActions
          submitLabel="Continue to Step 2"
          onCancel={() => {
            clearStep2Draft(userId);
            goBack();
          }}
        />
      </form>
    </div>
  );
}
