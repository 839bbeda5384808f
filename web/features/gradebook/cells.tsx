import { Link } from 'react-router';
import { averageText, firstTryText, sectionLabel, solvedText, testScoreText } from '@common/gradebook';
import {
  CELL_STATE_LABELS,
  type GradebookReply,
  type GradebookSection,
  type GradebookTest,
  type SectionCell,
  type TestCell,
} from '@common/schemas/gradebook';
import { plural } from '@common/rules';
import { paths } from '../../paths';
import styles from './gradebook.module.css';

/** A section's cell: solved of total, first-try accuracy, and its state in words beside its color. */
export function SectionCellView({ cell, section }: { cell: SectionCell; section: GradebookSection }) {
  return (
    <span className={`${styles.cell} ${styles[cell.state]}`}>
      <span className={styles.figure}>{solvedText(cell, section)}</span>
      <span className={styles.minor}>{firstTryText(cell)} first try</span>
      <span className={styles.state}>{CELL_STATE_LABELS[cell.state]}</span>
    </span>
  );
}

/** A test's cell: its score once submitted, and its state in words beside its color. */
export function TestCellView({ cell }: { cell: TestCell }) {
  const scored = cell.score !== null && cell.maxMarks !== null;
  return (
    <span className={`${styles.cell} ${styles[cell.state]}`}>
      {scored ? <span className={styles.figure}>{testScoreText(cell)}</span> : null}
      <span className={styles.state}>{CELL_STATE_LABELS[cell.state]}</span>
    </span>
  );
}

export function SectionHeader({ section }: { section: GradebookSection }) {
  return (
    <>
      <span className={styles.colTitle}>{sectionLabel(section)}</span>
      <span className={styles.colMeta}>{plural(section.exercises, 'exercise')}</span>
    </>
  );
}

/** A test's header opens its results. */
export function TestHeader({ test }: { test: GradebookTest }) {
  return (
    <>
      <Link className={styles.colLink} to={`${paths.savedTest.href(test.id)}?tab=results`}>
        {test.title}
      </Link>
      <span className={styles.colMeta}>Test</span>
    </>
  );
}

export function StudentLink({ id, name }: { id: string; name: string }) {
  return (
    <Link className={styles.student} to={paths.studentWork.href(id)}>
      {name || 'Unnamed student'}
    </Link>
  );
}

export const sectionAverage = (book: GradebookReply, i: number) => {
  const a = book.averages.sections[i];
  return (
    <span className={styles.average}>
      <span className={styles.figure}>{averageText(a.solvedPercent)} solved</span>
      <span className={styles.minor}>{averageText(a.firstTryPercent)} first try</span>
    </span>
  );
};

export const testAverage = (book: GradebookReply, i: number) => (
  <span className={styles.average}>
    <span className={styles.figure}>{averageText(book.averages.tests[i].scorePercent)}</span>
  </span>
);
