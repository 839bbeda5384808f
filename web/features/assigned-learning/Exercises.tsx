import type { StudentQuestion } from '@common/schemas/learning';
import { useQuestionBatch } from './api';
import { QuestionCard } from './QuestionCard';
import styles from './student.module.css';

const FAILED = 'Failed to load this question. Please try refreshing the page.';

/** A section's exercises as numbered cards, loaded in one batch call. */
export function Exercises({ sectionId, questionIds }: { sectionId: string; questionIds: string[] }) {
  const batch = useQuestionBatch(questionIds);
  const byId = new Map<string, StudentQuestion>((batch.data ?? []).map((q) => [q.id, q]));
  return (
    <ol className={styles.questionList}>
      {questionIds.map((id, i) => {
        const question = byId.get(id);
        return (
          <li key={id} className={styles.questionCard} aria-label={`Question ${i + 1}`}>
            <p className={styles.questionNumber}>Question {i + 1}</p>
            {batch.isPending ? (
              <p className={styles.muted} role="status">Loading Question...</p>
            ) : question ? (
              <QuestionCard question={question} sectionId={sectionId} />
            ) : (
              <p className={styles.failed} role="alert">{FAILED}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
