/**
 * The question bank's calls as TanStack Query hooks; every mutation refreshes what it changes.
 * Each call's fallback is the screen's fixed text for a failed answer; screens pass the network-failure text to errorMessage.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Question, QuestionList, Tag, VariantPreviewReply } from '@common/schemas/questions';
import { api } from '../../api/client';
import { MESSAGES } from './messages';

export interface QuestionFilters {
  q: string;
  grade: string;
  focus: string;
  category: string;
  type: string;
  page: number;
  pageSize: number;
}

export function useQuestions(filters: QuestionFilters) {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize) });
  for (const key of ['q', 'grade', 'focus', 'category', 'type'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return useQuery({
    queryKey: ['questions', params.toString()],
    queryFn: () => api.get<QuestionList>(`/questions?${params}`, MESSAGES.loadFailed),
    placeholderData: keepPreviousData,
  });
}

export type TagKind = 'category' | 'focus';

/** Tags as the options of a select or chip picker. */
export const tagOptions = (tags: Tag[] | undefined) => (tags ?? []).map((t) => ({ value: t.id, label: t.name }));

export function useTags(kind: TagKind) {
  return useQuery({ queryKey: ['tags', kind], queryFn: () => api.get<Tag[]>(`/${kind}`, MESSAGES.tagsLoadFailed) });
}

/** Runs a call, then refreshes the question lists (and the tags, whose use may have changed). */
function useRefreshing<A, R>(call: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['questions'] }),
        client.invalidateQueries({ queryKey: ['tags'] }),
      ]),
  });
}

export const useCreateQuestion = () =>
  useRefreshing((form: FormData) =>
    api.post<{ message: string; question: Question }>('/questions', form, MESSAGES.createFailed),
  );
export const useUpdateQuestion = () =>
  useRefreshing(({ id, form }: { id: string; form: FormData }) =>
    api.put<{ message: string; question: Question }>(`/questions/${id}`, form, MESSAGES.updateFailed),
  );
export const useDeleteQuestion = () =>
  useRefreshing((id: string) => api.delete<{ message: string }>(`/questions/${id}`, MESSAGES.deleteFailed));
export const useBulkDelete = () =>
  useRefreshing((questionIds: string[]) =>
    api.post<{ message: string; deleted: number }>(
      '/questions/bulk-delete',
      { questionIds },
      MESSAGES.bulkDeleteFailed,
    ),
  );
export const useAddTag = (kind: TagKind) =>
  useRefreshing((name: string) =>
    api.post<Tag>(`/${kind}`, { name }, kind === 'category' ? MESSAGES.categoryAddFailed : MESSAGES.focusAddFailed),
  );
export const useDeleteTag = (kind: TagKind) =>
  useRefreshing((id: string) =>
    api.delete<{ message: string }>(
      `/${kind}/${id}`,
      kind === 'category' ? MESSAGES.categoryDeleteFailed : MESSAGES.focusDeleteFailed,
    ),
  );

/** Draws variants of a draft with random numbers, each with its self-checks (nothing is stored). */
export const usePreviewVariants = () =>
  useMutation({
    mutationFn: (draft: object) => api.post<VariantPreviewReply>('/questions/variants', draft, MESSAGES.previewFailed),
  });

/** The address of a stored attachment. */
export { uploadUrl } from '@common/schemas/questions';
