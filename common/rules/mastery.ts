/**
 * The mastery rule (the one home of it; docs/MASTERY.md tells it in words): a student's level in a skill, folded
 * from their answers one at a time. The server keeps the state per student and skill as answers are stored, and a
 * replay of the stored answers through `nextSkillState` gives the same state.
 */

export const SKILL_LEVELS = [
  { level: 0, label: 'Not started' },
  { level: 1, label: 'Attempted' },
  { level: 2, label: 'Familiar' },
  { level: 3, label: 'Proficient' },
  { level: 4, label: 'Mastered' },
] as const;

export type SkillLevel = (typeof SKILL_LEVELS)[number]['level'];

export const NOT_STARTED: SkillLevel = 0;
export const ATTEMPTED: SkillLevel = 1;
export const FAMILIAR: SkillLevel = 2;
export const PROFICIENT: SkillLevel = 3;
export const MASTERED: SkillLevel = 4;

/** The first tries the rule reads: the latest ten. */
export const RECENT_WINDOW = 10;
/** Familiar: at least this share of the recent first tries right... */
export const FAMILIAR_SHARE = 0.7;
/** ...once there are at least this many of them. */
export const FAMILIAR_MIN_TRIES = 3;
/** Proficient: the latest first tries right in a row. */
export const PROFICIENT_STREAK = 3;

export const skillLevelLabel = (level: number): string => SKILL_LEVELS[level]?.label ?? SKILL_LEVELS[0].label;

export interface SkillState {
  level: SkillLevel;
  /** The recent first tries, newest in the lowest bit (1 = right); only the lowest `recentCount` bits mean anything. */
  recentFirstTries: number;
  /** How many recent first tries there are, up to RECENT_WINDOW. */
  recentCount: number;
  /** Every first try and mixed answer counted, and those right. */
  firstTries: number;
  firstTriesRight: number;
}

/**
 * An answer the rule counts: a question's first try in practice (a lesson's exercise or a practice question), or an
 * answer in a mixed assessment (a submitted test sitting's question, or a mixed review).
 */
export interface SkillEvent {
  kind: 'practice' | 'mixed';
  right: boolean;
}

export const EMPTY_SKILL_STATE: SkillState = {
  level: NOT_STARTED,
  recentFirstTries: 0,
  recentCount: 0,
  firstTries: 0,
  firstTriesRight: 0,
};

const WINDOW_MASK = (1 << RECENT_WINDOW) - 1;

function countBits(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}

/** The level the recent first tries show on their own: Attempted, Familiar or Proficient (Not started when none). */
export function levelOfRecent(recentFirstTries: number, recentCount: number): SkillLevel {
  if (recentCount === 0) return NOT_STARTED;
  const streakMask = (1 << PROFICIENT_STREAK) - 1;
  if (recentCount >= PROFICIENT_STREAK && (recentFirstTries & streakMask) === streakMask) return PROFICIENT;
  const right = countBits(recentFirstTries & ((1 << recentCount) - 1));
  if (recentCount >= FAMILIAR_MIN_TRIES && right >= FAMILIAR_SHARE * recentCount) return FAMILIAR;
  return ATTEMPTED;
}

/**
 * The state after one more answer:
 * - every answer joins the recent first tries (the oldest leaves past ten) and the totals;
 * - a mixed answer while Proficient or Mastered: right makes Mastered, wrong lowers one level (Mastered to
 *   Proficient, Proficient to Familiar);
 * - otherwise (practice, or a mixed answer below Proficient, which counts as a first try): a right answer raises the
 *   level to what the recent first tries show, never lowers it; a wrong one brings it down to what they show but by
 *   one level at most, and never lowers Mastered (only a mixed assessment does).
 */
export function nextSkillState(state: SkillState, event: SkillEvent): SkillState {
  const recentFirstTries = ((state.recentFirstTries << 1) | (event.right ? 1 : 0)) & WINDOW_MASK;
  const recentCount = Math.min(state.recentCount + 1, RECENT_WINDOW);
  const counted = {
    recentFirstTries,
    recentCount,
    firstTries: state.firstTries + 1,
    firstTriesRight: state.firstTriesRight + (event.right ? 1 : 0),
  };
  if (event.kind === 'mixed' && state.level >= PROFICIENT) {
    return { ...counted, level: event.right ? MASTERED : ((state.level - 1) as SkillLevel) };
  }
  const shown = levelOfRecent(recentFirstTries, recentCount);
  let level: SkillLevel;
  if (event.right) level = Math.max(state.level, shown) as SkillLevel;
  else if (state.level === MASTERED) level = MASTERED;
  else level = Math.max(ATTEMPTED, Math.min(state.level, Math.max(shown, state.level - 1))) as SkillLevel;
  return { ...counted, level };
}

/** The state after answers in order: the fold the server keeps, and its replay. */
export const foldSkillState = (events: readonly SkillEvent[], from: SkillState = EMPTY_SKILL_STATE): SkillState =>
  events.reduce(nextSkillState, from);

export const MASTERY_MESSAGES = {
  studentNotFound: 'Student not found',
  notYourStudent: 'You can only see the skills of your own students',
  loadFailed: 'Failed to load the skills',
  noSkills: 'No skills yet: the questions of the courses open to this student practice none so far.',
  noClassSkills: "No skills yet: this class's courses have no questions that practice a skill.",
  noClassStudents: 'No students in this class yet, so there are no levels to show.',
} as const;
