import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Course,
  CourseDeletePreview,
  CourseInput,
  Section,
  SectionInput,
  Unit,
  UnitInput,
} from '@common/schemas/courses';
import { CATALOGUE_KEY, catalogueKey } from '../../api/catalogue';
import { api } from '../../api/client';

/** Query keys: every list under the catalogue's root, so one invalidation after a change refreshes every screen. */
export const keys = {
  all: CATALOGUE_KEY,
  courses: (admin: boolean) => catalogueKey('course-management', 'courses', admin ? 'admin' : 'staff'),
  units: (courseId: string) => catalogueKey('course-management', 'units', courseId),
  sections: (unitId: string) => catalogueKey('course-management', 'sections', unitId),
};

/** Admins read the admin list (it is for admins only); teachers and data-entry staff the shared one. */
export function useCourses(admin: boolean) {
  return useQuery({
    queryKey: keys.courses(admin),
    queryFn: () => api.get<Course[]>(admin ? '/admin/courses' : '/courses', 'Failed to load courses'),
  });
}

export function useUnits(courseId: string | null) {
  return useQuery({
    queryKey: keys.units(courseId ?? ''),
    queryFn: () => api.get<Unit[]>(`/courses/${courseId}/units`, 'Failed to load units'),
    enabled: !!courseId,
  });
}

export function useSections(unitId: string | null) {
  return useQuery({
    queryKey: keys.sections(unitId ?? ''),
    queryFn: () => api.get<Section[]>(`/units/${unitId}/sections`, 'Failed to load sections'),
    enabled: !!unitId,
  });
}

/** Saves and deletes; each refreshes the course lists, whose counts change with any of them. */
function useChange<T, V>(run: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useSaveCourse = () =>
  useChange(({ id, body }: { id?: string; body: CourseInput }) =>
    id
      ? api.put<Course>(`/courses/${id}`, body, 'Failed to save course')
      : api.post<Course>('/courses', body, 'Failed to save course'),
  );
/** Deleting a course is an admin's; the dialog has shown what it reaches, so the delete is confirmed. */
export const useDeleteCourse = () =>
  useChange((id: string) => api.delete<{ message: string }>(`/courses/${id}?confirm=true`, 'Failed to delete course'));

/** What deleting a course reaches (its students and the saved tests using its questions), for the confirmation. */
export function useCourseDeletePreview(id: string | null) {
  return useQuery({
    queryKey: ['courses', 'delete-preview', id ?? ''],
    queryFn: () => api.get<CourseDeletePreview>(`/courses/${id}/delete-preview`, 'Failed to delete course'),
    enabled: !!id,
    staleTime: 0,
  });
}

export const useSaveUnit = () =>
  useChange(({ id, courseId, body }: { id?: string; courseId: string; body: UnitInput }) =>
    id
      ? api.put<Unit>(`/units/${id}`, body, 'Failed to save unit')
      : api.post<Unit>(`/courses/${courseId}/units`, body, 'Failed to save unit'),
  );
export const useDeleteUnit = () =>
  useChange((id: string) => api.delete<{ message: string }>(`/units/${id}`, 'Failed to delete unit'));

export const useSaveSection = () =>
  useChange(({ id, unitId, body }: { id?: string; unitId: string; body: SectionInput }) =>
    id
      ? api.put<Section>(`/sections/${id}`, body, 'Failed to save section')
      : api.post<Section>(`/units/${unitId}/sections`, body, 'Failed to save section'),
  );
export const useDeleteSection = () =>
  useChange((id: string) => api.delete<{ message: string }>(`/sections/${id}`, 'Failed to delete section'));
