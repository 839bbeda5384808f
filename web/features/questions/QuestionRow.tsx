import { ChevronDown, ChevronRight, Pencil, Trash2 } from 'lucide-react';
import type { Question } from '@common/schemas/questions';
import { MathText } from '../../math/MathText';
import { Button } from '../../ui/Button';
import { RowToggle, type Column } from '../../ui/Table';
import { previewText } from '../../math/plainText';
import styles from './questions.module.css';

interface RowActions {
  onEdit(question: Question): void;
  onDelete(question: Question): void;
  deleting: boolean;
}

/** The bank's columns: the preview opens the question in place; Edit and Delete act on it. */
export function questionColumns({ onEdit, onDelete, deleting }: RowActions): Array<Column<Question>> {
  return [
    {
      header: 'Question',
      className: styles.previewCell,
      cell: (question, state) => (
        <RowToggle state={state}>
          {state.expanded ? (
            <ChevronDown size={16} aria-hidden="true" />
          ) : (
            <ChevronRight size={16} aria-hidden="true" />
          )}
          {/* The preview's math rendered, as in the expanded question; the action labels keep the words. */}
          <MathText text={previewText(question.questionText)} />
        </RowToggle>
      ),
    },
    { header: 'Grade', cell: (question) => question.grade },
    { header: 'Focus', hideWhenNarrow: true, cell: (question) => question.focusNames.join(', ') },
    { header: 'Category', hideWhenNarrow: true, cell: (question) => question.categoryNames.join(', ') },
    { header: 'Type', cell: (question) => question.type },
    {
      header: 'Actions',
      className: styles.actions,
      interactive: true,
      cell: (question) => {
        const text = previewText(question.questionText);
        return (
          <>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Edit question: ${text}`}
              onClick={() => onEdit(question)}
              icon={Pencil}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className={styles.dangerText}
              aria-label={`Delete question: ${text}`}
              onClick={() => onDelete(question)}
              disabled={deleting}
              icon={Trash2}
            >
              Delete
            </Button>
          </>
        );
      },
    },
  ];
}
