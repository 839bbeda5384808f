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
