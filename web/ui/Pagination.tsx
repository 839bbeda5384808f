import { useId } from 'react';
import { Button } from './Button';
import styles from './Pagination.module.css';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** False when the server stopped counting: `total` is then "at least", and Next stays open. */
  totalExact?: boolean;
  /** The sizes offered, such as 10, 20, 30 (and 40 for the bank); none, or one, for a fixed size (the test generator's 10). */
  pageSizes?: readonly number[];
  /** What is counted, as in "1–10 of 42 questions". */
  noun: string;
  onPage(page: number): void;
  onPageSize?(size: number): void;
}

const number = (n: number) => n.toLocaleString('en-US');

/** Paging under a list: the range shown, the page size, and Previous / Page X of Y / Next. */
export function Pagination({
  page,
  pageSize,
  total,
  totalExact = true,
  pageSizes,
  noun,
  onPage,
  onPageSize,
}: PaginationProps) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const more = totalExact ? '' : '+';
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <span className={styles.count}>
        {first}–{last} of {number(total)}
        {more} {noun}
      </span>
      {pageSizes && pageSizes.length > 1 && onPageSize ? (
        <span className={styles.pageSize}>
          <label htmlFor={sizeId}>Per page</label>
          <select id={sizeId} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      <span className={styles.pageButtons}>
        <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span aria-live="polite">
          Page {page} of {number(pages)}
          {more}
        </span>
        <Button size="sm" variant="secondary" disabled={page >= pages && totalExact} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
