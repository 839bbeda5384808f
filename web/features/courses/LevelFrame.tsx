import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, Plus } from 'lucide-react';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { SearchBox } from '../../ui/SearchBox';
import { failureText } from './messages';
import styles from './courses.module.css';

interface LevelFrameProps {
  /** The level's items as the screens name them: 'Unit' or 'Section'. */
  thing: 'Unit' | 'Section';
  /** Where the back button goes: 'Courses' from units, 'Units' from sections. */
  parent: 'Courses' | 'Units';
  onBack(): void;
  search: string;
  onSearch(text: string): void;
  placeholder: string;
  onAdd(): void;
  query: UseQueryResult<unknown[]>;
  /** How many items the search leaves, and their list. */
  shownCount: number;
  list: ReactNode;
  /** The empty text when nothing was searched for, such as 'Add the first unit of this course.' */
  emptyText: string;
  /** The level's dialogs. */
  children: ReactNode;
}

/**
 * What the units and sections levels of course management share: the back button, search and Add, and the
 * loading, error and empty states around the list.
 */
export function LevelFrame({
  thing,
  parent,
  onBack,
  search,
  onSearch,
  placeholder,
  onAdd,
  query,
  shownCount,
  list,
  emptyText,
  children,
}: LevelFrameProps) {
  const lower = thing.toLowerCase() as 'unit' | 'section';
  return (
    <section aria-label={`${thing}s`}>
      <Button variant="ghost" size="sm" onClick={onBack} className={styles.back} icon={ArrowLeft}>
        Back to {parent}
      </Button>
      <div className={styles.controls}>
        <SearchBox label={placeholder} value={search} onChange={onSearch} />
        <div className={styles.controlsAction}>
          <Button onClick={onAdd} icon={Plus}>
            Add {thing}
          </Button>
        </div>
      </div>
      {query.isPending ? <PageState kind="loading" title="Loading course management..." /> : null}
      {query.isError ? (
        <PageState
          kind="error"
          title={failureText(query.error, 'load', lower)}
          action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
        />
      ) : null}
      {query.isSuccess && shownCount === 0 ? (
        <EmptyState title={`No ${lower}s available`} text={search ? `No ${lower} matches your search.` : emptyText} />
      ) : null}
      {shownCount ? list : null}
      {children}
    </section>
  );
}
