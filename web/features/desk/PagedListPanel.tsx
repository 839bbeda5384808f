import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { DESK_LIMITS, DESK_MESSAGES } from '@common/rules';
import { errorMessage } from '../../api/client';
import { Button, ButtonAnchor } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/Field';
import { PageState } from '../../ui/PageState';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { Table, type Column } from '../../ui/Table';
import { useDebounced } from '../../ui/useDebounced';
import { usePage } from '../../ui/usePage';
import styles from './desk.module.css';

/** What every list of the inbox asks the server for: a page, a search and a status, all optional but the page. */
export interface InboxQuery<S extends string> {
  page: number;
  limit: number;
  q?: string;
  status?: S;
}

export interface PagedListPanelProps<T, S extends string, P extends { pagination: { total: number } }> {
  /** The table's name ('Bookings'), also the loading line's word. */
  label: string;
  /** The rows' word for the pager ('bookings'). */
  noun: string;
  search: { label: string; placeholder: string };
  statusFilter: { placeholder: string; options: ReadonlyArray<{ value: S; label: string }> };
  /** The list's query hook; one panel always calls the same one. */
  useList(query: InboxQuery<S>): UseQueryResult<P>;
  rowsOf(page: P): readonly T[];
  /** Where the CSV of the list's current search and status downloads from. */
  exportHref(filter: { q: string; status: S | '' }): string;
  columns: ReadonlyArray<Column<T>>;
  rowKey(row: T): string;
  empty: { title: string; filtered: string; none: string };
}

/**
 * One list of the inbox: a search, a status filter and the CSV export over a paged table, with its loading, error
 * and empty states. A new search or status goes back to the first page; the previous page stays (dimmed) while the
 * next one loads, so the table does not jump.
 */
export function PagedListPanel<T, S extends string, P extends { pagination: { total: number } }>({
  label,
  noun,
  search,
  statusFilter,
  useList,
  rowsOf,
  exportHref,
  columns,
  rowKey,
  empty,
}: PagedListPanelProps<T, S, P>) {
  const { page, setPage, firstPageAfter } = usePage();
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState<S | ''>('');
  const q = useDebounced(typed.trim());
  const list = useList({ page, limit: DESK_LIMITS.pageSize, q: q || undefined, status: status || undefined });
  const data = list.data;
  const rows = data ? rowsOf(data) : [];
  return (
    <>
      <div className={styles.controls}>
        <div className={styles.search}>
          <SearchBox
            label={search.label}
            placeholder={search.placeholder}
            value={typed}
            onChange={firstPageAfter(setTyped)}
          />
        </div>
        <div className={styles.filter}>
          <SelectField
            label="Status"
            placeholder={statusFilter.placeholder}
            options={statusFilter.options}
            value={status}
            onChange={(e) => firstPageAfter(setStatus)(e.target.value as S | '')}
          />
        </div>
        <ButtonAnchor variant="secondary" icon={Download} href={exportHref({ q, status })} download>
          Export CSV
        </ButtonAnchor>
      </div>
      {list.isPending ? (
        <PageState kind="loading" title={`Loading ${noun}...`} />
      ) : !data ? (
        <PageState
          kind="error"
          title={DESK_MESSAGES.inboxLoadFailed}
          text={errorMessage(list.error, 'Please try again.')}
          action={<Button onClick={() => void list.refetch()}>Try Again</Button>}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={empty.title} text={q || status ? empty.filtered : empty.none} />
      ) : (
        <div className={list.isPlaceholderData ? styles.stale : undefined} aria-busy={list.isFetching}>
          <Table label={label} rows={rows} rowKey={rowKey} columns={columns} />
          <Pagination
            page={page}
            pageSize={DESK_LIMITS.pageSize}
            total={data.pagination.total}
            noun={noun}
            onPage={setPage}
          />
        </div>
      )}
    </>
  );
}
