import { Link, useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Badge } from '../../ui/Badge';
import { PageState } from '../../ui/PageState';
import { Tabs } from '../../ui/Tabs';
import { GiveTestPanel } from './GiveTestPanel';
import { useSavedTest } from './api';
import { ResultsPanel } from './ResultsPanel';
import styles from './results.module.css';
import { plural } from '@common/rules';

type Part = 'give' | 'results';

/**
 * A saved test's staff page (/saved-tests/:testId?tab=results): Assign it to students and read its Results. A
 * teacher picks from and sees only their own students; the server enforces the same.
 */
export default function SavedTestPage() {
  const { testId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { user } = useAuth();
  const test = useSavedTest(testId);
  const part: Part = search.get('tab') === 'results' ? 'results' : 'give';
  if (test.isPending) return <PageState kind="loading" title="Loading the test..." />;
  if (test.isError)
    return (
      <PageState
        kind="error"
        title={test.error.message}
        action={<Link to={paths.questionBank}>Back to the Question Bank</Link>}
      />
    );
  const t = test.data;
  const role = user?.type === 'admin' ? 'admin' : 'teacher';
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <Link to={paths.questionBank} className={styles.back}>
          Question Bank
        </Link>
        <h1 className={styles.title}>{t.name}</h1>
        {t.archivedAt ? (
          <p className={styles.archived}>
            Archived: kept with its results; it cannot be assigned until it is restored.
          </p>
        ) : null}
        <dl className={styles.facts}>
          {t.testCode ? (
            <div>
              <dt>Code</dt>
              <dd>{t.testCode}</dd>
            </div>
          ) : null}
          <div>
            <dt>Questions</dt>
            <dd>{t.questionCount}</dd>
          </div>
          <div>
            <dt>Time limit</dt>
            <dd>{t.timeLimit ? plural(t.timeLimit, 'minute') : 'None'}</dd>
          </div>
          <div>
            <dt>Marks</dt>
            <dd>{t.totalMarks ?? t.marks}</dd>
          </div>
          {t.examProfile ? (
            <div>
              <dt>Exam profile</dt>
              <dd>
                <Badge tone="special">{t.examProfile.name}</Badge>
              </dd>
            </div>
          ) : null}
        </dl>
      </header>
      <Tabs
        label="Saved test"
        value={part}
        onChange={(next) => setSearch(next === 'results' ? { tab: 'results' } : {}, { replace: true })}
        tabs={[
          { value: 'give', label: 'Assign', content: <GiveTestPanel testId={testId} role={role} /> },
          // Re-scoring is the test's author's or an admin's (the server decides; others are not offered it).
          {
            value: 'results',
            label: 'Results',
            content: (
              <ResultsPanel testId={testId} mayRescore={role === 'admin' || (!!user && t.author?.id === user.id)} />
            ),
          },
        ]}
      />
    </div>
  );
}
