import type { FamilyEnrollment } from '@common/schemas/enrollments';

/** A card enrollment paid or begun this long ago belongs to this payment, not to an older one. */
const RECENT_MS = 60 * 60 * 1000;

const recent = (iso: string | null, now: number) => iso !== null && now - Date.parse(iso) < RECENT_MS;

/**
 * Where a card payment stands, from the family's enrollments. A card checkout makes its enrollments at once,
 * pending; Stripe's webhook, which may come a moment after the family is back, makes them active. So: `waiting`
 * while one begun lately is pending, `arrived` once one was just paid and none waits, and `none` when no card
 * payment was begun lately (the page was opened again later, or by hand).
 */
export function paymentState(
  enrollments: readonly FamilyEnrollment[],
  now = Date.now(),
): 'waiting' | 'arrived' | 'none' {
  const card = enrollments.filter((e) => e.method === 'card');
  if (card.some((e) => e.status === 'pending' && recent(e.createdAt, now))) return 'waiting';
  if (card.some((e) => e.status === 'active' && recent(e.paidAt, now))) return 'arrived';
  return 'none';
}
