import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, DESK_LIMITS, DESK_MESSAGES, type BookingStatus } from '@common/rules';
import { bookingUpdateBody, type BookingRow } from '@common/schemas/desk';
import { errorMessage } from '../../api/client';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { SelectField, TextArea } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/form';
import type { Column } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { exportUrl, useBookings, useUpdateBooking } from './api';
import { receivedAt } from './format';
import { PagedListPanel } from './PagedListPanel';
import styles from './desk.module.css';

const STATUS_TONES: Record<BookingStatus, BadgeTone> = { new: 'info', contacted: 'success', closed: 'muted' };
const STATUS_OPTIONS = BOOKING_STATUSES.map((s) => ({ value: s, label: BOOKING_STATUS_LABELS[s] }));

/** The booking requests: newest first, searched and filtered by status; each answered with a status and a note. */
export function BookingsPanel() {
  const notify = useNotify();
  const [editing, setEditing] = useState<BookingRow | null>(null);

  const columns: Array<Column<BookingRow>> = [
    { header: 'Name', cell: (b) => <span className={styles.strong}>{b.name}</span> },
    {
      header: 'Email',
      cell: (b) => (
        <a className={styles.wrap} href={`mailto:${b.email}`}>
          {b.email}
        </a>
      ),
      interactive: true,
    },
    {
      header: 'Phone',
      cell: (b) => (
        <a className={styles.nowrap} href={`tel:${b.phone.replace(/\D/g, '')}`}>
          {b.phone}
        </a>
      ),
      interactive: true,
    },
    {
      header: 'Received',
      cell: (b) => <time dateTime={b.createdAt}>{receivedAt(b.createdAt)}</time>,
      hideWhenNarrow: true,
    },
    { header: 'Status', cell: (b) => <Badge tone={STATUS_TONES[b.status]}>{BOOKING_STATUS_LABELS[b.status]}</Badge> },
    {
      header: 'Note',
      cell: (b) => (b.note ? <span className={styles.note}>{b.note}</span> : <span className={styles.muted}>—</span>),
      hideWhenNarrow: true,
    },
    {
      header: 'Actions',
      interactive: true,
      cell: (b) => (
        <Button
          size="sm"
          variant="secondary"
          icon={Pencil}
          aria-label={`Update ${b.name}`}
          onClick={() => setEditing(b)}
        >
          Update
        </Button>
      ),
    },
  ];

  return (
    <>
      <Toast notice={notify.notice} />
      <PagedListPanel
        label="Bookings"
        noun="bookings"
        search={{ label: 'Search bookings by name, email or phone', placeholder: 'Search by name, email or phone' }}
        statusFilter={{ placeholder: 'All statuses', options: STATUS_OPTIONS }}
        useList={useBookings}
        rowsOf={(p) => p.bookings}
        exportHref={(filter) => exportUrl('bookings', filter)}
        columns={columns}
        rowKey={(b) => b.id}
        empty={{
          title: 'No bookings found',
          filtered: 'No booking matches this search or status.',
          none: 'Booking requests from the landing page will appear here.',
        }}
      />
      {editing ? (
        <BookingDialog
          booking={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify.success(DESK_MESSAGES.bookingSaved);
          }}
        />
      ) : null}
    </>
  );
}

/** A booking's status and note, as an admin answers it. */
function BookingDialog({ booking, onClose, onSaved }: { booking: BookingRow; onClose(): void; onSaved(): void }) {
  const update = useUpdateBooking();
  const [failure, setFailure] = useState<string>();
  const form = useSchemaForm(bookingUpdateBody, { defaultValues: { status: booking.status, note: booking.note } });
  const submit = form.submitWith(
    async (body) => {
      await update.mutateAsync({ id: booking.id, body });
      onSaved();
    },
    (error) => setFailure(errorMessage(error, DESK_MESSAGES.bookingSaveFailed)),
  );
  return (
    <FormDialog
      title={`Booking from ${booking.name}`}
      submitLabel="Save"
      busyLabel="Saving..."
      busy={form.formState.isSubmitting}
      error={failure ?? form.formState.errors.root?.message}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        error={form.formState.errors.status?.message}
        {...form.register('status')}
      />
      <TextArea
        label="Note"
        rows={5}
        maxLength={DESK_LIMITS.note}
        hint="Only admins see it: when you called, what was agreed."
        error={form.formState.errors.note?.message}
        {...form.register('note')}
      />
    </FormDialog>
  );
}
