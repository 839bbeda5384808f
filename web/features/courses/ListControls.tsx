import { useId, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { COURSE_PAGE_SIZES } from '@common/rules';
import styles from './courses.module.css';

/** The search box (and, for courses, the page size) above a list, with the list's main action. */
export function ListControls(props: { search: string; onSearch(v: string): void; placeholder: string; pageSize?: number; onPageSize?(n: number): void; action: ReactNode }) {
  const searchId = useId();
  const sizeId = useId();
  return (
    <div className={styles.controls}>
      <div className={styles.search}>
        <label htmlFor={searchId} className={styles.srOnly}>
          {props.placeholder}
        </label>
        <Search size={18} aria-hidden="true" />
        <input id={searchId} type="search" value={props.search} placeholder={props.placeholder} onChange={(e) => props.onSearch(e.target.value)} />
      </div>
      {props.onPageSize ? (
        <div className={styles.pageSize}>
          <label htmlFor={sizeId}>Show</label>
          <select id={sizeId} value={props.pageSize} onChange={(e) => props.onPageSize?.(Number(e.target.value))}>
            {COURSE_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={styles.controlsAction}>{props.action}</div>
    </div>
  );
}

/** Previous / Page X of Y / Next. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(n: number): void }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </button>
    </nav>
  );
}
