import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { describeAnswer, describeAnswerOfDeleted, describeKey } from '@common/question-types';
import type { Question } from '@common/schemas/questions';
import type { DisagreeingOverride } from '@common/schemas/sitting-review';
import type { TestResults } from '@common/schemas/test-taking';
import { scoreBuckets } from '@common/rules/progress-charts';
import { errorMessage } from '../../api/client';
import { Chart } from '../../ui/Chart';
import { RichText } from '../../math/RichText';
import { ShownAnswer } from '../../math/ShownAnswer';
import { paths } from '../../paths';
import { questionHtml } from '../../question-types/blanks';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { Table } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { MeterList } from '../../ui/MeterList';
import { ProgressBar } from '../../ui/ProgressBar';
import { releaseResults, rescoreResults, resultKeys, useResults, useSavedTest } from './api';
import { download, resultsCsv } from './csv';
import { STATUS_TEXT, timeUsed } from './format';
import styles from './results.module.css';

/**
 * Results of the caller's students: the table (and its CSV), per-question and per-focus-area figures, Release, and
 * Re-score (stored scores change only when staff ask, e.g. after correcting a question's answer).
 */
/** The band holding the most scores (the first of equals). */
function busiestBand(scores: number[]): string {
  const bands = scoreBuckets(scores);
  return bands.reduce((best, band) => (band.students > best.students ? band : best), bands[0]).label;
}

export function ResultsPanel({ testId, mayRescore }: { testId: string; mayRescore: boolean }) {
  const results = useResults(testId);
  // The test as it is now, read by the page already: each question's key beside its figure.
  const test = useSavedTest(testId);
  const queryClient = useQueryClient();
  const notice = useNotify();
  const [busy, setBusy] = useState(false);
  // Overrides the last re-score moved the automatic marks under, and which now differ from them.
  const [disagreeing, setDisagreeing] = useState<DisagreeingOverride[]>([]);
  if (results.isPending) return <PageState kind="loading" title="Loading results..." />;
  if (results.isError)
    return <PageState kind="error" title="Failed to load the results" text={results.error.message} />;
  const r = results.data;

  /** Runs one of the panel's actions, then reads the results (and who has them) again. */
  const act = async (send: () => Promise<{ message: string }>, failure: string) => {
    setBusy(true);
    try {
      notice.success((await send()).message);
      await queryClient.invalidateQueries({ queryKey: resultKeys.results(testId) });
      await queryClient.invalidateQueries({ queryKey: resultKeys.givenTests(testId) });
    } catch (error) {
      notice.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  };

  if (r.students.length === 0)
    return <EmptyState title="No results yet" text="Assign the test to students; their results appear here." />;
  const submitted = r.students.filter((s) => s.status === 'submitted').length;
  const questions = new Map(
    (test.data?.questions ?? []).flatMap((entry) =>
      entry.question ? [[entry.question.id, entry.question] as const] : [],
    ),
  );
  const scores = r.students.flatMap((s) => (s.score ? [s.score.percentage] : []));
  return (
    <div className={styles.panel}>
      <section className={styles.card} aria-labelledby="distribution-title">
        <h2 id="distribution-title" className={styles.cardTitle}>
          Score distribution
        </h2>
        {scores.length ? (
          <Chart
            title="Students per score band"
            summary={`${scores.length} scores, in bands of 10%: most in ${busiestBand(scores)}.`}
            rows={scoreBuckets(scores)}
            x={{ key: 'label', label: 'Score' }}
            series={[{ key: 'students', label: 'Students' }]}
          />
        ) : (
          <p className={styles.muted}>No submitted sittings yet.</p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="results-title">
        <div className={styles.cardHead}>
          <h2 id="results-title" className={styles.cardTitle}>
            Students ({submitted} of {r.students.length} submitted)
          </h2>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => download(`${r.test.name} results.csv`, resultsCsv(r))}
              icon={Download}
            >
              Export CSV
            </Button>
            {mayRescore ? (
              <Button
                variant="secondary"
                onClick={() =>
                  void act(async () => {
                    const reply = await rescoreResults(testId);
                    setDisagreeing(reply.disagreeing);
                    return reply;
                  }, 'Failed to re-score the results')
                }
                disabled={busy || submitted === 0}
              >
                Re-score
              </Button>
            ) : null}
            <Button
              onClick={() => void act(() => releaseResults(testId), 'Failed to release the results')}
              disabled={busy || r.awaitingRelease === 0}
            >
              {`Release results (${r.awaitingRelease})`}
            </Button>
          </div>
        </div>
        <Toast notice={notice.notice} />
        {disagreeing.length > 0 ? (
          <div className={styles.disagreeing} role="status">
            <p className={styles.muted}>
              The re-score moved the automatic marks under these overrides, which now differ from them:
            </p>
            <ul>
              {disagreeing.map((d) => (
                <li key={`${d.attemptId} ${d.number}`}>
                  <Link to={paths.sittingReview.href(testId, d.attemptId)}>
                    {d.studentName}, question {d.number}
                  </Link>
                  : override {d.overrideMarks}, automatic now {d.automatic}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Table
          label="Results by student"
          rows={r.students}
          rowKey={(s) => s.assignmentId}
          columns={[
            {
              header: 'Student',
              // A score earned with extra time says so beside it.
              cell: (s) =>
                s.accommodations ? (
                  <>
                    {s.studentName}
                    <span className={styles.accommodations}>Accommodations: {s.accommodations}</span>
                  </>
                ) : (
                  s.studentName
                ),
            },
            { header: 'Email', cell: (s) => s.email, hideWhenNarrow: true },
            { header: 'Status', cell: (s) => STATUS_TEXT[s.status] },
            { header: 'Time used', cell: (s) => (s.timeUsed === null ? '—' : timeUsed(s.timeUsed)) },
            {
              header: 'Score',
              cell: (s) => (s.score ? `${s.score.marks} / ${s.score.maxMarks} (${s.score.percentage}%)` : '—'),
            },
            {
              header: 'Released',
              cell: (s) => (s.status !== 'submitted' ? '—' : s.released ? 'Yes' : 'Awaiting release'),
            },
            {
              header: 'Review',
              cell: (s) =>
                s.status === 'submitted' && s.attemptId ? (
                  <Link
                    to={paths.sittingReview.href(testId, s.attemptId)}
                    aria-label={`Review ${s.studentName}'s sitting`}
                  >
                    Review
                  </Link>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </section>

      <section className={styles.card} aria-labelledby="per-question-title">
        <h2 id="per-question-title" className={styles.cardTitle}>
          Per question
        </h2>
        <ol className={styles.perQuestion}>
          {r.questions.map((q) => (
            <QuestionFigures
              key={q.number}
              figures={q}
              question={q.questionId ? questions.get(q.questionId) : undefined}
            />
          ))}
        </ol>
      </section>
      <div className={styles.twoColumns}>
        <section className={styles.card} aria-labelledby="per-focus-title">
          <h2 id="per-focus-title" className={styles.cardTitle}>
            Per focus area
          </h2>
          {r.focusAreas.length === 0 ? (
            <p className={styles.muted}>No submitted sitting has a question with a focus area yet.</p>
          ) : (
            <MeterList
              rows={r.focusAreas.map((f) => ({
                key: f.name,
                label: f.name,
                percent: f.averagePercent,
                meterLabel: `${f.name} average`,
              }))}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * One question's figures: its text and key as every screen shows them, the share of sittings fully right, the
 * average marks, and the most common wrong answers shown as the student's answers are.
 */
function QuestionFigures({
  figures: q,
  question,
}: {
  figures: TestResults['questions'][number];
  question: Question | undefined;
}) {
  return (
    <li className={styles.questionFigures}>
      <h3 className={styles.questionTitle}>Question {q.number}</h3>
      {question ? (
        <RichText html={questionHtml(question)} />
      ) : q.text ? (
        <RichText html={q.text} />
      ) : (
        <p className={styles.muted}>This question was deleted from the question bank.</p>
      )}
      {question ? (
        <p className={styles.key}>
          Key: <ShownAnswer shown={describeKey(question)} />
        </p>
      ) : null}
      <ProgressBar
        label={`Question ${q.number} fully right`}
        value={q.percentCorrect ?? 0}
        text={q.percentCorrect === null ? 'No sitting yet' : `${q.percentCorrect}% fully right`}
      />
      <p className={styles.muted}>
        {q.sat === 0
          ? 'No submitted sitting yet.'
          : `Average ${q.averageMarks} of ${q.marks} marks over ${q.sat} ${q.sat === 1 ? 'sitting' : 'sittings'}.`}
      </p>
      {q.byVariant.length > 0 ? (
        <Table
          label={`Question ${q.number} by variant`}
          rows={q.byVariant}
          rowKey={(v) => String(v.variant)}
          columns={[
            { header: 'Variant', cell: (v) => v.variant },
            { header: 'Sittings', cell: (v) => v.sat },
            { header: 'Fully right', cell: (v) => `${v.percentCorrect}%` },
            { header: 'Average marks', cell: (v) => `${v.averageMarks} of ${q.marks}` },
            {
              header: 'Most common wrong answers',
              cell: (v) =>
                v.wrongAnswers.length === 0
                  ? 'None'
                  : v.wrongAnswers.map((w) => (
                      <span key={w.answer} className={styles.variantWrong}>
                        <ShownAnswer
                          shown={question ? describeAnswer(question, w.answer) : describeAnswerOfDeleted(w.answer)}
                        />{' '}
                        ({w.count})
                      </span>
                    )),
            },
          ]}
        />
      ) : null}
      {q.wrongAnswers.length > 0 ? (
        <Table
          label={`Most common wrong answers to question ${q.number}`}
          rows={q.wrongAnswers}
          rowKey={(w) => w.answer}
          columns={[
            {
              header: 'Wrong answer',
              cell: (w) => (
                <ShownAnswer
                  shown={question ? describeAnswer(question, w.answer) : describeAnswerOfDeleted(w.answer)}
                />
              ),
            },
            { header: 'Times', cell: (w) => w.count },
          ]}
        />
      ) : null}
    </li>
  );
}
