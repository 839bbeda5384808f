import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { StudentTest } from '@common/schemas/test-taking';
import { PageState } from '../../../ui/PageState';
import { useStudentTests } from './api';
import styles from './tests.module.css';

interface TestsPageProps {
  title: string;
  icon: LucideIcon;
  /** What the loading and failure states call the list: "your tests", "your grades". */
  noun: string;
  children(tests: StudentTest[]): ReactNode;
  /** Shown under the heading before the tests, whether or not they have loaded (Assignments' due list). */
  before?: ReactNode;
}

/** A page over the student's tests (Assignments, Grades): its heading, and the list once it has loaded. */
export function TestsPage({ title, icon: Icon, noun, children, before }: TestsPageProps) {
  const titleId = useId();
  const tests = useStudentTests();
  if (tests.isPending) return <PageState kind="loading" title={`Loading ${noun}...`} />;
  if (tests.isError) return <PageState kind="error" title={`Failed to load ${noun}`} text={tests.error.message} />;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        <Icon size={24} aria-hidden="true" /> {title}
      </h1>
      {before}
      {before ? <h2 className={styles.cardTitle}>Your tests</h2> : null}
      {children(tests.data)}
    </section>
  );
}
