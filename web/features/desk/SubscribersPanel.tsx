import { useState } from 'react';
import { MailX } from 'lucide-react';
import { DESK_MESSAGES } from '@common/rules';
import type { SubscriberRow } from '@common/schemas/desk';
import { errorMessage } from '../../api/client';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { Column } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { exportUrl, useSubscribers, useUnsubscribe } from './api';
import { receivedAt } from './format';
import { PagedListPanel } from './PagedListPanel';
import styles from './desk.module.css';

type State = 'subscribed' | 'unsubscribed';
const STATE_OPTIONS: ReadonlyArray<{ value: State; label: string }> = [
  { value: 'subscribed', label: 'Subscribed' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];

/** The newsletter's sign-ups: searched by e-mail, and unsubscribed by an admin when a reader asks by other means. */
export function SubscribersPanel() {
  const notify = useNotify();
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

  return (
    <>
      <Toast notice={notify.notice} />
      <PagedListPanel
        label="Subscribers"
        noun="subscribers"
        search={{ label: 'Search subscribers by email', placeholder: 'Search by email' }}
        statusFilter={{ placeholder: 'All subscribers', options: STATE_OPTIONS }}
        useList={useSubscribers}
        rowsOf={(p) => p.subscribers}
        exportHref={(filter) => exportUrl('subscribers', filter)}
        columns={columns}
        rowKey={(s) => s.id}
        empty={{
          title: 'No subscribers found',
          filtered: 'No subscriber matches this search or status.',
          none: 'Sign-ups from the footer will appear here.',
        }}
      />
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
