/**
 * Stripe's word on a card checkout, through its signed webhook. Each event is handled once: its id is stored in
 * stripe_events (a unique key) in the transaction that acts on it, so a replay, or the same event delivered twice
 * at once, changes nothing the second time. Activation is one conditional UPDATE of the checkout's pending
 * enrollments, so it happens once whichever event gets there first.
 */
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { ENROLLMENT_MESSAGES } from '../../../common/rules';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { Invalid } from '../../lib/errors';
import { enrollmentFacts, mailEnrollments } from './checkout';
import { grantEnrollment } from './grants';
import { stripeClient } from './stripe';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our checkout's id, as the session carries it; anything else names no checkout of ours. */
function checkoutOf(session: Stripe.Checkout.Session): string | null {
  const id = session.client_reference_id ?? session.metadata?.checkout_id ?? null;
  return id && uuidPattern.test(id) ? id : null;
}

const paymentIntentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

async function activate(ctx: AppContext, tx: Tx, session: Stripe.Checkout.Session): Promise<string[]> {
  const checkoutId = checkoutOf(session);
  if (!checkoutId) return [];
  const now = ctx.now();
  const opened = await rows<{ id: string; student_id: string; offering_id: string | null; buyer_id: string | null }>(
    tx,
    sql`update enrollments w_e set status = 'active', paid_at = ${now.toISOString()}::timestamptz,
        payment_intent_id = ${paymentIntentOf(session)}, stripe_session_id = ${session.id},
        updated_at = ${now.toISOString()}::timestamptz
      where w_e.checkout_id = ${checkoutId} and w_e.method = 'card' and w_e.status = 'pending'
      returning w_e.id, w_e.student_id, w_e.offering_id, w_e.buyer_id`,
  );
  for (const e of opened) {
    await grantEnrollment(tx, { id: e.id, studentId: e.student_id, offeringId: e.offering_id }, now);
    // Paid: the item leaves the cart.
    if (e.buyer_id && e.offering_id)
      await tx.execute(
        sql`delete from cart_items w_ci where w_ci.user_id = ${e.buyer_id} and w_ci.offering_id = ${e.offering_id}
          and w_ci.student_id = ${e.student_id}`,
      );
  }
  return opened.map((e) => e.id);
}

async function drop(tx: Tx, session: Stripe.Checkout.Session): Promise<void> {
  const checkoutId = checkoutOf(session);
  if (!checkoutId) return;
  await tx.execute(
    sql`delete from enrollments w_e where w_e.checkout_id = ${checkoutId} and w_e.method = 'card'
      and w_e.status = 'pending'`,
  );
}

/** Verifies the signature over the raw body, then acts on the event once. */
export async function handleStripeWebhook(
  ctx: AppContext,
  body: Buffer | string,
  signature: string | string[] | undefined,
): Promise<void> {
  const settings = ctx.config.stripe;
  if (!settings || typeof signature !== 'string' || signature.length > 2000)
    throw Invalid(ENROLLMENT_MESSAGES.webhookInvalid);
  let event: Stripe.Event;
  try {
    event = stripeClient(settings).webhooks.constructEvent(body, signature, settings.webhookSecret);
  } catch {
    throw Invalid(ENROLLMENT_MESSAGES.webhookInvalid);
  }
  const opened = await ctx.db.transaction(async (tx) => {
    const fresh = await rows<{ id: string }>(
      tx,
      sql`insert into stripe_events (id, type, created_at) values (${event.id}, ${event.type}, ${ctx.now().toISOString()}::timestamptz)
        on conflict do nothing returning stripe_events.id`,
    );
    if (fresh.length === 0) return [];
    switch (event.type) {
      case 'checkout.session.completed':
        // A delayed method (a bank debit) completes unpaid; its async_payment_succeeded opens the enrollments.
        return event.data.object.payment_status === 'paid' ? activate(ctx, tx, event.data.object) : [];
      case 'checkout.session.async_payment_succeeded':
        return activate(ctx, tx, event.data.object);
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        await drop(tx, event.data.object);
        return [];
      default:
        return [];
    }
  });
  if (opened.length) {
    const ids = sql`string_to_array(${opened.join(',')}, ',')::uuid[]`;
    await mailEnrollments(ctx, await enrollmentFacts(ctx.db, sql`f_e.id = any(${ids})`));
  }
}
