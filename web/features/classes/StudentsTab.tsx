import { useId, useRef, useState } from 'react';
import Papa from 'papaparse';
import { Link } from 'react-router';
import { Copy, RefreshCw, Upload, UserPlus, X } from 'lucide-react';
import { CLASS_LIMITS, CLASS_MESSAGES, CSV_IMPORT_MAX_BYTES, plural } from '@common/rules';
import type { ClassCsvRow, ClassStudent, ClassSummary } from '@common/schemas/classes';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { PageCard } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { SearchBox } from '../../ui/SearchBox';
import { Table } from '../../ui/Table';
import { useDebounced } from '../../ui/useDebounced';
import type { Notifier } from '../../ui/Toast';
import { classCalls, useClassChange, useClassStudents, useMyStudents, useRefreshClass, type Role } from './api';
import styles from './classes.module.css';

const CSV_TONE: Record<ClassCsvRow['status'], BadgeTone> = {
  added: 'success',
  already: 'muted',
  invalid: 'danger',
  repeated: 'muted',
  unknown: 'warning',
  notYours: 'warning',
};

/** A class's students: the join code, adding (by picking, or a CSV of e-mails), the list, and removing. */
export function StudentsTab({ cls, role, notify }: { cls: ClassSummary; role: Role; notify: Notifier }) {
  const students = useClassStudents(cls.id);
  const { busy, run } = useClassChange(notify);
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<ClassStudent | null>(null);

  const remove = async () => {
    if (!removing) return;
    if (await run(() => classCalls.removeStudent(cls.id, removing.id), 'Failed to remove the student'))
      setRemoving(null);
  };

  return (
    <div className={styles.panel}>
      <JoinCodeCard cls={cls} notify={notify} />
      <PageCard aria-labelledby="class-students">
        <div className={styles.cardHead}>
          <h2 id="class-students" className={styles.cardTitle}>
            Students {students.data ? `(${students.data.length})` : ''}
          </h2>
          <div className={styles.actionsRow}>
            <Button icon={UserPlus} size="sm" onClick={() => setPicking(true)}>
              Add students
            </Button>
            <CsvUpload classId={cls.id} notify={notify} />
          </div>
        </div>
        {students.isPending ? (
          <PageState kind="loading" title="Loading students..." />
        ) : students.isError ? (
          <PageState kind="error" title="Failed to load the students" text={students.error.message} />
        ) : students.data.length === 0 ? (
          <EmptyState
            title="No students in this class yet"
            text="Give your students the join code above, add students you teach, or upload a CSV of their e-mails."
          />
        ) : (
          <Table
            label="Students of the class"
            rows={students.data}
            rowKey={(s) => s.id}
            columns={[
              {
                header: 'Name',
                interactive: true,
                cell: (s) => <Link to={paths.studentWork.href(s.id)}>{s.name}</Link>,
              },
              { header: 'Email', hideWhenNarrow: true, cell: (s) => s.email },
              { header: 'Grade', hideWhenNarrow: true, cell: (s) => s.grade || '—' },
              {
                header: 'Actions',
                interactive: true,
                cell: (s) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={X}
                    aria-label={`Remove ${s.name}`}
                    onClick={() => setRemoving(s)}
                  >
                    Remove
                  </Button>
                ),
              },
            ]}
          />
        )}
      </PageCard>
      {picking ? (
        <PickStudents
          classId={cls.id}
          role={role}
          members={new Set((students.data ?? []).map((s) => s.id))}
          onClose={() => setPicking(false)}
          notify={notify}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the class?"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={busy}
        tone="danger"
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.name} loses the class's courses and the tests it gave that they have not started. Their answers and
          the tests they started stay theirs.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** The join code, shown large for a board or a projector, with copy, a new code, and turning joining off. */
function JoinCodeCard({ cls, notify }: { cls: ClassSummary; notify: Notifier }) {
  const { busy, run } = useClassChange(notify);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(cls.joinCode ?? '');
      notify.success('Code copied');
    } catch {
      notify.error('The code could not be copied: select it and copy it by hand.');
    }
  };
  return (
    <PageCard aria-labelledby="join-code-title" className={styles.codeCard}>
      <div>
        <h2 id="join-code-title" className={styles.cardTitle}>
          Join code
        </h2>
        <p className={styles.muted}>
          {cls.joinCode
            ? 'Students type this code on their dashboard to join the class.'
            : 'Joining by code is off. Make a code to let students join.'}
        </p>
      </div>
      {cls.joinCode ? (
        <p className={styles.code} aria-label={`Join code ${cls.joinCode.split('').join(' ')}`}>
          {cls.joinCode}
        </p>
      ) : null}
      <div className={styles.actionsRow}>
        {cls.joinCode ? (
          <Button size="sm" variant="secondary" icon={Copy} onClick={() => void copy()}>
            Copy
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          icon={RefreshCw}
          disabled={busy}
          onClick={() =>
            void run(() => classCalls.regenerateCode(cls.id), 'Failed to make a new code', 'New code made')
          }
        >
          {cls.joinCode ? 'New code' : 'Make a code'}
        </Button>
        {cls.joinCode ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              void run(() => classCalls.turnOffCode(cls.id), 'Failed to turn off the code', 'Joining by code is off')
            }
          >
            Turn off
          </Button>
        ) : null}
      </div>
    </PageCard>
  );
}

/** Picks students the caller may already act for (the student manager's list), searched by the server. */
function PickStudents({
  classId,
  role,
  members,
  onClose,
  notify,
}: {
  classId: string;
  role: Role;
  members: Set<string>;
  onClose(): void;
  notify: Notifier;
}) {
  const [term, setTerm] = useState('');
  const q = useDebounced(term, 300);
  const list = useMyStudents(role, q);
  const { busy, run } = useClassChange(notify);
  const [chosen, setChosen] = useState<string[]>([]);
  const rows = (list.data?.students ?? []).filter((s) => !members.has(s.id));
  const add = async () => {
    if (await run(() => classCalls.addStudents(classId, chosen), 'Failed to add the students')) onClose();
  };
  return (
    <Dialog
      open
      size="lg"
      title="Add students"
      onClose={onClose}
      footer={
        <DialogActions onCancel={onClose}>
          <Button disabled={busy || chosen.length === 0} onClick={() => void add()}>
            {busy ? 'Adding...' : chosen.length ? `Add ${plural(chosen.length, 'student')}` : 'Add students'}
          </Button>
        </DialogActions>
      }
    >
      <p className={styles.muted}>
        {role === 'teacher'
          ? 'Your own students are listed. A student you do not teach yet can join with the class code.'
          : 'Every student of the academy.'}
      </p>
      <SearchBox label="Search by name, email, school or grade" value={term} onChange={setTerm} />
      {list.isPending ? (
        <PageState kind="loading" title="Loading students..." />
      ) : list.isError ? (
        <PageState kind="error" title="Failed to load students" text={list.error.message} />
      ) : rows.length === 0 ? (
        <EmptyState title={q ? 'No students match' : 'No students to add'} />
      ) : (
        <Table
          label="Students you may add"
          rows={rows}
          rowKey={(s) => s.id}
          selection={{
            selected: chosen,
            onChange: setChosen,
            rowLabel: (s) => `Select ${s.fullName}`,
            allLabel: 'Select every student shown',
          }}
          columns={[
            { header: 'Name', cell: (s) => s.fullName },
            { header: 'Email', hideWhenNarrow: true, cell: (s) => s.email },
            { header: 'Grade', cell: (s) => s.grade ?? '—' },
          ]}
        />
      )}
    </Dialog>
  );
}

/** The e-mails of a CSV: the column headed e-mail, or the first column; a first row without an address is a header. */
function emailsOf(rows: string[][]): Array<{ row: number; email: string }> {
  const header = rows[0] ?? [];
  const hasHeader = !header.some((cell) => cell.includes('@'));
  const column = hasHeader
    ? Math.max(
        0,
        header.findIndex((cell) => /^e-?mail/i.test(cell.trim())),
      )
    : 0;
  return rows
    .map((cells, i) => ({ row: i + 1, email: (cells[column] ?? '').trim() }))
    .slice(hasHeader ? 1 : 0)
    .filter((r) => r.email !== '');
}

function CsvUpload({ classId, notify }: { classId: string; notify: Notifier }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefreshClass();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<{ message: string; rows: Array<ClassCsvRow & { fileRow: number }> } | null>(
    null,
  );
  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CSV_IMPORT_MAX_BYTES) return notify.error('The file is larger than 1 MB. Please split it.');
    setBusy(true);
    try {
      const parsed = await new Promise<string[][]>((resolve, reject) =>
        Papa.parse<string[]>(file, {
          skipEmptyLines: 'greedy',
          complete: (result) => resolve(result.data),
          error: (error) => reject(error),
        }),
      );
      const emails = emailsOf(parsed);
      if (emails.length === 0) throw new Error(CLASS_MESSAGES.csvEmpty);
      if (emails.length > CLASS_LIMITS.csvRows) throw new Error(CLASS_MESSAGES.csvTooMany);
      const reply = await classCalls.addByCsv(
        classId,
        emails.map((e) => e.email),
      );
      setReport({ message: reply.message, rows: reply.rows.map((r, i) => ({ ...r, fileRow: emails[i].row })) });
      await refresh();
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to upload the file'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className={styles.hiddenInput}
        aria-label="CSV file of student e-mails"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button size="sm" variant="secondary" icon={Upload} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Uploading...' : 'Upload CSV'}
      </Button>
      {report ? (
        <Dialog
          open
          size="lg"
          title="CSV upload"
          onClose={() => setReport(null)}
          footer={<Button onClick={() => setReport(null)}>Done</Button>}
        >
          <p>{report.message}</p>
          <Table
            label="Rows of the file"
            rows={report.rows}
            rowKey={(r) => String(r.fileRow)}
            columns={[
              { header: 'Row', cell: (r) => r.fileRow },
              { header: 'Email', cell: (r) => r.email },
              { header: 'Result', cell: (r) => <Badge tone={CSV_TONE[r.status]}>{r.message}</Badge> },
            ]}
          />
        </Dialog>
      ) : null}
    </>
  );
}
