/**
 * The family's cart, kept on the server: a parent puts an offering in it for one of their children (chosen when
 * adding or later), a student for themselves. Adding is refused for an offering that is not published, one the
 * student already has (active, or reserved to be paid at the academy), one already in the cart for the student, and
 * past CART_LIMITS.items: the count and the insert run under a lock on the cart's owner, so adds at once cannot pass
 * the limit together.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CART_LIMITS, ENROLLMENT_MESSAGES, OFFERING_PROGRAMS } from '../../../common/rules';
import type { CartReply, cartItemBody, cartItemUpdateBody } from '../../../common/schemas/enrollments';
import { offeringImageUrl } from '../../../common/schemas/offerings';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { attachments, cartItems, offerings, profiles } from '../../db/schema';
import { Conflict, Forbidden, isUniqueViolation, NotFound } from '../../lib/errors';
import { actorOf } from '../../policies/actor';
import { requireStudent } from '../../policies/students';
import type { CurrentUser } from '../sessions/store';

/** The advisory lock space of carts ("cart" in ASCII): a cart's adds and checkouts take turns. */
const CART_LOCK = 0x63617274;
export const lockCart = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}, hashtext(${userId}))`);

export const nameOf = (p: { firstName: string | null; lastName: string | null } | null | undefined, fallback: string) =>
  `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim() || fallback;

export const CHILD_REFUSALS = { unknown: ENROLLMENT_MESSAGES.notYourChild, notYours: ENROLLMENT_MESSAGES.notYourChild };

const isFamily = (user: CurrentUser) => user.type === 'parent' || user.type === 'student';

/** Whom the user may enroll: a parent's children, or a student themself. */
async function studentsOf(db: Db, user: CurrentUser): Promise<CartReply['students']> {
  if (user.type === 'student') return [{ id: user.id, name: nameOf(user.profile, user.email) }];
  const found = await rows<{ id: string; email: string; first_name: string | null; last_name: string | null }>(
    db,
    sql`select c_u.id, c_u.email, c_p.first_name, c_p.last_name
      from parent_students c_ps join users c_u on c_u.id = c_ps.student_id
      left join profiles c_p on c_p.user_id = c_u.id
      where c_ps.parent_id = ${user.id}
      order by c_p.first_name, c_p.last_name, c_u.email`,
  );
  return found.map((s) => ({ id: s.id, name: nameOf({ firstName: s.first_name, lastName: s.last_name }, s.email) }));
}

/** The signed-in family member's cart, oldest item first, with its totals per currency. */
export async function readCart(ctx: AppContext, user: CurrentUser): Promise<CartReply> {
  const [items, students] = await Promise.all([
    ctx.db
      .select({
        id: cartItems.id,
        studentId: cartItems.studentId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        offeringId: offerings.id,
        slug: offerings.slug,
        title: offerings.title,
        program: offerings.program,
        priceMinor: offerings.priceMinor,
        currency: offerings.currency,
        imageFile: attachments.filename,
      })
      .from(cartItems)
      .innerJoin(offerings, eq(offerings.id, cartItems.offeringId))
      .leftJoin(attachments, eq(attachments.id, offerings.imageId))
      .leftJoin(profiles, eq(profiles.userId, cartItems.studentId))
      .where(eq(cartItems.userId, user.id))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id)),
    studentsOf(ctx.db, user),
  ]);
  const totals = new Map<string, number>();
  for (const item of items)
    if (item.priceMinor) totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.priceMinor);
  return {
    items: items.map((item) => ({
      id: item.id,
      offering: {
        id: item.offeringId,
        slug: item.slug,
        title: item.title,
        programName: OFFERING_PROGRAMS[item.program],
        priceMinor: item.priceMinor,
        currency: item.currency,
        imageUrl: item.imageFile ? offeringImageUrl(item.imageFile) : null,
      },
      studentId: item.studentId,
      studentName: item.studentId ? nameOf(item, '') || 'Student' : null,
    })),
    count: items.length,
    totals: [...totals].map(([currency, amountMinor]) => ({ currency, amountMinor })),
    students,
    payment: ctx.config.stripe ? 'card' : 'academy',
  };
}

/** The top bar's count; staff have no cart. */
export async function cartCount(ctx: AppContext, user: CurrentUser): Promise<{ count: number }> {
  if (!isFamily(user)) return { count: 0 };
  const [{ n }] = await ctx.db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, user.id));
  return { count: n };
}

/** The student an item is for: a student's own, or a parent's child (null while the parent has not chosen). */
async function studentFor(ctx: AppContext, user: CurrentUser, studentId: string | undefined): Promise<string | null> {
  if (user.type === 'student') {
    if (studentId !== undefined && studentId !== user.id) throw Forbidden(ENROLLMENT_MESSAGES.studentEnrollsSelf);
    return user.id;
  }
  if (studentId === undefined) return null;
  await requireStudent(ctx.db, actorOf(user), studentId, CHILD_REFUSALS, 'read');
  return studentId;
}

/**
 * Whether the student has the offering already: active, or reserved to be paid at the academy. A card checkout
 * that was not paid does not count: its items are still in the cart, and the next checkout replaces it.
 */
export async function alreadyEnrolled(db: Db | Tx, offeringId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return false;
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from enrollments a_e
      where a_e.offering_id = ${offeringId}
        and a_e.student_id = any(string_to_array(${studentIds.join(',')}, ',')::uuid[])
        and (a_e.status = 'active' or (a_e.status = 'pending' and a_e.method <> 'card'))
      limit 1`,
  );
  return found.length > 0;
}

export async function addToCart(ctx: AppContext, user: CurrentUser, body: z.output<typeof cartItemBody>) {
  const studentId = await studentFor(ctx, user, body.studentId);
  const [offering] = await ctx.db
    .select({ id: offerings.id, published: offerings.published })
    .from(offerings)
    .where(eq(offerings.id, body.offeringId));
  if (!offering) throw NotFound(ENROLLMENT_MESSAGES.offeringNotFound);
  if (!offering.published) throw Conflict(ENROLLMENT_MESSAGES.notForSale);
  if (studentId && (await alreadyEnrolled(ctx.db, offering.id, [studentId])))
    throw Conflict(ENROLLMENT_MESSAGES.alreadyEnrolled);
  try {
    await ctx.db.transaction(async (tx) => {
      await lockCart(tx, user.id);
      const [{ n }] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, user.id));
      if (n >= CART_LIMITS.items) throw Conflict(ENROLLMENT_MESSAGES.cartFull);
      await tx.insert(cartItems).values({ userId: user.id, offeringId: offering.id, studentId, createdAt: ctx.now() });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(ENROLLMENT_MESSAGES.alreadyInCart);
    throw error;
  }
  return { message: ENROLLMENT_MESSAGES.addedToCart, cart: await readCart(ctx, user) };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A parent chooses (or changes) the child an item is for. */
export async function chooseStudent(
  ctx: AppContext,
  user: CurrentUser,
  itemId: string,
  body: z.output<typeof cartItemUpdateBody>,
) {
  if (!uuidPattern.test(itemId)) throw NotFound(ENROLLMENT_MESSAGES.cartItemNotFound);
  const [item] = await ctx.db
    .select({ offeringId: cartItems.offeringId })
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, user.id)));
  if (!item) throw NotFound(ENROLLMENT_MESSAGES.cartItemNotFound);
  const studentId = (await studentFor(ctx, user, body.studentId))!;
  if (await alreadyEnrolled(ctx.db, item.offeringId, [studentId])) throw Conflict(ENROLLMENT_MESSAGES.alreadyEnrolled);
  try {
    const changed = await ctx.db
      .update(cartItems)
      .set({ studentId })
      .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, user.id)))
      .returning({ id: cartItems.id });
    if (changed.length === 0) throw NotFound(ENROLLMENT_MESSAGES.cartItemNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(ENROLLMENT_MESSAGES.alreadyInCart);
    throw error;
  }
  return { message: ENROLLMENT_MESSAGES.studentChosen, cart: await readCart(ctx, user) };
}

export async function removeFromCart(ctx: AppContext, user: CurrentUser, itemId: string) {
  if (!uuidPattern.test(itemId)) throw NotFound(ENROLLMENT_MESSAGES.cartItemNotFound);
  const removed = await ctx.db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, user.id)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw NotFound(ENROLLMENT_MESSAGES.cartItemNotFound);
  return { message: ENROLLMENT_MESSAGES.removedFromCart, cart: await readCart(ctx, user) };
}
