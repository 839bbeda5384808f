/** The student's Practice section: a session of questions the server chose from their skills, kept until finished. */
import { Dumbbell } from 'lucide-react';
import { plural } from '@common/rules';
import {
  PRACTICE_MESSAGES as M,
  PRACTICE_REASON_LABELS,
  PRACTICE_SESSION_SIZE,
  type PracticeReason,
} from '@common/rules/practice';
import type { PracticeSession } from '@common/schemas/practice';
import { errorMessage } from '../../../api/client';
import { useNewPractice, usePracticeSession, useStartPractice } from '../../../api/practice';
import { useAuth } from '../../../auth/AuthProvider';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { PageFrame } from '../../../ui/PageFrame';
import { PageState } from '../../../ui/PageState';
import { ProgressBar } from '../../../ui/ProgressBar';
import { QuestionCard } from '../QuestionCard';
import learning from '../student.module.css';
import styles from './practice.module.css';

const REASON_TONES: Record<PracticeReason, BadgeTone> = {
  due: 'warning',
  almost: 'success',
  prerequisite: 'special',
  'weak spot': 'info',
};

const LEAD =
  'Questions chosen for you: skills due for review, skills almost proficient, and the skills they build on, at your grade.';

export default function PracticePage() {
  const session = usePracticeSession();
  const start = useStartPractice();
  const renew = useNewPractice();
  const open = session.data?.session ?? null;
  const busy = start.isPending || renew.isPending;
  const actions = open ? (
    <Button variant="secondary" onClick={() => renew.mutate(open.id)} disabled={busy}>
      {renew.isPending ? 'Choosing questions...' : 'New session'}
    </Button>
  ) : null;
  const failed = start.error ?? renew.error;
  return (
    <PageFrame title="Practice" lead={LEAD} actions={actions}>
      {failed ? <p role="alert">{errorMessage(failed, M.failed)}</p> : null}
      {session.isPending ? (
        <PageState kind="loading" title="Loading your practice..." />
      ) : session.isError ? (
        <PageState
          kind="error"
          title={errorMessage(session.error, M.failed)}
          action={<Button onClick={() => void session.refetch()}>Try again</Button>}
        />
      ) : open ? (
        <Session session={open} />
      ) : (
        <PageState
          kind="empty"
          title={session.data.message ? 'No practice session yet' : 'Ready to practice?'}
          text={
            session.data.message ??
            `Start a session of up to ${plural(PRACTICE_SESSION_SIZE, 'question')} chosen from your skills. It stays here until you start a new one.`
          }
          action={
            <Button onClick={() => start.mutate()} disabled={busy}>
              {start.isPending ? 'Choosing questions...' : session.data.message ? 'Check again' : 'Start practice'}
            </Button>
          }
        />
      )}
    </PageFrame>
  );
}

function Session({ session }: { session: PracticeSession }) {
  const { user } = useAuth();
  const total = session.items.length;
  return (
    <div className={styles.session}>
      <div className={styles.progress}>
        <ProgressBar
          value={session.answered}
          max={total}
          label="Practice progress"
          text={`${session.answered} of ${total} answered`}
        />
      </div>
      <ol className={learning.questionList}>
        {session.items.map((item, i) => (
          <li key={item.question.id} className={learning.questionCard} aria-label={`Practice question ${i + 1}`}>
            <div className={styles.itemHead}>
              <p className={learning.questionNumber}>
                <Dumbbell size={14} aria-hidden="true" /> Question {i + 1} of {total}
              </p>
              <Badge tone={REASON_TONES[item.reason]}>{PRACTICE_REASON_LABELS[item.reason]}</Badge>
              {item.skill ? <span className={styles.skill}>{item.skill}</span> : null}
              {item.answered ? <Badge tone="muted">Answered</Badge> : null}
            </div>
            <QuestionCard question={item.question} userId={user?.id ?? ''} />
          </li>
        ))}
      </ol>
    </div>
  );
}
