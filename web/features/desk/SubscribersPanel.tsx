import { useState } from 'react';
import { Download, MailX } from 'lucide-react';
import { DESK_LIMITS, DESK_MESSAGES } from '@common/rules';
import type { SubscriberRow } from '@common/schemas/desk';
import { errorMessage } from '../../api/client';
import { Badge } from '../../ui/Badge';
import { Button, ButtonAnchor } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField } from '../../ui/Field';
import { PageState } from '../../ui/PageState';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { Table, type Column } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { useDebounced } from '../../ui/useDebounced';
import { usePage } from '../../ui/usePage';
import { exportUrl, useSubscribers, useUnsubscribe } from './api';
import { receivedAt } from './format';
import styles from './desk.module.css';

type State = 'subscribed' | 'unsubscribed';
const STATE_OPTIONS = [
  { value: 'subscribed', label: 'Subscribed' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];

/** The newsletter's sign-ups: searched by e-mail, and unsubscribed by an admin when a reader asks by other means. */
export function SubscribersPanel() {
  const notify = useNotify();
  const { page, setPage, firstPageAfter } = usePage();
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<State | ''>('');
  const q = useDebounced(typed.trim());
  const subscribers = useSubscribers({
    page,
    limit: DESK_LIMITS.pageSize,
    q: q || undefined,
    status: state || undefined,
  });
  const unsubscribe = useUnsubscribe();
  const [leaving, setLeaving] = useState<SubscriberRow | null>(null);

  const confirm = async () => {
    if (!leaving) return;
    try {
      await unsubscribe.mutateAsync(leaving.id);
      notify.success(DESK_MESSAGES.subscriberUnsubscribed);
    } catch (error) {
      notify.error(errorMessage(error, DESK_MESSAGES.unsubscribeFailed));
    } finally {
      setLeaving(null);
    }
  };

  const columns: Array<Column<SubscriberRow>> = [
    { header: 'Email', cell: (s) => <span className={styles.strong}>{s.email}</span> },
    { header: 'Subscribed', cell: (s) => <time dateTime={s.createdAt}>{receivedAt(s.createdAt)}</time> },
    {
      header: 'Status',
      cell: (s) =>
        s.unsubscribedAt ? <Badge tone="muted">Unsubscribed</Badge> : <Badge tone="success">Subscribed</Badge>,
    },
    {
      header: 'Actions',
      interactive: true,
      cell: (s) =>
        s.unsubscribedAt ? (
          <span className={styles.muted}>{receivedAt(s.unsubscribedAt)}</span>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            icon={MailX}
            aria-label={`Unsubscribe ${s.email}`}
            onClick={() => setLeaving(s)}
          >
            Unsubscribe
          </Button>
        ),
    },
  ];

  const data = subscribers.data;
  return (
    <>
      <Toast notice={notify.notice} />
      <div className={styles.controls}>
        <div className={styles.search}>
          <SearchBox
            label="Search subscribers by email"
            placeholder="Search by email"
            value={typed}
            onChange={firstPageAfter(setTyped)}
          />
        </div>
        <div className={styles.filter}>
          <SelectField
            label="Status"
            placeholder="All subscribers"
            options={STATE_OPTIONS}
            value={state}
            onChange={(e) => firstPageAfter(setState)(e.target.value as State | '')}
          />
        </div>
        <ButtonAnchor
          variant="secondary"
          icon={Download}
          href={exportUrl('subscribers', { q, status: state })}
          download
        >
          Export CSV
        </ButtonAnchor>
      </div>
      {subscribers.isPending ? (
        <PageState kind="loading" title="Loading subscribers..." />
      ) : !data ? (
        <PageState
          kind="error"
          title={DESK_MESSAGES.inboxLoadFailed}
          text={errorMessage(subscribers.error, 'Please try again.')}
          action={<Button onClick={() => void subscribers.refetch()}>Try Again</Button>}
        />
      ) : data.subscribers.length === 0 ? (
        <EmptyState
          title="No subscribers found"
          text={
            q || state ? 'No subscriber matches this search or status.' : 'Sign-ups from the footer will appear here.'
          }
        />
      ) : (
        <div className={subscribers.isPlaceholderData ? styles.stale : undefined} aria-busy={subscribers.isFetching}>
          <Table label="Subscribers" rows={data.subscribers} rowKey={(s) => s.id} columns={columns} />
          <Pagination
            page={page}
            pageSize={DESK_LIMITS.pageSize}
            total={data.pagination.total}
            noun="subscribers"
            onPage={setPage}
          />
        </div>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={`Unsubscribe ${leaving?.email ?? ''}?`}
        confirmLabel="Unsubscribe"
        busyLabel="Unsubscribing..."
        busy={unsubscribe.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setLeaving(null)}
      >
        <p>This address will receive no more updates. Every sign-up of it ends; the reader may subscribe again.</p>
      </ConfirmDialog>
    </>
  );
}
