/** The admin's analytics as the server sends them: per day, per category and grade, per week. */
import { z } from 'zod';
import { ANALYTICS_MESSAGES as M } from '../rules/analytics';
import { OFFERING_PROGRAM_KEYS } from '../rules/offerings';

/**
 * The filters: days `YYYY-MM-DD` (UTC), both optional (the last 30 days by default; the range is judged by
 * resolveRange, which knows today), and a program, or none for all programs.
 */
export const analyticsQuery = z.object({
  from: z.string(M.dayInvalid).max(10, M.dayInvalid).optional(),
  to: z.string(M.dayInvalid).max(10, M.dayInvalid).optional(),
  program: z.union([z.enum(OFFERING_PROGRAM_KEYS), z.literal('')], { error: M.programUnknown }).optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

export const analyticsDay = z.object({
  date: z.string(),
  /** Students with a check that day. */
  activeStudents: z.number().int(),
  checks: z.number().int(),
  firstTries: z.number().int(),
  /** First-try accuracy in whole percent; null for a day without a first try. */
  firstTryAccuracy: z.number().int().nullable(),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;

export const analyticsCategory = z.object({
  categoryId: z.uuid(),
  category: z.string(),
  grade: z.number().int(),
  checks: z.number().int(),
  correct: z.number().int(),
  /** Checks right, in whole percent (every check, not only first tries). */
  accuracy: z.number().int(),
});
export type AnalyticsCategory = z.infer<typeof analyticsCategory>;

/** Enrollments made in a week (by its Monday), by their status now. */
export const analyticsEnrollmentWeek = z.object({
  weekStart: z.string(),
  enrollments: z.number().int(),
  pending: z.number().int(),
  active: z.number().int(),
  cancelled: z.number().int(),
  refunded: z.number().int(),
});
export type AnalyticsEnrollmentWeek = z.infer<typeof analyticsEnrollmentWeek>;

/** Sittings submitted and scored in a week, and their average score in percent (null: none). */
export const analyticsTestWeek = z.object({
  weekStart: z.string(),
  sittings: z.number().int(),
  averagePercent: z.number().nullable(),
});
export type AnalyticsTestWeek = z.infer<typeof analyticsTestWeek>;

export const analyticsReply = z.object({
  from: z.string(),
  to: z.string(),
  program: z.enum(OFFERING_PROGRAM_KEYS).nullable(),
  /** Every day of the range, oldest first, days without checks included (as zeros). */
  days: z.array(analyticsDay),
  /** Categories and grades with checks in the range, by category name then grade. */
  categories: z.array(analyticsCategory),
  /** Every week touching the range, oldest first. */
  enrollments: z.array(analyticsEnrollmentWeek),
  tests: z.array(analyticsTestWeek),
});
export type AnalyticsReply = z.infer<typeof analyticsReply>;
