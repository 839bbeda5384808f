/**
 * A question's template as it arrives (JSON, or a JSON string in a multipart form) and as staff read it back: its
 * variables, constraints and approved variants, each rule checked by compileTemplate (common/templates), whose
 * message names the broken one. The preview's request and reply.
 */
import { z } from 'zod';
import { MAX_SEED, TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../rules/templates';
import { fromJson } from '../question-types/content';
import { compileTemplate, TemplateIssue, type QuestionTemplate } from '../templates';

const numeral = z.union([z.string().max(40), z.number()]).transform(String);
const variable = z.discriminatedUnion(
  'kind',
  [
    z.object({ name: z.string().max(40), kind: z.literal('range'), min: numeral, max: numeral, step: numeral }),
    z.object({
      name: z.string().max(40),
      kind: z.literal('choice'),
      values: z.array(numeral).max(TEMPLATE_LIMITS.choices * 2),
    }),
    z.object({ name: z.string().max(40), kind: z.literal('computed'), expression: z.string().max(1000) }),
  ],
  { error: 'A variable is a range, a choice or a computed value' },
);

export const templateShape = z.object({
  variables: z.array(variable).max(TEMPLATE_LIMITS.variables * 2, TEMPLATE_MESSAGES.tooManyVariables),
  constraints: z.array(z.string().max(1000)).max(TEMPLATE_LIMITS.constraints * 2, TEMPLATE_MESSAGES.tooManyConstraints),
  seeds: z
    .array(
      z
        .number({ error: TEMPLATE_MESSAGES.seedList })
        .int(TEMPLATE_MESSAGES.seedList)
        .min(1, TEMPLATE_MESSAGES.seedList)
        .max(MAX_SEED, TEMPLATE_MESSAGES.seedList),
      {
        error: TEMPLATE_MESSAGES.seedList,
      },
    )
    .min(1, TEMPLATE_MESSAGES.seedList)
    .max(TEMPLATE_LIMITS.approvedSeeds, TEMPLATE_MESSAGES.seedList)
    .nullable()
    .default(null)
    .transform((seeds) => (seeds === null ? null : [...new Set(seeds)])),
});

/** A template checked by the language's own rules; the issue's path names the variable or constraint. */
export const templateField = z.preprocess(
  fromJson,
  templateShape.nullable().superRefine((template, ctx) => {
    if (template === null) return;
    try {
      compileTemplate(template as QuestionTemplate);
    } catch (error) {
      if (!(error instanceof TemplateIssue)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message, path: error.path.split('.') });
    }
  }),
);

/** A template as stored and sent to staff (plain: a reply's schema transforms nothing). */
export const templateReply = z
  .object({
    variables: z.array(
      z.discriminatedUnion('kind', [
        z.object({ name: z.string(), kind: z.literal('range'), min: z.string(), max: z.string(), step: z.string() }),
        z.object({ name: z.string(), kind: z.literal('choice'), values: z.array(z.string()) }),
        z.object({ name: z.string(), kind: z.literal('computed'), expression: z.string() }),
      ]),
    ),
    constraints: z.array(z.string()),
    seeds: z.array(z.number()).nullable(),
  })
  .nullable();
export type TemplateInput = z.input<typeof templateShape>;
