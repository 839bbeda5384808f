/**
 * Questions in and out of the bank as files: Moodle XML, GIFT and QTI 3.0 packages. The import is two calls with the
 * same file (a preview that stores nothing, then the import of the questions the author kept), so no half-imported
 * file is ever held on the server between them.
 */
import { z } from 'zod';
import { QUESTION_GRADE_MAX, QUESTION_GRADE_MIN, QUESTION_TYPES } from '../rules/questions';
import { questionListQuery } from './questions';
import { answerFormReply } from './question-parts';
import { plural } from '../rules/ui';

export const EXCHANGE_FORMATS = ['moodle', 'gift', 'qti'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

export const EXCHANGE_FORMAT_LABELS: Record<ExchangeFormat, string> = {
  moodle: 'Moodle XML',
  gift: 'GIFT',
  qti: 'QTI 3.0 package',
};

/** What a saved file of each format is called and served as. */
export const EXCHANGE_FILES: Record<ExchangeFormat, { extension: string; mime: string }> = {
  moodle: { extension: 'xml', mime: 'application/xml' },
  gift: { extension: 'gift.txt', mime: 'text/plain; charset=utf-8' },
  qti: { extension: 'zip', mime: 'application/zip' },
};

/** The largest file an import reads: 20 MB. */
export const EXCHANGE_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The most questions one file may hold, and one export may write. */
export const EXCHANGE_MAX_QUESTIONS = 2_000;

export const EXCHANGE_MESSAGES = {
  noFile: 'Choose a file to import.',
  fileTooLarge: 'The file is larger than 20 MB. Split it into smaller files.',
  unknownFormat: 'This file is not Moodle XML, GIFT or a QTI 3.0 package.',
  tooManyQuestions: `A file may hold at most ${EXCHANGE_MAX_QUESTIONS.toLocaleString('en-US')} questions. Split it into smaller files.`,
  nothingChosen: 'Choose at least one question to import.',
  chooseGrade: 'Choose the grade of the questions the file gives none.',
  chooseCategory: 'Choose a category for the questions the file gives none.',
  chooseFocus: 'Choose a focus area for the questions the file gives none.',
  notImportable: (n: number) => `Question ${n} cannot be imported: untick it.`,
  imported: (n: number) => `${plural(n, 'question')} imported`,
  chooseQuestions: 'Choose the questions to export.',
  noneMatch: 'No question matches these filters.',
  tooManyToExport: `A file may hold at most ${EXCHANGE_MAX_QUESTIONS.toLocaleString('en-US')} questions. Narrow the filters, or choose questions.`,
  unknownQuestions: 'Some of the chosen questions no longer exist.',
} as const;

/** Comma-separated numbers in a query (`1,4,7`), as a list; empty for none. */
const numberList = z
  .string()
  .max(20_000)
  .optional()
  .transform((v, ctx) => {
    if (!v) return [];
    const parts = v.split(',');
    if (parts.some((p) => !/^\d{1,5}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: 'List the questions by their numbers, separated by commas' });
      return z.NEVER;
    }
    return parts.map(Number);
  });

/** `POST /api/question-exchange/preview`: the file is the body (any type); the query may name its format. */
export const exchangePreviewQuery = z.object({
  /** Left out: read from the file (a zip is QTI, `<quiz>` is Moodle XML, anything else is tried as GIFT). */
  format: z.enum(EXCHANGE_FORMATS, { error: 'Choose Moodle XML, GIFT or QTI 3.0' }).optional(),
  name: z.string().max(255).optional(),
});

const optionalId = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.uuid('Unknown category or focus area').optional());

/**
 * `POST /api/question-exchange/import`: the same file again, the questions left out by their numbers (1 for the
 * file's first), and what applies to questions the file says nothing of: grade, category, focus area.
 */
export const exchangeImportQuery = exchangePreviewQuery.extend({
  skip: numberList,
  grade: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)))
    .pipe(
      z
        .number()
        .int('Grade must be a whole number from 1 to 12')
        .min(QUESTION_GRADE_MIN, 'Grade must be a whole number from 1 to 12')
        .max(QUESTION_GRADE_MAX, 'Grade must be a whole number from 1 to 12')
        .optional(),
    ),
  category: optionalId,
  focus: optionalId,
});
export type ExchangeImportQuery = z.output<typeof exchangeImportQuery>;

/**
 * One question of the file as the preview shows it: rendered as a student would see it (images inline as data),
 * with its key; or, when it cannot come in, why.
 */
export const exchangePreviewItem = z.discriminatedUnion('ok', [
  z.object({
    /** Its place in the file, from 1: what `skip` names. */
    number: z.number(),
    ok: z.literal(true),
    title: z.string(),
    type: z.enum(QUESTION_TYPES),
    questionText: z.string(),
    options: z.record(z.string(), z.string()),
    answer: z.unknown(),
    answerForms: z.array(z.array(answerFormReply)),
    solution: z.string(),
    hint: z.string(),
    /** Null: the import's chosen grade applies. */
    grade: z.number().nullable(),
    categories: z.array(z.string()),
    focusAreas: z.array(z.string()),
    /** The images shown beside the question, as data URLs. */
    attachments: z.array(z.string()),
    /** What comes in differently from the file (part marks, feedback on each answer). */
    notes: z.array(z.string()),
  }),
  z.object({ number: z.number(), ok: z.literal(false), title: z.string(), reason: z.string() }),
]);
export type ExchangePreviewItem = z.infer<typeof exchangePreviewItem>;

export const exchangePreviewReply = z.object({
  format: z.enum(EXCHANGE_FORMATS),
  items: z.array(exchangePreviewItem),
  /** Names the importable questions use that the academy has not: created by the import. */
  newCategories: z.array(z.string()),
  newFocusAreas: z.array(z.string()),
  /** Whether some importable question names no grade, category or focus area: the import must then choose one. */
  needs: z.object({ grade: z.boolean(), category: z.boolean(), focus: z.boolean() }),
});
export type ExchangePreviewReply = z.infer<typeof exchangePreviewReply>;

export const exchangeImportReply = z.object({
  imported: z.number(),
  message: z.string(),
  createdCategories: z.array(z.string()),
  createdFocusAreas: z.array(z.string()),
});
export type ExchangeImportReply = z.infer<typeof exchangeImportReply>;

/** The bank's filters, as the list and the test generator's draw take them. */
export const exchangeExportFilters = questionListQuery.pick({
  grade: true,
  type: true,
  category: true,
  focus: true,
  q: true,
});

/** `POST /api/question-exchange/export`: the chosen questions, a saved test's, or every one matching filters. */
export const exchangeExportBody = z
  .object({
    format: z.enum(EXCHANGE_FORMATS, { error: 'Choose Moodle XML, GIFT or QTI 3.0' }),
    questionIds: z
      .array(z.uuid(EXCHANGE_MESSAGES.unknownQuestions))
      .max(EXCHANGE_MAX_QUESTIONS, EXCHANGE_MESSAGES.tooManyQuestions)
      .optional(),
    testId: z.uuid('Unknown test').optional(),
    filters: exchangeExportFilters.optional(),
  })
  .refine(
    (b) => (b.questionIds?.length ?? 0) > 0 || b.testId !== undefined || b.filters !== undefined,
    EXCHANGE_MESSAGES.chooseQuestions,
  );
export type ExchangeExportInput = z.input<typeof exchangeExportBody>;
export type ExchangeExportBody = z.infer<typeof exchangeExportBody>;

/** The file (base64, to be saved by the browser) and what the format could not carry, one sentence each. */
export const exchangeExportReply = z.object({
  fileName: z.string(),
  mime: z.string(),
  base64: z.string(),
  count: z.number(),
  lost: z.array(z.string()),
});
export type ExchangeExportReply = z.infer<typeof exchangeExportReply>;
