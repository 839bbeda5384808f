/**
 * Checking out the cart, and Stripe's word on a card payment.
 *
 * Free items become active enrollments at once. Priced items:
 * - without Stripe configured, become enrollments pending payment at the academy, and the cart is emptied;
 * - with Stripe, become enrollments pending a card payment, tied to one Stripe Checkout Session by our checkout's
 *   id (the session's client_reference_id). Their cart items stay until Stripe confirms the payment (the webhook
 *   removes them then), so a payment given up leaves the cart as the family left it. Checking out again replaces
 *   the earlier pending card enrollments of the same items (their session is expired at Stripe, best effort), and a
 *   session that expires drops its pending enrollments.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ENROLLMENT_MESSAGES,
  ENROLLMENT_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatPrice,
} from '../../../common/rules';
import type { OfferingCurrency } from '../../../common/rules';
import type { CheckoutReply } from '../../../common/schemas/enrollments';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { Conflict, Invalid, isUniqueViolation } from '../../lib/errors';
import {
  enrollmentNoticeMail,
  enrollmentReceiptMail,
  enrollmentReservedMail,
  enrollmentWelcomeMail,
  type MailedEnrollment,
} from '../../lib/mail';
import { actorOf } from '../../policies/actor';
import { requireStudents } from '../../policies/students';
import { readAcademy } from '../academy/service';
import type { CurrentUser } from '../sessions/store';
import { alreadyEnrolled, CHILD_REFUSALS, lockCart, nameOf } from './cart';
import { grantEnrollment } from './grants';
import { PaymentServiceError, stripeClient } from './stripe';

/** Where the academy's mails point the admin: the inbox's Enrollments tab (the old /admin-enrollments redirects there). */
export const ENROLLMENTS_LIST_PATH = '/admin-inbox?tab=enrollments';

interface CheckoutItem {
  item_id: string;
  offering_id: string;
  student_id: string | null;
  title: string;
  published: boolean;
  price_minor: number | null;
  currency: OfferingCurrency;
  student_email: string | null;
  student_first: string | null;
  student_last: string | null;
}

const isFree = (item: { price_minor: number | null }) => !item.price_minor;

/** An enrollment with what its mails and grants need. */
export interface EnrollmentFacts {
  id: string;
  offering_id: string | null;
  offering_title: string;
  student_id: string;
  student_email: string;
  student_first: string | null;
  student_last: string | null;
  buyer_email: string | null;
  buyer_first: string | null;
  buyer_last: string | null;
  status: 'pending' | 'active' | 'cancelled' | 'refunded';
  method: 'card' | 'academy' | 'free';
  amount_minor: number;
  currency: string;
}

/** The enrollments named by a condition on `f_e`, with their student's and buyer's names. */
export const enrollmentFacts = (db: AppContext['db'] | Tx, where: ReturnType<typeof sql>) =>
  rows<EnrollmentFacts>(
    db,
    sql`select f_e.id, f_e.offering_id, f_e.offering_title, f_e.student_id, f_s.email as student_email,
        f_sp.first_name as student_first, f_sp.last_name as student_last, f_b.email as buyer_email,
        f_bp.first_name as buyer_first, f_bp.last_name as buyer_last, f_e.status, f_e.method, f_e.amount_minor,
        f_e.currency
      from enrollments f_e
      join users f_s on f_s.id = f_e.student_id left join profiles f_sp on f_sp.user_id = f_e.student_id
      left join users f_b on f_b.id = f_e.buyer_id left join profiles f_bp on f_bp.user_id = f_e.buyer_id
      where ${where}
      order by f_e.created_at, f_e.id`,
  );

const mailed = (e: EnrollmentFacts): MailedEnrollment => ({
  offeringTitle: e.offering_title,
  studentName: nameOf({ firstName: e.student_first, lastName: e.student_last }, e.student_email),
  studentEmail: e.student_email,
  buyerName: nameOf({ firstName: e.buyer_first, lastName: e.buyer_last }, e.buyer_email ?? ''),
  buyerEmail: e.buyer_email ?? '',
  amount: formatPrice(e.amount_minor, e.currency as OfferingCurrency),
  method: PAYMENT_METHOD_LABELS[e.method],
});

/**
 * The mails of enrollments just made or just opened: to whoever enrolled, a receipt and how the student signs in
 * (active) or a reservation to pay at the academy (pending); to the academy, a notice of each new one
 * (`notice`: false when an admin marks a reserved enrollment paid, which the academy knows of).
 */
export async function mailEnrollments(ctx: AppContext, list: readonly EnrollmentFacts[], notice = true) {
  if (list.length === 0) return;
  const academy = await readAcademy(ctx);
  const academyTo = ctx.config.academyEmail ?? academy.email;
  for (const e of list) {
    const m = mailed(e);
    if (e.buyer_email) {
      if (e.status === 'active') {
        await ctx.mailer.send(enrollmentReceiptMail(e.buyer_email, m, academy));
        await ctx.mailer.send(enrollmentWelcomeMail(e.buyer_email, m, ctx.config.publicUrl, academy));
      } else if (e.status === 'pending' && e.method === 'academy') {
        await ctx.mailer.send(enrollmentReservedMail(e.buyer_email, m, academy));
      }
    }
    if (notice)
      await ctx.mailer.send(
        enrollmentNoticeMail(
          academyTo,
          m,
          ENROLLMENT_STATUS_LABELS[e.status],
          academy,
          `${ctx.config.publicUrl}${ENROLLMENTS_LIST_PATH}`,
        ),
      );
  }
}

const searchTextOf = (item: CheckoutItem, buyer: CurrentUser) =>
  [
    item.title,
    nameOf({ firstName: item.student_first, lastName: item.student_last }, ''),
    item.student_email ?? '',
    nameOf(buyer.profile, ''),
    buyer.email,
  ]
    .join('\n')
    .toLowerCase();

async function insertEnrollments(
  tx: Tx,
  buyer: CurrentUser,
  items: readonly CheckoutItem[],
  values: { status: 'pending' | 'active'; method: 'card' | 'academy' | 'free'; checkoutId: string | null },
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  for (const item of items) {
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into enrollments (offering_id, offering_title, student_id, buyer_id, status, method, amount_minor,
          currency, checkout_id, search_text, created_at, updated_at)
        values (${item.offering_id}, ${item.title}, ${item.student_id}, ${buyer.id}, ${values.status},
          ${values.method}, ${values.method === 'free' ? 0 : item.price_minor}, ${item.currency}, ${values.checkoutId},
          ${searchTextOf(item, buyer)}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        returning enrollments.id`,
    );
    ids.push(row.id);
  }
  return ids;
}

const idList = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

/** Checks the whole cart out: see the top of this file. */
export async function checkout(ctx: AppContext, user: CurrentUser): Promise<CheckoutReply> {
  const stripe = ctx.config.stripe;
  const checkoutId = randomUUID();
  const now = ctx.now();
  let outcome: { made: string[]; card: CheckoutItem[]; replacedSessions: string[] };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      await lockCart(tx, user.id);
      const items = await rows<CheckoutItem>(
        tx,
        sql`select k_ci.id as item_id, k_ci.offering_id, k_ci.student_id, k_o.title, k_o.published, k_o.price_minor,
            k_o.currency, k_u.email as student_email, k_p.first_name as student_first, k_p.last_name as student_last
          from cart_items k_ci join offerings k_o on k_o.id = k_ci.offering_id
          left join users k_u on k_u.id = k_ci.student_id left join profiles k_p on k_p.user_id = k_ci.student_id
          where k_ci.user_id = ${user.id}
          order by k_ci.created_at, k_ci.id`,
      );
      if (items.length === 0) throw Invalid(ENROLLMENT_MESSAGES.cartEmpty);
      if (items.some((i) => !i.student_id)) throw Invalid(ENROLLMENT_MESSAGES.chooseStudent);
      if (items.some((i) => !i.published)) throw Conflict(ENROLLMENT_MESSAGES.notForSale);
      // A child may have left the family since the item was added.
      const students = [...new Set(items.map((i) => i.student_id!))];
      await requireStudents(tx, actorOf(user), students, CHILD_REFUSALS, 'read');
      for (const item of items)
        if (await alreadyEnrolled(tx, item.offering_id, [item.student_id!]))
          throw Conflict(ENROLLMENT_MESSAGES.alreadyEnrolled);
      const free = items.filter(isFree);
      const priced = items.filter((i) => !isFree(i));
      if (stripe && new Set(priced.map((i) => i.currency)).size > 1)
        throw Conflict(ENROLLMENT_MESSAGES.mixedCurrencies);

      const made = await insertEnrollments(tx, user, free, { status: 'active', method: 'free', checkoutId }, now);
      for (const [index, id] of made.entries())
        await grantEnrollment(tx, { id, studentId: free[index].student_id!, offeringId: free[index].offering_id }, now);
      let replacedSessions: string[] = [];
      if (stripe && priced.length) {
        // The earlier card checkouts of these items, never paid, give way to this one.
        const replaced = await rows<{ stripe_session_id: string | null }>(
          tx,
          sql`delete from enrollments r_e
            using (select unnest(${idList(priced.map((i) => i.offering_id))}) as offering_id,
                          unnest(${idList(priced.map((i) => i.student_id!))}) as student_id) r_i
            where r_e.offering_id = r_i.offering_id and r_e.student_id = r_i.student_id
              and r_e.status = 'pending' and r_e.method = 'card'
            returning r_e.stripe_session_id`,
        );
        replacedSessions = [...new Set(replaced.flatMap((r) => (r.stripe_session_id ? [r.stripe_session_id] : [])))];
        await insertEnrollments(tx, user, priced, { status: 'pending', method: 'card', checkoutId }, now);
      } else if (priced.length) {
        made.push(
          ...(await insertEnrollments(tx, user, priced, { status: 'pending', method: 'academy', checkoutId }, now)),
        );
      }
      const done = stripe ? free : items;
      if (done.length)
        await tx.execute(sql`delete from cart_items d_ci where d_ci.id = any(${idList(done.map((i) => i.item_id))})`);
      return { made, card: stripe ? priced : [], replacedSessions };
    });
  } catch (error) {
    // Another checkout (another parent, another tab) enrolled the student meanwhile.
    if (isUniqueViolation(error)) throw Conflict(ENROLLMENT_MESSAGES.alreadyEnrolled);
    throw error;
  }

  if (outcome.made.length)
    await mailEnrollments(ctx, await enrollmentFacts(ctx.db, sql`f_e.id = any(${idList(outcome.made)})`));

  if (stripe && outcome.card.length) {
    const client = stripeClient(stripe);
    let session;
    try {
      session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: checkoutId,
          metadata: { checkout_id: checkoutId },
          customer_email: user.email,
          line_items: outcome.card.map((item) => ({
            quantity: 1,
            price_data: {
              currency: item.currency.toLowerCase(),
              unit_amount: item.price_minor!,
              product_data: {
                name: `${item.title} - ${nameOf({ firstName: item.student_first, lastName: item.student_last }, item.student_email ?? '')}`,
              },
            },
          })),
          success_url: `${ctx.config.publicUrl}/cart/done?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${ctx.config.publicUrl}/cart?payment=cancelled`,
        },
        { idempotencyKey: `checkout-${checkoutId}` },
      );
    } catch {
      session = null;
    }
    if (!session?.url) {
      await ctx.db.execute(
        sql`delete from enrollments x_e where x_e.checkout_id = ${checkoutId} and x_e.status = 'pending' and x_e.method = 'card'`,
      );
      throw PaymentServiceError(ENROLLMENT_MESSAGES.checkoutFailed);
    }
    await ctx.db.execute(
      sql`update enrollments s_e set stripe_session_id = ${session.id} where s_e.checkout_id = ${checkoutId} and s_e.method = 'card'`,
    );
    for (const old of outcome.replacedSessions) await client.checkout.sessions.expire(old).catch(() => undefined);
    return { kind: 'card', url: session.url };
  }
  return {
    kind: 'done',
    message:
      outcome.made.length && outcome.card.length === 0 && (await anyAcademy(ctx, outcome.made))
        ? ENROLLMENT_MESSAGES.payAtAcademy
        : ENROLLMENT_MESSAGES.enrolledFree,
  };
}

const anyAcademy = async (ctx: AppContext, ids: readonly string[]) =>
  (
    await rows<{ one: number }>(
      ctx.db,
      sql`select 1 as one from enrollments y_e where y_e.id = any(${idList(ids)}) and y_e.method = 'academy' limit 1`,
    )
  ).length > 0;
