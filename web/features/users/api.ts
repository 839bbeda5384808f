import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES } from '@common/rules';
import type {
  AdminUser,
  ImportReply,
  RegisterBody,
  UsersQuery,
  UsersReply,
  UserUpdateBody,
} from '@common/schemas/users';
import { api } from '../../api/client';

export const keys = {
  all: ['admin-users'] as const,
  list: (query: UsersQuery) => ['admin-users', 'list', query] as const,
  students: (q: string) => ['admin-users', 'students', q] as const,
};

function search(query: UsersQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** One page of the users table; the page on show stays while the next loads. */
export function useUsers(query: UsersQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: () => api.get<UsersReply>(`/admin/users?${search(query)}`, USER_MESSAGES.fetchFailed),
    placeholderData: keepPreviousData,
  });
}

/** Students to pick as a parent's children or a teacher's students: the first 20 matches of a search. */
export function useStudentSearch(q: string) {
  return useQuery({
    queryKey: keys.students(q),
    queryFn: () =>
      api.get<UsersReply>(`/admin/users?${search({ type: 'student', q, limit: 20 })}`, USER_MESSAGES.fetchFailed),
    placeholderData: keepPreviousData,
  });
}

/** Every change refetches the users pages (the current one with its paging) and the stat cards. */
function useChange<T, V>(run: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: keys.all }) });
}

export const useUpdateUser = () =>
  useChange(({ id, body }: { id: string; body: UserUpdateBody }) =>
    api.put<{ message: string; user: AdminUser }>(`/admin/users/${id}`, body, USER_MESSAGES.updateFailed),
  );
export const useDeleteUser = () =>
  useChange((id: string) => api.delete<{ message: string }>(`/admin/users/${id}`, USER_MESSAGES.deleteFailed));
export const useRegisterUser = () =>
  useChange((body: RegisterBody) =>
    api.post<{ message: string; user: AdminUser }>('/admin/register', body, USER_MESSAGES.registerFailed),
  );
export const useImportStudents = () =>
  useChange(({ rows, dryRun }: { rows: Array<Record<string, string>>; dryRun: boolean }) =>
    api.post<ImportReply>(
      '/admin/users/import',
      { rows, dryRun },
      dryRun
        ? 'The file could not be checked. Please try again.'
        : 'Import failed. Nothing was imported; please try again.',
    ),
  );
