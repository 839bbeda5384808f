import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { scoreText } from '@common/rules/test-taking';
import { paths } from '../../../paths';
import { EmptyState } from '../../../ui/EmptyState';
import { PageState } from '../../../ui/PageState';
import { useStudentTests } from './api';
import styles from './tests.module.css';

/** The student's Grades section: each submitted test with its score once released. */
export default function StudentGrades() {
  const tests = useStudentTests();
  if (tests.isPending) return <PageState kind="loading" title="Loading your grades..." />;
  if (tests.isError) return <PageState kind="error" title="Failed to load your grades" text={tests.error.message} />;
  const done = tests.data.filter((t) => t.status === 'submitted');
  return (
    <section className={styles.page} aria-labelledby="grades-title">
      <h1 id="grades-title" className={styles.title}>
        <GraduationCap size={24} aria-hidden="true" /> Grades
      </h1>
      {done.length === 0 ? (
        <EmptyState title="No results yet" text="Your scores appear here after you submit a test." />
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Test</th>
              <th scope="col">Score</th>
              <th scope="col">Percentage</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Review</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {done.map((t) => (
              <tr key={t.assignmentId}>
                <td>{t.name}</td>
                <td>{t.score ? scoreText(t.score, t.totalMarks) : 'Awaiting release'}</td>
                <td>{t.score ? `${t.score.percentage}%` : '--'}</td>
                <td>{t.attemptId ? <Link to={paths.testReview.href(t.attemptId)}>Review</Link> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
