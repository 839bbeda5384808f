import type { GridSort } from '../../ui/GridTable';
import type { GradebookReply, GradebookStudent, TestCellState } from '@common/schemas/gradebook';
import type { GradebookFilters } from './api';

/** The page's state in its address, so a reload, the print page and a shared link show the same grid. */
export function readState(search: URLSearchParams) {
  const filters: GradebookFilters = {
    unit: search.get('unit') ?? '',
    test: search.get('test') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
  };
  const sortKey = search.get('sort');
  const sort: GridSort | null = sortKey
    ? { key: sortKey, direction: search.get('dir') === 'desc' ? 'desc' : 'asc' }
    : null;
  return { classId: search.get('class') ?? '', filters, sort };
}

/** Below every score: the states of a test without one, the worst last when sorted from the highest. */
const TEST_STATE_RANK: Record<TestCellState, number> = {
  submitted: 0,
  late: 0,
  'in-progress': -1,
  'not-started': -2,
  'not-given': -3,
  missing: -4,
};

/** What a column sorts by: the name; a section's share solved, then first try; a test's score, else its state. */
function sortValue(book: GradebookReply, student: GradebookStudent, key: string): number | string {
  if (key.startsWith('s:')) {
    const i = book.sections.findIndex((s) => s.id === key.slice(2));
    const cell = student.sections[i];
    const exercises = book.sections[i]?.exercises ?? 0;
    if (!cell) return 0;
    return (exercises ? cell.solved / exercises : 0) + (cell.tried ? cell.firstTry / cell.tried : 0) / 1000;
  }
  if (key.startsWith('t:')) {
    const i = book.tests.findIndex((t) => t.id === key.slice(2));
    const cell = student.tests[i];
    if (!cell) return -10;
    return cell.score !== null && cell.maxMarks ? cell.score / cell.maxMarks : TEST_STATE_RANK[cell.state];
  }
  return student.name.toLocaleLowerCase();
}

/** The students in the chosen order; the server's (by name) when none is chosen. Ties keep the name order. */
export function sortedStudents(book: GradebookReply, sort: GridSort | null): GradebookStudent[] {
  if (!sort) return book.students;
  const sign = sort.direction === 'asc' ? 1 : -1;
  const order = new Map(book.students.map((s, i) => [s.id, i]));
  return [...book.students].sort((a, b) => {
    const x = sortValue(book, a, sort.key);
    const y = sortValue(book, b, sort.key);
    const byValue = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : (x as number) - (y as number);
    return byValue * sign || order.get(a.id)! - order.get(b.id)!;
  });
}

/** A click on a header: sort by it ascending (descending for figures: the best first), then the other way. */
export function nextSort(current: GridSort | null, key: string): GridSort {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}
