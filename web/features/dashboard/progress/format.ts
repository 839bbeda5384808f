import { plural } from '@common/rules';
import { weekLabel } from '@common/rules/progress-charts';
import type { ActivityWeek } from '@common/schemas/progress-charts';

/** The weekly activity chart's summary: the latest week's figures in words. */
export function weeksSummary(weeks: ActivityWeek[], who: string): string {
  const last = weeks.at(-1);
  const total = weeks.reduce((sum, w) => sum + w.solved, 0);
  if (!last) return '';
  const accuracy = last.accuracy === null ? 'no first tries' : `${last.accuracy}% right on the first try`;
  return `${who} solved ${plural(total, 'question')} over ${plural(weeks.length, 'week')}; in the week of ${weekLabel(last.weekStart)}, ${last.solved} solved, ${accuracy}.`;
}

/**
 * When a skill comes up for review: "Review due" once the date has passed, else the date ("Review on Mar 9", with the
 * year when it is not this year's); nothing before the skill's first counted answer.
 */
export function reviewText(reviewDueAt: string | null, now: Date = new Date()): { text: string; due: boolean } | null {
  if (reviewDueAt === null) return null;
  const at = new Date(reviewDueAt);
  if (at.getTime() <= now.getTime()) return { text: 'Review due', due: true };
  const date = at.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return { text: `Review on ${date}`, due: false };
}
