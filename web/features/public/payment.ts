import type { FamilyEnrollment } from '@common/schemas/enrollments';

/** A card enrollment paid or begun this long ago belongs to this payment, not to an older one. */
const RECENT_MS = 60 * 60 * 1000;

const recent = (iso: string | null, now: number) => iso !== null && now - Date.parse(iso) < RECENT_MS;

/**
 * Whether this payment has arrived: a card enrollment was just paid, and none begun lately still waits. Stripe
 * tells the server by its webhook, which may come a moment after the family lands here.
 */
export function paymentArrived(enrollments: readonly FamilyEnrollment[], now = Date.now()): boolean {
  const card = enrollments.filter((e) => e.method === 'card');
  const paid = card.some((e) => e.status === 'active' && recent(e.paidAt, now));
  const waiting = card.some((e) => e.status === 'pending' && recent(e.createdAt, now));
  return paid && !waiting;
}
