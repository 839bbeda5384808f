/**
 * The contract of exam-style tests: scoring profiles and their score tables (admins edit them, staff choose one for a
 * test), a student's accommodations (their teachers and admins set them), a sitting's sections as the student sees
 * them, and the score report of a released exam-scored sitting.
 */
import { z } from 'zod';
import {
  ANSWER_SHEETS,
  EXAM_LIMITS as L,
  EXAM_MESSAGES as M,
  MAX_EXTRA_BREAK_MINUTES,
  MAX_EXTRA_MINUTES,
  TIME_FACTORS,
} from '../rules/exams';
import { requiredText, textRules } from './fields';

const points = z
  .number({ error: M.points })
  .min(-L.points, M.points)
  .max(L.points, M.points)
  .refine((n) => Number.isInteger(n * 100), M.points);

const section = z.object({
  name: requiredText('Section name', L.sectionName).pipe(z.string().min(1, M.sectionName)),
  questions: z
    .number({ error: M.sectionQuestions })
    .int(M.sectionQuestions)
    .min(1, M.sectionQuestions)
    .max(L.sectionQuestions, M.sectionQuestions),
  minutes: z
    .number({ error: M.sectionMinutes })
    .int(M.sectionMinutes)
    .min(1, M.sectionMinutes)
    .max(L.sectionMinutes, M.sectionMinutes),
  right: points
    .refine((n) => Number.isInteger(n) && n > 0, M.rightPositive)
    .nullable()
    .default(null),
});

const freeText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(textRules(label, 'lines'));

/** A profile an admin adds or changes: every field, as the form sends it. */
export const examProfileBody = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(L.name, `The name must be at most ${L.name} characters`)
    .superRefine(textRules('The name', 'line')),
  description: freeText('The description', L.description).default(''),
  rulesAsOf: freeText('Rules as of', L.rulesAsOf).default(''),
  source: freeText('The source', L.source).default(''),
  right: points.refine((n) => Number.isInteger(n) && n > 0, M.rightPositive),
  wrong: points.default(0),
  blank: points.default(0),
  cap: z.number({ error: M.cap }).int(M.cap).positive(M.cap).max(100_000, M.cap).nullable().default(null),
  sections: z.array(section, { error: M.sectionName }).max(L.sections, M.tooManySections).default([]),
  breakMinutes: z
    .number({ error: M.breakMinutes })
    .int(M.breakMinutes)
    .min(0, M.breakMinutes)
    .max(L.breakMinutes, M.breakMinutes)
    .default(0),
  answerSheet: z.enum(ANSWER_SHEETS, { error: 'The answer sheet must be bubbles or written' }).default('bubbles'),
});
export type ExamProfileBody = z.input<typeof examProfileBody>;
export type ExamProfileInput = z.output<typeof examProfileBody>;

const scaledRow = z.object({ raw: z.number(), low: z.number(), high: z.number(), percentile: z.number().nullable() });

export const scoreTable = z.object({
  id: z.string(),
  /** The grade of the students it is for; null for any grade. */
  grade: z.number().nullable(),
  source: z.string(),
  rows: z.array(scaledRow),
});
export type ScoreTable = z.infer<typeof scoreTable>;

export const examProfile = z.object({
  id: z.string(),
  key: z.string().nullable(),
  builtIn: z.boolean(),
  name: z.string(),
  description: z.string(),
  rulesAsOf: z.string(),
  source: z.string(),
  right: z.number(),
  wrong: z.number(),
  blank: z.number(),
  cap: z.number().nullable(),
  sections: z.array(
    z.object({ name: z.string(), questions: z.number(), minutes: z.number(), right: z.number().nullable().optional() }),
  ),
  breakMinutes: z.number(),
  answerSheet: z.enum(ANSWER_SHEETS),
  /** Tests scored by it. */
  tests: z.number(),
  tables: z.array(scoreTable),
});
export type ExamProfile = z.infer<typeof examProfile>;
export const examProfilesReply = z.object({ profiles: z.array(examProfile) });
export const examProfileReply = z.object({ message: z.string(), profile: examProfile });

/** A table an admin types: rows as text ("raw, low-high, percentile"), parsed and checked by the server. */
export const scoreTableBody = z.object({
  grade: z
    .number({ error: 'The grade must be a whole number from 0 to 12, or empty for any grade' })
    .int('The grade must be a whole number from 0 to 12, or empty for any grade')
    .min(0, 'The grade must be a whole number from 0 to 12, or empty for any grade')
    .max(12, 'The grade must be a whole number from 0 to 12, or empty for any grade')
    .nullable()
    .default(null),
  source: freeText('The source', L.source).default(''),
  rows: z
    .string({ error: M.tableEmpty })
    .max(L.tableRows * 40, M.tableTooLong)
    .superRefine(textRules('The table', 'lines')),
});
export type ScoreTableBody = z.input<typeof scoreTableBody>;
export const scoreTableParams = z.object({ id: z.uuid(M.profileNotFound), tableId: z.uuid(M.tableNotFound) });

export const accommodations = z.object({
  timeFactor: z.number().nullable(),
  extraMinutes: z.number().nullable(),
  extraBreakMinutes: z.number(),
  largeText: z.boolean(),
});

export const accommodationsBody = z
  .object({
    timeFactor: z
      .number({ error: M.timeFactor })
      .refine((n) => (TIME_FACTORS as readonly number[]).includes(n), M.timeFactor)
      .nullable(),
    extraMinutes: z
      .number({ error: M.extraMinutes })
      .int(M.extraMinutes)
      .min(1, M.extraMinutes)
      .max(MAX_EXTRA_MINUTES, M.extraMinutes)
      .nullable(),
    extraBreakMinutes: z
      .number({ error: M.extraBreak })
      .int(M.extraBreak)
      .min(0, M.extraBreak)
      .max(MAX_EXTRA_BREAK_MINUTES, M.extraBreak),
    largeText: z.boolean({ error: 'Larger text must be true or false' }),
  })
  .refine((a) => a.timeFactor === null || a.extraMinutes === null, { message: M.oneExtraTime, path: ['extraMinutes'] });
export type AccommodationsBody = z.infer<typeof accommodationsBody>;
export const accommodationsReply = z.object({ message: z.string().optional(), accommodations });

/** A sitting's exam as its student sees it while sitting: the sections, which one runs, and the break. */
export const sittingExam = z.object({
  name: z.string(),
  answerSheet: z.enum(ANSWER_SHEETS),
  right: z.number(),
  wrong: z.number(),
  blank: z.number(),
  sections: z.array(
    z.object({
      name: z.string(),
      /** The question numbers it holds, first to last. */
      first: z.number(),
      last: z.number(),
      /** Minutes this student has for it (accommodations included). */
      minutes: z.number(),
      /** Current: the section running, or during a break the one the break leads to. */
      state: z.enum(['closed', 'current', 'upcoming']),
    }),
  ),
  phase: z.enum(['section', 'break', 'done']).nullable(),
  /** While a section runs: when it closes; during a break: when the next section starts by itself. */
  until: z.string().nullable(),
});
export type SittingExamView = z.infer<typeof sittingExam>;

/** The report of a released exam-scored sitting: the same for the student and their parent. */
export const examReport = z.object({
  profile: z.string(),
  rulesAsOf: z.string(),
  raw: z.number(),
  max: z.number(),
  right: z.number(),
  wrong: z.number(),
  blank: z.number(),
  sections: z.array(
    z.object({
      name: z.string(),
      right: z.number(),
      wrong: z.number(),
      blank: z.number(),
      points: z.number(),
      maxPoints: z.number(),
    }),
  ),
  /** Only where a table of the profile covers the student's grade (or any grade). */
  estimate: z
    .object({ text: z.string(), percentile: z.number().nullable(), note: z.string(), source: z.string() })
    .nullable(),
  skills: z.array(z.object({ name: z.string(), right: z.number(), of: z.number(), missed: z.array(z.number()) })),
  /** The exam's pace (seconds a question) and the seconds to each question's first answer, where known. */
  pace: z.object({
    secondsPerQuestion: z.number().nullable(),
    questions: z.array(
      z.object({ number: z.number(), outcome: z.enum(['right', 'wrong', 'blank']), seconds: z.number().nullable() }),
    ),
  }),
  /** This student's released sittings of the same profile, oldest first, this one included. */
  earlier: z.array(
    z.object({ attemptId: z.string(), name: z.string(), submittedAt: z.string(), raw: z.number(), max: z.number() }),
  ),
  accommodations: z.string(),
});
export type ExamReport = z.infer<typeof examReport>;
export const examReportReply = z.object({ name: z.string(), submittedAt: z.string(), report: examReport });
