import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { Coffee, Flag, Timer } from 'lucide-react';
import { plural } from '@common/rules';
import { encodeChoices } from '@common/answers/wire';
import { rulesOf } from '@common/question-types';
import { SECTION_MOVED_ON, hasContent } from '@common/rules/exams';
import type { SittingExamView } from '@common/schemas/exams';
import { readOptions } from '@common/schemas/questions';
import type { SittingQuestion } from '@common/schemas/learning';
import type { Attempt } from '@common/schemas/test-taking';
import { ApiError } from '../../../api/client';
import { rulesText } from '../../../api/exams';
import { paths } from '../../../paths';
import { MathText } from '../../../math/MathText';
import { RichText } from '../../../math/RichText';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Bubbles } from '../../../ui/Bubbles';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PageState } from '../../../ui/PageState';
import { AnswerInput } from '../../../question-types/answering';
import { questionHtml } from '../../../question-types/blanks';
import { Attachments } from '../QuestionCard';
import { endSection, readSitting, saveAnswer, startSection, startSitting, submitSitting } from './api';
import {
  clockOffset,
  dueWarning,
  formatRemaining,
  remainingMs,
  sectionsNow,
  SittingStore,
  type SectionsNow,
} from './sitting';
import styles from './tests.module.css';

type SaveState = 'saved' | 'saving' | 'offline';
const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'Saved',
  saving: 'Saving...',
  offline: 'Offline - your answers are kept and will be sent',
};
/** Typing pauses this long before an answer is sent. */
const SAVE_DELAY_MS = 600;
/** At a section's or a break's end the page reads the sitting again, and again this often until it has moved on. */
const REREAD_MS = 5_000;
/** The element that names the phase (a section or the break), focused when a new one begins. */
const PHASE_ID = 'sitting-phase';

/**
 * A student sitting a test (/tests/:assignmentId), with nothing else on the screen. Starting twice returns the same
 * sitting, so a reload, another device or a lost connection resumes it. Every answer is kept in the browser at once
 * and sent after a pause; offline answers wait and go when the connection returns. The countdown runs on the
 * server's clock; at zero the page submits and the server scores what it stored. An exam-style test runs in timed
 * sections with breaks between them: the page shows the section running (or the break) and reads the sitting again
 * when its time is up.
 */
export default function TestSittingPage() {
  const { assignmentId = '' } = useParams();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const done = useCallback(
    (attemptId: string) => void navigate(paths.testReview.href(attemptId), { replace: true }),
    [navigate],
  );

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
  return <Sitting attempt={attempt} onUpdate={setAttempt} onDone={done} />;
}

function Sitting({
  attempt,
  onUpdate,
  onDone,
}: {
  attempt: Attempt;
  /** The sitting as the server now has it (the next section, a break). */
  onUpdate(next: Attempt): void;
  onDone(attemptId: string): void;
}) {
  const store = useMemo(() => new SittingStore(attempt.id), [attempt.id]);
  const saved = useMemo(() => store.read(), [store]);
  const [answers, setAnswers] = useState<Record<string, string>>(() => ({ ...attempt.answers, ...saved.pending }));
  const [flagged, setFlagged] = useState<Set<string>>(() => new Set(saved.flagged));
  const [current, setCurrent] = useState(0);
  const [onePage, setOnePage] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>(
    Object.keys(saved.pending).length > 0 || !navigator.onLine ? 'offline' : 'saved',
  );
  const [confirming, setConfirming] = useState<'submit' | 'end' | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [moving, setMoving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const finished = useRef(false);
  const offset = useMemo(() => clockOffset(attempt.serverNow), [attempt.serverNow]);
  const exam = attempt.exam;
  const sections = sectionsNow(exam);
  // A section's clock runs to the section's end (a break's to the next section's start); otherwise to the deadline.
  const until = sections && exam ? exam.until : attempt.deadline;
  const [left, setLeft] = useState(() => remainingMs(until, offset));
  const questions = attempt.questions.filter((q) => q.question !== null);
  const at = Math.min(current, Math.max(0, questions.length - 1));

  // A new phase (the next section, a break) starts at its first question, said aloud, with focus on its name.
  const phase = useRef(sections?.key ?? 'none');
  const focusPhase = useRef(false);
  const adopt = useCallback(
    (next: Attempt) => {
      if (next.submittedAt) {
        store.clear();
        finished.current = true;
        onDone(next.id);
        return;
      }
      setAnswers((all) => ({ ...next.answers, ...all }));
      const now = sectionsNow(next.exam);
      const key = now?.key ?? 'none';
      if (key !== phase.current) {
        phase.current = key;
        focusPhase.current = true;
        setCurrent(0);
        setAnnouncement(phaseText(now));
      }
      onUpdate(next);
    },
    [onDone, onUpdate, store],
  );
  const phaseKey = sections?.key ?? 'none';
  useEffect(() => {
    if (!focusPhase.current) return;
    focusPhase.current = false;
    document.getElementById(PHASE_ID)?.focus();
  }, [phaseKey]);

  /** Reads the sitting again (a section's time is up): the next phase shows, or the review once it is submitted. */
  const reading = useRef(false);
  const lastRead = useRef(0);
  const refresh = useCallback(async () => {
    if (reading.current || finished.current) return;
    reading.current = true;
    lastRead.current = Date.now();
    try {
      adopt(await readSitting(attempt.id));
    } catch (error) {
      // Offline: the clock asks again a little later.
      if (!(error instanceof ApiError && error.status === 0))
        setAnnouncement(error instanceof Error ? error.message : 'Failed to load the test');
    } finally {
      reading.current = false;
    }
  }, [adopt, attempt.id]);

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
        if (error instanceof ApiError && error.code === SECTION_MOVED_ON) {
          // Its section closed (or has not begun): the answer can no longer go, and the page moves on with the clock.
          store.saved(questionId, answer);
          setSaveState(Object.keys(store.read().pending).length > 0 ? 'offline' : 'saved');
          setAnnouncement(error.message);
          void refresh();
          return;
        }
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
    [attempt.id, onDone, refresh, store],
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

  /** Ends the section now (its answers sent first), or starts the next one before the break is over. */
  const move = async (how: 'end' | 'start') => {
    if (moving) return;
    setMoving(true);
    if (how === 'end') await flushAll();
    try {
      adopt(await (how === 'end' ? endSection(attempt.id) : startSection(attempt.id)));
    } catch (error) {
      // The clock moved first (the section closed, the break ended): the sitting as it is now shows.
      if (error instanceof ApiError && error.status === 409) void refresh();
      else setAnnouncement(error instanceof Error ? error.message : 'Failed to move to the next section');
    }
    setMoving(false);
    setConfirming(null);
  };

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

  // The countdown: warnings are said once per section; at the deadline the page submits, at a section's or a
  // break's end it reads the sitting again. Every section over but the sitting open: it is submitted as it stands.
  const allDone = exam?.phase === 'done';
  const said = useRef({ until, warned: new Set<number>() });
  const deadline = attempt.deadline;
  const sectioned = sections !== null;
  const onBreak = sections?.onBreak ?? false;
  useEffect(() => {
    if (deadline === null && until === null) return;
    if (said.current.until !== until) said.current = { until, warned: new Set() };
    const tick = () => {
      const whole = remainingMs(deadline, offset);
      const ms = remainingMs(until, offset);
      setLeft(ms);
      const warning = ms === null || onBreak ? null : dueWarning(ms, said.current.warned);
      if (warning) {
        said.current.warned.add(warning.atMs);
        setAnnouncement(warning.text);
      }
      if (whole === 0 || allDone) return void finish();
      if (sectioned && ms === 0 && Date.now() - lastRead.current >= REREAD_MS) void refresh();
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [deadline, until, offset, onBreak, sectioned, allDone, finish, refresh]);

  // Leaving an open sitting asks first: another page of the app, and a reload or closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !finished.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (finished.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    await flushAll();
    setLeaving(false);
    blocker.proceed?.();
  };

  const toggleFlag = (questionId: string) => {
    const next = new Set(flagged);
    if (next.has(questionId)) next.delete(questionId);
    else next.add(questionId);
    setFlagged(next);
    store.setFlagged([...next]);
  };

  const answered = (questionId: string) => hasContent(answers[questionId] ?? '');
  const leftBlank = (questionId: string) => exam !== null && answers[questionId] === '';
  const unanswered = questions.filter((q) => !answered(q.question!.id)).length;
  const shown = onePage ? questions : questions.slice(at, at + 1);
  const total = sections ? sections.total : questions.length;
  const clockText = left === null ? '' : formatRemaining(left);

  return (
    <div className={`${styles.sitting} ${attempt.largeText ? styles.largeText : ''}`}>
      <header className={styles.sittingIntro}>
        <h1 className={styles.title}>{attempt.name}</h1>
        {exam ? (
          <p className={styles.examLine}>
            <Badge tone="special">{exam.name}</Badge>
            <span>{rulesText(exam)}</span>
          </p>
        ) : null}
        {attempt.accommodations ? <p className={styles.muted}>Accommodations: {attempt.accommodations}</p> : null}
        {attempt.instructions ? (
          <p className={styles.muted}>
            <MathText text={attempt.instructions} />
          </p>
        ) : null}
      </header>

      <div className={styles.sittingBar}>
        {sections ? (
          <p className={styles.phaseName} id={sections.onBreak ? undefined : PHASE_ID} tabIndex={-1}>
            {sections.onBreak ? (
              <strong>Break</strong>
            ) : (
              <>
                <strong>{sections.name}</strong>{' '}
                <span className={styles.muted}>
                  Section {sections.index + 1} of {sections.count}
                </span>
              </>
            )}
          </p>
        ) : null}
        <div className={styles.sittingStatus}>
          {left !== null && !onBreak ? (
            <p
              role="timer"
              className={`${styles.clock} ${left <= 60_000 ? styles.clockUrgent : left <= 300_000 ? styles.clockWarn : ''}`}
              aria-label={`${sections ? 'Time left in this section' : 'Time left'} ${clockText}`}
            >
              <Timer size={18} aria-hidden="true" /> {clockText}
            </p>
          ) : null}
          <p className={styles.saveState} data-state={saveState}>
            {SAVE_TEXT[saveState]}
          </p>
        </div>
      </div>
      <p className={styles.visuallyHidden} role="status" aria-live="assertive">
        {announcement}
      </p>

      {sections && exam ? <SectionList exam={exam} onBreak={onBreak} /> : null}

      {sections?.onBreak ? (
        <section className={styles.breakCard} aria-labelledby={PHASE_ID}>
          <h2 id={PHASE_ID} className={styles.breakTitle} tabIndex={-1}>
            <Coffee size={22} aria-hidden="true" /> Break
          </h2>
          <p>
            Next: <strong>{sections.name}</strong>, section {sections.index + 1} of {sections.count} (
            {plural(sections.minutes, 'minute')}).
          </p>
          {left !== null ? (
            <p className={styles.breakWhen}>
              The next section starts in{' '}
              <span role="timer" className={styles.breakClock} aria-label={`Next section starts in ${clockText}`}>
                {clockText}
              </span>
            </p>
          ) : null}
          <p className={styles.muted}>
            It starts by itself when the break ends. Closed sections cannot be opened again.
          </p>
          <Button onClick={() => void move('start')} disabled={moving}>
            {moving ? 'Starting...' : 'Start next section'}
          </Button>
        </section>
      ) : (
        <>
          <nav className={styles.navigator} aria-label="Questions">
            {questions.map((q, i) => {
              const id = q.question!.id;
              const state = answered(id) ? ', answered' : leftBlank(id) ? ', left blank' : ', not answered';
              const label = `Question ${q.number}${state}${flagged.has(id) ? ', flagged for review' : ''}`;
              return (
                <button
                  key={id}
                  type="button"
                  className={`${styles.navButton} ${answered(id) ? styles.navAnswered : ''} ${!onePage && i === at ? styles.navCurrent : ''}`}
                  aria-label={label}
                  aria-current={!onePage && i === at ? 'step' : undefined}
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
              <input type="checkbox" checked={onePage} onChange={(e) => setOnePage(e.target.checked)} /> All questions
              on one page
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
                    Question {q.number} of {total}{' '}
                    {exam ? null : <span className={styles.muted}>({plural(q.marks, 'mark')})</span>}
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
                <Answer
                  question={question}
                  number={q.number}
                  sheet={exam?.answerSheet ?? null}
                  answer={answers[question.id]}
                  onChange={(value) => change(question.id, value)}
                />
              </article>
            );
          })}

          <footer className={styles.sittingFoot}>
            {!onePage ? (
              <div className={styles.stepper}>
                <Button variant="secondary" disabled={at === 0} onClick={() => setCurrent(at - 1)}>
                  Previous
                </Button>
                <Button variant="secondary" disabled={at >= questions.length - 1} onClick={() => setCurrent(at + 1)}>
                  Next
                </Button>
              </div>
            ) : null}
            {sections && !sections.last ? (
              <Button onClick={() => setConfirming('end')} disabled={moving}>
                {moving ? 'Ending...' : 'End section'}
              </Button>
            ) : (
              <Button onClick={() => setConfirming('submit')} disabled={submitting}>
                {submitting ? 'Submitting...' : 'Submit test'}
              </Button>
            )}
          </footer>
        </>
      )}

      <ConfirmDialog
        open={confirming === 'submit'}
        title="Submit your test?"
        confirmLabel="Submit test"
        busyLabel="Submitting..."
        busy={submitting}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void finish()}
      >
        <p>
          {unansweredText(unanswered, sections !== null)}{' '}
          {flagged.size > 0 ? `${plural(flagged.size, 'question is', 'questions are')} flagged for review. ` : ''}
          Once submitted, answers cannot be changed.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'end'}
        title="End this section?"
        confirmLabel="End section"
        busyLabel="Ending..."
        busy={moving}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void move('end')}
      >
        <p>You cannot come back to it. {unansweredText(unanswered, true)}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave the test?"
        confirmLabel="Leave test"
        busyLabel="Leaving..."
        busy={leaving}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => void leave()}
      >
        Your answers are saved; the clock keeps running.
      </ConfirmDialog>
    </div>
  );
}

const unansweredText = (count: number, inSection: boolean) => {
  const where = inSection ? ' in this section' : '';
  return count === 0
    ? `You have answered every question${where}.`
    : `You have ${plural(count, 'unanswered question')}${where}.`;
};

/** What is said when a new phase begins. */
function phaseText(now: SectionsNow | null): string {
  if (!now) return '';
  if (now.onBreak) return `Break. ${now.name}, section ${now.index + 1} of ${now.count}, starts when the break ends.`;
  return `${now.name}, section ${now.index + 1} of ${now.count}, has started.`;
}

const SECTION_STATES: Record<string, { text: string; tone: BadgeTone }> = {
  closed: { text: 'Closed', tone: 'muted' },
  current: { text: 'In progress', tone: 'info' },
  next: { text: 'Next', tone: 'special' },
  upcoming: { text: 'Upcoming', tone: 'muted' },
};

/** Every section with its state: the closed ones stay closed, the one running, the ones to come. */
function SectionList({ exam, onBreak }: { exam: SittingExamView; onBreak: boolean }) {
  return (
    <ol className={styles.sectionList} aria-label="Sections">
      {exam.sections.map((section, i) => {
        const state = SECTION_STATES[section.state === 'current' && onBreak ? 'next' : section.state];
        return (
          <li
            key={i}
            className={styles.sectionItem}
            aria-current={section.state === 'current' && !onBreak ? 'step' : undefined}
          >
            <span>
              {section.name}{' '}
              <span className={styles.muted}>
                (questions {section.first}-{section.last}, {plural(section.minutes, 'minute')})
              </span>
            </span>
            <Badge tone={state.tone}>{state.text}</Badge>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A question's answer: on an answer sheet of bubbles, its options shown and a row of bubbles (with "Leave blank");
 * otherwise the control of its type, and on an exam a "Leave blank" button. Leaving blank saves an empty answer,
 * which the exam counts as blank, not wrong.
 */
function Answer({
  question,
  number,
  sheet,
  answer,
  onChange,
}: {
  question: SittingQuestion;
  number: number;
  sheet: SittingExamView['answerSheet'] | null;
  answer: string | undefined;
  onChange(value: string): void;
}) {
  const options =
    sheet === 'bubbles' && rulesOf(question.type)?.choosesOptions && !question.multipleAnswers
      ? readOptions(question.options)
      : null;
  if (options) {
    return (
      <>
        <ol className={styles.choices} aria-label={`Options of question ${number}`}>
          {options.map(([letter, text]) => (
            <li key={letter} className={styles.choice}>
              <span className={styles.choiceLetter}>{letter}</span>
              <RichText html={text} className={styles.choiceText} large />
            </li>
          ))}
        </ol>
        <div className={styles.sheetRow}>
          <span className={styles.sheetLabel} aria-hidden="true">
            Answer sheet
          </span>
          <Bubbles
            label={`Answer for question ${number}`}
            options={[
              ...options.map(([letter]) => ({ value: encodeChoices([letter]), label: letter })),
              { value: '', label: 'Leave blank', wide: true },
            ]}
            value={answer ?? null}
            onChange={onChange}
          />
        </div>
      </>
    );
  }
  return (
    <>
      <AnswerInput question={question} answer={answer ?? ''} onChange={onChange} />
      {sheet ? (
        <div className={styles.blankRow}>
          <Button variant="secondary" size="sm" onClick={() => onChange('')}>
            Leave blank
          </Button>
          {answer === '' ? <span className={styles.muted}>Left blank</span> : null}
        </div>
      ) : null}
    </>
  );
}
