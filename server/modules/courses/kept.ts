import { MB, type KeptView } from '../../lib/kept/declare';

/** The staff's course management lists, rendered once until content changes (server/lib/kept/declare.ts). */

/** The staff catalogue of courses. */
export const coursesView = {
  name: 'courses',
  clearedBy: ['content'],
  maxBytes: 4 * MB,
  scoped: false,
} as const satisfies KeptView;
/** The units of a course, or of every course. */
export const unitsView = {
  name: 'units',
  clearedBy: ['content'],
  maxBytes: 8 * MB,
  scoped: false,
} as const satisfies KeptView;
/** The sections of a unit, with their lessons. */
export const sectionsView = {
  name: 'sections',
  clearedBy: ['content'],
  maxBytes: 16 * MB,
  scoped: false,
} as const satisfies KeptView;
/** The admin and teacher section lists (no lessons), filtered or whole. */
export const sectionSummariesView = {
  name: 'sectionSummaries',
  clearedBy: ['content'],
  maxBytes: 16 * MB,
  scoped: false,
} as const satisfies KeptView;
