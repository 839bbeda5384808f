/**
 * Practice: the questions the server chooses for a student from their skills (docs/MASTERY.md, "Practice"), the
 * reasons it names, the session's size and the messages, word for word.
 */
import { GRADES } from './profile';

/** The questions of one practice session. */
export const PRACTICE_SESSION_SIZE = 10;

/**
 * Why a question is in a session, in the order the choice fills it: a skill due for review, a skill just below
 * Proficient (Attempted or Familiar), a weak prerequisite of a skill the student struggles with, or a weak spot of a
 * released test.
 */
export const PRACTICE_REASONS = ['due', 'almost', 'prerequisite', 'weak spot'] as const;
export type PracticeReason = (typeof PRACTICE_REASONS)[number];

/** Each reason in words, as the student reads it beside the question. */
export const PRACTICE_REASON_LABELS: Record<PracticeReason, string> = {
  due: 'Due for review',
  almost: 'Almost proficient',
  prerequisite: 'Builds a skill you need',
  'weak spot': 'From your test',
};

/**
 * A profile's grade as a number: kindergarten is 0, grades 1 to 12 themselves; anything else (no grade, or text
 * of an older form) is null, and such a student is asked to set their grade before practice.
 */
export function gradeNumber(gradeLevel: string | null | undefined): number | null {
  const at = GRADES.indexOf((gradeLevel ?? '').trim().toUpperCase() as (typeof GRADES)[number]);
  return at < 0 ? null : at;
}

export const PRACTICE_MESSAGES = {
  noGrade: 'Add your grade to your profile to get practice questions matched to it.',
  noGradeWeakSpots:
    'Your grade is not set in your profile, so no practice questions can be matched to it. Add your grade, then practice your weak spots.',
  nothingToPractice:
    'Nothing to practice right now: no skill of yours is due for review or close to Proficient. Answer some exercises and check back.',
  noQuestions: 'No questions for your grade practice the skills you need right now. Your teacher can add more.',
  sessionNotFound: 'Practice session not found',
  failed: 'Failed to load practice',
} as const;
