import { z } from 'zod';
import {
  OFFERING_CURRENCIES,
  OFFERING_LEVELS,
  OFFERING_LIMITS,
  OFFERING_MESSAGES,
  OFFERING_PROGRAM_KEYS,
  OFFERING_SLUG_PATTERN,
} from '../rules';
import { optionalText, requiredText, textRules } from './fields';

/**
 * The catalogue's offerings: the admin's create and edit bodies, the reorder call, the public search, and the
 * replies of both sides. The public replies never carry a draft or what only staff read.
 */

const programField = z.enum(OFFERING_PROGRAM_KEYS, { error: 'Choose a program' });
const levelField = z.enum(OFFERING_LEVELS, { error: 'Choose a level' });
const currencyField = z.enum(OFFERING_CURRENCIES, {
  error: `Currency must be one of ${OFFERING_CURRENCIES.join(', ')}`,
});

/** Units, mock tests and live sessions included: a whole number from 0. */
function includedCount(label: string) {
  const message = `${label} must be a whole number from 0 to ${OFFERING_LIMITS.count}`;
  return z.number({ error: message }).int(message).min(0, message).max(OFFERING_LIMITS.count, message);
}

/** Typed slugs are lower-cased; empty means "make one from the title". */
const slugField = z
  .string({ error: 'Address must be text' })
  .trim()
  .max(OFFERING_LIMITS.slug, `Address must be at most ${OFFERING_LIMITS.slug} characters`)
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || OFFERING_SLUG_PATTERN.test(v), OFFERING_MESSAGES.slugInvalid)
  .nullish()
  .transform((v) => v || null);

/** The price in cents; null (or absent on create) is free. */
const priceField = z
  .number({ error: OFFERING_MESSAGES.priceInvalid })
  .int(OFFERING_MESSAGES.priceInvalid)
  .min(0, OFFERING_MESSAGES.priceInvalid)
  .max(OFFERING_LIMITS.priceMinor, OFFERING_MESSAGES.priceTooHigh)
  .nullable();

/** Plain text on the cards: math would show as raw dollars there, so it belongs in the description. */
const summaryField = optionalText('Summary', OFFERING_LIMITS.summary).refine(
  (v) => v === null || !v.includes('$'),
  OFFERING_MESSAGES.summaryPlain,
);

const descriptionField = z
  .string({ error: 'Description must be text' })
  .max(OFFERING_LIMITS.description, `Description must be at most ${OFFERING_LIMITS.description} characters`)
  .superRefine(textRules('Description', 'any'))
  .nullish()
  .transform((v) => v ?? '');

export const OFFERING_CONTENT_KINDS = ['course', 'test'] as const;
export type OfferingContentKind = (typeof OFFERING_CONTENT_KINDS)[number];

/** What buying the offering grants: our courses and saved tests (a mock-test package), in the order shown. */
const contentsField = z
  .array(
    z.object({
      kind: z.enum(OFFERING_CONTENT_KINDS, { error: 'Content must be a course or a saved test' }),
      id: z.uuid(OFFERING_MESSAGES.contentMissing),
    }),
    { error: 'Contents must be a list' },
  )
  .max(OFFERING_LIMITS.contents, OFFERING_MESSAGES.tooManyContents)
  .refine((list) => new Set(list.map((c) => `${c.kind}:${c.id}`)).size === list.length, OFFERING_MESSAGES.contentTwice);

const fields = {
  title: requiredText('Title', OFFERING_LIMITS.title),
  slug: slugField,
  program: programField,
  gradeBand: requiredText('Grade band', OFFERING_LIMITS.gradeBand),
  level: levelField,
  summary: summaryField,
  description: descriptionField,
  units: includedCount('Units'),
  mockTests: includedCount('Mock tests'),
  sessions: includedCount('Sessions'),
  duration: optionalText('Duration', OFFERING_LIMITS.duration),
  priceMinor: priceField,
  currency: currencyField,
  published: z.boolean({ error: 'Published must be true or false' }),
  contents: contentsField,
};

/** A new offering: what it is, for whom and its price are required; the rest starts empty, free and a draft. */
export const offeringBody = z.object({
  ...fields,
  units: fields.units.optional(),
  mockTests: fields.mockTests.optional(),
  sessions: fields.sessions.optional(),
  priceMinor: fields.priceMinor.optional(),
  currency: fields.currency.optional(),
  published: fields.published.optional(),
  contents: fields.contents.optional(),
});
export type OfferingInput = z.input<typeof offeringBody>;
export type OfferingData = z.output<typeof offeringBody>;

/** An edit changes only the fields it names; one sent empty (or null) is emptied. */
export const offeringUpdateBody = z.object(fields).partial();
export type OfferingChange = z.output<typeof offeringUpdateBody>;

/** The whole catalogue in its new order: every offering once. */
export const offeringOrderBody = z.object({
  ids: z
    .array(z.uuid(OFFERING_MESSAGES.orderMismatch), { error: 'ids must be a list' })
    .max(OFFERING_LIMITS.catalogue, OFFERING_MESSAGES.orderMismatch)
    .refine((ids) => new Set(ids).size === ids.length, OFFERING_MESSAGES.orderMismatch),
});

/** The public search: by name (title) or program, and narrowed to one program. */
export const offeringSearchQuery = z.object({
  q: z
    .string({ error: 'Search must be text' })
    .max(OFFERING_LIMITS.search, `Search must be at most ${OFFERING_LIMITS.search} characters`)
    .superRefine(textRules('Search', 'any'))
    .optional(),
  program: programField.optional(),
});
export type OfferingSearch = z.output<typeof offeringSearchQuery>;

export const offeringSlugParam = z.object({
  slug: z.string().max(OFFERING_LIMITS.slug).regex(OFFERING_SLUG_PATTERN, OFFERING_MESSAGES.notFound),
});

/** Where an offering's image is served from, to everyone. */
export const offeringImageUrl = (filename: string) => `/api/offerings/images/${encodeURIComponent(filename)}`;

/** A card of the public catalogue. */
export const publicOfferingCard = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  program: programField,
  programName: z.string(),
  gradeBand: z.string(),
  level: levelField,
  summary: z.string(),
  units: z.number(),
  mockTests: z.number(),
  sessions: z.number(),
  duration: z.string(),
  priceMinor: z.number().nullable(),
  currency: currencyField,
  imageUrl: z.string().nullable(),
});
export type PublicOfferingCard = z.infer<typeof publicOfferingCard>;
export const publicOfferingList = z.array(publicOfferingCard);

/** A granted course shows its units; a saved test its number of questions. */
export const publicOfferingContent = z.object({
  kind: z.enum(OFFERING_CONTENT_KINDS),
  title: z.string(),
  units: z.array(z.string()),
  questions: z.number(),
});
export type PublicOfferingContent = z.infer<typeof publicOfferingContent>;

/** /offerings/{slug}: the card, its description and what it grants. */
export const publicOfferingDetail = publicOfferingCard.extend({
  description: z.string(),
  contents: z.array(publicOfferingContent),
});
export type PublicOfferingDetail = z.infer<typeof publicOfferingDetail>;

/** The admin's offering: everything, drafts too. */
export const adminOffering = publicOfferingCard.extend({
  description: z.string(),
  published: z.boolean(),
  position: z.number(),
  contents: z.array(z.object({ kind: z.enum(OFFERING_CONTENT_KINDS), id: z.string(), title: z.string() })),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AdminOffering = z.infer<typeof adminOffering>;
export const adminOfferingList = z.array(adminOffering);

export const offeringSavedReply = z.object({ message: z.string(), offering: adminOffering });

export const PRICE_INPUT_MESSAGE = 'Price must be an amount such as 599 or 599.50, or empty for free';

/** The price as the admin types it, in the currency's major unit ("599.50"); empty is free. Cents for the API. */
export const priceInput = z
  .string({ error: PRICE_INPUT_MESSAGE })
  .trim()
  .regex(/^(?:\d{1,7}(?:\.\d{1,2})?)?$/, PRICE_INPUT_MESSAGE)
  .transform((v) => (v === '' ? null : Math.round(Number(v) * 100)))
  .pipe(priceField);

/** The price in cents as the admin's form shows it: "599", "599.50", or empty when free. */
export const priceText = (priceMinor: number | null) =>
  priceMinor === null ? '' : priceMinor % 100 === 0 ? String(priceMinor / 100) : (priceMinor / 100).toFixed(2);

/** The admin's offering form: the create body with the price typed in major units. Its output is the API's body. */
export const offeringForm = offeringBody
  .omit({ priceMinor: true })
  .extend({ price: priceInput })
  .transform(({ price, ...rest }) => ({ ...rest, priceMinor: price }));
