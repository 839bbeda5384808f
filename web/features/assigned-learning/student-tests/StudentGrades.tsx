import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { scoreText } from '@common/rules/test-taking';
import { paths } from '../../../paths';
import { EmptyState } from '../../../ui/EmptyState';
import { TestsPage } from './TestsPage';
import styles from './tests.module.css';

/** The student's Grades section: each submitted test with its score once released. */
export default function StudentGrades() {
  return (
    <TestsPage title="Grades" icon={GraduationCap} noun="your grades">
      {(tests) => {
        const done = tests.filter((t) => t.status === 'submitted');
        return done.length === 0 ? (
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
        );
      }}
    </TestsPage>
  );
}
