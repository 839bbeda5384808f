import { z } from 'zod';
import { LIMITS } from '../rules';
import { emailField, phoneField, requiredText } from './fields';

/** The landing page's booking form: who would like a session, and how to reach them. */
export const bookingBody = z.object({
  name: requiredText('Name', LIMITS.name),
  email: emailField,
  phone: phoneField,
});
export type BookingBody = z.input<typeof bookingBody>;

/** The footer's subscribe box. Repeated addresses are fine: each sign-up is one row. */
export const subscriptionBody = z.object({ email: emailField });
export type SubscriptionBody = z.input<typeof subscriptionBody>;

export const BOOKING_THANKS =
  'Thank you! Your booking request has been received. We will contact you within one business day.';
export const SUBSCRIBE_THANKS = 'Thank you for subscribing! Watch your inbox for our latest updates.';
