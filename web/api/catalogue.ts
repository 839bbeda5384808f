/**
 * The root of every query key under which a screen keeps courses, units or sections. Course management, section
 * questions and the student manager each read the catalogue their own way, but a change made on one screen must
 * refresh what the others keep: each invalidates this root after a change.
 */
export const CATALOGUE_KEY = ['catalogue'] as const;

/** A catalogue query key of one screen: `catalogueKey('course-management', 'units', courseId)`. */
export const catalogueKey = <const Parts extends readonly string[]>(screen: string, ...parts: Parts) =>
  [...CATALOGUE_KEY, screen, ...parts] as const;
