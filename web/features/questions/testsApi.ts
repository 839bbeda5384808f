/** The test generator's calls: saved tests (`POST /api/tests` and the rest of /api/tests) and the random draw. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEST_MESSAGES } from '@common/rules';
import type {
  RandomDrawInput,
  RandomDrawResult,
  TestDetail,
  TestInput,
  TestList,
  TestPapers,
} from '@common/schemas/tests';
import { api } from '../../api/client';

export interface SavedTestFilters {
  q: string;
  type: string;
  /** Active tests unless told: archived ones are kept for their results, out of the builder's way. */
  status?: 'active' | 'archived' | 'all';
  page: number;
}

export function useSavedTests(filters: SavedTestFilters) {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: '5' });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.type) params.set('type', filters.type);
  if (filters.status && filters.status !== 'active') params.set('status', filters.status);
  return useQuery({
    queryKey: ['tests', params.toString()],
    queryFn: () => api.get<TestList>(`/tests?${params}`, TEST_MESSAGES.loadFailed),
    placeholderData: keepPreviousData,
  });
}

export const useTest = (id: string) =>
  useQuery({ queryKey: ['test', id], queryFn: () => api.get<TestDetail>(`/tests/${id}`, 'Failed to load test') });

/** A test's printed papers in `versions` versions, each with its own variants: asked only for a test with random numbers. */
export const useTestPapers = (id: string, versions: number, wanted: boolean) =>
  useQuery({
    queryKey: ['test', id, 'papers', versions],
    queryFn: () => api.get<TestPapers>(`/tests/${id}/papers?versions=${versions}`, 'Failed to load test'),
    enabled: wanted,
  });

/** Runs a call, then refreshes the saved tests. */
function useRefreshing<A, R>(call: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['tests'] }),
        client.invalidateQueries({ queryKey: ['test'] }),
      ]),
  });
}

type Saved = { message: string; test: TestDetail };
export const useSaveTest = () =>
  useRefreshing(({ id, test }: { id: string | null; test: TestInput }) =>
    id
      ? api.put<Saved>(`/tests/${id}`, test, TEST_MESSAGES.saveFailed)
      : api.post<Saved>('/tests', test, TEST_MESSAGES.saveFailed),
  );
export const useDuplicateTest = () =>
  useRefreshing((id: string) => api.post<Saved>(`/tests/${id}/duplicate`, {}, 'Failed to duplicate test'));
export const useDeleteTest = () =>
  useRefreshing((id: string) => api.delete<{ message: string }>(`/tests/${id}`, TEST_MESSAGES.deleteFailed));
/** Archives a test (or restores it): kept with its results, out of the lists to build and assign from. */
export const useArchiveTest = () =>
  useRefreshing(({ id, archive }: { id: string; archive: boolean }) =>
    api.post<Saved>(
      `/tests/${id}/${archive ? 'archive' : 'restore'}`,
      {},
      archive ? TEST_MESSAGES.archiveFailed : TEST_MESSAGES.restoreFailed,
    ),
  );

export const drawRandom = (draw: RandomDrawInput) =>
  api.post<RandomDrawResult>('/tests/random', draw, 'Failed to pick random questions');
