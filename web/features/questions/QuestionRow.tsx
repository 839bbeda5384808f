import { Fragment, useState } from 'react';
import { ChevronDown, ChevronRight, Pencil, Trash2 } from 'lucide-react';
import type { Question } from '@common/schemas/questions';
import { MathText } from '../../math/MathText';
import { errorMessage } from '../../api/client';
import type { TransientMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useDeleteQuestion } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { draftOf, type QuestionDraft } from './draft';
import { MESSAGES } from './messages';
import { preview } from './preview';
import { QuestionDetails } from './QuestionDetails';
import { QuestionEditor } from './QuestionEditor';
import styles from './questions.module.css';

interface QuestionRowProps {
  question: Question;
  selected: boolean;
  onSelect(selected: boolean): void;
  onMessage(tone: TransientMessage['tone'], text: string): void;
}

/** One question: collapsed, expanded on click to its details, or editing in place (section 4). */
export function QuestionRow({ question, selected, onSelect, onMessage }: QuestionRowProps) {
  const [mode, setMode] = useState<'collapsed' | 'expanded' | 'editing'>('collapsed');
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<QuestionDraft | null>(null);
  const remove = useDeleteQuestion();
  const text = preview(question.questionText);

  const runDelete = async () => {
    setConfirming(false);
    try {
      onMessage('success', (await remove.mutateAsync(question.id)).message);
    } catch (error) {
      onMessage('error', errorMessage(error, MESSAGES.deleteFailed));
    }
  };

  const startEditing = () => {
    try {
      setDraft(draftOf(question));
      setMode('editing');
    } catch {
      onMessage('error', MESSAGES.prepareEditFailed);
    }
  };

  return (
    <Fragment>
      <tr className={`${styles.row} ${mode !== 'collapsed' ? styles.rowOpen : ''}`} onClick={() => setMode(mode === 'collapsed' ? 'expanded' : 'collapsed')}>
        <td className={styles.checkCell} onClick={(e) => e.stopPropagation()}>
          <input type="checkbox" aria-label={`Select question: ${text}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
        </td>
        <td className={styles.previewCell}>
          <button type="button" className={styles.expander} aria-expanded={mode !== 'collapsed'} onClick={(e) => { e.stopPropagation(); setMode(mode === 'collapsed' ? 'expanded' : 'collapsed'); }}>
            {mode === 'collapsed' ? <ChevronRight size={16} aria-hidden="true" /> : <ChevronDown size={16} aria-hidden="true" />}
            {/* The preview's math rendered, as in the expanded question; the action labels keep the words. */}
            <MathText text={text} />
          </button>
        </td>
        <td>{question.grade}</td>
        <td>{question.focusNames.join(', ')}</td>
        <td>{question.categoryNames.join(', ')}</td>
        <td>{question.type}</td>
        <td className={styles.actions} onClick={(e) => e.stopPropagation()}>
          <Button size="sm" variant="ghost" aria-label={`Edit question: ${text}`} onClick={startEditing}>
            <Pencil size={16} aria-hidden="true" /> Edit
          </Button>
          <Button size="sm" variant="ghost" className={styles.dangerText} aria-label={`Delete question: ${text}`} onClick={() => setConfirming(true)} disabled={remove.isPending}>
            <Trash2 size={16} aria-hidden="true" /> Delete
          </Button>
          <ConfirmDialog
            open={confirming}
            title="Delete this question?"
            text="The question and its images will be deleted, and it will be removed from every section and test. This cannot be undone."
            confirmLabel="Delete Question"
            onConfirm={() => void runDelete()}
            onCancel={() => setConfirming(false)}
          />
        </td>
      </tr>
      {mode !== 'collapsed' ? (
        <tr className={styles.detailRow}>
          <td colSpan={7}>
            {mode === 'editing' && draft ? (
              <QuestionEditor
                question={question}
                initial={draft}
                onDone={(saved) => {
                  if (saved) onMessage('success', saved);
                  setMode('expanded');
                }}
                onError={(text) => onMessage('error', text)}
              />
            ) : (
              <QuestionDetails question={question} />
            )}
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
