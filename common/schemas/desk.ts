/**
 * The admin's inbox (booking requests and newsletter subscribers), the academy's settings, and the public
 * unsubscribe link: inputs and replies.
 */
import { z } from 'zod';
import {
  BOOKING_STATUSES,
  CURRENCIES,
  DESK_LIMITS,
  DESK_MESSAGES,
  LIMITS,
  SOCIAL_NETWORKS,
  SOCIAL_NETWORK_NAMES,
  type SocialNetwork,
} from '../rules';
import { emailField, phoneField, requiredText, textRules } from './fields';

/** The paging and search of every inbox list. */
export const pageField = z.coerce
  .number({ error: 'Page must be a whole number from 1' })
  .int('Page must be a whole number from 1')
  .min(1, 'Page must be a whole number from 1')
  .max(100_000, 'Page is too far')
  .default(1);
const limitMessage = `Limit must be from 1 to ${DESK_LIMITS.pageSizeMax}`;
export const limitField = z.coerce
  .number({ error: limitMessage })
  .int(limitMessage)
  .min(1, limitMessage)
  .max(DESK_LIMITS.pageSizeMax, limitMessage)
  .default(DESK_LIMITS.pageSize);
export const searchField = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(LIMITS.shortText, `Search must be at most ${LIMITS.shortText} characters`)
  .superRefine(textRules('Search', 'line'))
  .optional();
const statusMessage = `Status must be one of ${BOOKING_STATUSES.join(', ')}`;
const bookingStatus = z.enum(BOOKING_STATUSES, { error: statusMessage });

/** A page of booking requests, newest first; `q` finds a name, e-mail or phone, `status` narrows to one status. */
export const bookingsQuery = z.object({
  page: pageField,
  limit: limitField,
  q: searchField,
  status: z.preprocess((v) => (v === '' ? undefined : v), bookingStatus.optional()),
});
export type BookingsQuery = z.input<typeof bookingsQuery>;
/** The export takes the list's filter, without paging. */
export const bookingsExportQuery = bookingsQuery.pick({ q: true, status: true });

const subscriberState = z.enum(['subscribed', 'unsubscribed'], {
  error: 'Status must be subscribed or unsubscribed',
});
export const subscribersQuery = z.object({
  page: pageField,
  limit: limitField,
  q: searchField,
  status: z.preprocess((v) => (v === '' ? undefined : v), subscriberState.optional()),
});
export type SubscribersQuery = z.input<typeof subscribersQuery>;
export const subscribersExportQuery = subscribersQuery.pick({ q: true, status: true });

export const pagination = z.object({ page: z.number(), pages: z.number(), total: z.number(), limit: z.number() });

export const bookingRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(BOOKING_STATUSES),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingRow = z.infer<typeof bookingRow>;
export const bookingsPage = z.object({ bookings: z.array(bookingRow), pagination });
export type BookingsPage = z.infer<typeof bookingsPage>;

/** An admin's change to a booking: its status, its note, or both; what it does not name stays. */
export const bookingUpdateBody = z
  .object({
    status: bookingStatus.optional(),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(DESK_LIMITS.note, `Note must be at most ${DESK_LIMITS.note} characters`)
      .superRefine(textRules('Note', 'lines'))
      .optional(),
  })
  .refine((b) => b.status !== undefined || b.note !== undefined, { message: 'Change the status or the note' });
export type BookingUpdateBody = z.input<typeof bookingUpdateBody>;

export const subscriberRow = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  unsubscribedAt: z.string().nullable(),
});
export type SubscriberRow = z.infer<typeof subscriberRow>;
export const subscribersPage = z.object({ subscribers: z.array(subscriberRow), pagination });
export type SubscribersPage = z.infer<typeof subscribersPage>;

/**
 * The admin dashboard's count of what waits at the desk: unanswered bookings, enrollments made in the last 7 days,
 * and enrollments reserved to be paid at the academy.
 */
export const deskSummary = z.object({
  newBookings: z.number(),
  newEnrollments: z.number(),
  awaitingPayment: z.number(),
});
export type DeskSummary = z.infer<typeof deskSummary>;

/** The subscriber's one-click link carries this token; only its hash is stored. */
export const unsubscribeBody = z.object({
  token: z
    .string({ error: DESK_MESSAGES.unsubscribeLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, DESK_MESSAGES.unsubscribeLinkInvalid),
});
export type UnsubscribeBody = z.input<typeof unsubscribeBody>;

// ---- The academy's settings ----

const socialLink = (network: SocialNetwork) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: DESK_MESSAGES.socialLinkInvalid(network) })
      .trim()
      .max(DESK_LIMITS.url, DESK_MESSAGES.socialLinkInvalid(network))
      .superRefine(textRules(`${SOCIAL_NETWORK_NAMES[network]} link`, 'line'))
      // A full https address with a host name: what a visitor's click can safely open in a new tab.
      .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: DESK_MESSAGES.socialLinkInvalid(network) }))
      .nullable(),
  );

const socialShape = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, socialLink(n)])) as {
  [N in SocialNetwork]: ReturnType<typeof socialLink>;
};

/** The settings as an admin edits them: every field, each with its own message. */
export const academySettingsFields = z.object({
  name: requiredText('Academy name', DESK_LIMITS.academyName),
  email: emailField,
  phone: phoneField,
  address: requiredText('Address', LIMITS.address),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, socialShape[n].optional()])) as {
      [N in SocialNetwork]: z.ZodOptional<(typeof socialShape)[N]>;
    },
    { error: 'Social links must be an object' },
  ),
  currency: z.enum(CURRENCIES, { error: DESK_MESSAGES.currencyInvalid }),
});

/**
 * An update names only what changes: the fields it leaves out keep their value, and so do the networks `social`
 * leaves out (null or blank removes a network's link).
 */
export const academySettingsUpdate = academySettingsFields
  .partial()
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: DESK_MESSAGES.settingsEmpty });
export type AcademySettingsUpdate = z.input<typeof academySettingsUpdate>;

/** The academy as every page shows it; a network without a link is null and not shown. */
export const academySettings = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string().nullable()])) as {
      [N in SocialNetwork]: z.ZodNullable<z.ZodString>;
    },
  ),
  currency: z.enum(CURRENCIES),
});
export type AcademySettings = z.infer<typeof academySettings>;
