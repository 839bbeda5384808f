import { SOLUTION_AFTER_WRONG, type StudentQuestion } from '@common/schemas/learning';
import { questionStatus } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
import { useQuestionBatch, useSectionProgress } from './api';
import { QuestionCard } from './QuestionCard';
import styles from './student.module.css';

const FAILED = 'Failed to load this question. Please try refreshing the page.';

/** A section's exercises as numbered cards, loaded in one batch call. */
export function Exercises({ sectionId, questionIds }: { sectionId: string; questionIds: string[] }) {
  const batch = useQuestionBatch(questionIds);
  const progress = useSectionProgress(sectionId);
  const { user } = useAuth();
  const byId = new Map<string, StudentQuestion>((batch.data ?? []).map((q) => [q.id, q]));
  return (
    <ol className={styles.questionList}>
      {questionIds.map((id, i) => {
        const question = byId.get(id);
        const done = progress.data?.questions.find((p) => p.questionId === id);
        // The server's record: a question solved or missed twice on another day or device still offers its solution.
        const solutionEarned = !!done && (done.solvedOnTry !== null || done.tries >= SOLUTION_AFTER_WRONG);
        return (
          <li key={id} className={styles.questionCard} aria-label={`Question ${i + 1}`}>
            <div className={styles.questionTop}>
              <p className={styles.questionNumber}>Question {i + 1}</p>
              <QuestionStatus status={questionStatus(done)} />
            </div>
            {batch.isPending ? (
              <p className={styles.muted} role="status">
                Loading Question...
              </p>
            ) : question ? (
              <QuestionCard
                question={question}
                sectionId={sectionId}
                userId={user?.id ?? ''}
                solutionEarned={solutionEarned}
              />
            ) : (
              <p className={styles.failed} role="alert">
                {FAILED}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function QuestionStatus({ status }: { status: ReturnType<typeof questionStatus> }) {
  if (!status) return null;
  return <p className={status.solved ? styles.solvedBadge : styles.triesBadge}>{status.text}</p>;
}
