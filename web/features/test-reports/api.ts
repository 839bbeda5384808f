import { useQuery } from '@tanstack/react-query';
import type { AssignedStudent } from '@common/schemas/learning';
import type { DisagreeingOverride, SittingReview, SittingReviewBody } from '@common/schemas/sitting-review';
import type { GiveTestBody, GivenTest, TestResults } from '@common/schemas/test-taking';
import type { TestDetail } from '@common/schemas/tests';
import { api } from '../../api/client';

export const resultKeys = {
  test: (id: string) => ['saved-test', id] as const,
  givenTests: (id: string) => ['saved-test', id, 'given-tests'] as const,
  results: (id: string) => ['saved-test', id, 'results'] as const,
  students: (role: 'admin' | 'teacher') => ['saved-test', 'students', role] as const,
  review: (testId: string, attemptId: string) => ['saved-test', testId, 'sittings', attemptId] as const,
};

const reviewUrl = (testId: string, attemptId: string) =>
  `/tests/${encodeURIComponent(testId)}/sittings/${encodeURIComponent(attemptId)}`;

export const useSittingReview = (testId: string, attemptId: string) =>
  useQuery({
    queryKey: resultKeys.review(testId, attemptId),
    queryFn: () =>
      api
        .get<{ review: SittingReview }>(reviewUrl(testId, attemptId), 'Failed to load the sitting')
        .then((r) => r.review),
  });

export const saveSittingReview = (testId: string, attemptId: string, body: SittingReviewBody) =>
  api.put<{ message: string; review: SittingReview }>(reviewUrl(testId, attemptId), body, 'Failed to save the review');

export const useSavedTest = (id: string) =>
  useQuery({
    queryKey: resultKeys.test(id),
    queryFn: () => api.get<TestDetail>(`/tests/${id}`, 'Failed to load the test'),
  });

export const useGivenTests = (id: string) =>
  useQuery({
    queryKey: resultKeys.givenTests(id),
    queryFn: () =>
      api
        .get<{ assignments: GivenTest[] }>(`/tests/${id}/assignments`, 'Failed to load the assignments')
        .then((r) => r.assignments),
  });

export const useResults = (id: string) =>
  useQuery({
    queryKey: resultKeys.results(id),
    queryFn: () => api.get<TestResults>(`/tests/${id}/results`, 'Failed to load the results'),
  });

/** An admin picks from every student, a teacher from their own (the server decides again when the test is given). */
export const useStudents = (role: 'admin' | 'teacher') =>
  useQuery({
    queryKey: resultKeys.students(role),
    queryFn: () =>
      api.get<{ students: AssignedStudent[] }>(`/${role}/students`, 'Failed to load students').then((r) => r.students),
  });

export const giveTest = (id: string, body: GiveTestBody) =>
  api.post<{ message: string; assignments: GivenTest[] }>(`/tests/${id}/assign`, body, 'Failed to assign the test');

export const releaseResults = (id: string) =>
  api.post<{ message: string; released: number }>(`/tests/${id}/release`, undefined, 'Failed to release the results');

export const rescoreResults = (id: string) =>
  api.post<{ message: string; rescored: number; changed: number; disagreeing: DisagreeingOverride[] }>(
    `/tests/${id}/rescore`,
    undefined,
    'Failed to re-score the results',
  );
