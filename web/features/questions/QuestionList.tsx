import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { QUESTION_GRADE_MAX, QUESTION_GRADE_MIN, QUESTION_MESSAGES, QUESTION_PAGE_SIZES, QUESTION_TYPES } from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Alert, useTransientMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { PageState } from '../../ui/PageState';
import { useBulkDelete, useQuestions, useTags, type QuestionFilters } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { MESSAGES } from './messages';
import { Pagination } from './Pagination';
import { QuestionRow } from './QuestionRow';
import styles from './questions.module.css';

const NO_FILTERS = { q: '', grade: '', focus: '', category: '', type: '' };
const GRADE_OPTIONS = Array.from({ length: QUESTION_GRADE_MAX - QUESTION_GRADE_MIN + 1 }, (_, i) => ({ value: String(i + 1), label: `Grade ${i + 1}` }));

/** Waits for typing to pause before searching, so each keystroke is not a request. */
function useDebounced(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The Question Bank tab: filters, paging and search done by the server; rows expand and edit in place. */
export function QuestionList() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(QUESTION_PAGE_SIZES[0]);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const { message, show } = useTransientMessage();
  const q = useDebounced(filters.q);
  const query: QuestionFilters = { ...filters, q, page, pageSize };
  const questions = useQuestions(query);
  const categories = useTags('category');
  const focusAreas = useTags('focus');
  const bulkDelete = useBulkDelete();

  const setFilter = (key: keyof typeof NO_FILTERS, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
    setSelected([]);
  };
  const rows = questions.data?.questions ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));

  const askBulkDelete = () => (selected.length === 0 ? show('error', QUESTION_MESSAGES.selectToDelete) : setConfirmBulk(true));
  const runBulkDelete = async () => {
    setConfirmBulk(false);
    try {
      const reply = await bulkDelete.mutateAsync(selected);
      show('success', reply.message);
      setSelected([]);
    } catch (error) {
      show('error', errorMessage(error, MESSAGES.bulkDeleteFailed));
    }
  };

  return (
    <section aria-label="Questions">
      <div className={styles.toolbar}>
        <Button variant="danger" onClick={askBulkDelete} disabled={bulkDelete.isPending}>
          <Trash2 size={16} aria-hidden="true" /> Bulk Delete Selected{selected.length ? ` (${selected.length})` : ''}
        </Button>
        <Link to={paths.createQuestionStep1} className={styles.addLink}>
          + Add Question
        </Link>
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}

      <div className={styles.filters}>
        <TextField label="Search" type="search" placeholder="Text, source, category or focus" value={filters.q} onChange={(e) => setFilter('q', e.target.value)} />
        <SelectField label="Grade" placeholder="All grades" options={GRADE_OPTIONS} value={filters.grade} onChange={(e) => setFilter('grade', e.target.value)} />
        <SelectField label="Focus" placeholder="All focus areas" options={(focusAreas.data ?? []).map((t) => ({ value: t.id, label: t.name }))} value={filters.focus} onChange={(e) => setFilter('focus', e.target.value)} />
        <SelectField label="Category" placeholder="All categories" options={(categories.data ?? []).map((t) => ({ value: t.id, label: t.name }))} value={filters.category} onChange={(e) => setFilter('category', e.target.value)} />
        <SelectField label="Type" placeholder="All types" options={QUESTION_TYPES.map((t) => ({ value: t, label: t }))} value={filters.type} onChange={(e) => setFilter('type', e.target.value)} />
        <Button variant="ghost" className={styles.clear} onClick={() => { setFilters(NO_FILTERS); setPage(1); setSelected([]); }}>
          Clear Filters
        </Button>
      </div>

      {questions.isError ? (
        <PageState kind="error" title={MESSAGES.loadFailed} text={errorMessage(questions.error, MESSAGES.loadFailedNetwork)} action={<Button onClick={() => void questions.refetch()}>Try again</Button>} />
      ) : questions.isPending ? (
        <PageState kind="loading" title="Loading questions..." />
      ) : rows.length === 0 ? (
        <PageState kind="empty" title="No questions found" text="No question matches these filters. Clear the filters, or add a question." />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col" className={styles.checkCell}>
                  <input type="checkbox" aria-label="Select all questions on this page" checked={allOnPage} onChange={() => setSelected(allOnPage ? selected.filter((id) => !rows.some((r) => r.id === id)) : [...new Set([...selected, ...rows.map((r) => r.id)])])} />
                </th>
                <th scope="col">Question</th>
                <th scope="col">Grade</th>
                <th scope="col">Focus</th>
                <th scope="col">Category</th>
                <th scope="col">Type</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((question) => (
                <QuestionRow
                  key={question.id}
                  question={question}
                  selected={selected.includes(question.id)}
                  onSelect={(on) => setSelected((s) => (on ? [...s, question.id] : s.filter((id) => id !== question.id)))}
                  onMessage={show}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {questions.data ? (
        <Pagination
          page={page}
          pageSize={pageSize}
          total={questions.data.total}
          totalExact={questions.data.totalExact}
          onPage={(p) => { setPage(p); setSelected([]); }}
          onPageSize={(size) => { setPageSize(size); setPage(1); }}
        />
      ) : null}
      <ConfirmDialog
        open={confirmBulk}
        title="Delete the selected questions?"
        text={`This deletes ${selected.length} ${selected.length === 1 ? 'question' : 'questions'} and their images. This cannot be undone.`}
        confirmLabel="Delete Questions"
        onConfirm={() => void runBulkDelete()}
        onCancel={() => setConfirmBulk(false)}
      />
    </section>
  );
}
