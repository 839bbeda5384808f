import { useMutation } from '@tanstack/react-query';
import { Target } from 'lucide-react';
import type { PracticeSet } from '@common/schemas/test-taking';
import { api, errorMessage } from '../../../api/client';
import { useAuth } from '../../../auth/AuthProvider';
import { Button } from '../../../ui/Button';
import { QuestionCard } from '../QuestionCard';
import learning from '../student.module.css';
import styles from './tests.module.css';
import { plural } from '@common/rules';

const FAILED = 'Failed to load practice questions';
const listed = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');

/**
 * "Practice my weak spots" under a released result: questions the student has not met from the test's weakest focus
 * areas, checked like any exercise (the server drew them and lets this student check them; asking again gives the
 * same set).
 */
export function PracticeWeakSpots({ attemptId }: { attemptId: string }) {
  const { user } = useAuth();
  const practice = useMutation({
    mutationFn: () => api.post<PracticeSet>(`/student/attempts/${attemptId}/practice`, undefined, FAILED),
  });
  const set = practice.data;
  return (
    <section className={styles.card} aria-labelledby="practice-title">
      <h2 id="practice-title" className={styles.cardTitle}>
        <Target size={18} aria-hidden="true" /> Practice where it counts
      </h2>
      {!set ? (
        <>
          <p className={styles.muted}>
            New questions from your two weakest focus areas in this test, checked at once like any exercise.
          </p>
          <Button onClick={() => practice.mutate()} disabled={practice.isPending}>
            {practice.isPending ? 'Finding questions...' : 'Practice my weak spots'}
          </Button>
          {practice.isError ? <p role="alert">{errorMessage(practice.error, FAILED)}</p> : null}
        </>
      ) : set.message ? (
        <p role="status">{set.message}</p>
      ) : set.focusAreas.length === 0 ? (
        <p>No weak spots in this test: every focus area was answered right.</p>
      ) : set.questions.length === 0 ? (
        <p>
          You have already met every question of {listed(set.focusAreas)} in the question bank. Your teacher can add
          more.
        </p>
      ) : (
        <>
          <p>
            {plural(set.questions.length, 'question')} from {listed(set.focusAreas)}:
          </p>
          <ol className={learning.questionList}>
            {set.questions.map((question, i) => (
              <li key={question.id} className={learning.questionCard} aria-label={`Practice question ${i + 1}`}>
                <p className={learning.questionNumber}>Practice question {i + 1}</p>
                <QuestionCard question={question} userId={user?.id ?? ''} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
