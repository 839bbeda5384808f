import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { QUESTION_MESSAGES } from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { FormActions } from '../../ui/FormActions';
import { useGoBack } from '../../ui/useGoBack';
import { useCreateQuestion } from './api';
import { AttachmentsField } from './AttachmentsField';
import { ContentFields } from './ContentFields';
import { draftFormData, emptyDraft, onDraftFields } from './draft';
import { CREATED_REDIRECT_MS, MESSAGES } from './messages';
import { readStep1, type Step1State } from './step';
import { clearStep2Draft, loadStep2Draft, saveStep2Draft, step2ContentOf } from './step2Draft';
import { useDraftForm } from './useDraftForm';
import styles from './questions.module.css';

/** Step 2 of creation: the question itself, its answers, images and solution; kept while the author steps back. */
function Step2({ step1 }: { step1: Step1State }) {
  const toStart = useGoBack(paths.questionBank);
  const toStep1 = useGoBack(paths.createQuestionStep1);
  const userId = useAuth().user!.id;
  const [saved] = useState(() => loadStep2Draft(userId));
  const { categoryNames: _categoryNames, focusNames: _focusNames, ...choices } = step1;
  const { form, draft, patch } = useDraftForm({ ...emptyDraft(), ...saved.content, ...choices });
  const [files, setFiles] = useState<File[]>(saved.files);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const create = useCreateQuestion();
  const done = message?.tone === 'success';
  useEffect(() => {
    if (!done) return;
    // Back past both steps, to wherever the author started from: the question bank when step 1 was opened first.
    const redirect = setTimeout(() => toStart(2), CREATED_REDIRECT_MS);
    return () => clearTimeout(redirect);
  }, [done, toStart]);
  useEffect(() => {
    if (!done) saveStep2Draft(userId, step2ContentOf(draft), files);
  }, [userId, draft, files, done]);

  const submit = form.submitWith(
    async (values) => {
      setMessage(null);
      await create
        .mutateAsync(draftFormData(values, files, 'attachments'))
        .catch((error: unknown) => Promise.reject(onDraftFields(error, values.type)));
      clearStep2Draft(userId);
      setMessage({ tone: 'success', text: QUESTION_MESSAGES.created });
    },
    (error) => setMessage({ tone: 'error', text: errorMessage(error, MESSAGES.submitFailed) }),
  );

  const summary = [
    `Grade ${step1.grade}`,
    `Focus: ${step1.focusNames.join(', ')}`,
    `Category: ${step1.categoryNames.join(', ')}`,
    step1.type,
    ...(step1.source ? [`Source: ${step1.source}`] : []),
  ];

  return (
    <div className={styles.narrowPage}>
      <h1 className={styles.title}>Create New Question - Step 2</h1>
      <p className={styles.summary} aria-label="Question summary">
        {summary.map((s) => (
          <span key={s}>{s}</span>
        ))}
      </p>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <form className={styles.card} onSubmit={submit} noValidate>
        <ContentFields draft={draft} onChange={patch} errors={form.formState.errors} />
        <AttachmentsField files={files} onFilesChange={setFiles} />
        <FormActions
          submitLabel="Create Question"
          busyLabel="Creating Question..."
          busy={create.isPending}
          disabled={create.isPending || done}
          onCancel={() => toStep1()}
          cancelLabel="Back to Step 1"
        />
      </form>
    </div>
  );
}

export default function CreateStep2Page() {
  const step1 = readStep1(useLocation().state);
  // Without the choices of step 1 there is nothing to build on: start there.
  return step1 ? <Step2 step1={step1} /> : <Navigate to={paths.createQuestionStep1} replace />;
}
