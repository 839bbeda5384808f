/** The student manager of /course-assignment: its filters, labels and limits. */

/** "Recent" students joined within this many days. */
export const RECENT_STUDENT_DAYS = 30;

/**
 * The stat filter cards, in their order: every student, three grade bands and the recent ones.
 * `grades` lists the stored grade values of a band; kindergarten (K) belongs to none of them.
 */
export const STUDENT_GROUPS = {
  all: { label: 'All Students', grades: null },
  grades1to5: { label: 'Grades 1-5', grades: ['1', '2', '3', '4', '5'] },
  grades6to8: { label: 'Grades 6-8', grades: ['6', '7', '8'] },
  grades9to12: { label: 'Grades 9-12', grades: ['9', '10', '11', '12'] },
  recent: { label: `Recent (${RECENT_STUDENT_DAYS} days)`, grades: null },
} as const satisfies Record<string, { label: string; grades: readonly string[] | null }>;
export type StudentGroup = keyof typeof STUDENT_GROUPS;
export const STUDENT_GROUP_KEYS = Object.keys(STUDENT_GROUPS) as [StudentGroup, ...StudentGroup[]];

export const STUDENT_PAGE_SIZES = [10, 20, 50] as const;
export const STUDENT_PAGE_SIZE = 20;

export const STUDENT_LIMITS = {
  /** Characters of a search. */
  search: 200,
  /** Students named in one batch call (a whole filter is sent as the filter, not as ids). */
  batchStudents: 1000,
  /** Refused students named in a batch's summary; the count covers the rest. */
  namedRefusals: 20,
} as const;

/**
 * What a search for a grade looks like: "6", "K" or "grade 6". Returns the stored grade value it names, or null.
 * Linear: a prefix check and a trim.
 */
export function searchedGrade(query: string): string | null {
  const q = query.trim().toLowerCase();
  const bare = q.startsWith('grade') ? q.slice('grade'.length).trim() : q;
  if (bare === 'k') return 'K';
  return /^\d{1,2}$/.test(bare) ? String(Number(bare)) : null;
}

/**
 * The student manager's labels: "Unit {number}: {title}", falling back to the order, then to the title alone.
 */
export function unitLabel(unit: { title: string; unitNumber?: number | null; order?: number | null }): string {
  const n = unit.unitNumber ?? unit.order;
  return n != null ? `Unit ${n}: ${unit.title}` : unit.title;
}

/** "Section {number}: {title}", falling back to the order, then to the title alone. */
export function sectionLabel(section: { title: string; sectionNumber?: number | null; order?: number | null }): string {
  const n = section.sectionNumber ?? section.order;
  return n != null ? `Section ${n}: ${section.title}` : section.title;
}

/** The names the student manager shows for a course or unit that cannot be found. */
export const UNKNOWN_COURSE = 'Unknown Course';
export const UNKNOWN_UNIT = 'Unknown Unit';

export type AssignmentKind = 'course' | 'unit' | 'section';
export type AssignmentAction = 'assign' | 'remove';

/**
 * The failure texts for one change: "Error assigning course", "Error removing unit", and
 * for the checkboxes of an assigned course "Error updating unit assignment" / "Error updating section assignment".
 */
export function assignmentError(action: AssignmentAction | 'update', kind: AssignmentKind): string {
  if (action === 'update') return `Error updating ${kind} assignment`;
  return `Error ${action === 'assign' ? 'assigning' : 'removing'} ${kind}`;
}

export const ASSIGNMENT_MESSAGES = {
  fetchFailed: 'Error fetching data',
  courseRemoved: 'Course removed successfully',
  noStudentsChosen: 'Select at least one student',
  eitherIdsOrFilter: 'Send either the chosen students or the filter, not both',
  withSectionsOnlyForUnits: 'Assigning with all sections applies to units only',
} as const;

const students = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'student' : 'students'}`;

/** The summary of one batch change, as the server answers it and the screen shows it. */
export function batchSummary(r: {
  action: AssignmentAction;
  label: string;
  changed: number;
  unchanged: number;
  refused: number;
  refusedReason: string | null;
}): string {
  const parts = [
    r.action === 'assign'
      ? `Assigned ${r.label} to ${students(r.changed)}.`
      : `Removed ${r.label} from ${students(r.changed)}.`,
  ];
  if (r.unchanged) {
    const verb = r.unchanged === 1 ? 'has' : 'have';
    parts.push(
      r.action === 'assign'
        ? `${students(r.unchanged)} already ${verb} it.`
        : `${students(r.unchanged)} did not have it.`,
    );
  }
  if (r.refused) parts.push(`${students(r.refused)} refused: ${r.refusedReason ?? ''}`.trim());
  return parts.join(' ');
}
