import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { describeKey } from '@common/question-types';
import type { Question } from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { ShownAnswer } from '../../math/ShownAnswer';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { Table } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { MeterList } from '../../ui/MeterList';
import { releaseResults, rescoreResults, resultKeys, useResults, useSavedTest } from './api';
import { download, resultsCsv } from './csv';
import { STATUS_TEXT, timeUsed } from './format';
import styles from './results.module.css';

/**
 * Results of the caller's students: the table (and its CSV), per-question and per-focus-area figures, Release, and
 * Re-score (stored scores change only when staff ask, e.g. after correcting a question's answer).
 */
export function ResultsPanel({ testId, mayRescore }: { testId: string; mayRescore: boolean }) {
  const results = useResults(testId);
  // The test as it is now, read by the page already: each question's key beside its figure.
  const test = useSavedTest(testId);
  const queryClient = useQueryClient();
  const notice = useNotify();
  const [busy, setBusy] = useState(false);
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
  return (
    <div className={styles.panel}>
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
                onClick={() => void act(() => rescoreResults(testId), 'Failed to re-score the results')}
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
        <Table
          label="Results by student"
          rows={r.students}
          rowKey={(s) => s.assignmentId}
          columns={[
            { header: 'Student', cell: (s) => s.studentName },
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
          ]}
        />
      </section>

      <div className={styles.twoColumns}>
        <section className={styles.card} aria-labelledby="per-question-title">
          <h2 id="per-question-title" className={styles.cardTitle}>
            Per question
          </h2>
          <MeterList
            rows={r.questions.map((q) => ({
              key: String(q.number),
              label: (
                <QuestionLabel number={q.number} question={q.questionId ? questions.get(q.questionId) : undefined} />
              ),
              percent: q.percentCorrect ?? 0,
              meterLabel: `Question ${q.number} correct`,
              text: q.questionId === null ? 'Deleted' : q.percentCorrect === null ? '—' : `${q.percentCorrect}%`,
            }))}
          />
        </section>
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

/** "Question N" and, while the question is in the bank, its answer key as every screen shows it. */
function QuestionLabel({ number, question }: { number: number; question: Question | undefined }) {
  return (
    <span className={styles.questionLabel}>
      Question {number}
      {question ? (
        <span className={styles.key}>
          Key: <ShownAnswer shown={describeKey(question)} />
        </span>
      ) : null}
    </span>
  );
}
