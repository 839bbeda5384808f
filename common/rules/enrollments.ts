/**
 * Enrolling in the academy's offerings: a family's cart, checking out (by card through Stripe, at the academy, or
 * free), and the enrollment that grants an offering's courses and tests to one student while it is active.
 */

/**
 * An enrollment waits for its payment (pending), grants its content while active, and takes it away again when
 * cancelled or refunded; the last two are final.
 */
export const ENROLLMENT_STATUSES = ['pending', 'active', 'cancelled', 'refunded'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  pending: 'Awaiting payment',
  active: 'Active',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** How an enrollment is paid: by card through Stripe Checkout, in person at the academy, or not at all. */
export const PAYMENT_METHODS = ['card', 'academy', 'free'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  academy: 'Pay at the academy',
  free: 'Free',
};

export const CART_LIMITS = {
  /** Items in one cart: a family's term, with room to spare. */
  items: 20,
} as const;

export const ENROLLMENT_MESSAGES = {
  offeringNotFound: 'Course not found',
  notForSale: 'This course is not open for enrollment',
  onlyFamilies: 'Only parents and students can enroll in courses',
  chooseStudent: 'Choose the student this course is for',
  notYourChild: 'You can enroll only your own children',
  studentEnrollsSelf: 'A student can enroll only themselves',
  cartFull: `Your cart holds at most ${CART_LIMITS.items} courses`,
  alreadyInCart: 'This course is already in your cart for this student',
  alreadyEnrolled: 'This student is already enrolled in this course',
  cartItemNotFound: 'Cart item not found',
  cartEmpty: 'Your cart is empty',
  cartChanged: 'Your cart has changed. Please review it and check out again.',
  addedToCart: 'Added to your cart',
  removedFromCart: 'Removed from your cart',
  studentChosen: 'Student chosen',
  cartLoadFailed: 'Failed to load your cart',
  // When a cart change fails without the server's word (it could not be reached).
  cartSaveFailed: 'Failed to update your cart. Please try again.',
  checkoutFailed: 'Checkout failed. Please try again.',
  paymentCancelled: 'Payment cancelled. Your cart is as you left it.',
  paymentReceived: 'Thank you! Your payment was received and the enrollment is active.',
  paymentProcessing: 'Thank you! We are confirming your payment; the enrollment opens as soon as it arrives.',
  payAtAcademy: 'Your enrollment is reserved. Please pay at the academy; it opens as soon as we mark it paid.',
  enrolledFree: 'You are enrolled. The course is open now.',
  enrollmentNotFound: 'Enrollment not found',
  enrollmentsLoadFailed: 'Failed to load the enrollments',
  enrollmentSaveFailed: 'Failed to save the enrollment',
  markPaidOnlyPending: 'Only an enrollment awaiting payment can be marked paid',
  alreadyEnded: 'This enrollment has already ended',
  refundOnlyPaid: 'Only a paid enrollment can be refunded',
  markedPaid: 'Enrollment marked paid: its courses are open to the student',
  enrollmentCancelled: 'Enrollment cancelled: its courses are closed to the student',
  enrollmentRefunded: 'Enrollment refunded: its courses are closed to the student',
  refundFailed: 'The payment service refused the refund. Please try again or refund it in Stripe.',
  webhookInvalid: 'Invalid webhook signature',
  mixedCurrencies:
    'Your cart has courses priced in different currencies. Check out the courses of one currency at a time.',
} as const;
