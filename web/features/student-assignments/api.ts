/**
 * The student manager's calls under the caller's prefix (/api/admin or /api/teacher), and the
 * catalogue it needs, asked for one course at a time (`?courseId=`), never whole.
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { ASSIGNMENT_MESSAGES, type StudentGroup } from '@common/rules';
import type { Course, SectionSummary, Unit } from '@common/schemas/courses';
import type { BatchAssignmentBody, BatchAssignmentReply, StudentPage } from '@common/schemas/studentAssignments';
import { catalogueKey } from '../../api/catalogue';
import { api } from '../../api/client';

export type Role = 'admin' | 'teacher';

export interface StudentQuery {
  q: string;
  group: StudentGroup;
  page: number;
  pageSize: number;
}

export const keys = {
  students: ['student-assignments', 'students'] as const,
  page: (role: Role, query: StudentQuery) => ['student-assignments', 'students', role, query] as const,
  courses: (role: Role) => catalogueKey('student-assignments', 'courses', role),
  units: (role: Role, courseId: string) => catalogueKey('student-assignments', 'units', role, courseId),
  sections: (role: Role, courseId: string) => catalogueKey('student-assignments', 'sections', role, courseId),
};

/** Catalogue lists change rarely while a teacher assigns: they are read again after a minute at most. */
const CATALOGUE_STALE_MS = 60_000;

export function useStudentPage(role: Role, query: StudentQuery) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    group: query.group,
  });
  if (query.q.trim()) params.set('q', query.q.trim());
  return useQuery({
    queryKey: keys.page(role, query),
    queryFn: () => api.get<StudentPage>(`/${role}/students?${params}`, ASSIGNMENT_MESSAGES.fetchFailed),
    placeholderData: keepPreviousData,
  });
}

/** Every course: admins read the admin list, teachers the shared one (the admin list is for admins only). */
export function useCourseList(role: Role) {
  return useQuery({
    queryKey: keys.courses(role),
    queryFn: () => api.get<Course[]>(role === 'admin' ? '/admin/courses' : '/courses', ASSIGNMENT_MESSAGES.fetchFailed),
    staleTime: CATALOGUE_STALE_MS,
  });
}

const unitsQuery = (role: Role, courseId: string) => ({
  queryKey: keys.units(role, courseId),
  queryFn: () =>
    api.get<Unit[]>(`/${role}/units?courseId=${encodeURIComponent(courseId)}`, ASSIGNMENT_MESSAGES.fetchFailed),
  staleTime: CATALOGUE_STALE_MS,
});
const sectionsQuery = (role: Role, courseId: string) => ({
  queryKey: keys.sections(role, courseId),
  queryFn: () =>
    api.get<SectionSummary[]>(
      `/${role}/sections?courseId=${encodeURIComponent(courseId)}`,
      ASSIGNMENT_MESSAGES.fetchFailed,
    ),
  staleTime: CATALOGUE_STALE_MS,
});

export function useCourseUnits(role: Role, courseId: string | null) {
  return useQuery({ ...unitsQuery(role, courseId ?? ''), enabled: !!courseId });
}

export function useCourseSections(role: Role, courseId: string | null) {
  return useQuery({ ...sectionsQuery(role, courseId ?? ''), enabled: !!courseId });
}

/** What is known of some courses' units and sections, looked up by id. */
export interface CourseContent {
  units: ReadonlyMap<string, Unit>;
  sections: ReadonlyMap<string, SectionSummary>;
  unitsOf(courseId: string): Unit[] | undefined;
  sectionsOfUnit(unitId: string): SectionSummary[];
  /** Some course's lists are still on their way. */
  loading: boolean;
  /** Some course's lists could not be read. */
  failed: boolean;
}

/** The units and sections of the given courses (a student's), two small queries per course, shared by every view. */
export function useCourseContent(role: Role, courseIds: readonly string[]): CourseContent {
  const unitResults = useQueries({ queries: courseIds.map((id) => unitsQuery(role, id)) });
  const sectionResults = useQueries({ queries: courseIds.map((id) => sectionsQuery(role, id)) });
  const loading = [...unitResults, ...sectionResults].some((r) => r.isPending && r.fetchStatus !== 'idle');
  const failed = [...unitResults, ...sectionResults].some((r) => r.isError);
  // A few hundred items at most (a student's courses): built afresh on each render.
  const units = new Map<string, Unit>();
  const byCourse = new Map<string, Unit[]>();
  courseIds.forEach((id, i) => {
    const list = unitResults[i]?.data;
    if (!list) return;
    byCourse.set(id, list);
    for (const u of list) units.set(u.id, u);
  });
  const sections = new Map<string, SectionSummary>();
  const byUnit = new Map<string, SectionSummary[]>();
  for (const result of sectionResults) {
    for (const s of result.data ?? []) {
      sections.set(s.id, s);
      byUnit.set(s.unitId, [...(byUnit.get(s.unitId) ?? []), s]);
    }
  }
  for (const list of byUnit.values()) list.sort((a, b) => a.sectionNumber - b.sectionNumber);
  return {
    units,
    sections,
    unitsOf: (id) => byCourse.get(id),
    sectionsOfUnit: (id) => byUnit.get(id) ?? [],
    loading,
    failed,
  };
}

export const runBatch = (role: Role, body: BatchAssignmentBody, failure: string) =>
  api.post<BatchAssignmentReply>(`/${role}/batch-assignments`, body, failure);
