import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Question, QuestionList } from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Pagination, type PaginationProps } from '../../ui/Pagination';
import { PageState } from '../../ui/PageState';
import { MESSAGES } from './messages';

interface BankResultsProps {
  questions: UseQueryResult<QuestionList>;
  /** What an empty page says under "No questions found". */
  emptyText: string;
  children(rows: Question[]): ReactNode;
  /** The pager under the page, shown whenever a page has been read. */
  paging: Pick<PaginationProps, 'page' | 'pageSize' | 'pageSizes' | 'onPage' | 'onPageSize'>;
}

/**
 * A page of the bank's questions: loading, failed (with Try again), empty, or its rows as the caller lists them;
 * then the pager.
 */
export function BankResults({ questions, emptyText, children, paging }: BankResultsProps) {
  const rows = questions.data?.questions ?? [];
  return (
    <>
      {questions.isError ? (
        <PageState
          kind="error"
          title={MESSAGES.loadFailed}
          text={errorMessage(questions.error, MESSAGES.loadFailedNetwork)}
          action={<Button onClick={() => void questions.refetch()}>Try again</Button>}
        />
      ) : questions.isPending ? (
        <PageState kind="loading" title="Loading questions..." />
      ) : rows.length === 0 ? (
        <EmptyState title="No questions found" text={emptyText} />
      ) : (
        children(rows)
      )}
      {questions.data ? (
        <Pagination {...paging} total={questions.data.total} totalExact={questions.data.totalExact} noun="questions" />
      ) : null}
    </>
  );
}
