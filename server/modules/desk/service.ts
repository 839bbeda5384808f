/**
 * The admin's inbox: the booking requests and newsletter subscribers the public forms stored, paged and searched
 * through their own indexes (migration 0017), a booking's status and note, an admin's unsubscribe, and CSV exports.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, like, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { toCsv } from '../../../common/csv';
import { BOOKING_STATUS_LABELS, DESK_LIMITS, DESK_MESSAGES } from '../../../common/rules';
import type {
  BookingRow,
  BookingsPage,
  DeskSummary,
  SubscriberRow,
  SubscribersPage,
  bookingUpdateBody,
  bookingsExportQuery,
  bookingsQuery,
  subscribersExportQuery,
  subscribersQuery,
} from '../../../common/schemas/desk';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bookings, enrollments, subscriptions } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

function bookingFilter(query: z.output<typeof bookingsExportQuery>): SQL | undefined {
  return and(
    query.q ? like(bookings.searchText, containing(query.q)) : undefined,
    query.status ? eq(bookings.status, query.status) : undefined,
  );
}

function subscriberFilter(query: z.output<typeof subscribersExportQuery>): SQL | undefined {
  return and(
    query.q ? like(subscriptions.email, containing(query.q)) : undefined,
    query.status === 'subscribed'
      ? isNull(subscriptions.unsubscribedAt)
      : query.status === 'unsubscribed'
        ? isNotNull(subscriptions.unsubscribedAt)
        : undefined,
  );
}

const bookingColumns = {
  id: bookings.id,
  name: bookings.name,
  email: bookings.email,
  phone: bookings.phone,
  status: bookings.status,
  note: bookings.note,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
};
type BookingRecord = { [K in keyof typeof bookingColumns]: (typeof bookings.$inferSelect)[K] };

const presentBooking = (row: BookingRecord): BookingRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const subscriberColumns = {
  id: subscriptions.id,
  email: subscriptions.email,
  createdAt: subscriptions.createdAt,
  unsubscribedAt: subscriptions.unsubscribedAt,
};
const presentSubscriber = (row: {
  id: string;
  email: string;
  createdAt: Date;
  unsubscribedAt: Date | null;
}): SubscriberRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

const paging = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  pages: Math.max(1, Math.ceil(total / limit)),
});

/** A page of booking requests, newest first. */
export async function listBookings(db: Db, query: z.output<typeof bookingsQuery>): Promise<BookingsPage> {
  const where = bookingFilter(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(bookingColumns)
      .from(bookings)
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return { bookings: rows.map(presentBooking), pagination: paging(query.page, query.limit, total) };
}

/** Changes a booking's status, its note, or both. */
export async function updateBooking(
  ctx: AppContext,
  id: string,
  update: z.output<typeof bookingUpdateBody>,
): Promise<BookingRow> {
  const [row] = await ctx.db
    .update(bookings)
    .set({
      ...(update.status !== undefined ? { status: update.status } : {}),
      ...(update.note !== undefined ? { note: update.note } : {}),
      updatedAt: ctx.now(),
    })
    .where(eq(bookings.id, id))
    .returning(bookingColumns);
  if (!row) throw NotFound(DESK_MESSAGES.bookingNotFound);
  return presentBooking(row);
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * What waits at the desk, for the admin dashboard: booking requests nobody has answered yet, enrollments made in
 * the last 7 days (a card checkout counts once it is paid: until then it is only a visit to Stripe), and
 * enrollments reserved to be paid at the academy.
 */
export async function deskSummary(db: Db, now: Date): Promise<DeskSummary> {
  const [[{ newBookings }], [{ newEnrollments }], [{ awaitingPayment }]] = await Promise.all([
    db.select({ newBookings: count() }).from(bookings).where(eq(bookings.status, 'new')),
    db
      .select({ newEnrollments: count() })
      .from(enrollments)
      .where(
        and(
          gte(enrollments.createdAt, new Date(now.getTime() - WEEK_MS)),
          or(ne(enrollments.method, 'card'), ne(enrollments.status, 'pending')),
        ),
      ),
    db
      .select({ awaitingPayment: count() })
      .from(enrollments)
      .where(and(eq(enrollments.method, 'academy'), eq(enrollments.status, 'pending'))),
  ]);
  return { newBookings, newEnrollments, awaitingPayment };
}

/** A page of newsletter sign-ups, newest first. */
export async function listSubscribers(db: Db, query: z.output<typeof subscribersQuery>): Promise<SubscribersPage> {
  const where = subscriberFilter(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(subscriberColumns)
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return { subscribers: rows.map(presentSubscriber), pagination: paging(query.page, query.limit, total) };
}

/** An admin ends a subscription: every sign-up of the address, as its own unsubscribe link would. */
export async function unsubscribeSubscriber(ctx: AppContext, id: string): Promise<SubscriberRow> {
  const [target] = await ctx.db
    .select({ email: subscriptions.email })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  if (!target) throw NotFound(DESK_MESSAGES.subscriberNotFound);
  await ctx.db
    .update(subscriptions)
    .set({ unsubscribedAt: ctx.now() })
    .where(and(eq(subscriptions.email, target.email), isNull(subscriptions.unsubscribedAt)));
  const [row] = await ctx.db.select(subscriberColumns).from(subscriptions).where(eq(subscriptions.id, id));
  return presentSubscriber(row);
}

/** Refuses an export larger than the bound rather than cutting it short without a word. */
async function boundedRows<T>(rows: Promise<T[]>): Promise<T[]> {
  const all = await rows;
  if (all.length > DESK_LIMITS.exportRows) throw Invalid(DESK_MESSAGES.exportTooLarge);
  return all;
}

const dateTime = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** The booking requests the filter finds, as CSV (common/csv.ts escapes what a spreadsheet would run). */
export async function bookingsCsv(db: Db, query: z.output<typeof bookingsExportQuery>): Promise<string> {
  const rows = await boundedRows(
    db
      .select(bookingColumns)
      .from(bookings)
      .where(bookingFilter(query))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(DESK_LIMITS.exportRows + 1),
  );
  return toCsv(
    rows.map((b) => ({
      Name: b.name,
      Email: b.email,
      Phone: b.phone,
      Received: dateTime(b.createdAt),
      Status: BOOKING_STATUS_LABELS[b.status],
      Note: b.note,
    })),
    ['Name', 'Email', 'Phone', 'Received', 'Status', 'Note'],
  );
}

/** The newsletter sign-ups the filter finds, as CSV. */
export async function subscribersCsv(db: Db, query: z.output<typeof subscribersExportQuery>): Promise<string> {
  const rows = await boundedRows(
    db
      .select(subscriberColumns)
      .from(subscriptions)
      .where(subscriberFilter(query))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(DESK_LIMITS.exportRows + 1),
  );
  return toCsv(
    rows.map((s) => ({
      Email: s.email,
      Subscribed: dateTime(s.createdAt),
      Unsubscribed: s.unsubscribedAt ? dateTime(s.unsubscribedAt) : '',
    })),
    ['Email', 'Subscribed', 'Unsubscribed'],
  );
}
