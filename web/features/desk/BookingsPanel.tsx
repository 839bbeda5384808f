import { useState } from 'react';
import { Download, Pencil } from 'lucide-react';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, DESK_LIMITS, DESK_MESSAGES, type BookingStatus } from '@common/rules';
import { bookingUpdateBody, type BookingRow } from '@common/schemas/desk';
import { errorMessage } from '../../api/client';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button, ButtonAnchor } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField, TextArea } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/form';
import { PageState } from '../../ui/PageState';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { Table, type Column } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { useDebounced } from '../../ui/useDebounced';
import { usePage } from '../../ui/usePage';
import { exportUrl, useBookings, useUpdateBooking } from './api';
import { receivedAt } from './format';
import styles from './desk.module.css';

const STATUS_TONES: Record<BookingStatus, BadgeTone> = { new: 'info', contacted: 'success', closed: 'muted' };
const STATUS_OPTIONS = BOOKING_STATUSES.map((s) => ({ value: s, label: BOOKING_STATUS_LABELS[s] }));

/** The booking requests: newest first, searched and filtered by status; each answered with a status and a note. */
export function BookingsPanel() {
  const notify = useNotify();
  const { page, setPage, firstPageAfter } = usePage();
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const q = useDebounced(typed.trim());
  const query = { page, limit: DESK_LIMITS.pageSize, q: q || undefined, status: status || undefined };
  const bookings = useBookings(query);
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

  const data = bookings.data;
  return (
    <>
      <Toast notice={notify.notice} />
      <div className={styles.controls}>
        <div className={styles.search}>
          <SearchBox
            label="Search bookings by name, email or phone"
            placeholder="Search by name, email or phone"
            value={typed}
            onChange={firstPageAfter(setTyped)}
          />
        </div>
        <div className={styles.filter}>
          <SelectField
            label="Status"
            placeholder="All statuses"
            options={STATUS_OPTIONS}
            value={status}
            onChange={(e) => firstPageAfter(setStatus)(e.target.value as BookingStatus | '')}
          />
        </div>
        <ButtonAnchor variant="secondary" icon={Download} href={exportUrl('bookings', { q, status })} download>
          Export CSV
        </ButtonAnchor>
      </div>
      {bookings.isPending ? (
        <PageState kind="loading" title="Loading bookings..." />
      ) : !data ? (
        <PageState
          kind="error"
          title={DESK_MESSAGES.inboxLoadFailed}
          text={errorMessage(bookings.error, 'Please try again.')}
          action={<Button onClick={() => void bookings.refetch()}>Try Again</Button>}
        />
      ) : data.bookings.length === 0 ? (
        <EmptyState
          title="No bookings found"
          text={
            q || status
              ? 'No booking matches this search or status.'
              : 'Booking requests from the landing page will appear here.'
          }
        />
      ) : (
        <div className={bookings.isPlaceholderData ? styles.stale : undefined} aria-busy={bookings.isFetching}>
          <Table label="Bookings" rows={data.bookings} rowKey={(b) => b.id} columns={columns} />
          <Pagination
            page={page}
            pageSize={DESK_LIMITS.pageSize}
            total={data.pagination.total}
            noun="bookings"
            onPage={setPage}
          />
        </div>
      )}
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
