/** The progress charts as the server sends them: a student's (to them, their parent, their teachers) and a class's. */
import { z } from 'zod';
import { PROGRESS_CHART_MESSAGES as M, TARGET_RANGE } from '../rules/progress-charts';

/** A week by its Monday, `YYYY-MM-DD`. */
const weekStart = z.string();

export const activityWeek = z.object({
  weekStart,
  checks: z.number().int(),
  solved: z.number().int(),
  firstTries: z.number().int(),
  /** First-try accuracy in percent; null for a week without a first try. */
  accuracy: z.number().int().nullable(),
  activeMinutes: z.number().int(),
});
export type ActivityWeek = z.infer<typeof activityWeek>;

export const skillLevelsWeek = z.object({
  weekStart,
  attempted: z.number().int(),
  familiar: z.number().int(),
  proficient: z.number().int(),
  mastered: z.number().int(),
});
export type SkillLevelsWeek = z.infer<typeof skillLevelsWeek>;

export const testScorePoint = z.object({
  attemptId: z.uuid(),
  title: z.string(),
  submittedAt: z.string(),
  percent: z.number(),
});
export type TestScorePoint = z.infer<typeof testScorePoint>;

export const studentProgressCharts = z.object({
  weeks: z.array(activityWeek),
  skillLevels: z.array(skillLevelsWeek),
  /** Submitted sittings, oldest first: only released ones for the student and their parent. */
  tests: z.array(testScorePoint),
  targetPercent: z.number().int().nullable(),
  /** Whether the reader may set the target (a parent of the student, or staff who may read them). */
  maySetTarget: z.boolean(),
});
export type StudentProgressCharts = z.infer<typeof studentProgressCharts>;

export const targetBody = z.object({
  targetPercent: z
    .number(M.targetRange)
    .int(M.targetRange)
    .min(TARGET_RANGE.min, M.targetRange)
    .max(TARGET_RANGE.max, M.targetRange),
});
export type TargetBody = z.infer<typeof targetBody>;
export const targetReply = targetBody;

export const classAccuracyWeeks = z.object({ weeks: z.array(activityWeek) });
export type ClassAccuracyWeeks = z.infer<typeof classAccuracyWeeks>;
