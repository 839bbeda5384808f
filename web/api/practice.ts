/**
 * The student's practice session: read, started and finished here, and made stale by every checked answer (the
 * learner's pages count answered items from it).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRACTICE_MESSAGES as M } from '@common/rules/practice';
import type { PracticeSessionReply } from '@common/schemas/practice';
import { api } from './client';

export const practiceKeys = { session: ['practice', 'session'] as const };

export function usePracticeSession() {
  return useQuery({
    queryKey: practiceKeys.session,
    queryFn: () => api.get<PracticeSessionReply>('/student/practice', M.failed),
  });
}

/** Starts a session (or returns the open one); its reply replaces the cached session. */
export function useStartPractice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PracticeSessionReply>('/student/practice', undefined, M.failed),
    onSuccess: (reply) => client.setQueryData(practiceKeys.session, reply),
  });
}

/** Finishes a session, then starts the next one at once ("New session"). */
export function useNewPractice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      await api.post<{ finished: true }>(
        `/student/practice/${encodeURIComponent(sessionId)}/finish`,
        undefined,
        M.failed,
      );
      return api.post<PracticeSessionReply>('/student/practice', undefined, M.failed);
    },
    onSuccess: (reply) => client.setQueryData(practiceKeys.session, reply),
  });
}
