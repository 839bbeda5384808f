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
    queryFn: () => readSitting(attemptId),
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

/** The sitting as the server has it now: after a section's time ran out, or a break ended, the next phase. */
export const readSitting = (attemptId: string) =>
  api.get<{ attempt: Attempt }>(`/student/attempts/${attemptId}`, 'Failed to load the test').then((r) => r.attempt);

/** Ends the section in progress (the break before the next begins); ending the last one submits the sitting. */
export const endSection = (attemptId: string) =>
  api
    .post<{ attempt: Attempt }>(`/student/attempts/${attemptId}/end-section`, undefined, 'Failed to end the section')
    .then((r) => r.attempt);

/** During a break, starts the next section now. */
export const startSection = (attemptId: string) =>
  api
    .post<{ attempt: Attempt }>(
      `/student/attempts/${attemptId}/start-section`,
      undefined,
      'Failed to start the next section',
    )
    .then((r) => r.attempt);

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
