import { useState } from 'react';
import { Ban, BadgeCheck, Undo2 } from 'lucide-react';
import {
  ENROLLMENT_MESSAGES,
  ENROLLMENT_STATUS_LABELS,
  ENROLLMENT_STATUSES,
  PAYMENT_METHOD_LABELS,
  formatPrice,
  type OfferingCurrency,
} from '@common/rules';
import type { AdminEnrollmentRow, EnrollmentAction } from '@common/schemas/enrollments';
import { ENROLLMENT_TONES } from '../../api/cart';
import { errorMessage } from '../../api/client';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { Column } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { exportUrl, useEnrollmentAction, useEnrollments } from './api';
import { dayOf } from './format';
import { PagedListPanel } from './PagedListPanel';
import styles from './desk.module.css';

const STATUS_OPTIONS = ENROLLMENT_STATUSES.map((s) => ({ value: s, label: ENROLLMENT_STATUS_LABELS[s] }));

const amountOf = (e: AdminEnrollmentRow) => formatPrice(e.amountMinor, e.currency as OfferingCurrency);

/**
 * What an admin may do to an enrollment in its state: a pending one is marked paid (the family paid at the academy)
 * or cancelled; an active one is cancelled, or refunded when it was paid for. The server checks the same and says no
 * with its own message when the state moved on meanwhile.
 */
function actionsFor(e: AdminEnrollmentRow): EnrollmentAction[] {
  if (e.status === 'pending') return ['mark-paid', 'cancel'];
  if (e.status === 'active') return e.amountMinor > 0 ? ['refund', 'cancel'] : ['cancel'];
  return [];
}

const ACTION_BUTTONS = {
  'mark-paid': { label: 'Mark paid', icon: BadgeCheck, variant: 'primary' },
  cancel: { label: 'Cancel', icon: Ban, variant: 'secondary' },
  refund: { label: 'Refund', icon: Undo2, variant: 'secondary' },
} as const;

/** Each action's question, in the admin's words, with what follows for the family. */
function confirmation(action: EnrollmentAction, e: AdminEnrollmentRow) {
  const whose = `${e.studentName}'s enrollment in ${e.offeringTitle}`;
  if (action === 'mark-paid')
    return {
      title: 'Mark this enrollment paid?',
      confirmLabel: 'Mark paid',
      busyLabel: 'Saving...',
      text: `Confirm you received ${amountOf(e)} for ${whose}. Its courses open to ${e.studentName} at once.`,
    };
  if (action === 'refund')
    return {
      title: 'Refund this enrollment?',
      confirmLabel: 'Refund',
      busyLabel: 'Refunding...',
      text:
        e.method === 'card'
          ? `${amountOf(e)} goes back to ${e.buyerName}'s card through Stripe, and ${whose} ends: its courses close to the student. This cannot be undone.`
          : `Record that ${amountOf(e)} was returned to ${e.buyerName}. ${whose} ends: its courses close to the student. This cannot be undone.`,
    };
  return {
    title: 'Cancel this enrollment?',
    confirmLabel: 'Cancel enrollment',
    busyLabel: 'Cancelling...',
    text: `${whose} ends: its courses close to the student. No money is returned by cancelling; this cannot be undone.`,
  };
}

/** The family's enrollments: who bought what for whom, how it is paid and where it stands; paid, cancelled, refunded. */
export function EnrollmentsPanel() {
  const notify = useNotify();
  const act = useEnrollmentAction();
  const [asking, setAsking] = useState<{ action: EnrollmentAction; enrollment: AdminEnrollmentRow } | null>(null);

  const confirm = async () => {
    if (!asking) return;
    try {
      const reply = await act.mutateAsync({ id: asking.enrollment.id, action: asking.action });
      notify.success(reply.message);
    } catch (error) {
      notify.error(errorMessage(error, ENROLLMENT_MESSAGES.enrollmentSaveFailed));
    } finally {
      setAsking(null);
    }
  };

  const columns: Array<Column<AdminEnrollmentRow>> = [
    {
      header: 'Student',
      cell: (e) => (
        <>
          <span className={styles.strong}>{e.studentName}</span>
          <span className={styles.small}>{e.studentEmail}</span>
        </>
      ),
    },
    {
      header: 'Course',
      cell: (e) => (
        <>
          <span className={styles.wrap}>{e.offeringTitle}</span>
          <span className={styles.small}>
            {amountOf(e)} · {PAYMENT_METHOD_LABELS[e.method]}
          </span>
        </>
      ),
    },
    {
      header: 'Enrolled by',
      hideWhenNarrow: true,
      interactive: true,
      cell: (e) => (
        <>
          <span className={styles.nowrap}>{e.buyerName}</span>
          <a className={styles.small} href={`mailto:${e.buyerEmail}`}>
            {e.buyerEmail}
          </a>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (e) => <Badge tone={ENROLLMENT_TONES[e.status]}>{ENROLLMENT_STATUS_LABELS[e.status]}</Badge>,
    },
    {
      header: 'Enrolled',
      hideWhenNarrow: true,
      cell: (e) => (
        <>
          <time className={styles.nowrap} dateTime={e.createdAt}>
            {dayOf(e.createdAt)}
          </time>
          {e.paidAt ? <span className={styles.small}>Paid {dayOf(e.paidAt)}</span> : null}
        </>
      ),
    },
    {
      header: 'Actions',
      interactive: true,
      cell: (e) => {
        const actions = actionsFor(e);
        if (actions.length === 0) return <span className={styles.muted}>—</span>;
        return (
          <div className={styles.rowActions}>
            {actions.map((action) => {
              const button = ACTION_BUTTONS[action];
              return (
                <Button
                  key={action}
                  size="sm"
                  variant={button.variant}
                  icon={button.icon}
                  aria-label={`${button.label}: ${e.studentName}, ${e.offeringTitle}`}
                  onClick={() => setAsking({ action, enrollment: e })}
                >
                  {button.label}
                </Button>
              );
            })}
          </div>
        );
      },
    },
  ];

  const asked = asking ? confirmation(asking.action, asking.enrollment) : null;
  return (
    <>
      <Toast notice={notify.notice} />
      <PagedListPanel
        label="Enrollments"
        noun="enrollments"
        search={{
          label: 'Search enrollments by course, student or parent',
          placeholder: 'Search by course, student or parent',
        }}
        statusFilter={{ placeholder: 'All statuses', options: STATUS_OPTIONS }}
        useList={useEnrollments}
        rowsOf={(p) => p.enrollments}
        exportHref={(filter) => exportUrl('enrollments', filter)}
        columns={columns}
        rowKey={(e) => e.id}
        empty={{
          title: 'No enrollments found',
          filtered: 'No enrollment matches this search or status.',
          none: 'Enrollments appear here as soon as a family checks out its cart.',
        }}
      />
      <ConfirmDialog
        open={asking !== null}
        title={asked?.title ?? ''}
        confirmLabel={asked?.confirmLabel ?? ''}
        busyLabel={asked?.busyLabel}
        busy={act.isPending}
        tone={asking?.action === 'mark-paid' ? 'primary' : 'danger'}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        {asked?.text ?? ''}
      </ConfirmDialog>
    </>
  );
}
