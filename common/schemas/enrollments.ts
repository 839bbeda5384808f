/**
 * The cart, checking out, the family's enrollments and the admin's list of them: inputs and replies.
 */
import { z } from 'zod';
import { ENROLLMENT_MESSAGES, ENROLLMENT_STATUSES, PAYMENT_METHODS } from '../rules';
import { limitField, pageField, pagination, searchField } from './desk';

const idField = (message: string) => z.uuid({ error: message });

/** The offering as the cart shows it. */
export const cartOffering = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  programName: z.string(),
  priceMinor: z.number().nullable(),
  currency: z.string(),
  imageUrl: z.string().nullable(),
});

/** One offering for one student; `studentId` is null until a parent chooses the child. */
export const cartItem = z.object({
  id: z.string(),
  offering: cartOffering,
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
});
export type CartItem = z.infer<typeof cartItem>;

/**
 * The signed-in user's cart, kept on the server so every device shows the same. `students` are whom the user may
 * enroll (a parent's children, or a student themselves); `payment` is how checkout takes the priced items.
 */
export const cartReply = z.object({
  items: z.array(cartItem),
  count: z.number(),
  totals: z.array(z.object({ currency: z.string(), amountMinor: z.number() })),
  students: z.array(z.object({ id: z.string(), name: z.string() })),
  payment: z.enum(['card', 'academy']),
});
export type CartReply = z.infer<typeof cartReply>;

/** The top bar's count, read on every page. */
export const cartCountReply = z.object({ count: z.number() });

/** A student adding an offering needs no `studentId`: the item is for them. */
export const cartItemBody = z.object({
  offeringId: idField(ENROLLMENT_MESSAGES.offeringNotFound),
  studentId: idField(ENROLLMENT_MESSAGES.chooseStudent).optional(),
});
export type CartItemBody = z.input<typeof cartItemBody>;

export const cartItemUpdateBody = z.object({ studentId: idField(ENROLLMENT_MESSAGES.chooseStudent) });
export type CartItemUpdateBody = z.input<typeof cartItemUpdateBody>;

export const cartChangedReply = z.object({ message: z.string(), cart: cartReply });

/**
 * Checking out the whole cart: priced items by card go to Stripe Checkout at `url`; everything else (free items,
 * pay at the academy) is done at once and the reply says so.
 */
export const checkoutReply = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), url: z.string() }),
  z.object({ kind: z.literal('done'), message: z.string() }),
]);
export type CheckoutReply = z.infer<typeof checkoutReply>;

const statusField = z.enum(ENROLLMENT_STATUSES);
const methodField = z.enum(PAYMENT_METHODS);

/** An enrollment as the family sees it on their dashboards. */
export const familyEnrollment = z.object({
  id: z.string(),
  offering: z.object({ slug: z.string(), title: z.string() }),
  student: z.object({ id: z.string(), name: z.string() }),
  status: statusField,
  method: methodField,
  amountMinor: z.number(),
  currency: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FamilyEnrollment = z.infer<typeof familyEnrollment>;
export const familyEnrollmentsReply = z.object({ enrollments: z.array(familyEnrollment) });

// ---- The admin's inbox ----

const statusMessage = `Status must be one of ${ENROLLMENT_STATUSES.join(', ')}`;

/** A page of enrollments, newest first; `q` finds an offering, a student or the one who enrolled them. */
export const enrollmentsQuery = z.object({
  page: pageField,
  limit: limitField,
  q: searchField,
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(ENROLLMENT_STATUSES, { error: statusMessage }).optional(),
  ),
});
export type EnrollmentsQuery = z.input<typeof enrollmentsQuery>;
export const enrollmentsExportQuery = enrollmentsQuery.pick({ q: true, status: true });

export const adminEnrollmentRow = z.object({
  id: z.string(),
  offeringTitle: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  status: statusField,
  method: methodField,
  amountMinor: z.number(),
  currency: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminEnrollmentRow = z.infer<typeof adminEnrollmentRow>;
export const enrollmentsPage = z.object({ enrollments: z.array(adminEnrollmentRow), pagination });
export type EnrollmentsPage = z.infer<typeof enrollmentsPage>;

/** What an admin does to one enrollment: mark it paid (at the academy), cancel it, or refund it. */
export const ENROLLMENT_ACTIONS = ['mark-paid', 'cancel', 'refund'] as const;
export type EnrollmentAction = (typeof ENROLLMENT_ACTIONS)[number];
export const enrollmentActionParams = z.object({
  id: idField(ENROLLMENT_MESSAGES.enrollmentNotFound),
  action: z.enum(ENROLLMENT_ACTIONS, { error: ENROLLMENT_MESSAGES.enrollmentNotFound }),
});
export const enrollmentChangedReply = z.object({ message: z.string(), enrollment: adminEnrollmentRow });
