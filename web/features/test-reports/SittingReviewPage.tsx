import { useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { describeAnswer, describeAnswerOfDeleted, describeKey } from '@common/question-types';
import { plural } from '@common/rules';
import { OVERRIDE_STEP, REVIEW_MESSAGES as R } from '@common/rules/test-taking';
import {
  sittingReviewBody,
  type ReviewChange,
  type ReviewedQuestion,
  type SittingReview,
  type SittingReviewBody,
} from '@common/schemas/sitting-review';
import { errorMessage } from '../../api/client';
import { RichText } from '../../math/RichText';
import { ShownAnswer } from '../../math/ShownAnswer';
import { paths } from '../../paths';
import { questionHtml } from '../../question-types/blanks';
import { Badge } from '../../ui/Badge';
import { Button, ButtonLink } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/Field';
import { PageCard, PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { Table } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { resultKeys, saveSittingReview, useSittingReview } from './api';
import styles from './review.module.css';

/** What the teacher has typed for one question: marks ('' for no override), the reason, the comment. */
interface Draft {
  marks: string;
  reason: string;
  comment: string;
}

const fromServer = (q: ReviewedQuestion): Draft => ({
  marks: q.overrideMarks === null ? '' : String(q.overrideMarks),
  reason: q.overrideReason ?? '',
  comment: q.comment ?? '',
});
const sameDraft = (a: Draft, b: Draft) =>
  a.marks.trim() === b.marks.trim() && a.reason.trim() === b.reason.trim() && a.comment.trim() === b.comment.trim();

/**
 * One sitting opened for review (/saved-tests/:testId/sittings/:attemptId): each question with the student's answer,
 * the key and the automatic marks; the teacher overrides marks (with a reason) and comments, per question and on the
 * whole test. What is typed stays on the page until the server has it: a save sends only what differs from the
 * server's copy, and a failed save keeps every field as typed.
 */
export default function SittingReviewPage() {
  const { testId = '', attemptId = '' } = useParams();
  const review = useSittingReview(testId, attemptId);
  const queryClient = useQueryClient();
  const notice = useNotify();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [testComment, setTestComment] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const back = (
    <ButtonLink variant="secondary" to={`${paths.savedTest.href(testId)}?tab=results`}>
      Back to the results
    </ButtonLink>
  );
  if (review.isPending) return <PageState kind="loading" title="Loading the sitting..." />;
  if (review.isError)
    return <PageState kind="error" title="Failed to load the sitting" text={review.error.message} action={back} />;
  const r = review.data;
  const draftOf = (q: ReviewedQuestion) => (q.questionId && drafts[q.questionId]) || fromServer(q);
  const edit = (q: ReviewedQuestion, part: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [q.questionId!]: { ...draftOf(q), ...part } }));
  const comment = testComment ?? r.comment ?? '';
  const changed = r.questions.filter((q) => q.questionId && !sameDraft(draftOf(q), fromServer(q)));
  const commentChanged = comment.trim() !== (r.comment ?? '');

  const save = async () => {
    const body: SittingReviewBody = {
      ...(commentChanged ? { comment } : {}),
      questions: changed.map((q) => {
        const d = draftOf(q);
        const marks = d.marks.trim();
        return {
          questionId: q.questionId!,
          overrideMarks: marks === '' ? null : Number(marks),
          overrideReason: d.reason,
          comment: d.comment,
        };
      }),
    };
    const found = problems(body, r);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notice.error('Please correct the marked fields; nothing was saved.');
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSittingReview(testId, attemptId, body);
      queryClient.setQueryData(resultKeys.review(testId, attemptId), saved.review);
      await queryClient.invalidateQueries({ queryKey: resultKeys.results(testId) });
      notice.success(saved.message);
    } catch (error) {
      notice.error(errorMessage(error, 'Failed to save the review'));
    } finally {
      setSaving(false);
    }
  };

  const dirty = changed.length > 0 || commentChanged;
  const saveButton = (
    <Button onClick={() => void save()} disabled={saving || !dirty}>
      {saving ? 'Saving...' : 'Save review'}
    </Button>
  );
  return (
    <PageFrame
      eyebrow={r.test.name}
      title={`${r.student.name}'s sitting`}
      lead={`Submitted ${new Date(r.submittedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`}
      actions={back}
    >
      <PageCard aria-labelledby="review-total" className={styles.summary}>
        <h2 id="review-total" className={styles.total}>
          Total: <span data-testid="review-total">{r.score.marks}</span> / {plural(r.score.maxMarks, 'mark')}
        </h2>
        <Badge tone={r.released ? 'success' : 'warning'}>{r.released ? 'Released' : 'Awaiting release'}</Badge>
        <p className={styles.muted}>
          Overrides replace the automatic marks in the total, in whole or half marks (steps of {OVERRIDE_STEP}), and are
          kept when the test is re-scored. The student sees comments and adjusted marks once results are released.
        </p>
      </PageCard>
      <ol className={styles.questions}>
        {r.questions.map((q) => (
          <QuestionReview key={q.number} q={q} draft={draftOf(q)} errors={errors} onEdit={(part) => edit(q, part)} />
        ))}
      </ol>
      <PageCard aria-labelledby="test-comment-title" className={styles.summary}>
        <h2 id="test-comment-title" className={styles.cardTitle}>
          Comment on the whole test
        </h2>
        <TextArea
          label="Comment for the student"
          value={comment}
          onChange={(e) => setTestComment(e.target.value)}
          error={errors.comment}
          rows={3}
        />
        <Toast notice={notice.notice} />
        <div className={styles.actions}>
          {saveButton}
          <span className={styles.muted} aria-live="polite">
            {dirty ? 'Unsaved changes' : 'All changes saved'}
          </span>
        </div>
      </PageCard>
      <History changes={r.history} />
    </PageFrame>
  );
}

/** The form's own check before sending: the server's schema and the paper's marks, each on its field. */
function problems(body: SittingReviewBody, review: SittingReview): Record<string, string> {
  const found: Record<string, string> = {};
  const parsed = sittingReviewBody.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [first, index, field] = issue.path;
      const key =
        first === 'questions' && typeof index === 'number'
          ? `${body.questions?.[index]?.questionId} ${String(field ?? 'overrideMarks')}`
          : 'comment';
      found[key] ??= issue.message;
    }
  for (const q of body.questions ?? []) {
    const max = review.questions.find((x) => x.questionId === q.questionId)?.marks ?? 0;
    if (q.overrideMarks !== null && q.overrideMarks > max) found[`${q.questionId} overrideMarks`] ??= R.marksAbove(max);
  }
  return found;
}

function QuestionReview({
  q,
  draft,
  errors,
  onEdit,
}: {
  q: ReviewedQuestion;
  draft: Draft;
  errors: Record<string, string>;
  onEdit: (part: Partial<Draft>) => void;
}) {
  const error = (field: string) => errors[`${q.questionId} ${field}`];
  return (
    <li className={styles.question}>
      <div className={styles.questionHead}>
        <h2 className={styles.cardTitle}>Question {q.number}</h2>
        <Badge tone={q.awarded >= q.marks ? 'success' : q.awarded > 0 ? 'info' : 'danger'}>
          {q.awarded} of {plural(q.marks, 'mark')}
        </Badge>
        {q.overrideMarks !== null ? <Badge tone="special">Adjusted</Badge> : null}
        {q.question?.variant ? <Badge tone="muted">Variant {q.question.variant}</Badge> : null}
        {q.disagrees ? (
          <Badge tone="warning">Re-score changed the automatic marks to {q.automatic}: check this override</Badge>
        ) : null}
      </div>
      {q.question ? (
        <RichText html={questionHtml(q.question)} />
      ) : (
        <p className={styles.muted}>This question is no longer in the question bank.</p>
      )}
      <dl className={styles.facts}>
        <dt>Student's answer</dt>
        <dd>
          <ShownAnswer shown={q.question ? describeAnswer(q.question, q.answer) : describeAnswerOfDeleted(q.answer)} />
        </dd>
        <dt>Key</dt>
        <dd>{q.question ? <ShownAnswer shown={describeKey(q.question)} /> : '—'}</dd>
        <dt>Automatic marks</dt>
        <dd>
          {q.automatic} of {q.marks}
        </dd>
      </dl>
      {q.questionId ? (
        <div className={styles.fields}>
          <TextField
            label={`Marks for question ${q.number} (blank: automatic)`}
            type="number"
            inputMode="decimal"
            min={0}
            max={q.marks}
            step={OVERRIDE_STEP}
            value={draft.marks}
            onChange={(e) => onEdit({ marks: e.target.value })}
            error={error('overrideMarks')}
          />
          <TextField
            label={`Reason for the marks of question ${q.number}`}
            value={draft.reason}
            onChange={(e) => onEdit({ reason: e.target.value })}
            error={error('overrideReason')}
          />
          <div className={styles.wide}>
            <TextArea
              label={`Comment on question ${q.number}`}
              value={draft.comment}
              onChange={(e) => onEdit({ comment: e.target.value })}
              error={error('comment')}
              rows={2}
            />
          </div>
        </div>
      ) : null}
    </li>
  );
}

const FIELD_TEXT: Record<ReviewChange['field'], string> = {
  override: 'Marks',
  comment: 'Comment',
  automatic: 'Automatic marks (re-score)',
  'test-comment': 'Comment on the test',
};

/** A value of the history as words: an override's marks and reason, marks, or a comment. */
function shownValue(field: ReviewChange['field'], value: unknown): string {
  if (value === null || value === undefined || value === '') return field === 'override' ? 'automatic' : 'none';
  if (field === 'override') {
    const o = value as { marks: number; reason: string };
    return `${o.marks} (${o.reason})`;
  }
  return String(value);
}

function History({ changes }: { changes: ReviewChange[] }) {
  return (
    <PageCard aria-labelledby="history-title" className={styles.summary}>
      <h2 id="history-title" className={styles.cardTitle}>
        Changes
      </h2>
      {changes.length === 0 ? (
        <p className={styles.muted}>No change yet: the marks are the automatic ones.</p>
      ) : (
        <Table
          label="Changes to this review"
          rows={changes}
          rowKey={(c) => c.id}
          columns={[
            {
              header: 'When',
              cell: (c) => new Date(c.changedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
            },
            { header: 'Who', cell: (c) => c.changedBy ?? 'A removed account', hideWhenNarrow: true },
            { header: 'Question', cell: (c) => (c.number === null ? 'Whole test' : `Question ${c.number}`) },
            {
              header: 'Change',
              cell: (c) => (
                <span className={styles.change}>
                  {FIELD_TEXT[c.field]}: {shownValue(c.field, c.before)} → {shownValue(c.field, c.after)}
                </span>
              ),
            },
          ]}
        />
      )}
    </PageCard>
  );
}
