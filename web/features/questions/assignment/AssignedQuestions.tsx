import { Trash2 } from 'lucide-react';
import type { StaffQuestion } from '@common/schemas/learning';
import { MathText } from '../../../math/MathText';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { PageState } from '../../../ui/PageState';
import { SortableList, SORT_INSTRUCTIONS } from '../../../ui/SortableList';
import { previewText } from '../../../math/plainText';
import { useAssignedQuestions } from './api';
import { sectionLabel, type ChosenSection } from './CourseHierarchy';
import { ASSIGNMENT_MESSAGES } from './messages';
import styles from './assignment.module.css';

interface AssignedProps {
  section: ChosenSection | null;
  onRemove(question: StaffQuestion): void;
  removing: string | null;
  onReorder(ordered: StaffQuestion[]): void;
  reordering: boolean;
}

/**
 * The chosen section's questions in their order (its exercises), each with Remove; the order changes by dragging
 * a question's handle, with the mouse or the keyboard.
 */
export function AssignedQuestions({ section, onRemove, removing, onReorder, reordering }: AssignedProps) {
  const assigned = useAssignedQuestions(section?.id ?? null);

  let body;
  if (!section) {
    body = (
      <EmptyState
        title={ASSIGNMENT_MESSAGES.selectSection}
        text="Choose a section in the course list to see its questions and assign more."
      />
    );
  } else if (assigned.isPending) {
    body = <PageState kind="loading" title="Loading assigned questions..." />;
  } else if (assigned.isError) {
    body = (
      <PageState
        kind="error"
        title={ASSIGNMENT_MESSAGES.assignedFailed}
        action={<Button onClick={() => void assigned.refetch()}>Try again</Button>}
      />
    );
  } else if (assigned.data.length === 0) {
    body = (
      <EmptyState
        title={ASSIGNMENT_MESSAGES.noneAssigned}
        text="Choose questions above and assign them to this section."
      />
    );
  } else {
    const label = (q: StaffQuestion) => `question ${assigned.data.indexOf(q) + 1}: ${previewText(q.questionText)}`;
    body = (
      <>
        <p className={styles.hint}>{SORT_INSTRUCTIONS}</p>
        <SortableList
          label={`Questions of ${sectionLabel(section)}`}
          items={assigned.data}
          itemKey={(q) => q.id}
          itemLabel={label}
          onReorder={onReorder}
          disabled={reordering}
          renderItem={(question, index) => (
            <div className={styles.assignedRow}>
              <span className={styles.position} aria-hidden="true">
                {index + 1}
              </span>
              <div className={styles.assignedMain}>
                <MathText className={styles.assignedText} text={previewText(question.questionText)} />
                <span className={styles.assignedMeta}>
                  Grade {question.grade} · {question.type}
                </span>
              </div>
              <Button
                size="sm"
                variant="ghost"
                className={styles.dangerText}
                aria-label={`Remove ${label(question)}`}
                disabled={removing === question.id}
                onClick={() => onRemove(question)}
                icon={Trash2}
              >
                Remove
              </Button>
            </div>
          )}
        />
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="assigned-title">
      <div className={styles.panelHead}>
        <div>
          <h2 id="assigned-title" className={styles.panelTitle}>
            Assigned Questions{section && assigned.data ? ` (${assigned.data.length})` : ''}
          </h2>
          {section ? (
            <p className={styles.sectionContext}>
              {section.courseTitle} › {section.unitTitle} › {sectionLabel(section)} · Grade: {section.grade || '—'}
            </p>
          ) : null}
        </div>
      </div>
      {body}
    </section>
  );
}
