import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course, CourseDeletePreview, Section, Unit } from '@common/schemas/courses';
import { CATALOGUE_KEY, catalogueKey } from '../../api/catalogue';
import { api } from '../../api/client';
import type { Entity } from './messages';

/** Query keys: every list under the catalogue's root, so one invalidation after a change refreshes every screen. */
export const keys = {
  all: CATALOGUE_KEY,
  courses: (admin: boolean) => catalogueKey('course-management', 'courses', admin ? 'admin' : 'staff'),
  units: (courseId: string) => catalogueKey('course-management', 'units', courseId),
  sections: (unitId: string) => catalogueKey('course-management', 'sections', unitId),
  /**
   * Outside the catalogue's root: it is read afresh each time the confirmation opens, and a refresh after the
   * delete would only ask again about the course just deleted.
   */
  deletePreview: (courseId: string) => ['course-delete-preview', courseId] as const,
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

/** Where each level is saved and deleted, as the server routes them: a new unit or section goes under its parent. */
const LEVEL_PATHS: Record<Entity, { path: string; under?: string; deleteQuery?: string }> = {
  // Deleting a course is an admin's; the dialog has shown what it reaches, so the delete is confirmed.
  course: { path: '/courses', deleteQuery: '?confirm=true' },
  unit: { path: '/units', under: '/courses' },
  section: { path: '/sections', under: '/units' },
};

/** Creates (under its parent, when it has one) or edits a course, unit or section; the body is its form schema's. */
export function useSaveLevel(entity: Entity) {
  const { path, under } = LEVEL_PATHS[entity];
  const failed = `Failed to save ${entity}`;
  return useChange(({ id, parentId, body }: { id?: string; parentId?: string; body: unknown }) =>
    id ? api.put(`${path}/${id}`, body, failed) : api.post(under ? `${under}/${parentId}${path}` : path, body, failed),
  );
}

export function useDeleteLevel(entity: Entity) {
  const { path, deleteQuery = '' } = LEVEL_PATHS[entity];
  return useChange((id: string) =>
    api.delete<{ message: string }>(`${path}/${id}${deleteQuery}`, `Failed to delete ${entity}`),
  );
}

/** What deleting a course reaches (its students and the saved tests using its questions), for the confirmation. */
export function useCourseDeletePreview(id: string | null) {
  return useQuery({
    queryKey: keys.deletePreview(id ?? ''),
    queryFn: () => api.get<CourseDeletePreview>(`/courses/${id}/delete-preview`, 'Failed to delete course'),
    enabled: !!id,
    staleTime: 0,
  });
}
