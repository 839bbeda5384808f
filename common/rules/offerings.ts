/**
 * The academy's catalogue of offerings: what a visitor can buy (a course package with its price), as opposed to the
 * courses, units and sections a student studies once it is granted. Shared by the admin screen, the public pages
 * and the server.
 */

/** The programs an offering belongs to, by key, with the name visitors read and search for. */
export const OFFERING_PROGRAMS = {
  ssat: 'SSAT',
  map: 'MAP',
  amc8: 'AMC 8',
  'amc10-12': 'AMC 10/12',
  mathcounts: 'MATHCOUNTS',
  competitions: 'Math Competitions',
  elementary: 'Elementary Math',
  curriculum: 'Curriculum',
} as const;
export type OfferingProgram = keyof typeof OFFERING_PROGRAMS;
export const OFFERING_PROGRAM_KEYS = Object.keys(OFFERING_PROGRAMS) as [OfferingProgram, ...OfferingProgram[]];

export const OFFERING_LEVELS = ['Elementary', 'Middle School', 'High School', 'All levels'] as const;
export type OfferingLevel = (typeof OFFERING_LEVELS)[number];

/** Prices are whole minor units (cents) in one of these currencies; an offering without a price is free. */
export const OFFERING_CURRENCIES = ['USD', 'CAD'] as const;
export type OfferingCurrency = (typeof OFFERING_CURRENCIES)[number];

export const OFFERING_LIMITS = {
  title: 120,
  slug: 80,
  gradeBand: 40,
  summary: 240,
  /** Stored description HTML, after sanitizing. */
  description: 50_000,
  duration: 60,
  /** Units, mock tests and live sessions included. */
  count: 999,
  /** 100,000.00 in the currency's major unit. */
  priceMinor: 10_000_000,
  /** Courses and saved tests one offering grants. */
  contents: 50,
  search: 100,
  /** How many offerings the catalogue holds: the reorder call names them all. */
  catalogue: 500,
} as const;

/** A slug: lower-case letters and digits in words joined by single dashes, as it appears in /offerings/{slug}. */
export const OFFERING_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug an offering gets from its title when none is typed: "AMC 8 Prep" becomes "amc-8-prep". */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, OFFERING_LIMITS.slug)
    .replace(/-+$/, '');
}

/** A price as visitors read it: "$599", "$1,299.50", "CA$450", or "Free". */
export function formatPrice(priceMinor: number | null, currency: OfferingCurrency): string {
  if (priceMinor === null || priceMinor === 0) return 'Free';
  const whole = priceMinor % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(priceMinor / 100);
}

/** The programs whose name or key contains a search, so "amc" finds AMC 8 and AMC 10/12 offerings. */
export function programsMatching(search: string): OfferingProgram[] {
  const q = search.trim().toLowerCase();
  if (!q) return [];
  return OFFERING_PROGRAM_KEYS.filter((key) => key.includes(q) || OFFERING_PROGRAMS[key].toLowerCase().includes(q));
}

export const OFFERING_MESSAGES = {
  notFound: 'Offering not found',
  slugTaken: (slug: string) => `Another offering already uses the address "${slug}"`,
  slugInvalid: 'Address may use lower-case letters, numbers and single dashes only',
  slugFromTitle: 'Give the offering an address: its title has no letters or numbers to make one from',
  priceInvalid: 'Price must be a whole number of cents, 0 or more',
  priceTooHigh: `Price must be at most ${OFFERING_LIMITS.priceMinor / 100}`,
  summaryPlain: 'The summary is plain text: put math in the description',
  contentMissing: 'A course or saved test of this offering no longer exists: reload and choose again',
  contentTwice: 'Each course or saved test may be granted once',
  tooManyContents: `An offering may grant at most ${OFFERING_LIMITS.contents} courses and saved tests`,
  orderMismatch: 'The catalogue changed meanwhile: reload it and reorder again',
  oneImage: 'Send exactly one image',
  created: 'Offering created',
  updated: 'Offering saved',
  deleted: 'Offering deleted',
  reordered: 'Order saved',
  published: 'Offering published',
  unpublished: 'Offering moved back to drafts',
  imageSaved: 'Image saved',
  imageRemoved: 'Image removed',
} as const;
