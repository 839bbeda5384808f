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
