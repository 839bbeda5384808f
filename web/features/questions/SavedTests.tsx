import { useState } from 'react';
import { Archive, ArchiveRestore, ClipboardCheck, Copy, Download, FolderOpen, Printer, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { TestSummary } from '@common/schemas/tests';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { PAGE_ACCESS, mayOpen } from '../../auth/pageAccess';
import { paths } from '../../paths';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField, TextField } from '../../ui/Field';
import { PageState } from '../../ui/PageState';
import { Pagination } from '../../ui/Pagination';
import type { NoticeTone } from '../../ui/Toast';
import { usePage } from '../../ui/usePage';
import { TEST_MESSAGES } from '@common/rules';
import { useArchiveTest, useDeleteTest, useDuplicateTest, useSavedTests } from './testsApi';
import { ExportDialog } from './exchange/ExportDialog';
import styles from './testGenerator.module.css';

const PAGE_SIZE = 5;
const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

interface Props {
  editingId: string | null;
  onOpen(id: string): void;
  onNotify(tone: NoticeTone, text: string): void;
}

/**
 * Saved Tests beside the builder: search, type filter and paging by the server; open, duplicate, print, delete, and
 * for those who give tests, the test's page where it is given and its results read.
 */
export function SavedTests({ editingId, onOpen, onNotify }: Props) {
  const { user } = useAuth();
  const canGive = mayOpen(PAGE_ACCESS[paths.savedTest.path], user?.type);
  const [q, setQ] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState<'active' | 'archived' | 'all'>('active');
  const { page, setPage, firstPageAfter } = usePage();
  const [deleting, setDeleting] = useState<TestSummary | null>(null);
  const [exporting, setExporting] = useState<TestSummary | null>(null);
  const list = useSavedTests({ q, type, status, page });
  const duplicate = useDuplicateTest();
  const remove = useDeleteTest();
  const archive = useArchiveTest();
  // Only a test's author or an admin may change it; the server decides, this only spares others a refusal.
  const mayChange = (test: TestSummary) => user?.type === 'admin' || (!!user && test.author?.id === user.id);
  const runArchive = async (test: TestSummary, toArchive: boolean) => {
    try {
      onNotify('success', (await archive.mutateAsync({ id: test.id, archive: toArchive })).message);
    } catch (error) {
      onNotify('error', errorMessage(error, toArchive ? TEST_MESSAGES.archiveFailed : TEST_MESSAGES.restoreFailed));
    }
  };
  const tests = list.data?.tests ?? [];

  const runDuplicate = async (test: TestSummary) => {
    try {
      onNotify('success', (await duplicate.mutateAsync(test.id)).message);
    } catch (error) {
      onNotify('error', errorMessage(error, 'Error duplicating test'));
    }
  };
  const runDelete = async (test: TestSummary) => {
    setDeleting(null);
    try {
      onNotify('success', (await remove.mutateAsync(test.id)).message);
    } catch (error) {
      onNotify('error', errorMessage(error, 'Error deleting test'));
    }
  };

  return (
    <section aria-labelledby="saved-title" className={styles.panel}>
      <h2 id="saved-title" className={styles.panelTitle}>
        Saved Tests
      </h2>
      <div className={styles.savedFilters}>
        <TextField
          label="Search tests"
          type="search"
          placeholder="Title, code or description"
          value={q}
          onChange={(e) => firstPageAfter(setQ)(e.target.value)}
        />
        <SelectField
          label="Type"
          placeholder="All types"
          options={[
            { value: 'test', label: 'Test' },
            { value: 'assessment', label: 'Assessment' },
          ]}
          value={type}
          onChange={(e) => firstPageAfter(setType)(e.target.value)}
        />
        <SelectField
          label="Show"
          options={[
            { value: 'active', label: 'Active tests' },
            { value: 'archived', label: 'Archived' },
            { value: 'all', label: 'All tests' },
          ]}
          value={status}
          onChange={(e) => firstPageAfter(setStatus)(e.target.value as 'active' | 'archived' | 'all')}
        />
      </div>
      {list.isError ? (
        <PageState
          kind="error"
          title={TEST_MESSAGES.loadFailed}
          text={errorMessage(list.error, 'Error loading tests')}
          action={<Button onClick={() => void list.refetch()}>Try again</Button>}
        />
      ) : list.isPending ? (
        <PageState kind="loading" title="Loading tests..." />
      ) : tests.length === 0 ? (
        <EmptyState
          title={q || type ? 'No tests found' : 'No saved tests yet'}
          text={q || type ? 'No saved test matches this search.' : 'Build a test and save it: it will be listed here.'}
        />
      ) : (
        <ul className={styles.saved} aria-label="Saved tests">
          {tests.map((test) => (
            <li key={test.id} className={`${styles.savedItem} ${test.id === editingId ? styles.savedOpen : ''}`}>
              <div className={styles.savedHead}>
                <strong className={styles.savedName}>{test.name}</strong>
                {test.testCode ? (
                  <span className={styles.code}>{test.testCode}</span>
                ) : (
                  <span className={styles.typeBadge}>Test</span>
                )}
                {test.examProfile ? <Badge tone="special">{test.examProfile.name}</Badge> : null}
                {test.archivedAt ? <span className={styles.typeBadge}>Archived</span> : null}
              </div>
              <p className={styles.cardMeta}>
                {test.questionCount} {test.questionCount === 1 ? 'question' : 'questions'} ·{' '}
                {test.totalMarks ?? test.marks} marks
                {test.timeLimit ? ` · ${test.timeLimit} min` : ''} · {test.author?.name || 'Former staff member'} ·
                updated {date(test.updatedAt)}
              </p>
              {test.missingCount ? (
                <p className={styles.warningSmall}>
                  {test.missingCount} {test.missingCount === 1 ? 'question was' : 'questions were'} deleted from the
                  bank
                </p>
              ) : null}
              <div className={styles.savedActions}>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onOpen(test.id)}
                  aria-label={`Open ${test.name}`}
                  icon={FolderOpen}
                >
                  Open
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void runDuplicate(test)}
                  disabled={duplicate.isPending}
                  aria-label={`Duplicate ${test.name}`}
                  icon={Copy}
                >
                  Duplicate
                </Button>
                {canGive ? (
                  <Link
                    to={paths.savedTest.href(test.id)}
                    className={styles.inlineLink}
                    aria-label={`Assign and see results of ${test.name}`}
                  >
                    <ClipboardCheck size={14} aria-hidden="true" /> Assign &amp; Results
                  </Link>
                ) : null}
                <Link
                  to={paths.testPrint.href(test.id)}
                  className={styles.inlineLink}
                  aria-label={`Print ${test.name}`}
                >
                  <Printer size={14} aria-hidden="true" /> Print
                </Link>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setExporting(test)}
                  aria-label={`Export ${test.name}`}
                  icon={Download}
                >
                  Export
                </Button>
                {mayChange(test) && test.archivedAt ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void runArchive(test, false)}
                    disabled={archive.isPending}
                    aria-label={`Restore ${test.name}`}
                    icon={ArchiveRestore}
                  >
                    Restore
                  </Button>
                ) : null}
                {/* A test that has been sat keeps its results: it is archived, not deleted. */}
                {mayChange(test) && !test.archivedAt && test.sittingCount > 0 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void runArchive(test, true)}
                    disabled={archive.isPending}
                    aria-label={`Archive ${test.name}`}
                    icon={Archive}
                  >
                    Archive
                  </Button>
                ) : null}
                {mayChange(test) && test.sittingCount === 0 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className={styles.dangerText}
                    onClick={() => setDeleting(test)}
                    aria-label={`Delete ${test.name}`}
                    icon={Trash2}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > PAGE_SIZE ? (
        <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} noun="tests" onPage={setPage} />
      ) : null}
      {exporting ? (
        <ExportDialog
          target={{ testId: exporting.id, name: exporting.name }}
          count={exporting.questionCount}
          onClose={() => setExporting(null)}
          onExported={(message) => {
            setExporting(null);
            onNotify('success', message);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this test?"
        confirmLabel="Delete Test"
        busy={remove.isPending}
        onConfirm={() => deleting && void runDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {`"${deleting?.name ?? ''}" will be deleted. The questions stay in the bank. This cannot be undone.`}
      </ConfirmDialog>
    </section>
  );
}
