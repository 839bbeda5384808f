/** The progress charts of students, parents and teachers: their span, messages and the score buckets. */

/** Weeks a weekly chart shows, the current one last. Weeks start on Monday, in UTC like the days they add up. */
export const CHART_WEEKS = 12;

/** A week by its Monday, as the charts' axes and tables name it: "Mar 9". */
export const weekLabel = (weekStart: unknown) =>
  new Date(`${String(weekStart)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** A target score, in percent. */
export const TARGET_RANGE = { min: 1, max: 100 } as const;

export const PROGRESS_CHART_MESSAGES = {
  studentNotFound: 'Student not found',
  notYourStudent: 'You may not see this student’s progress',
  targetByStudent: 'Your parent or teacher sets your target',
  targetRange: `The target must be a whole percent from ${TARGET_RANGE.min} to ${TARGET_RANGE.max}`,
  loadFailed: 'Failed to load the progress charts',
  saveTargetFailed: 'Failed to save the target',
  targetSaved: 'Target saved',
  noAnswers: 'No answers yet',
  noTests: 'No released test scores yet',
  noSkills: 'No skill levels yet',
} as const;

/** Skill levels as counted in the skills-over-time chart, lowest first (level 0, not started, is not drawn). */
export const CHART_LEVELS = [
  { level: 1, key: 'attempted', label: 'Attempted' },
  { level: 2, key: 'familiar', label: 'Familiar' },
  { level: 3, key: 'proficient', label: 'Proficient' },
  { level: 4, key: 'mastered', label: 'Mastered' },
] as const;

/** First-try accuracy in whole percent, or null for no first try (a week without answers is no 0%). */
export const accuracyPercent = (firstTries: number, right: number): number | null =>
  firstTries === 0 ? null : Math.round((right / firstTries) * 100);

/**
 * How many scores fall in each tenth: 0-9%, 10-19% ... 90-100% (a full score belongs to the last bucket). Scores
 * outside 0-100 are clamped to it.
 */
export function scoreBuckets(percentages: readonly number[]): Array<{ label: string; students: number }> {
  const counts = Array.from({ length: 10 }, () => 0);
  for (const p of percentages) counts[Math.min(9, Math.max(0, Math.floor(p / 10)))] += 1;
  return counts.map((students, i) => ({ label: i === 9 ? '90-100%' : `${i * 10}-${i * 10 + 9}%`, students }));
}
