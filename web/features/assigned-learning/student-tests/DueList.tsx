import { useId } from 'react';
import { Link } from 'react-router';
import { DUE_STATE_LABELS, TEST_WINDOW_LABELS } from '@common/rules';
import type { DueItem } from '@common/schemas/due-dates';
import { paths } from '../../../paths';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { EmptyState } from '../../../ui/EmptyState';
import { useStudentDue } from './api';
import styles from './tests.module.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const TONES: Record<DueItem['state'], BadgeTone> = {
  open: 'info',
  done: 'success',
  late: 'warning',
  missing: 'danger',
  upcoming: 'muted',
};

function stateLabel(item: DueItem) {
  return item.kind === 'section' ? DUE_STATE_LABELS[item.state] : TEST_WINDOW_LABELS[item.state];
}

/** What the student has due, soonest first: sections with a due date and tests with a window, each with its state. */
export function DueList() {
  const titleId = useId();
  const due = useStudentDue();
  return (
    <section className={styles.dueCard} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        What is due
      </h2>
      {due.isPending ? (
        <p role="status" className={styles.muted}>
          Loading what you have due...
        </p>
      ) : due.isError ? (
        <p role="alert" className={styles.muted}>
          {due.error.message}
        </p>
      ) : due.data.length === 0 ? (
        <EmptyState
          title="Nothing due"
          text="When your teacher sets a due date on a section or gives you a test with a window, it appears here."
        />
      ) : (
        <ul className={styles.dueList}>
          {due.data.map((item) => (
            <li key={`${item.kind}-${item.id}`} className={styles.dueItem}>
              <Badge tone={TONES[item.state]}>{stateLabel(item)}</Badge>
              <div className={styles.dueText}>
                {item.kind === 'section' ? (
                  <Link to={paths.learnerSection(item.courseId, '', item.id)}>{item.title}</Link>
                ) : (
                  <span>{item.title}</span>
                )}
                <span className={styles.muted}>
                  {item.kind === 'section' ? `${item.courseTitle} · ${item.unitTitle}` : 'Test'}
                </span>
              </div>
              <span className={styles.dueWhen}>
                {item.kind === 'section'
                  ? item.finishedAt
                    ? `Due ${when(item.dueAt)} · finished ${when(item.finishedAt)}`
                    : `Due ${when(item.dueAt)}`
                  : [
                      item.opensAt ? `Opens ${when(item.opensAt)}` : null,
                      item.closesAt ? `Closes ${when(item.closesAt)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
