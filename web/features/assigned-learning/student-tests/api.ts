import { useQuery } from '@tanstack/react-query';
import type { Attempt, StudentTest } from '@common/schemas/test-taking';
import type { StudentDueReply } from '@common/schemas/due-dates';
import { api } from '../../../api/client';

export const testKeys = {
  list: ['student', 'tests'] as const,
  attempt: (id: string) => ['student', 'attempt', id] as const,
};

export function useStudentTests() {
  return useQuery({
    queryKey: testKeys.list,
    queryFn: () =>
      api.get<{ tests: StudentTest[] }>('/student/tests', 'Failed to load your tests').then((r) => r.tests),
  });
}

export function useAttempt(attemptId: string) {
  return useQuery({
    queryKey: testKeys.attempt(attemptId),
    queryFn: () =>
      api.get<{ attempt: Attempt }>(`/student/attempts/${attemptId}`, 'Failed to load the test').then((r) => r.attempt),
  });
}

export const startSitting = (assignmentId: string) =>
  api
    .post<{ attempt: Attempt }>(`/student/tests/${assignmentId}/start`, undefined, 'Failed to start the test')
    .then((r) => r.attempt);

export const saveAnswer = (attemptId: string, questionId: string, answer: string) =>
  api.put<{ savedAt: string; serverNow: string }>(
    `/student/attempts/${attemptId}/answers/${questionId}`,
    { answer },
    'Your answer could not be saved',
  );

export const submitSitting = (attemptId: string) =>
  api
    .post<{ attempt: Attempt }>(`/student/attempts/${attemptId}/submit`, undefined, 'Failed to submit the test')
    .then((r) => r.attempt);

/** What the student has due (sections and tests with a window), soonest first, with each one's state. */
export function useStudentDue() {
  return useQuery({
    queryKey: ['student', 'due'] as const,
    queryFn: () => api.get<StudentDueReply>('/student/due', 'Failed to load what you have due').then((r) => r.items),
  });
}
