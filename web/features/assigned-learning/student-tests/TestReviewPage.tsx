import { Link, useParams } from 'react-router';
import { CheckCircle2, CircleDashed, XCircle } from 'lucide-react';
import { describeAnswer, describeAnswerOfDeleted, describeKey } from '@common/question-types';
import { accuracyBy } from '@common/rules/test-taking';
import type { Attempt } from '@common/schemas/test-taking';
import { paths } from '../../../paths';
import { RichText } from '../../../math/RichText';
import { ShownAnswer } from '../../../math/ShownAnswer';
import { ExamReport } from '../../../ui/ExamReport';
import { MeterList } from '../../../ui/MeterList';
import { PageState } from '../../../ui/PageState';
import { questionHtml } from '../../../question-types/blanks';
import { useAttempt } from './api';
import { PracticeWeakSpots } from './PracticeWeakSpots';
import styles from './tests.module.css';
import { plural } from '@common/rules';

/** A submitted test (/tests/review/:attemptId): waiting for release, or the score and every question reviewed. */
export default function TestReviewPage() {
  const { attemptId = '' } = useParams();
  const attempt = useAttempt(attemptId);
  if (attempt.isPending) return <PageState kind="loading" title="Loading your result..." />;
  if (attempt.isError) return <PageState kind="error" title="Failed to load the test" text={attempt.error.message} />;
  const a = attempt.data;
  const back = (
    <Link className={styles.secondaryAction} to={paths.dashboardSection('grades')}>
      Back to Grades
    </Link>
  );
  if (!a.submittedAt) {
    return (
      <PageState
        kind="empty"
        title="This test is still open"
        action={
          <Link className={styles.action} to={paths.testSitting.href(a.assignmentId)}>
            Resume test
          </Link>
        }
      />
    );
  }
  if (!a.released || !a.score || !a.results) {
    return (
      <PageState
        kind="empty"
        title="Test submitted"
        text={`${a.submittedBy === 'server' ? 'Time ran out, so your saved answers were submitted for you. ' : ''}Your teacher will release the results; they will appear under Grades.`}
        action={back}
      />
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.resultHead}>
        <h1 className={styles.title}>{a.name}: your result</h1>
        <p className={styles.score}>
          {a.score.marks} / {plural(a.score.maxMarks, 'mark')} ({a.score.percentage}%)
          {a.score.scaled !== null ? (
            <span className={styles.muted}> - {a.score.scaled} on the test's scale</span>
          ) : null}
        </p>
        {a.submittedBy === 'server' ? (
          <p className={styles.muted}>Time ran out: the answers you had saved were submitted.</p>
        ) : null}
        {back}
      </header>
      {a.reviewComment ? (
        <section className={styles.card} aria-labelledby="teacher-comment">
          <h2 id="teacher-comment" className={styles.cardTitle}>
            Your teacher's comment
          </h2>
          <p className={styles.comment}>{a.reviewComment}</p>
        </section>
      ) : null}
      {a.report ? (
        <div className={styles.card}>
          <ExamReport report={a.report} />
        </div>
      ) : null}
      <AccuracySummary results={a.results} />
      <ol className={styles.review}>
        {a.results.map((r) => {
          const question = a.questions.find((q) => q.number === r.number)?.question;
          const verdict = r.awarded >= r.marks ? 'right' : r.awarded > 0 ? 'partly' : 'wrong';
          const Icon = verdict === 'right' ? CheckCircle2 : verdict === 'partly' ? CircleDashed : XCircle;
          return (
            <li key={r.number} className={`${styles.questionCard} ${styles[verdict]}`}>
              <h2 className={styles.cardTitle}>
                <Icon size={18} aria-hidden="true" /> Question {r.number}: {r.awarded} of {plural(r.marks, 'mark')}
                {r.adjusted ? <span className={styles.muted}> (marked by your teacher)</span> : null}
              </h2>
              {question ? (
                <RichText html={questionHtml(question)} />
              ) : (
                <p className={styles.muted}>This question is no longer in the question bank.</p>
              )}
              <dl className={styles.facts}>
                <dt>Your answer</dt>
                <dd>
                  <ShownAnswer
                    shown={question ? describeAnswer(question, r.answer) : describeAnswerOfDeleted(r.answer)}
                  />
                </dd>
                <dt>Correct answer</dt>
                <dd>
                  {question ? <ShownAnswer shown={describeKey({ ...question, answer: r.correctAnswer })} /> : '—'}
                </dd>
              </dl>
              {r.comment ? (
                <div className={styles.solution}>
                  <h3>Teacher's comment</h3>
                  <p className={styles.comment}>{r.comment}</p>
                </div>
              ) : null}
              {r.solution ? (
                <div className={styles.solution}>
                  <h3>Solution</h3>
                  <RichText html={r.solution} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <PracticeWeakSpots attemptId={a.id} />
    </div>
  );
}

/** Accuracy per focus area and per category, weakest first: where to practice next. */
function AccuracySummary({ results }: { results: NonNullable<Attempt['results']> }) {
  const parts = [
    { by: 'focus' as const, title: 'By focus area' },
    { by: 'category' as const, title: 'By category' },
  ].map((part) => ({ ...part, rows: accuracyBy(results, part.by) }));
  if (parts.every((part) => part.rows.length === 0)) return null;
  return (
    <section className={styles.card} aria-label="Accuracy">
      {parts.map((part) =>
        part.rows.length === 0 ? null : (
          <div key={part.by}>
            <h2 className={styles.cardTitle}>{part.title}</h2>
            <MeterList
              rows={part.rows.map((row) => ({
                key: row.name,
                label: row.name,
                percent: row.percent,
                meterLabel: `${row.name} accuracy`,
              }))}
            />
          </div>
        ),
      )}
    </section>
  );
}
