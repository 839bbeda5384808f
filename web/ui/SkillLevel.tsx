import { SKILL_LEVELS, skillLevelLabel } from '@common/rules/mastery';
import { Badge, type BadgeTone } from './Badge';

/**
 * One tone per skill level, the same wherever a level shows, so a color learned in one view reads the same in the
 * next: grey for not started, then the colors the "Skills by level" chart gives its series (blue, amber, green,
 * purple; CHART_COLORS in the order of CHART_LEVELS).
 */
const TONES: readonly BadgeTone[] = ['muted', 'info', 'warning', 'success', 'special'];

export const skillLevelTone = (level: number): BadgeTone => TONES[level] ?? 'muted';

/** The levels in order with their tones: a heat map's steps and its legend. */
export const SKILL_LEVEL_STEPS = SKILL_LEVELS.map((l) => ({ label: l.label, tone: skillLevelTone(l.level) }));

/** A level as a word in its tone ("Familiar"); the word carries the meaning, the tone only repeats it. */
export function SkillLevelBadge({ level }: { level: number }) {
  return <Badge tone={skillLevelTone(level)}>{skillLevelLabel(level)}</Badge>;
}
