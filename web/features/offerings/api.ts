import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course } from '@common/schemas/courses';
import type { AdminOffering, OfferingInput } from '@common/schemas/offerings';
import type { TestList } from '@common/schemas/tests';
import { api } from '../../api/client';
import { OFFERINGS_KEY } from '../../api/offerings';

const keys = {
  admin: [...OFFERINGS_KEY, 'admin'] as const,
  courses: [...OFFERINGS_KEY, 'admin', 'courses'] as const,
  tests: [...OFFERINGS_KEY, 'admin', 'tests'] as const,
};

export const LOAD_FAILED = 'Failed to load offerings';
export const SAVE_FAILED = 'Failed to save offering';

type Saved = { message: string; offering: AdminOffering };

export function useAdminOfferings() {
  return useQuery({ queryKey: keys.admin, queryFn: () => api.get<AdminOffering[]>('/admin/offerings', LOAD_FAILED) });
}

/** What an offering may grant: our courses, and the newest active saved tests (mock-test packages). */
export function useGrantable(enabled: boolean) {
  const courses = useQuery({
    queryKey: keys.courses,
    queryFn: () => api.get<Course[]>('/admin/courses', 'Failed to load courses'),
    enabled,
  });
  const tests = useQuery({
    queryKey: keys.tests,
    queryFn: () => api.get<TestList>('/tests?pageSize=50', 'Failed to load saved tests'),
    enabled,
  });
  return { courses, tests };
}

/** Every change refreshes the admin list and what visitors read (the catalogue, its pages and search). */
function useChange<V, T>(run: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: OFFERINGS_KEY }) });
}

export const useSaveOffering = () =>
  useChange(({ id, body }: { id?: string; body: Partial<OfferingInput> }) =>
    id
      ? api.put<Saved>(`/admin/offerings/${id}`, body, SAVE_FAILED)
      : api.post<Saved>('/admin/offerings', body, SAVE_FAILED),
  );

export const useDeleteOffering = () =>
  useChange((id: string) => api.delete<{ message: string }>(`/admin/offerings/${id}`, 'Failed to delete offering'));

export const useReorderOfferings = () =>
  useChange((ids: string[]) => api.put<AdminOffering[]>('/admin/offerings/order', { ids }, 'Failed to save the order'));

export const useOfferingImage = () =>
  useChange(({ id, file }: { id: string; file: File | null }) => {
    if (!file) return api.delete<Saved>(`/admin/offerings/${id}/image`, 'Failed to remove the image');
    const form = new FormData();
    form.append('image', file);
    return api.put<Saved>(`/admin/offerings/${id}/image`, form, 'Failed to save the image');
  });
