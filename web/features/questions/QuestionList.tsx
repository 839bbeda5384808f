import { useEffect, useState } from 'react';
import type { Question } from '@common/schemas/questions';
import { Link, useLocation, useNavigate } from 'react-router';
import { Download, Trash2, Upload } from 'lucide-react';
import { QUESTION_MESSAGES, QUESTION_PAGE_SIZES } from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Toast, useNotify } from '../../ui/Toast';
import { Button, ButtonLink } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Table } from '../../ui/Table';
import { useDebounced } from '../../ui/useDebounced';
import { useBulkDelete, useDeleteQuestion, useQuestions, type QuestionFilters } from './api';
import { BankResults } from './BankResults';
import { BankFilterFields, filterBody, NO_FILTERS, type BankFilters } from './BankFilters';
import { draftOf, type QuestionDraft } from './draft';
import { MESSAGES } from './messages';
import { QuestionDetails } from './QuestionDetails';
import { QuestionEditor } from './QuestionEditor';
import { previewText } from '../../math/plainText';
import { questionColumns } from './QuestionRow';
import { importedMessage } from './exchange/api';
import { ExportDialog } from './exchange/ExportDialog';
import styles from './questions.module.css';

/** The Question Bank tab: filters, paging and search done by the server; rows expand and edit in place. */
export function QuestionList() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(QUESTION_PAGE_SIZES[0]);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [exporting, setExporting] = useState(false);
  /** Open rows: shown, or being edited with the draft they were prepared as. */
  const [open, setOpen] = useState<Record<string, QuestionDraft | 'shown'>>({});
  const [deleting, setDeleting] = useState<Question | null>(null);
  const { notice, notify } = useNotify();
  const q = useDebounced(filters.q);
  const query: QuestionFilters = { ...filters, q, page, pageSize };
  const questions = useQuestions(query);
  const bulkDelete = useBulkDelete();
  const remove = useDeleteQuestion();

  // Arriving from an import: its message is told here, where the questions now are, and only once (a reload of
  // the page would otherwise tell it again).
  const location = useLocation();
  const navigate = useNavigate();
  const imported = importedMessage(location.state);
  useEffect(() => {
    if (!imported) return;
    notify('success', imported);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [imported, notify, navigate, location.pathname, location.search]);

  /** Another list: nothing stays chosen or open (rows start closed, as they did on the page before). */
  const newList = () => {
    setSelected([]);
    setOpen({});
  };
  const changeFilters = (changes: Partial<BankFilters>) => {
    setFilters((f) => ({ ...f, ...changes }));
    setPage(1);
    newList();
  };
  const setRow = (id: string, state: QuestionDraft | 'shown' | null) =>
    setOpen(({ [id]: _, ...others }) => (state ? { ...others, [id]: state } : others));

  const askBulkDelete = () =>
    selected.length === 0 ? notify('error', QUESTION_MESSAGES.selectToDelete) : setConfirmBulk(true);
  const runBulkDelete = async () => {
    setConfirmBulk(false);
    try {
      const reply = await bulkDelete.mutateAsync(selected);
      notify('success', reply.message);
      setSelected([]);
    } catch (error) {
      notify('error', errorMessage(error, MESSAGES.bulkDeleteFailed));
    }
  };
  const runDelete = async (question: Question) => {
    setDeleting(null);
    try {
      notify('success', (await remove.mutateAsync(question.id)).message);
    } catch (error) {
      notify('error', errorMessage(error, MESSAGES.deleteFailed));
    }
  };
  const startEditing = (question: Question) => {
    try {
      setRow(question.id, draftOf(question));
    } catch {
      notify('error', MESSAGES.prepareEditFailed);
    }
  };

  return (
    <section aria-label="Questions">
      <div className={styles.toolbar}>
        <div className={styles.toolbarGroup}>
          <Button
            variant="danger"
            onClick={askBulkDelete}
            disabled={bulkDelete.isPending || selected.length === 0}
            icon={Trash2}
          >
            Bulk Delete Selected{selected.length ? ` (${selected.length})` : ''}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setExporting(true)}
            disabled={selected.length === 0 && !questions.data?.total}
            icon={Download}
          >
            {selected.length ? `Export selected (${selected.length})` : 'Export all matching'}
          </Button>
        </div>
        <div className={styles.toolbarGroup}>
          <ButtonLink variant="secondary" to={paths.questionImport}>
            <Upload size={18} aria-hidden="true" />
            Import questions
          </ButtonLink>
          <Link to={paths.createQuestionStep1} className={styles.addLink}>
            + Add Question
          </Link>
        </div>
      </div>
      <Toast notice={notice} />

      <BankFilterFields
        className={styles.filters}
        clearClassName={styles.clear}
        filters={filters}
        onChange={changeFilters}
      />

      <BankResults
        questions={questions}
        emptyText="No question matches these filters. Clear the filters, or add a question."
        paging={{
          page,
          pageSize,
          pageSizes: QUESTION_PAGE_SIZES,
          onPage: (p) => {
            setPage(p);
            newList();
          },
          onPageSize: (size) => {
            setPageSize(size);
            setPage(1);
            setOpen({});
          },
        }}
      >
        {(rows) => (
          <Table
            label="Questions"
            rows={rows}
            rowKey={(question) => question.id}
            columns={questionColumns({ onEdit: startEditing, onDelete: setDeleting, deleting: remove.isPending })}
            selection={{
              selected,
              onChange: setSelected,
              rowLabel: (question) => `Select question: ${previewText(question.questionText)}`,
              allLabel: 'Select all questions on this page',
            }}
            expansion={{
              expanded: Object.keys(open),
              onToggle: (id) => setRow(id, open[id] ? null : 'shown'),
              detail: (question) => {
                const state = open[question.id];
                return state && state !== 'shown' ? (
                  <QuestionEditor
                    question={question}
                    initial={state}
                    onDone={(saved) => {
                      if (saved) notify('success', saved);
                      setRow(question.id, 'shown');
                    }}
                    onError={(text) => notify('error', text)}
                  />
                ) : (
                  <QuestionDetails question={question} />
                );
              },
            }}
          />
        )}
      </BankResults>
      {exporting ? (
        <ExportDialog
          // Nothing chosen: every question the filters match, as many as the bank counts.
          target={selected.length ? { questionIds: selected } : { filters: filterBody(filters) }}
          count={selected.length || (questions.data?.totalExact ? questions.data.total : null)}
          onClose={() => setExporting(false)}
          onExported={(message) => {
            setExporting(false);
            notify('success', message);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirmBulk}
        title="Delete the selected questions?"
        confirmLabel="Delete Questions"
        onConfirm={() => void runBulkDelete()}
        onCancel={() => setConfirmBulk(false)}
      >
        {`This deletes ${selected.length} ${selected.length === 1 ? 'question' : 'questions'} and their images. This cannot be undone.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this question?"
        confirmLabel="Delete Question"
        onConfirm={() => deleting && void runDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        The question and its images will be deleted, and it will be removed from every section and test. This cannot be
        undone.
      </ConfirmDialog>
    </section>
  );
}
