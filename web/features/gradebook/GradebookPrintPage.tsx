import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CLASS_MESSAGES } from '@common/rules';
import { paths } from '../../paths';
import { Button } from '../../ui/Button';
import { PageState } from '../../ui/PageState';
import { useGradebook } from './api';
import { SectionCellView, SectionHeader, TestCellView, sectionAverage, testAverage } from './cells';
import { readState, sortedStudents } from './model';
import styles from './gradebook.module.css';

/**
 * The gradebook as a page to print (/teacher-grade/print, with the grid's own address): the same filters and order,
 * every column in one plain table, no frame around it.
 */
export default function GradebookPrintPage() {
  const [search] = useSearchParams();
  const { classId, filters, sort } = readState(search);
  const book = useGradebook(classId, filters);
  const back = `${paths.teacherGrade}?${search.toString()}`;
  if (!classId) return <PageState kind="error" title={CLASS_MESSAGES.notFound} />;
  if (book.isPending) return <PageState kind="loading" title="Loading the gradebook..." />;
  if (book.isError)
    return <PageState kind="error" title={book.error.message} action={<Link to={back}>Back to Grades</Link>} />;
  const data = book.data;
  const students = sortedStudents(data, sort);
  const range = [filters.from && `from ${filters.from}`, filters.to && `to ${filters.to}`].filter(Boolean).join(' ');
  return (
    <div className={styles.printPage}>
      <div className={styles.toolbar}>
        <Link to={back} className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" /> Back to Grades
        </Link>
        <Button onClick={() => window.print()} icon={Printer}>
          Print
        </Button>
      </div>
      <main id="main">
        <h1 className={styles.printTitle}>Gradebook: {data.class.name}</h1>
        <p className={styles.printMeta}>
          Printed {new Date().toLocaleDateString()}
          {range ? `, activity ${range}` : ''}
        </p>
        <table className={styles.printTable} aria-label={`Gradebook of ${data.class.name}`}>
          <thead>
            <tr>
              <th scope="col">Student</th>
              {data.sections.map((s) => (
                <th key={s.id} scope="col">
                  <SectionHeader section={s} />
                </th>
              ))}
              {data.tests.map((t) => (
                <th key={t.id} scope="col">
                  {t.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {students.map((student) => (
              <tr key={student.id}>
                <th scope="row">{student.name}</th>
                {student.sections.map((cell, i) => (
                  <td key={data.sections[i].id}>
                    <SectionCellView cell={cell} section={data.sections[i]} />
                  </td>
                ))}
                {student.tests.map((cell, i) => (
                  <td key={data.tests[i].id}>
                    <TestCellView cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Class average</th>
              {data.sections.map((s, i) => (
                <td key={s.id}>{sectionAverage(data, i)}</td>
              ))}
              {data.tests.map((t, i) => (
                <td key={t.id}>{testAverage(data, i)}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </main>
    </div>
  );
}
