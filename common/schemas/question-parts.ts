/**
 * Parts of a question that may arrive as JSON strings, read either way: its attachments, a multiple-choice
 * question's options and any answer key.
 */
import { z } from 'zod';

/** An answer form as stored and sent to staff (common/rules/answer-forms.ts); checked when authored by the type. */
export const answerFormReply = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum([
      'simplest',
      'mixed',
      'improper',
      'whole',
      'percent',
      'exact',
      'factored',
      'expanded',
      'scientific',
      'anyCase',
      'complex',
    ]),
  }),
  z.object({ kind: z.literal('decimalPlaces'), places: z.number() }),
  z.object({ kind: z.literal('significantFigures'), figures: z.number() }),
  z.object({ kind: z.literal('margin'), margin: z.number() }),
  z.object({ kind: z.literal('variable'), name: z.string() }),
  z.object({ kind: z.literal('units'), units: z.array(z.string()) }),
  z.object({ kind: z.literal('nonZero'), names: z.array(z.string()) }),
]);

export const attachmentReply = z.object({ filename: z.string(), originalname: z.string() });
export type Attachment = z.infer<typeof attachmentReply>;

/**
 * Parts of a question that may arrive as JSON strings: read
 * either way; null when they cannot be read, and the screen says so ('Error loading attachments' and the like).
 */
export function readPart<T>(value: unknown, schema: z.ZodType<T>): T | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}

export const readAttachments = (value: unknown): Attachment[] | null => readPart(value, z.array(attachmentReply));

/** Multiple-choice options as [letter, text] pairs in letter order. */
export function readOptions(value: unknown): Array<[string, string]> | null {
  const options = readPart(value, z.record(z.string(), z.union([z.string(), z.number()])));
  return (
    options &&
    Object.entries(options)
      .map(([letter, text]): [string, string] => [letter, String(text)])
      .sort(([a], [b]) => a.localeCompare(b))
  );
}

/** An answer key: `{a1: [...]}` (multiple choice, calculation) or one list of accepted answers per blank. */
export const readAnswerKey = (value: unknown): { a1: string[] } | string[][] | null =>
  readPart(value, z.union([z.object({ a1: z.array(z.string()) }), z.array(z.array(z.string()))]));
