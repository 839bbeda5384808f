import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../api/client';
import { Button } from './Button';
import { PageState } from './PageState';

interface QueryStatesProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, as the sentence shown meanwhile: "Loading the skills...". */
  loading: string;
  /** The error shown when the server's reply names none (a lost connection). */
  failed: string;
  /** Whether the data holds nothing to show, and the sentence saying so. */
  empty?: { when: (data: T) => boolean; title: string };
  /** A card's states (smaller, the title a sentence) rather than a page's. */
  compact?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The states of what a query reads: loading, an error with Try again, empty, or the data drawn by `children`. One
 * home for their look and words, so every card and page reads the same while it waits or fails.
 */
export function QueryStates<T>({ query, loading, failed, empty, compact = false, children }: QueryStatesProps<T>) {
  if (query.isPending) return <PageState compact={compact} kind="loading" title={loading} />;
  if (query.isError)
    return (
      <PageState
        compact={compact}
        kind="error"
        title={errorMessage(query.error, failed)}
        action={
          <Button size={compact ? 'sm' : undefined} variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  if (empty?.when(query.data)) return <PageState compact={compact} kind="empty" title={empty.title} />;
  return <>{children(query.data)}</>;
}
