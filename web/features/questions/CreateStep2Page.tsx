import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { QUESTION_MESSAGES } from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useCreateQuestion } from './api';
import { AttachmentsField } from './AttachmentsField';
import { ContentFields } from './ContentFields';
import { draftFormData, draftProblem, emptyDraft, type QuestionDraft } from './draft';
import { CREATED_REDIRECT_MS, MESSAGES } from './messages';
import { readStep1, type Step1State } from './step';
import { clearStep2Draft, loadStep2Draft, saveStep2Draft, step2ContentOf } from './step2Draft';
import styles from './questions.module.css';

/** Step 2 (section 2.7): the question itself, its answers, images and solution; kept while the author steps back. */
function Step2({ step1 }: { step1: Step1State }) {
  const navigate = useNavigate();
  const userId = useAuth().user!.id;
  const [kept] = useState(() => loadStep2Draft(userId));
  const [draft, setDraft] = useState<QuestionDraft>(() => ({ ...emptyDraft(), ...kept.content, ...step1 }));
  const [files, setFiles] = useState<File[]>(kept.files);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const create = useCreateQuestion();
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  const done = message?.tone === 'success';
  useEffect(() => {
    if (!done) saveStep2Draft(userId, step2ContentOf(draft), files);
  }, [userId, draft, files, done]);

  const submit = async () => {
    const problem = draftProblem(draft);
    if (problem) return setMessage({ tone: 'error', text: problem });
    setMessage(null);
    try {
      await create.mutateAsync(draftFormData(draft, files, 'attachments'));
      clearStep2Draft(userId);
      setMessage({ tone: 'success', text: QUESTION_MESSAGES.created });
      // Back past both steps, to wherever the author started from.
      redirect.current = setTimeout(() => navigate(-2), CREATED_REDIRECT_MS);
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, MESSAGES.submitFailed) });
    }
  };

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
      <form className={styles.card} onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <ContentFields draft={draft} onChange={(p) => setDraft((d) => ({ ...d, ...p }))} />
        <AttachmentsField files={files} onFilesChange={setFiles} />
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={() => navigate(-1)} disabled={create.isPending || done}>
            Back to Step 1
          </Button>
          <Button type="submit" disabled={create.isPending || done}>
            {create.isPending ? 'Creating Question...' : 'Create Question'}
          </Button>
        </div>
      </form>
    </div>
  );
}

export default function CreateStep2Page() {
  const step1 = readStep1(useLocation().state);
  // Without the choices of step 1 there is nothing to build on: start there.
  return step1 ? <Step2 step1={step1} /> : <Navigate to={paths.createQuestionStep1} replace />;
}
