import { useState } from 'react';
import { ListPlus } from 'lucide-react';
import type { Question } from '@common/schemas/questions';
import { QUESTION_TYPES } from '@common/schemas/questions';
import { MathText } from '../../../math/MathText';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField, TextField } from '../../../ui/Field';
import { PageState } from '../../../ui/PageState';
import { Pagination } from '../../../ui/Pagination';
import { Table, type Column } from '../../../ui/Table';
import { useDebounced } from '../../../ui/useDebounced';
import { tagOptions, useTags } from '../api';
import { MESSAGES } from '../messages';
import { previewText } from '../../../math/plainText';
import { useAvailableQuestions } from './api';
import { AVAILABLE_PAGE_SIZE } from './messages';
import styles from './section-questions.module.css';
import { plural } from '@common/rules';

const NO_FILTERS = { q: '', category: '', type: '' };

const columns: Array<Column<Question>> = [
  { header: 'Question', className: styles.questionCell, cell: (q) => <MathText text={previewText(q.questionText)} /> },
  { header: 'Grade', cell: (q) => q.grade },
  { header: 'Focus', cell: (q) => q.focusNames.join(', ') || '—' },
  { header: 'Category', cell: (q) => q.categoryNames.join(', ') || '—' },
  { header: 'Type', cell: (q) => q.type },
];

interface AvailableProps {
  /** The chosen section: its questions are left out of the list. */
  sectionId: string | null;
  selected: string[];
  onSelect(ids: string[]): void;
  onAdd(): void;
  adding: boolean;
}

/**
 * Available Questions: the bank filtered by search, category and type, 10 a page, with
 * a checkbox per question and one for the page. The chosen questions stay chosen across pages and filters until
 * they are added or another section is chosen.
 */
export function AvailableQuestions({ sectionId, selected, onSelect, onAdd, adding }: AvailableProps) {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const q = useDebounced(filters.q);
  const questions = useAvailableQuestions({ ...filters, q, page }, sectionId);
  const categories = useTags('category');
  const setFilter = (key: keyof typeof NO_FILTERS, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const rows = questions.data?.questions ?? [];
  // Adding can empty the last page: go back to the last page that still has questions.
  if (questions.data && !questions.isPlaceholderData && rows.length === 0 && page > 1) {
    const last = Math.max(1, Math.ceil(questions.data.total / AVAILABLE_PAGE_SIZE));
    setPage(last < page ? last : 1);
  }

  let list;
  if (questions.isError) {
    list = (
      <PageState
        kind="error"
        title={MESSAGES.loadFailed}
        action={<Button onClick={() => void questions.refetch()}>Try again</Button>}
      />
    );
  } else if (questions.isPending) {
    list = <PageState kind="loading" title="Loading questions..." />;
  } else if (rows.length === 0) {
    list = (
      <EmptyState
        title="No questions to assign"
        text={
          sectionId
            ? 'Every question that matches these filters is already in this section.'
            : 'No question matches these filters.'
        }
      />
    );
  } else {
    list = (
      <>
        <Table
          label="Available questions"
          rows={rows}
          rowKey={(question) => question.id}
          columns={columns}
          selection={{
            selected,
            onChange: onSelect,
            rowLabel: (question) => `Select question: ${previewText(question.questionText)}`,
            allLabel: 'Select All questions on this page',
          }}
        />
        <Pagination
          page={page}
          pageSize={AVAILABLE_PAGE_SIZE}
          total={questions.data.total}
          totalExact={questions.data.totalExact}
          pageSizes={[AVAILABLE_PAGE_SIZE]}
          noun="questions"
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="available-title">
      <div className={styles.panelHead}>
        <h2 id="available-title" className={styles.panelTitle}>
          Available Questions
        </h2>
        <Button onClick={onAdd} disabled={adding} icon={ListPlus}>
          Assign {plural(selected.length, 'Question')}
        </Button>
      </div>
      <div className={styles.filters}>
        <TextField
          label="Search"
          type="search"
          placeholder="Text, source, category or focus"
          value={filters.q}
          onChange={(e) => setFilter('q', e.target.value)}
        />
        <SelectField
          label="Category"
          placeholder="All categories"
          options={tagOptions(categories.data)}
          value={filters.category}
          onChange={(e) => setFilter('category', e.target.value)}
        />
        <SelectField
          label="Type"
          placeholder="All types"
          options={QUESTION_TYPES.map((t) => ({ value: t, label: t }))}
          value={filters.type}
          onChange={(e) => setFilter('type', e.target.value)}
        />
        <Button
          variant="ghost"
          className={styles.clear}
          onClick={() => {
            setFilters(NO_FILTERS);
            setPage(1);
          }}
        >
          Clear Filters
        </Button>
      </div>
      {list}
    </section>
  );
}
