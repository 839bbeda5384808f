import { useState, type DragEvent, type ReactNode } from 'react';
import { GripVertical, Printer, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { MARKS_MAX, MARKS_MIN, TEST_MESSAGES } from '@common/rules';
import type { Question } from '@common/schemas/questions';
import type { TestDetail } from '@common/schemas/tests';
import { MathText } from '../../math/MathText';
import { paths } from '../../paths';
import { Button } from '../../ui/Button';
import { SortableRows } from '../../ui/SortableRows';
import { DRAG_TYPE } from './AvailableQuestions';
import { marksOf, totalMarks, type BuilderEntry } from './builder';
import { previewText } from '../../math/plainText';
import styles from './testGenerator.module.css';

interface Props {
  entries: BuilderEntry[];
  editing: TestDetail | null;
  onChange(entries: BuilderEntry[]): void;
  onAdd(question: Question): void;
  onRemove(index: number): void;
  onReorder(from: number, to: number): void;
  onSave(): void;
  onClear(): void;
  tools: ReactNode;
}

/** The test generator's right panel: the test's questions in order, reordered by drag or keyboard. */
export function TestBuilder({ entries, editing, onChange, onAdd, onRemove, onReorder, onSave, onClear, tools }: Props) {
  const [over, setOver] = useState(false);
  const gaps = entries.filter((e) => !e.question).length;
  const carriesQuestion = (event: DragEvent) => event.dataTransfer.types.includes(DRAG_TYPE);
  const onDragOver = (event: DragEvent) => {
    if (!carriesQuestion(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    setOver(false);
    if (!carriesQuestion(event)) return;
    event.preventDefault();
    onAdd(JSON.parse(event.dataTransfer.getData(DRAG_TYPE)) as Question);
  };
  const setMarks = (index: number, marks: string) =>
    onChange(entries.map((e, i) => (i === index ? { ...e, marks } : e)));

  return (
    <section
      aria-labelledby="builder-title"
      className={`${styles.panel} ${over ? styles.dropping : ''}`}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="test-builder"
    >
      <div className={styles.panelHead}>
        <h2 id="builder-title" className={styles.panelTitle}>
          Test Builder
        </h2>
        {tools}
      </div>
      {editing ? (
        <p className={styles.editing}>
          Editing <strong>{editing.name}</strong>
          {editing.testCode ? <span className={styles.code}>{editing.testCode}</span> : null}
          <Link to={paths.testPrint.href(editing.id)} className={styles.inlineLink}>
            <Printer size={14} aria-hidden="true" /> Print
          </Link>
        </p>
      ) : null}
      {gaps ? (
        <p className={styles.warning} role="note">
          {TEST_MESSAGES.gapsBeforeSave}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <div className={styles.dropHint}>
          <p>No questions in the test yet.</p>
          <p>Drag questions here, or use Add to Test.</p>
        </div>
      ) : (
        <SortableRows
          label="Questions in the test"
          items={entries}
          itemId={(e) => e.key}
          itemLabel={(_, i) => `Question ${i + 1}`}
          onReorder={onReorder}
          renderItem={(entry, index, handle) => (
            <div className={`${styles.entry} ${entry.question ? '' : styles.gap}`}>
              <button type="button" className={styles.handle} aria-label={`Move question ${index + 1}`} {...handle}>
                <GripVertical size={16} aria-hidden="true" />
              </button>
              <span className={styles.number}>{index + 1}.</span>
              <div className={styles.cardBody}>
                {entry.question ? (
                  <>
                    <MathText text={previewText(entry.question.questionText)} className={styles.cardText} />
                    <p className={styles.cardMeta}>
                      Grade {entry.question.grade} · {entry.question.type}
                    </p>
                  </>
                ) : (
                  <p className={styles.cardText}>Question {index + 1} was deleted from the question bank.</p>
                )}
              </div>
              {entry.question ? (
                <label className={styles.marks}>
                  <span>Marks</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={MARKS_MIN}
                    max={MARKS_MAX}
                    step={1}
                    value={entry.marks}
                    aria-label={`Marks for question ${index + 1}`}
                    onChange={(e) => setMarks(index, e.target.value)}
                    onBlur={() => setMarks(index, String(marksOf(entry)))}
                  />
                </label>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onRemove(index)}
                aria-label={`Remove question ${index + 1}`}
                icon={Trash2}
              >
                Remove
              </Button>
            </div>
          )}
        />
      )}
      <div className={styles.builderFoot}>
        <p className={styles.total} aria-live="polite">
          {entries.length} {entries.length === 1 ? 'question' : 'questions'} · Total marks:{' '}
          <strong>{totalMarks(entries)}</strong>
        </p>
        <div className={styles.footButtons}>
          {entries.length || editing ? (
            <Button variant="ghost" onClick={onClear}>
              {editing ? 'Close Test' : 'Clear'}
            </Button>
          ) : null}
          <Button onClick={onSave} disabled={entries.length === 0 || gaps > 0}>
            Save Test
          </Button>
        </div>
      </div>
    </section>
  );
}
