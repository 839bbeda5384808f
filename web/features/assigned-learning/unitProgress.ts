import { averagePercent, sectionPercent, unitDifficulty, type DifficultyTone } from '@common/rules';
import type { CourseProgressReply, StudentUnit } from '@common/schemas/learning';
import type { BadgeTone } from '../../ui/Badge';

export interface SectionState {
  percent: number;
  /** Every exercise solved (a section without exercises is never done: there is nothing to finish). */
  done: boolean;
}

/** The course's open sections by id, each with its progress in percent and whether it is done. */
export function sectionStates(progress: CourseProgressReply | undefined): Map<string, SectionState> {
  return new Map(
    (progress?.sections ?? []).map((s) => [
      s.sectionId,
      { percent: sectionPercent(s), done: s.questions > 0 && s.solved === s.questions },
    ]),
  );
}

/** The sections of a unit the student may open, by number. */
export const openSections = (unit: StudentUnit) =>
  unit.sections.filter((s) => s.hasAccess).sort((a, b) => a.sectionNumber - b.sectionNumber);

/** A unit's progress: the rounded average of its open sections' progress (its Overall Progress). */
export function unitPercent(unit: StudentUnit, states: Map<string, SectionState>): number {
  return averagePercent(openSections(unit).map((s) => states.get(s.id)?.percent ?? 0));
}

/** The badge colors of the difficulties: Beginner green, Intermediate orange, Advanced red, Mixed purple, other grey. */
export const DIFFICULTY_BADGE: Record<DifficultyTone, BadgeTone> = {
  beginner: 'success',
  intermediate: 'warning',
  advanced: 'danger',
  mixed: 'special',
  other: 'muted',
};

export { unitDifficulty };
