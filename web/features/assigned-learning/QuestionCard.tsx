import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BookOpenCheck, CheckCircle2, Info, Lightbulb, Paperclip, Shuffle, XCircle } from 'lucide-react';
import type { StudentQuestion } from '@common/schemas/learning';
import { SOLUTION_AFTER_WRONG } from '@common/schemas/learning';
import { ANOTHER_AFTER_WRONG, MESSAGES } from '@common/rules';
import { QUESTION_TYPE_RULES } from '@common/question-types';
import { readAttachments, uploadUrl } from '@common/schemas/questions';
import { apiUrl, errorMessage } from '../../api/client';
import { MathText } from '../../math/MathText';
import { RichText } from '../../math/RichText';
import { Button } from '../../ui/Button';
import { useAnotherVariant, useCheckAnswer, useHintOpened, useSolution } from './api';
import { AnswerInput } from '../../question-types/answering';
import { questionHtml } from '../../question-types/blanks';
import { loadSessionAnswer, saveSessionAnswer, type SessionAnswer } from './sessionAnswers';
import styles from './student.module.css';

/**
 * One exercise: the question, its attachments and an answer control for its type, then Check Answer (Enter checks
 * too). Blank answers are never sent; the server checks and records every attempt. The verdict is announced and
 * brought into view while the focus stays where the student is. The hint opens on demand; the worked solution is
 * offered after a right answer or a second wrong one, now or in the server's record (`solutionEarned`). Typed answers
 * and verdicts are saved for the session. A practice question has no section.
 */
interface QuestionCardProps {
  question: StudentQuestion;
  sectionId?: string;
  userId: string;
  solutionEarned?: boolean;
}

export function QuestionCard(props: QuestionCardProps) {
  // A new variant ("Show me another") replaces the question shown until the list brings it too.
  const [replaced, setReplaced] = useState<StudentQuestion | null>(null);
  const question = replaced?.id === props.question.id ? replaced : props.question;
  return (
    <Exercise
      key={placeOf(question)}
      {...props}
      question={question}
      // The earned solution was the last variant's: a new one earns its own.
      solutionEarned={question === props.question && props.solutionEarned}
      onReplaced={setReplaced}
    />
  );
}

/** Where a question's typed answer is kept: by question, and by variant for one with random numbers. */
const placeOf = (question: StudentQuestion) => (question.variant ? `${question.id}@${question.variant}` : question.id);

function Exercise({
  question,
  sectionId,
  userId,
  solutionEarned = false,
  onReplaced,
}: QuestionCardProps & { onReplaced(next: StudentQuestion): void }) {
  const place = placeOf(question);
  const [saved, setSaved] = useState<SessionAnswer>(() => loadSessionAnswer(userId, place));
  const { answer, result } = saved;
  const save = (next: SessionAnswer) => {
    setSaved(next);
    saveSessionAnswer(userId, place, next);
  };
  const check = useCheckAnswer();
  const verdict = useRef<HTMLDivElement>(null);
  const [announced, setAnnounced] = useState(0);
  const blank = (value: string) => QUESTION_TYPE_RULES[question.type].isBlank(value);
  const isBlank = blank(answer);
  // What was typed last, even when Enter comes before the screen has drawn it (a fast typist on a busy machine).
  const typedLast = useRef(answer);
  // The field also reports moves that leave its value as it was: only a new answer clears the verdict.
  const change = (value: string) => {
    typedLast.current = value;
    if (value !== answer) save({ ...saved, answer: value, result: null });
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const sent = typedLast.current;
    if (blank(sent) || check.isPending) return;
    check.mutate(
      { questionId: question.id, studentAnswer: sent, sectionId },
      {
        onSuccess: (reply) => {
          const latest = loadSessionAnswer(userId, place);
          save({
            ...latest,
            answer: sent,
            result: reply.result,
            // A form miss is not a try: the server stores none, and it brings the solution no nearer.
            wrong: latest.wrong + (reply.result.isCorrect || reply.result.formMissed ? 0 : 1),
            solved: latest.solved || reply.result.isCorrect,
          });
          setAnnounced((n) => n + 1);
        },
        // A failed check is logged and shows nothing to the student.
        onError: (error) => console.error('Check answer failed', error),
      },
    );
  };
  useEffect(() => {
    if (announced > 0) verdict.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [announced]);

  return (
    <form className={styles.question} onSubmit={submit} noValidate>
      <RichText html={questionHtml(question)} className={styles.richText} />
      <Attachments files={question.attachments} />
      <AnswerInput question={question} answer={answer} onChange={change} onEnter={() => submit()} />
      <div className={styles.checkRow}>
        <Button type="submit" disabled={isBlank} aria-disabled={check.isPending || undefined}>
          {check.isPending ? 'Checking...' : 'Check Answer'}
        </Button>
        {question.hint.trim() ? <Hint questionId={question.id} hint={question.hint} /> : null}
      </div>
      {/* Always present, so screen readers announce each verdict as it arrives. */}
      <div ref={verdict} role="status" aria-live="polite" className={styles.verdict}>
        {result ? (
          <p className={result.isCorrect ? styles.correct : result.formMissed ? styles.almost : styles.incorrect}>
            {result.isCorrect ? (
              <CheckCircle2 size={20} aria-hidden="true" />
            ) : result.formMissed ? (
              <Info size={20} aria-hidden="true" />
            ) : (
              <XCircle size={20} aria-hidden="true" />
            )}
            <span>{result.feedback}</span>
          </p>
        ) : null}
      </div>
      {solutionEarned || saved.solved || saved.wrong >= SOLUTION_AFTER_WRONG ? (
        <WorkedSolution questionId={question.id} variant={question.variant} />
      ) : null}
      {question.variant && saved.wrong >= ANOTHER_AFTER_WRONG ? (
        <Another questionId={question.id} onReplaced={onReplaced} />
      ) : null}
    </form>
  );
}

/** "Show me another": the same question with new numbers, after two wrong answers to these. */
function Another({ questionId, onReplaced }: { questionId: string; onReplaced(next: StudentQuestion): void }) {
  const another = useAnotherVariant(questionId);
  return (
    <div className={styles.anotherRow}>
      <Button
        variant="secondary"
        size="sm"
        icon={Shuffle}
        aria-disabled={another.isPending || undefined}
        onClick={() => {
          if (!another.isPending) another.mutate(undefined, { onSuccess: onReplaced });
        }}
      >
        {another.isPending ? 'Getting another...' : 'Show me another'}
      </Button>
      {another.isError ? (
        <p className={styles.failed} role="alert">
          {errorMessage(another.error, 'Could not get another question. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}

/** The hint, shown on demand, with its math rendered; the first opening on this page is recorded for the teacher. */
function Hint({ questionId, hint }: { questionId: string; hint: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const opened = useHintOpened(questionId);
  const toggle = () => {
    if (!open && opened.isIdle) opened.mutate(undefined, { onError: () => undefined });
    setOpen((o) => !o);
  };
  return (
    <div className={styles.hintBox}>
      <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={id} onClick={toggle} icon={Lightbulb}>
        {open ? 'Hide hint' : 'Show hint'}
      </Button>
      {open ? (
        <p id={id} className={styles.hint}>
          <strong>Hint:</strong> <MathText text={hint} />
        </p>
      ) : null}
    </div>
  );
}

/** The worked solution, fetched when the student asks for it: the server gives it only once it is earned. */
function WorkedSolution({ questionId, variant }: { questionId: string; variant: number | null }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const solution = useSolution(questionId, variant, open);
  return (
    <div className={styles.solution}>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        icon={BookOpenCheck}
      >
        {open ? 'Hide worked solution' : 'Show worked solution'}
      </Button>
      {open ? (
        <section id={id} className={styles.solutionBody} aria-label="Worked solution">
          {solution.isPending ? (
            <p className={styles.muted} role="status">
              Loading the solution...
            </p>
          ) : solution.isError ? (
            <p className={styles.failed} role="alert">
              {errorMessage(solution.error, 'Could not load the solution. Please try again.')}
            </p>
          ) : solution.data.solution.trim() ? (
            <RichText html={solution.data.solution} className={styles.richText} />
          ) : (
            <p className={styles.muted}>This question has no worked solution yet.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** The question's images (exercises and tests); attachments that arrive unreadable (a JSON string that does not parse) are reported. */
export function Attachments({ files: raw }: { files: unknown }) {
  const files = readAttachments(raw);
  if (files === null) return <p className={styles.failed}>{MESSAGES.attachmentsUnreadable}</p>;
  if (files.length === 0) return null;
  return (
    <div className={styles.attachments}>
      {files.map((f) => (
        <Attachment key={f.filename} file={f} />
      ))}
    </div>
  );
}

/** An image attachment; when it cannot load, a paperclip and its file name. */
function Attachment({ file }: { file: StudentQuestion['attachments'][number] }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={styles.attachmentFallback}>
        <Paperclip size={16} aria-hidden="true" /> {file.originalname}
      </span>
    );
  }
  return (
    <img
      className={styles.attachmentImage}
      src={apiUrl(uploadUrl(file.filename))}
      alt={file.originalname}
      onError={() => setFailed(true)}
    />
  );
}
