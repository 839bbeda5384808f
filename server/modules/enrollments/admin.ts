/**
 * The enrollments as the family sees them, and as the admin works through them: paged newest first, filtered by
 * status and searched through their own indexes (migration 0018), exported as CSV, marked paid, cancelled or
 * refunded. Each action is one conditional UPDATE in a transaction, with the grants it opens or takes back.
 */
import { and, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { toCsv } from '../../../common/csv';
import {
  DESK_LIMITS,
  DESK_MESSAGES,
  ENROLLMENT_MESSAGES,
  ENROLLMENT_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatPrice,
  type OfferingCurrency,
} from '../../../common/rules';
import type {
  AdminEnrollmentRow,
  EnrollmentAction,
  EnrollmentsPage,
  FamilyEnrollment,
  enrollmentsExportQuery,
  enrollmentsQuery,
} from '../../../common/schemas/enrollments';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/prepared';
import { enrollments, offerings, profiles, users } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { mayActForStudent } from '../../policies/students';
import { nameOf } from './cart';
import { enrollmentFacts, mailEnrollments } from './checkout';
import { grantEnrollment, revokeEnrollment } from './grants';
import { PaymentServiceError, stripeClient } from './stripe';

const students = alias(users, 'en_student');
const studentProfiles = alias(profiles, 'en_student_profile');
const buyers = alias(users, 'en_buyer');
const buyerProfiles = alias(profiles, 'en_buyer_profile');

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The enrollments of a parent's children, or a student's own, newest first. */
export async function familyEnrollments(ctx: AppContext, actor: Actor): Promise<{ enrollments: FamilyEnrollment[] }> {
  const found = await ctx.db
    .select({
      e: enrollments,
      slug: offerings.slug,
      studentEmail: students.email,
      firstName: studentProfiles.firstName,
      lastName: studentProfiles.lastName,
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, enrollments.studentId))
    .leftJoin(offerings, eq(offerings.id, enrollments.offeringId))
    .where(mayActForStudent(actor, enrollments.studentId, 'read'))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(500);
  return {
    enrollments: found.map(({ e, ...r }) => ({
      id: e.id,
      offering: { slug: r.slug ?? '', title: e.offeringTitle },
      student: { id: e.studentId, name: nameOf(r, r.studentEmail) },
      status: e.status,
      method: e.method,
      amountMinor: e.amountMinor,
      currency: e.currency,
      paidAt: iso(e.paidAt),
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filter(query: z.output<typeof enrollmentsExportQuery>): SQL | undefined {
  return and(
    query.q ? like(enrollments.searchText, `%${escapeLike(query.q.toLowerCase())}%`) : undefined,
    query.status ? eq(enrollments.status, query.status) : undefined,
  );
}

const adminColumns = {
  e: enrollments,
  studentEmail: students.email,
  studentFirst: studentProfiles.firstName,
  studentLast: studentProfiles.lastName,
  buyerEmail: buyers.email,
  buyerFirst: buyerProfiles.firstName,
  buyerLast: buyerProfiles.lastName,
};

const adminSelect = (db: Db) =>
  db
    .select(adminColumns)
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, enrollments.studentId))
    .leftJoin(buyers, eq(buyers.id, enrollments.buyerId))
    .leftJoin(buyerProfiles, eq(buyerProfiles.userId, enrollments.buyerId));

type AdminRecord = Awaited<ReturnType<ReturnType<typeof adminSelect>['execute']>>[number];

const present = ({ e, ...r }: AdminRecord): AdminEnrollmentRow => ({
  id: e.id,
  offeringTitle: e.offeringTitle,
  studentName: nameOf({ firstName: r.studentFirst, lastName: r.studentLast }, r.studentEmail),
  studentEmail: r.studentEmail,
  buyerName: r.buyerEmail ? nameOf({ firstName: r.buyerFirst, lastName: r.buyerLast }, r.buyerEmail) : '',
  buyerEmail: r.buyerEmail ?? '',
  status: e.status,
  method: e.method,
  amountMinor: e.amountMinor,
  currency: e.currency,
  paidAt: iso(e.paidAt),
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

export async function listEnrollments(db: Db, query: z.output<typeof enrollmentsQuery>): Promise<EnrollmentsPage> {
  const where = filter(query);
  const [found, [{ total }]] = await Promise.all([
    adminSelect(db)
      .where(where)
      .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(enrollments).where(where),
  ]);
  return {
    enrollments: found.map(present),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

const dateTime = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

export async function enrollmentsCsv(db: Db, query: z.output<typeof enrollmentsExportQuery>): Promise<string> {
  const found = await adminSelect(db)
    .where(filter(query))
    .orderBy(desc(enrollments.createdAt), desc(enrollments.id))
    .limit(DESK_LIMITS.exportRows + 1);
  if (found.length > DESK_LIMITS.exportRows) throw Invalid(DESK_MESSAGES.exportTooLarge);
  const columns = [
    'Course',
    'Student',
    'Student email',
    'Enrolled by',
    'Enrolled by email',
    'Status',
    'Payment',
    'Amount',
    'Paid',
    'Enrolled',
  ] as const;
  return toCsv(
    found.map((record) => {
      const r = present(record);
      return {
        Course: r.offeringTitle,
        Student: r.studentName,
        'Student email': r.studentEmail,
        'Enrolled by': r.buyerName,
        'Enrolled by email': r.buyerEmail,
        Status: ENROLLMENT_STATUS_LABELS[r.status],
        Payment: PAYMENT_METHOD_LABELS[r.method],
        Amount: formatPrice(r.amountMinor, r.currency as OfferingCurrency),
        Paid: record.e.paidAt ? dateTime(record.e.paidAt) : '',
        Enrolled: dateTime(record.e.createdAt),
      };
    }),
    columns,
  );
}

async function adminRow(db: Db, id: string): Promise<AdminEnrollmentRow> {
  const [row] = await adminSelect(db).where(eq(enrollments.id, id));
  if (!row) throw NotFound(ENROLLMENT_MESSAGES.enrollmentNotFound);
  return present(row);
}

type Ended = { id: string; student_id: string; offering_id: string | null; was: string };

/**
 * One admin action on one enrollment:
 * - mark-paid: a reservation to pay at the academy (pending, academy) becomes active, and opens its content;
 * - cancel: a pending or active enrollment is cancelled, and takes its content back;
 * - refund: a paid enrollment (active, with a payment) is refunded (a card payment through Stripe first), and takes
 *   its content back.
 */
export async function actOnEnrollment(ctx: AppContext, id: string, action: EnrollmentAction) {
  const now = ctx.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  const [current] = await ctx.db
    .select({
      status: enrollments.status,
      method: enrollments.method,
      paidAt: enrollments.paidAt,
      paymentIntentId: enrollments.paymentIntentId,
      stripeSessionId: enrollments.stripeSessionId,
    })
    .from(enrollments)
    .where(eq(enrollments.id, id));
  if (!current) throw NotFound(ENROLLMENT_MESSAGES.enrollmentNotFound);

  if (action === 'mark-paid') {
    const opened = await ctx.db.transaction(async (tx) => {
      const [row] = await rows<{ id: string; student_id: string; offering_id: string | null }>(
        tx,
        sql`update enrollments m_e set status = 'active', paid_at = ${at}, updated_at = ${at}
          where m_e.id = ${id} and m_e.status = 'pending' and m_e.method = 'academy'
          returning m_e.id, m_e.student_id, m_e.offering_id`,
      );
      if (!row) throw Conflict(ENROLLMENT_MESSAGES.markPaidOnlyPending);
      await grantEnrollment(tx, { id: row.id, studentId: row.student_id, offeringId: row.offering_id }, now);
      return row;
    });
    await mailEnrollments(ctx, await enrollmentFacts(ctx.db, sql`f_e.id = ${opened.id}`), false);
    return { message: ENROLLMENT_MESSAGES.markedPaid, enrollment: await adminRow(ctx.db, id) };
  }

  if (action === 'refund') {
    if (current.status !== 'active' || !current.paidAt) throw Conflict(ENROLLMENT_MESSAGES.refundOnlyPaid);
    if (current.method === 'card') {
      const stripe = ctx.config.stripe;
      if (!stripe || !current.paymentIntentId) throw PaymentServiceError(ENROLLMENT_MESSAGES.refundFailed);
      try {
        // The same key for every try: a second click, or a retry, never refunds twice.
        await stripeClient(stripe).refunds.create(
          { payment_intent: current.paymentIntentId, amount: undefined },
          { idempotencyKey: `refund-${id}` },
        );
      } catch {
        throw PaymentServiceError(ENROLLMENT_MESSAGES.refundFailed);
      }
    }
  }

  const ended = await ctx.db.transaction(async (tx) => {
    const [row] = await rows<Ended>(
      tx,
      action === 'cancel'
        ? sql`update enrollments c_e set status = 'cancelled', updated_at = ${at}
            from (select c_o.id, c_o.status from enrollments c_o where c_o.id = ${id} for update) c_old
            where c_e.id = c_old.id and c_e.status in ('pending', 'active')
            returning c_e.id, c_e.student_id, c_e.offering_id, c_old.status as was`
        : sql`update enrollments c_e set status = 'refunded', updated_at = ${at}
            from (select c_o.id, c_o.status from enrollments c_o where c_o.id = ${id} for update) c_old
            where c_e.id = c_old.id and c_e.status = 'active' and c_e.paid_at is not null
            returning c_e.id, c_e.student_id, c_e.offering_id, c_old.status as was`,
    );
    if (!row)
      throw Conflict(action === 'cancel' ? ENROLLMENT_MESSAGES.alreadyEnded : ENROLLMENT_MESSAGES.refundOnlyPaid);
    if (row.was === 'active') await revokeEnrollment(tx, { id: row.id, studentId: row.student_id });
    return row;
  });
  // A card checkout cancelled before it was paid: its session is closed too, so it cannot be paid afterwards.
  if (ended.was === 'pending' && current.method === 'card' && current.stripeSessionId && ctx.config.stripe)
    await stripeClient(ctx.config.stripe)
      .checkout.sessions.expire(current.stripeSessionId)
      .catch(() => undefined);
  return {
    message: action === 'cancel' ? ENROLLMENT_MESSAGES.enrollmentCancelled : ENROLLMENT_MESSAGES.enrollmentRefunded,
    enrollment: await adminRow(ctx.db, id),
  };
}
