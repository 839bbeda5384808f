import { useState, type DragEvent } from 'react';
import { GripVertical, Plus } from 'lucide-react';
import { TEST_GENERATOR_PAGE_SIZE } from '@common/rules';
import type { Question } from '@common/schemas/questions';
import { MathText } from '../../math/MathText';
import { Button } from '../../ui/Button';
import { useDebounced } from '../../ui/useDebounced';
import { useQuestions } from './api';
import { BankResults } from './BankResults';
import { BankFilterFields, type BankFilters } from './BankFilters';
import { previewText } from '../../math/plainText';
import styles from './testGenerator.module.css';

/** What a question row carries when dragged to the Test Builder. */
export const DRAG_TYPE = 'application/x-academy-question';

interface Props {
  filters: BankFilters;
  onFilters(filters: BankFilters): void;
  inTest: ReadonlySet<string>;
  onAdd(question: Question): void;
}

/** The left panel: the bank's questions, 10 a page with its search and filters, each draggable or added by button. */
export function AvailableQuestions({ filters, onFilters, inTest, onAdd }: Props) {
  const [page, setPage] = useState(1);
  const q = useDebounced(filters.q);
  const questions = useQuestions({ ...filters, q, page, pageSize: TEST_GENERATOR_PAGE_SIZE });
  const setFilters = (changes: Partial<BankFilters>) => {
    onFilters({ ...filters, ...changes });
    setPage(1);
  };
  const startDrag = (event: DragEvent, question: Question) => {
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(question));
    event.dataTransfer.setData('text/plain', previewText(question.questionText));
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <section aria-labelledby="available-title" className={styles.panel}>
      <h2 id="available-title" className={styles.panelTitle}>
        Available Questions
      </h2>
      <BankFilterFields className={styles.bankFilters} filters={filters} onChange={setFilters} />
      <BankResults
        questions={questions}
        emptyText="No question matches these filters."
        paging={{ page, pageSize: TEST_GENERATOR_PAGE_SIZE, onPage: setPage }}
      >
        {(rows) => (
          <ul className={styles.available} aria-label="Available questions">
            {rows.map((question) => {
              const text = previewText(question.questionText);
              const added = inTest.has(question.id);
              return (
                <li
                  key={question.id}
                  className={styles.card}
                  draggable
                  onDragStart={(e) => startDrag(e, question)}
                  data-question-id={question.id}
                >
                  <GripVertical size={16} aria-hidden="true" className={styles.grip} />
                  <div className={styles.cardBody}>
                    <MathText text={text} className={styles.cardText} />
                    <p className={styles.cardMeta}>
                      Grade {question.grade} · {question.type}
                      {question.categoryNames.length ? ` · ${question.categoryNames.join(', ')}` : ''}
                      {question.focusNames.length ? ` · ${question.focusNames.join(', ')}` : ''}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant={added ? 'ghost' : 'secondary'}
                    onClick={() => onAdd(question)}
                    aria-label={`Add to Test: ${text}`}
                    icon={Plus}
                  >
                    {added ? 'In Test' : 'Add to Test'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </BankResults>
    </section>
  );
}
