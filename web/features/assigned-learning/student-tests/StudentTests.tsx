import { useState } from 'react';
import { Link } from 'react-router';
import { ClipboardList } from 'lucide-react';
import type { StudentTest } from '@common/schemas/test-taking';
import { paths } from '../../../paths';
import { EmptyState } from '../../../ui/EmptyState';
import { DueList } from './DueList';
import { TestsPage } from './TestsPage';
import styles from './tests.module.css';
import { plural } from '@common/rules';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Whether a test can be started or resumed now, by the device's clock (the server decides again on start). */
function openNow(test: StudentTest, now: number) {
  if (test.status === 'submitted') return false;
  if (test.status === 'in-progress') return true;
  return (!test.opensAt || Date.parse(test.opensAt) <= now) && (!test.closesAt || Date.parse(test.closesAt) > now);
}

export const STATUS_LABELS: Record<StudentTest['status'], string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  submitted: 'Submitted',
};

/**
 * The student's Assignments section: what is due, soonest first (sections with a due date, tests with a window), then
 * every test given to them, with its window, time limit and status.
 */
export default function StudentTests() {
  // The time the list was read: whether each test is open is decided once per visit (the server decides again).
  const [now] = useState(() => Date.now());
  return (
    <TestsPage title="Assignments" icon={ClipboardList} noun="your tests" before={<DueList />}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState
            title="No tests assigned yet"
            text="When your teacher gives you a test, it appears here with its time limit and when it opens."
          />
        ) : (
          <ul className={styles.cards}>
            {list.map((test) => (
              <li key={test.assignmentId} className={styles.card}>
                <div className={styles.cardHead}>
                  <h2 className={styles.cardTitle}>{test.name}</h2>
                  <span className={`${styles.status} ${styles[test.status]}`}>{STATUS_LABELS[test.status]}</span>
                </div>
                <dl className={styles.facts}>
                  {test.testCode ? (
                    <>
                      <dt>Code</dt>
                      <dd>{test.testCode}</dd>
                    </>
                  ) : null}
                  <dt>Questions</dt>
                  <dd>{test.questionCount}</dd>
                  <dt>Time limit</dt>
                  <dd>{test.timeLimit ? plural(test.timeLimit, 'minute') : 'None'}</dd>
                  {test.opensAt ? (
                    <>
                      <dt>Opens</dt>
                      <dd>{when(test.opensAt)}</dd>
                    </>
                  ) : null}
                  {test.closesAt ? (
                    <>
                      <dt>Closes</dt>
                      <dd>{when(test.closesAt)}</dd>
                    </>
                  ) : null}
                </dl>
                {test.status === 'submitted' && test.attemptId ? (
                  <Link className={styles.secondaryAction} to={paths.testReview.href(test.attemptId)}>
                    {test.score ? `View result (${test.score.percentage}%)` : 'View submission'}
                  </Link>
                ) : openNow(test, now) ? (
                  <Link className={styles.action} to={paths.testSitting.href(test.assignmentId)}>
                    {test.status === 'in-progress' ? 'Resume test' : 'Start test'}
                  </Link>
                ) : (
                  <p className={styles.muted}>
                    {test.opensAt && Date.parse(test.opensAt) > now ? 'Not open yet' : 'Closed'}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )
      }
    </TestsPage>
  );
}
