import { Download, Printer } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { gradebookCsv, sectionLabel } from '@common/gradebook';
import {
  CELL_STATE_LABELS,
  GRADEBOOK_MESSAGES,
  type GradebookReply,
  type GradebookStudent,
} from '@common/schemas/gradebook';
import { paths } from '../../paths';
import { Button, ButtonLink } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField, TextField } from '../../ui/Field';
import { GridTable, type GridColumn } from '../../ui/GridTable';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { useGradebook, useGradebookClasses, type GradebookFilters } from './api';
import {
  SectionCellView,
  SectionHeader,
  StudentLink,
  TestCellView,
  TestHeader,
  sectionAverage,
  testAverage,
} from './cells';
import { nextSort, readState, sortedStudents } from './model';
import styles from './gradebook.module.css';

/** Saves text as a file through a temporary link. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function columnsOf(book: GradebookReply): Array<GridColumn<GradebookStudent>> {
  return [
    ...book.sections.map((section, i) => ({
      key: `s:${section.id}`,
      header: <SectionHeader section={section} />,
      sortLabel: `Sort by ${sectionLabel(section)}`,
      cell: (student: GradebookStudent) => <SectionCellView cell={student.sections[i]} section={section} />,
      footer: sectionAverage(book, i),
    })),
    ...book.tests.map((test, i) => ({
      key: `t:${test.id}`,
      header: <TestHeader test={test} />,
      sortLabel: `Sort by ${test.title}`,
      cell: (student: GradebookStudent) => <TestCellView cell={student.tests[i]} />,
      footer: testAverage(book, i),
    })),
  ];
}

/**
 * Columns shown at once: a class's whole course is hundreds of sections, and the grid's first page must show at once
 * (the CSV and the printed page hold them all).
 */
const COLUMNS_PER_PAGE = 20;

const lead: GridColumn<GradebookStudent> = {
  key: 'name',
  header: 'Student',
  sortLabel: 'Sort by student',
  cell: (student) => <StudentLink id={student.id} name={student.name} />,
};

/**
 * A teacher's gradebook (/teacher-grade?class=...): a class's students down, its sections and tests across, with
 * filters, sorting, the class's averages, a CSV export and a printable page. Everything it shows is in its address.
 */
export default function GradebookPage() {
  const [search, setSearch] = useSearchParams();
  const { classId, filters, sort } = readState(search);
  const classes = useGradebookClasses();
  const rangeError = filters.from && filters.to && filters.from > filters.to ? GRADEBOOK_MESSAGES.range : undefined;
  const book = useGradebook(rangeError ? '' : classId, filters);

  const change = (values: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(values)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };

  // The first class opens by itself: a teacher of one class has nothing to pick.
  const first = classes.data?.[0]?.id;
  useEffect(() => {
    if (!classId && first) change({ class: first });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classId, first]);

  const data = book.data;
  const students = useMemo(() => (data ? sortedStudents(data, sort) : []), [data, sort]);
  const columns = useMemo(() => (data ? columnsOf(data) : []), [data]);
  const pages = Math.max(1, Math.ceil(columns.length / COLUMNS_PER_PAGE));
  const columnPage = Math.min(pages, Math.max(1, Number(search.get('cols')) || 1));
  const shown = columns.slice((columnPage - 1) * COLUMNS_PER_PAGE, columnPage * COLUMNS_PER_PAGE);

  if (classes.isPending) return <PageState kind="loading" title="Loading your classes..." />;
  if (classes.isError) return <PageState kind="error" title={classes.error.message} />;
  if (classes.data.length === 0)
    return (
      <PageFrame title="Grades">
        <EmptyState title="No classes yet" text="The gradebook of each class you teach is shown here." />
      </PageFrame>
    );

  const setFilter = (key: keyof GradebookFilters) => (value: string) => change({ [key]: value, cols: '' });
  const printHref = `${paths.teacherGradePrint}?${search.toString()}`;

  return (
    <PageFrame
      title="Grades"
      lead="Each student's progress through the class's sections and tests."
      actions={
        data ? (
          <>
            <Button
              variant="secondary"
              icon={Download}
              onClick={() => download(`${data.class.name} gradebook.csv`, gradebookCsv({ ...data, students }))}
            >
              Export CSV
            </Button>
            <ButtonLink variant="secondary" to={printHref}>
              <Printer size={18} aria-hidden="true" /> Print
            </ButtonLink>
          </>
        ) : null
      }
    >
      <div className={styles.filters}>
        <SelectField
          label="Class"
          value={classId}
          onChange={(e) => change({ class: e.target.value, unit: '', test: '', sort: '', dir: '', cols: '' })}
          options={classes.data.map((c) => ({ value: c.id, label: `${c.name} (${c.students})` }))}
        />
        <SelectField
          label="Unit"
          value={filters.unit}
          placeholder="All units"
          onChange={(e) => setFilter('unit')(e.target.value)}
          options={(data?.units ?? []).map((u) => ({
            value: u.id,
            label: `${u.courseTitle}: Unit ${u.unitNumber} ${u.title}`,
          }))}
        />
        <SelectField
          label="Test"
          value={filters.test}
          placeholder="All tests"
          onChange={(e) => setFilter('test')(e.target.value)}
          options={(data?.allTests ?? []).map((t) => ({ value: t.id, label: t.title }))}
        />
        <TextField label="From" type="date" value={filters.from} onChange={(e) => setFilter('from')(e.target.value)} />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          error={rangeError}
          onChange={(e) => setFilter('to')(e.target.value)}
        />
      </div>
      {rangeError ? null : book.isPending ? (
        <PageState kind="loading" title="Loading the gradebook..." />
      ) : book.isError ? (
        <PageState kind="error" title={book.error.message} />
      ) : data!.students.length === 0 ? (
        <EmptyState title="No students in this class yet" text="Its students and their grades are shown here." />
      ) : columns.length === 0 ? (
        <EmptyState
          title="Nothing to grade here"
          text="No section or test of this class matches the filters. Give the class a course or a test, or clear the filters."
        />
      ) : (
        <>
          <div className={styles.gridBar}>
            <Legend />
            {pages > 1 ? (
              <nav className={styles.columnPages} aria-label="Columns">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-disabled={columnPage <= 1}
                  onClick={() => columnPage > 1 && change({ cols: String(columnPage - 1) })}
                >
                  Previous columns
                </Button>
                <span>
                  Columns {(columnPage - 1) * COLUMNS_PER_PAGE + 1}–
                  {Math.min(columns.length, columnPage * COLUMNS_PER_PAGE)} of {columns.length}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-disabled={columnPage >= pages}
                  onClick={() => columnPage < pages && change({ cols: String(columnPage + 1) })}
                >
                  Next columns
                </Button>
              </nav>
            ) : null}
          </div>
          <GridTable
            label={`Gradebook of ${data!.class.name}`}
            rows={students}
            rowKey={(s) => s.id}
            lead={lead}
            columns={shown}
            footerLabel="Class average"
            sort={sort}
            onSort={(key) => {
              const next = nextSort(sort, key);
              change({ sort: next.key, dir: next.direction });
            }}
          />
        </>
      )}
    </PageFrame>
  );
}

/** What the colors mean; every cell also says its state in words. */
function Legend() {
  const states = ['done', 'late', 'missing', 'in-progress', 'not-started', 'submitted'] as const;
  return (
    <ul className={styles.legend} aria-label="Cell colors">
      {states.map((state) => (
        <li key={state} className={`${styles.cell} ${styles[state]}`}>
          {CELL_STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}
