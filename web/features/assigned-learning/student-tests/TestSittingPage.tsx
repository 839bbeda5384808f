import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Flag, Timer } from 'lucide-react';
import type { Attempt } from '@common/schemas/test-taking';
import { ApiError } from '../../../api/client';
import { paths } from '../../../paths';
import { MathText } from '../../../math/MathText';
import { RichText } from '../../../math/RichText';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PageState } from '../../../ui/PageState';
import { AnswerInput } from '../../../question-types/answering';
import { questionHtml } from '../../../question-types/blanks';
import { Attachments } from '../QuestionCard';
import { saveAnswer, startSitting, submitSitting } from './api';
import { clockOffset, dueWarning, formatRemaining, remainingMs, SittingStore } from './sitting';
import styles from './tests.module.css';
import { plural } from '@common/rules';

type SaveState = 'saved' | 'saving' | 'offline';
const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'Saved',
  saving: 'Saving...',
  offline: 'Offline - your answers are kept and will be sent',
};
/** Typing pauses this long before an answer is sent. */
const SAVE_DELAY_MS = 600;

/**
 * A student sitting a test (/tests/:assignmentId). Starting twice returns the same sitting, so a reload, another
 * device or a lost connection resumes it. Every answer is kept in the browser at once and sent after a pause;
 * offline answers wait and go when the connection returns. The countdown runs on the server's clock; at zero the
 * page submits and the server scores what it stored.
 */
export default function TestSittingPage() {
  const { assignmentId = '' } = useParams();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    startSitting(assignmentId).then(
      (started) => {
        if (!live) return;
        if (started.submittedAt) navigate(paths.testReview.href(started.id), { replace: true });
        else setAttempt(started);
      },
      (error: unknown) => live && setFailure(error instanceof Error ? error.message : 'Failed to start the test'),
    );
    return () => {
      live = false;
    };
  }, [assignmentId, navigate]);

  if (failure)
    return (
      <PageState
        kind="error"
        title={failure}
        action={<Button onClick={() => navigate(paths.dashboardSection('assignments'))}>Back to Assignments</Button>}
      />
    );
  if (!attempt) return <PageState kind="loading" title="Opening your test..." />;
  return <Sitting attempt={attempt} onDone={(id) => navigate(paths.testReview.href(id), { replace: true })} />;
}

function Sitting({ attempt, onDone }: { attempt: Attempt; onDone(attemptId: string): void }) {
  const store = useMemo(() => new SittingStore(attempt.id), [attempt.id]);
  const saved = useMemo(() => store.read(), [store]);
  const [answers, setAnswers] = useState<Record<string, string>>(() => ({ ...attempt.answers, ...saved.pending }));
  const [flagged, setFlagged] = useState<Set<string>>(() => new Set(saved.flagged));
  const [current, setCurrent] = useState(0);
  const [onePage, setOnePage] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>(
    Object.keys(saved.pending).length > 0 || !navigator.onLine ? 'offline' : 'saved',
  );
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const finished = useRef(false);
  const offset = useMemo(() => clockOffset(attempt.serverNow), [attempt.serverNow]);
  const [left, setLeft] = useState(() => remainingMs(attempt.deadline, offset));
  const questions = attempt.questions.filter((q) => q.question !== null);

  /** Sends one answer; a network failure leaves it kept for the next try. */
  const send = useCallback(
    async (questionId: string, answer: string) => {
      if (!navigator.onLine) return setSaveState('offline');
      setSaveState('saving');
      try {
        await saveAnswer(attempt.id, questionId, answer);
        store.saved(questionId, answer);
        setSaveState(Object.keys(store.read().pending).length > 0 ? 'saving' : 'saved');
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) return setSaveState('offline');
        if (error instanceof ApiError && error.status === 409) {
          // Time is up or the test was submitted elsewhere: the server has the last word.
          store.clear();
          finished.current = true;
          onDone(attempt.id);
          return;
        }
        setAnnouncement(error instanceof Error ? error.message : 'Your answer could not be saved');
        setSaveState('offline');
      }
    },
    [attempt.id, onDone, store],
  );

  /** Sends every kept answer now (before submitting), instead of after its pause. */
  const flushAll = useCallback(async () => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    for (const [questionId, answer] of Object.entries(store.read().pending)) await send(questionId, answer);
  }, [send, store]);

  const finish = useCallback(async () => {
    if (finished.current) return;
    finished.current = true;
    setSubmitting(true);
    await flushAll();
    try {
      await submitSitting(attempt.id);
    } catch (error) {
      // Already submitted (by the server at the deadline, or on another device): the review shows it.
      if (!(error instanceof ApiError && error.status === 409)) {
        finished.current = false;
        setSubmitting(false);
        setAnnouncement(error instanceof Error ? error.message : 'Failed to submit the test');
        return;
      }
    }
    store.clear();
    onDone(attempt.id);
  }, [attempt.id, flushAll, onDone, store]);

  const change = (questionId: string, answer: string) => {
    setAnswers((all) => ({ ...all, [questionId]: answer }));
    store.keep(questionId, answer);
    clearTimeout(timers.current.get(questionId));
    timers.current.set(
      questionId,
      setTimeout(() => void send(questionId, answer), SAVE_DELAY_MS),
    );
  };

  // Answers kept while offline go as soon as the connection returns (and once on opening, after a crash).
  useEffect(() => {
    const resend = () => {
      for (const [questionId, answer] of Object.entries(store.read().pending)) void send(questionId, answer);
    };
    const offline = () => setSaveState('offline');
    window.addEventListener('online', resend);
    window.addEventListener('offline', offline);
    resend();
    return () => {
      window.removeEventListener('online', resend);
      window.removeEventListener('offline', offline);
    };
  }, [send, store]);

  // The countdown: warnings are said once; at zero the page submits.
  const said = useRef(new Set<number>());
  useEffect(() => {
    if (attempt.deadline === null) return;
    const tick = () => {
      const ms = remainingMs(attempt.deadline, offset)!;
      setLeft(ms);
      const warning = dueWarning(ms, said.current);
      if (warning) {
        said.current.add(warning.atMs);
        setAnnouncement(warning.text);
      }
      if (ms === 0) void finish();
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [attempt.deadline, offset, finish]);

  const toggleFlag = (questionId: string) => {
    const next = new Set(flagged);
    if (next.has(questionId)) next.delete(questionId);
    else next.add(questionId);
    setFlagged(next);
    store.setFlagged([...next]);
  };

  const answered = (questionId: string) => (answers[questionId] ?? '').replace(/[\s[\]",]/g, '') !== '';
  const unanswered = questions.filter((q) => !answered(q.question!.id)).length;
  const shown = onePage ? questions : questions.slice(current, current + 1);

  return (
    <div className={styles.sitting}>
      <header className={styles.sittingHead}>
        <div>
          <h1 className={styles.title}>{attempt.name}</h1>
          {attempt.instructions ? (
            <p className={styles.muted}>
              <MathText text={attempt.instructions} />
            </p>
          ) : null}
        </div>
        <div className={styles.sittingStatus}>
          {left !== null ? (
            <p
              className={`${styles.clock} ${left <= 60_000 ? styles.clockUrgent : left <= 300_000 ? styles.clockWarn : ''}`}
              aria-label={`Time left ${formatRemaining(left)}`}
            >
              <Timer size={18} aria-hidden="true" /> {formatRemaining(left)}
            </p>
          ) : null}
          <p className={styles.saveState} data-state={saveState}>
            {SAVE_TEXT[saveState]}
          </p>
        </div>
      </header>
      <p className={styles.visuallyHidden} role="status" aria-live="assertive">
        {announcement}
      </p>

      <nav className={styles.navigator} aria-label="Questions">
        {questions.map((q, i) => {
          const id = q.question!.id;
          const label = `Question ${q.number}${answered(id) ? ', answered' : ', not answered'}${flagged.has(id) ? ', flagged for review' : ''}`;
          return (
            <button
              key={id}
              type="button"
              className={`${styles.navButton} ${answered(id) ? styles.navAnswered : ''} ${!onePage && i === current ? styles.navCurrent : ''}`}
              aria-label={label}
              aria-current={!onePage && i === current ? 'step' : undefined}
              onClick={() =>
                onePage
                  ? document.getElementById(`question-${id}`)?.scrollIntoView({ behavior: 'smooth' })
                  : setCurrent(i)
              }
            >
              {q.number}
              {flagged.has(id) ? <Flag size={12} aria-hidden="true" /> : null}
            </button>
          );
        })}
        <label className={styles.viewToggle}>
          <input type="checkbox" checked={onePage} onChange={(e) => setOnePage(e.target.checked)} /> All questions on
          one page
        </label>
      </nav>

      {shown.map((q) => {
        const question = q.question!;
        return (
          <article
            key={question.id}
            id={`question-${question.id}`}
            className={styles.questionCard}
            aria-labelledby={`question-title-${question.id}`}
          >
            <div className={styles.cardHead}>
              <h2 id={`question-title-${question.id}`} className={styles.cardTitle}>
                Question {q.number} of {questions.length}{' '}
                <span className={styles.muted}>({plural(q.marks, 'mark')})</span>
              </h2>
              <Button
                variant="ghost"
                size="sm"
                aria-pressed={flagged.has(question.id)}
                onClick={() => toggleFlag(question.id)}
                icon={Flag}
              >
                {flagged.has(question.id) ? 'Flagged' : 'Flag for review'}
              </Button>
            </div>
            <RichText html={questionHtml(question)} />
            <Attachments files={question.attachments} />
            <AnswerInput
              question={question}
              answer={answers[question.id] ?? ''}
              onChange={(value) => change(question.id, value)}
            />
          </article>
        );
      })}

      <footer className={styles.sittingFoot}>
        {!onePage ? (
          <div className={styles.stepper}>
            <Button variant="secondary" disabled={current === 0} onClick={() => setCurrent(current - 1)}>
              Previous
            </Button>
            <Button
              variant="secondary"
              disabled={current >= questions.length - 1}
              onClick={() => setCurrent(current + 1)}
            >
              Next
            </Button>
          </div>
        ) : null}
        <Button onClick={() => setConfirming(true)} disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit test'}
        </Button>
      </footer>

      <ConfirmDialog
        open={confirming}
        title="Submit your test?"
        confirmLabel="Submit test"
        busyLabel="Submitting..."
        busy={submitting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void finish()}
      >
        <p>
          {unanswered === 0
            ? 'You have answered every question.'
            : `You have ${plural(unanswered, 'unanswered question')}.`}{' '}
          {flagged.size > 0 ? `${plural(flagged.size, 'question is', 'questions are')} flagged for review. ` : ''}
          Once submitted, answers cannot be changed.
        </p>
      </ConfirmDialog>
    </div>
  );
}
