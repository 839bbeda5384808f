import { Trash2 } from 'lucide-react';
import type { StaffQuestion } from '@common/schemas/learning';
import { MathText } from '../../../math/MathText';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { PageState } from '../../../ui/PageState';
import { SortableList, SORT_INSTRUCTIONS } from '../../../ui/SortableList';
import { previewText } from '../../../math/plainText';
import { useSectionQuestions } from './api';
import { sectionLabel, type ChosenSection } from './CourseHierarchy';
import { SECTION_QUESTIONS_MESSAGES } from './messages';
import styles from './section-questions.module.css';

interface SectionQuestionListProps {
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
export function SectionQuestionList({ section, onRemove, removing, onReorder, reordering }: SectionQuestionListProps) {
  const list = useSectionQuestions(section?.id ?? null);

  let body;
  if (!section) {
    body = (
      <EmptyState
        title={SECTION_QUESTIONS_MESSAGES.selectSection}
        text="Choose a section in the course list to see its questions and assign more."
      />
    );
  } else if (list.isPending) {
    body = <PageState kind="loading" title="Loading assigned questions..." />;
  } else if (list.isError) {
    body = (
      <PageState
        kind="error"
        title={SECTION_QUESTIONS_MESSAGES.listFailed}
        action={<Button onClick={() => void list.refetch()}>Try again</Button>}
      />
    );
  } else if (list.data.length === 0) {
    body = (
      <EmptyState
        title={SECTION_QUESTIONS_MESSAGES.noQuestions}
        text="Choose questions above and assign them to this section."
      />
    );
  } else {
    const label = (q: StaffQuestion) => `question ${list.data.indexOf(q) + 1}: ${previewText(q.questionText)}`;
    body = (
      <>
        <p className={styles.hint}>{SORT_INSTRUCTIONS}</p>
        <SortableList
          label={`Questions of ${sectionLabel(section)}`}
          items={list.data}
          itemKey={(q) => q.id}
          itemLabel={label}
          onReorder={onReorder}
          disabled={reordering}
          renderItem={(question, index) => (
            <div className={styles.sectionQuestionRow}>
              <span className={styles.position} aria-hidden="true">
                {index + 1}
              </span>
              <div className={styles.sectionQuestionMain}>
                <MathText className={styles.sectionQuestionText} text={previewText(question.questionText)} />
                <span className={styles.sectionQuestionMeta}>
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
            Assigned Questions{section && list.data ? ` (${list.data.length})` : ''}
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
