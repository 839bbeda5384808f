/**
 * The front desk: what families ask through the public forms (bookings, newsletter subscriptions) as the admins
 * work through it, and the academy's own details (name, how to reach it, its social links, its currency).
 */

/** A booking request moves from new to contacted to closed; only new ones are counted on the dashboard. */
export const BOOKING_STATUSES = ['new', 'contacted', 'closed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  closed: 'Closed',
};

export const DESK_LIMITS = {
  /** An admin's note on a booking. */
  note: 2000,
  pageSize: 20,
  pageSizeMax: 100,
  /** Rows in one CSV export: beyond it the export is refused rather than cut short without a word. */
  exportRows: 50_000,
  /** A social link, and the academy's name. */
  url: 500,
  academyName: 100,
} as const;

/** The networks the footer can link to, in the order it shows them. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'youtube', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/** The currencies the academy may price in (ISO 4217). */
export const CURRENCIES = ['CAD', 'USD', 'EUR', 'GBP', 'AUD', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const DESK_MESSAGES = {
  bookingNotFound: 'Booking not found',
  subscriberNotFound: 'Subscriber not found',
  inboxLoadFailed: 'Failed to load the inbox',
  bookingSaveFailed: 'Failed to save the booking',
  bookingSaved: 'Booking updated',
  unsubscribeFailed: 'Failed to unsubscribe',
  subscriberUnsubscribed: 'Subscriber unsubscribed',
  exportFailed: 'Failed to export the list',
  exportTooLarge: `The list has more than ${DESK_LIMITS.exportRows.toLocaleString('en-US')} rows: search to narrow it, then export`,
  settingsLoadFailed: 'Failed to load the settings',
  settingsSaveFailed: 'Failed to save the settings',
  settingsSaved: 'Settings saved',
  settingsEmpty: 'Change at least one setting',
  unsubscribed: 'You have been unsubscribed. You will receive no more updates from us.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Please use the link in your latest e-mail from us.',
  socialLinkInvalid: (network: SocialNetwork) =>
    `${SOCIAL_NETWORK_NAMES[network]} link must be a full https:// address`,
  currencyInvalid: `Currency must be one of ${CURRENCIES.join(', ')}`,
} as const;

/** What a new academy shows until an admin changes it. */
export const DEFAULT_ACADEMY = {
  name: 'Math Academy',
  email: 'hello@mathacademy.ca',
  phone: '(604) 555-0142',
  address: 'Vancouver, British Columbia, Canada',
  social: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/',
    linkedin: 'https://www.linkedin.com/',
  } as Record<SocialNetwork, string | null>,
  currency: 'CAD' as Currency,
};
