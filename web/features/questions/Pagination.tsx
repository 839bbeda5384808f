import { QUESTION_PAGE_SIZES } from '@common/schemas/questions';
import { Button } from '../../ui/Button';
import styles from './questions.module.css';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** False when the server stopped counting: `total` is then "at least". */
  totalExact: boolean;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

const number = (n: number) => n.toLocaleString('en-US');

export function Pagination({ page, pageSize, total, totalExact, onPage, onPageSize }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <span className={styles.count}>
        {first}–{last} of {number(total)}
        {totalExact ? '' : '+'} questions
      </span>
      <label className={styles.pageSize}>
        Per page
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {QUESTION_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.pageButtons}>
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {number(pages)}
          {totalExact ? '' : '+'}
        </span>
        <Button size="sm" variant="secondary" disabled={page >= pages && totalExact} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
