/**
 * The calls of the section questions screen ("Question Assignment"). The hierarchy loads one level at a time: the courses,
 * then a course's units (`?courseId=`) and a unit's sections (`?unitId=`) when they are opened, from the
 * admin or teacher list of the signed-in role, never the whole catalogue.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course, SectionSummary, Unit } from '@common/schemas/courses';
import type { StaffQuestion } from '@common/schemas/learning';
import type { QuestionList } from '@common/schemas/questions';
import { catalogueKey } from '../../../api/catalogue';
import { api } from '../../../api/client';
import { SECTION_QUESTIONS_MESSAGES, AVAILABLE_PAGE_SIZE } from './messages';
import { MESSAGES } from '../messages';

export type StaffRole = 'admin' | 'teacher';

export const keys = {
  hierarchy: catalogueKey('section-questions'),
  sectionQuestions: (sectionId: string) => ['section-questions', sectionId] as const,
};

export function useHierarchyCourses(role: StaffRole) {
  return useQuery({
    queryKey: [...keys.hierarchy, role, 'courses'],
    queryFn: () =>
      api.get<Course[]>(role === 'admin' ? '/admin/courses' : '/courses', SECTION_QUESTIONS_MESSAGES.hierarchyFailed),
  });
}

export function useCourseUnits(role: StaffRole, courseId: string) {
  return useQuery({
    queryKey: [...keys.hierarchy, role, 'units', courseId],
    queryFn: () => api.get<Unit[]>(`/${role}/units?courseId=${encodeURIComponent(courseId)}`, 'Failed to load units'),
  });
}

export function useUnitSections(role: StaffRole, unitId: string) {
  return useQuery({
    queryKey: [...keys.hierarchy, role, 'sections', unitId],
    queryFn: () =>
      api.get<SectionSummary[]>(`/${role}/sections?unitId=${encodeURIComponent(unitId)}`, 'Failed to load sections'),
  });
}

/** Refresh: every level read again, the open ones at once. */
export function useRefreshHierarchy() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.hierarchy });
}

export interface AvailableFilters {
  q: string;
  category: string;
  type: string;
  page: number;
}

/** A page of the bank, without the questions the chosen section already holds. */
export function useAvailableQuestions(filters: AvailableFilters, sectionId: string | null) {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(AVAILABLE_PAGE_SIZE) });
  for (const key of ['q', 'category', 'type'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (sectionId) params.set('excludeAssignedToSection', sectionId);
  return useQuery({
    queryKey: ['questions', params.toString()],
    queryFn: () => api.get<QuestionList>(`/questions?${params}`, MESSAGES.loadFailed),
    placeholderData: keepPreviousData,
  });
}

export function useSectionQuestions(sectionId: string | null) {
  return useQuery({
    queryKey: keys.sectionQuestions(sectionId ?? ''),
    queryFn: () =>
      api
        .get<{ questions: StaffQuestion[] }>(`/sections/${sectionId}/questions`, SECTION_QUESTIONS_MESSAGES.listFailed)
        .then((r) => r.questions),
    enabled: !!sectionId,
  });
}

/** Adding and removing reload the section's and the available lists. */
function useReloading<A, R>(call: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['section-questions'] }),
        client.invalidateQueries({ queryKey: ['questions'] }),
      ]),
  });
}

export const useAddSectionQuestions = () =>
  useReloading(({ sectionId, questionIds }: { sectionId: string; questionIds: string[] }) =>
    api.post<{ message: string; assigned: number }>(
      '/questions/assign-to-section',
      { sectionId, questionIds },
      SECTION_QUESTIONS_MESSAGES.addFailed,
    ),
  );

export const useRemoveSectionQuestion = () =>
  useReloading(({ sectionId, questionId }: { sectionId: string; questionId: string }) =>
    api.delete<{ message: string }>(
      `/sections/${sectionId}/questions/${questionId}`,
      SECTION_QUESTIONS_MESSAGES.removeFailed,
    ),
  );

/**
 * Stores the section's new order. The list shows the new order at once; a refused order puts the list back as
 * the server has it.
 */
export function useReorderSectionQuestions(sectionId: string | null) {
  const client = useQueryClient();
  const key = keys.sectionQuestions(sectionId ?? '');
  return useMutation({
    mutationFn: (ordered: StaffQuestion[]) =>
      api.put<{ message: string; exercises: string[] }>(
        `/sections/${sectionId}/questions/order`,
        { questionIds: ordered.map((q) => q.id) },
        SECTION_QUESTIONS_MESSAGES.orderFailed,
      ),
    onMutate: async (ordered) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<StaffQuestion[]>(key);
      client.setQueryData(key, ordered);
      return { before };
    },
    onError: (_error, _ordered, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
