import { useId, useRef, useState } from 'react';
import Papa from 'papaparse';
import { Download, Upload } from 'lucide-react';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, plural } from '@common/rules';
import { CSV_COLUMNS, type ImportReply, type ImportRowResult } from '@common/schemas/users';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { Table, type Column } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { useImportStudents } from './api';
import styles from './users.module.css';

type Row = Record<string, string>;
type Stage =
  | { step: 'idle' }
  | { step: 'checking'; file: string }
  | { step: 'preview'; file: string; rows: Row[]; report: ImportReply }
  | { step: 'importing'; file: string; rows: Row[]; report: ImportReply }
  | { step: 'done'; report: ImportReply; rows: Row[] };

const TEMPLATE = `${CSV_COLUMNS.join(',')}\nAda,Lovelace,ada@example.com,Female,2013-12-10,5,North School,"1 Main St, Springfield",(555) 123-4567,Anne,Lovelace,anne@example.com,(555) 765-4321\n`;
const STATUS_TEXT: Record<ImportRowResult['status'], string> = {
  ready: 'Ready',
  created: 'Imported',
  invalid: 'Has errors',
  duplicate: 'Duplicate',
};

/** Headers as people write them ("First Name", "E-mail") become the template's column names. */
function columnName(header: string): string {
  const h = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return h === 'e_mail' ? 'email' : h;
}

function parse(file: File): Promise<Row[]> {
  return new Promise((resolve, reject) =>
    Papa.parse<Row>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: columnName,
      complete: (result) => resolve(result.data),
      error: (error) => reject(error),
    }),
  );
}

/**
 * Students (and optionally their parents) from a class list: the file is read in the browser, every row checked by
 * the server with the register form's rules, the preview shows each row's problems, and the valid rows are imported
 * in one go. E-mails already registered are reported as duplicates and never created.
 */
export function CsvImport() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const importing = useImportStudents();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CSV_IMPORT_MAX_BYTES) return notify.error('The file is larger than 1 MB. Please split it.');
    setStage({ step: 'checking', file: file.name });
    try {
      const rows = await parse(file);
      if (rows.length === 0) throw new Error('The file has no rows under its header.');
      if (rows.length > CSV_IMPORT_MAX_ROWS)
        throw new Error(`At most ${CSV_IMPORT_MAX_ROWS} rows can be imported at once.`);
      const report = await importing.mutateAsync({ rows, dryRun: true });
      setStage({ step: 'preview', file: file.name, rows, report });
    } catch (error) {
      setStage({ step: 'idle' });
      notify.error(
        error instanceof Error && !('status' in error)
          ? error.message
          : errorMessage(error, 'The file could not be checked. Please try again.'),
      );
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const runImport = async () => {
    if (stage.step !== 'preview') return;
    setStage({ ...stage, step: 'importing' });
    try {
      const report = await importing.mutateAsync({ rows: stage.rows, dryRun: false });
      setStage({ step: 'done', report, rows: stage.rows });
      notify.success(report.message);
    } catch (error) {
      setStage({ ...stage, step: 'preview' });
      notify.error(errorMessage(error, 'Import failed. Nothing was imported; please try again.'));
    }
  };

  const report = stage.step === 'preview' || stage.step === 'importing' || stage.step === 'done' ? stage.report : null;
  const rows = stage.step === 'preview' || stage.step === 'importing' || stage.step === 'done' ? stage.rows : [];
  const ready = report?.rows.filter((r) => r.status === 'ready').length ?? 0;
  const count = (status: ImportRowResult['status']) => report?.rows.filter((r) => r.status === status).length ?? 0;
  const duplicates = plural(count('duplicate'), 'duplicate');

  const columns: Array<Column<ImportRowResult>> = [
    { header: 'Row', cell: (r) => r.row },
    {
      header: 'Name',
      cell: (r) => `${rows[r.row - 2]?.first_name ?? ''} ${rows[r.row - 2]?.last_name ?? ''}`.trim() || '—',
    },
    { header: 'Email', cell: (r) => r.email || '—' },
    { header: 'Grade', cell: (r) => rows[r.row - 2]?.grade || '—', hideWhenNarrow: true },
    {
      header: 'Parent',
      cell: (r) => (r.parent === 'new' ? 'New parent' : r.parent === 'existing' ? 'Existing parent' : '—'),
      hideWhenNarrow: true,
    },
    {
      header: 'Status',
      cell: (r) => <span className={`${styles.status} ${styles[`row_${r.status}`]}`}>{STATUS_TEXT[r.status]}</span>,
    },
    {
      header: 'Problems',
      cell: (r) =>
        r.messages.length ? (
          <ul className={styles.problems}>
            {r.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <section className={styles.importPanel} aria-labelledby={`${inputId}-title`}>
      <h2 className={styles.sectionTitle} id={`${inputId}-title`}>
        Import students from a CSV file
      </h2>
      <p className={styles.muted}>
        One student a row with the columns of the template; the parent columns are optional. Imported accounts choose
        their password through &quot;Forgot password&quot;, as their welcome e-mail explains.
      </p>
      <Toast notice={notify.notice} />
      <div className={styles.formActions}>
        <a
          className={styles.templateLink}
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`}
          download="students-template.csv"
        >
          <Download size={16} aria-hidden="true" /> Download template
        </a>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          onChange={(ev) => void choose(ev.target.files?.[0])}
        />
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          disabled={stage.step === 'checking' || stage.step === 'importing'}
          icon={Upload}
        >
          Choose CSV file
        </Button>
      </div>
      {stage.step === 'checking' ? <ProgressBar label={`Checking ${stage.file}...`} /> : null}
      {stage.step === 'importing' ? <ProgressBar label={`Importing ${plural(ready, 'student')}...`} /> : null}
      {stage.step === 'done' ? (
        <ProgressBar
          label={stage.report.message}
          value={stage.report.created}
          max={Math.max(1, stage.report.created)}
        />
      ) : null}
      {report ? (
        <>
          <p className={styles.importSummary} aria-live="polite">
            {stage.step === 'done'
              ? `${report.created} imported, ${duplicates}, ${count('invalid')} with errors.`
              : `${ready} of ${report.rows.length} rows ready to import; ${count('invalid')} with errors, ${duplicates}.`}
          </p>
          {stage.step === 'preview' ? (
            <div className={styles.formActions}>
              <Button onClick={() => void runImport()} disabled={ready === 0}>
                Import {plural(ready, 'student')}
              </Button>
            </div>
          ) : null}
          <div className={styles.previewTable}>
            <Table label="Import preview" rows={report.rows} rowKey={(r) => String(r.row)} columns={columns} />
          </div>
        </>
      ) : null}
    </section>
  );
}
