/**
 * Skills: a focus area of the bank, alone or narrowed to one of its categories, with an optional grade band and the
 * skills that come before it. The limits and messages the server enforces and the category manager shows.
 */
import { QUESTION_GRADE_MAX, QUESTION_GRADE_MIN } from './questions';

export const SKILL_GRADE_MIN = QUESTION_GRADE_MIN;
export const SKILL_GRADE_MAX = QUESTION_GRADE_MAX;
/** The most skills one skill may name as coming before it: enough for any topic, few enough to read in a list. */
export const SKILL_MAX_PREREQUISITES = 20;

/** A skill's name: its focus area, then its category when it names one. */
export function skillName(focusArea: string, category: string | null): string {
  return category ? `${focusArea}: ${category}` : focusArea;
}

/** A skill's grade band: "Grades 3-6", "Grade 4", "Grade 5 and up", "Up to grade 6", or null for every grade. */
export function skillGradeBand({
  gradeMin,
  gradeMax,
}: {
  gradeMin: number | null;
  gradeMax: number | null;
}): string | null {
  if (gradeMin !== null && gradeMax !== null)
    return gradeMin === gradeMax ? `Grade ${gradeMin}` : `Grades ${gradeMin}-${gradeMax}`;
  if (gradeMin !== null) return `Grade ${gradeMin} and up`;
  if (gradeMax !== null) return `Up to grade ${gradeMax}`;
  return null;
}

export const SKILL_MESSAGES = {
  notFound: 'Skill not found',
  focusAreaRequired: 'Please choose a focus area',
  focusAreaNotFound: 'That focus area no longer exists. Please choose another.',
  categoryNotFound: 'That category no longer exists. Please choose another.',
  duplicate: (name: string) => `The skill "${name}" already exists.`,
  gradeRange: `Grades must be whole numbers from ${SKILL_GRADE_MIN} to ${SKILL_GRADE_MAX}`,
  gradeOrder: 'The lowest grade cannot be above the highest grade',
  prerequisitesInvalid: 'Prerequisites must be a list of skills',
  prerequisiteNotFound: 'One of the prerequisites no longer exists',
  prerequisiteItself: 'A skill cannot be its own prerequisite',
  tooManyPrerequisites: `A skill can have at most ${SKILL_MAX_PREREQUISITES} prerequisites`,
  cycle: (skill: string, prerequisite: string) =>
    `"${prerequisite}" cannot come before "${skill}": it already needs "${skill}" first.`,
  created: 'Skill added',
  updated: 'Skill saved',
  deleted: 'Skill deleted successfully',
  prerequisitesSaved: 'Prerequisites saved',
} as const;
