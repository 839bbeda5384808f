/** How progress reads in words, the same for a student and their parent. */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A course's progress: done sections of those with exercises ('2 of 5 sections done'). */
export function courseProgressText(
  progress: { sectionsDone: number; sectionsWithExercises: number } | undefined,
): string {
  if (!progress || progress.sectionsWithExercises === 0) return 'No exercises yet';
  return `${progress.sectionsDone} of ${plural(progress.sectionsWithExercises, 'section', 'sections')} done`;
}

/** A question's state: solved and on which try, or how many tries so far; null before the first check. */
export function questionStatus(
  progress: { tries: number; solvedOnTry: number | null } | undefined,
): { solved: boolean; text: string } | null {
  if (!progress || progress.tries === 0) return null;
  if (progress.solvedOnTry === 1) return { solved: true, text: 'Solved on the first try' };
  if (progress.solvedOnTry !== null) return { solved: true, text: `Solved on try ${progress.solvedOnTry}` };
  return { solved: false, text: `Not solved yet · ${plural(progress.tries, 'try', 'tries')}` };
}

/**
 * A section's progress in percent: its solved exercises among all its exercises, rounded (a section is done at 100,
 * when every exercise is solved, as above). A section without exercises has nothing to measure: 0.
 */
export function sectionPercent(progress: { solved: number; questions: number }): number {
  return progress.questions === 0 ? 0 : Math.round((progress.solved / progress.questions) * 100);
}

/** A unit's Overall Progress: the rounded average of its sections' progress; 0 for a unit without sections. */
export function averagePercent(percents: readonly number[]): number {
  return percents.length === 0 ? 0 : Math.round(percents.reduce((sum, p) => sum + p, 0) / percents.length);
}

export const DIFFICULTY_TONES = ['beginner', 'intermediate', 'advanced', 'mixed', 'other'] as const;
export type DifficultyTone = (typeof DIFFICULTY_TONES)[number];

/**
 * A unit's difficulty badge, from the one real field that can carry it: the grade staff type on the unit. A grade
 * naming a level (Beginner, Intermediate, Advanced, Mixed) gets its color; any other grade ("Grade 5") is shown as
 * typed, in grey; no grade, no badge. Nothing is guessed: questions carry no difficulty of their own.
 */
export function unitDifficulty(grade: string): { label: string; tone: DifficultyTone } | null {
  const label = grade.trim();
  if (!label) return null;
  const word = label.toLowerCase();
  const tone = DIFFICULTY_TONES.find((t) => t !== 'other' && t === word) ?? 'other';
  return { label, tone };
}
