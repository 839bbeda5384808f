import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAMILY_MESSAGES } from '@common/rules';
import {
  DASHBOARD_MESSAGES,
  type AdminDashboard,
  type ChildProgress,
  type TeacherDashboard,
} from '@common/schemas/dashboards';
import type { ChildAccountBody } from '@common/schemas/families';
import type { ChildTestResult } from '@common/schemas/test-taking';
import type { ExamReport } from '@common/schemas/exams';
import { DESK_MESSAGES } from '@common/rules';
import type { DeskSummary } from '@common/schemas/desk';
import type { SharedNote } from '@common/schemas/student-work';
import { api } from '../../api/client';

export const dashboardKeys = {
  admin: ['dashboard', 'admin'] as const,
  teacher: ['dashboard', 'teacher'] as const,
  children: ['dashboard', 'children'] as const,
  child: (id: string) => ['dashboard', 'children', id] as const,
  childTests: (id: string) => ['dashboard', 'children', id, 'tests'] as const,
  childNotes: (id: string) => ['dashboard', 'children', id, 'notes'] as const,
  childReport: (id: string, attemptId: string) => ['dashboard', 'children', id, 'tests', attemptId, 'report'] as const,
};

/** The failure shown when the server names none. */
export const CHILD_REPORT_FAILED = 'Failed to load the score report';

/** The new booking requests waiting in the inbox; under the desk's key, so an inbox change refetches it. */
export const useDeskSummary = () =>
  useQuery({
    queryKey: ['desk', 'summary'],
    queryFn: () => api.get<DeskSummary>('/admin/desk/summary', DESK_MESSAGES.inboxLoadFailed),
  });

export const useAdminDashboard = () =>
  useQuery({
    queryKey: dashboardKeys.admin,
    queryFn: () => api.get<AdminDashboard>('/admin/dashboard', DASHBOARD_MESSAGES.loadFailed),
  });

export const useTeacherDashboard = () =>
  useQuery({
    queryKey: dashboardKeys.teacher,
    queryFn: () => api.get<TeacherDashboard>('/teacher/dashboard', DASHBOARD_MESSAGES.loadFailed),
  });

/**
 * A parent's children with their progress, read afresh on every visit and whenever the parent comes back to the
 * window, so a child's latest checks show without a reload.
 */
const fresh = { staleTime: 0, refetchOnWindowFocus: 'always' } as const;

export const useChildren = () =>
  useQuery({
    queryKey: dashboardKeys.children,
    queryFn: () =>
      api
        .get<{ children: ChildProgress[] }>('/parent/children', DASHBOARD_MESSAGES.progressFailed)
        .then((r) => r.children),
    ...fresh,
  });

/** One child's report; another parent's child is 404, shown as not found. */
export const useChild = (id: string) =>
  useQuery({
    queryKey: dashboardKeys.child(id),
    queryFn: () =>
      api.get<ChildProgress>(`/parent/children/${encodeURIComponent(id)}`, DASHBOARD_MESSAGES.progressFailed),
    retry: false,
    ...fresh,
  });

/** One child's released test results, newest first. */
export const useChildTests = (id: string) =>
  useQuery({
    queryKey: dashboardKeys.childTests(id),
    queryFn: () =>
      api
        .get<{ results: ChildTestResult[] }>(
          `/parent/children/${encodeURIComponent(id)}/tests`,
          DASHBOARD_MESSAGES.testsFailed,
        )
        .then((r) => r.results),
    retry: false,
    ...fresh,
  });

/** A parent's changes to their family; the children are read again after each. */
function useFamilyChange<T>(run: (input: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.children }),
  });
}

export const useCreateChild = () =>
  useFamilyChange((form: ChildAccountBody) =>
    api.post<{ message: string }>('/parent/children', form, FAMILY_MESSAGES.addChildFailed),
  );

export const useInviteStudent = () =>
  useFamilyChange((email: string) =>
    api.post<{ message: string }>('/parent/invitations', { email }, FAMILY_MESSAGES.inviteFailed),
  );

export const useRemoveChild = () =>
  useFamilyChange((id: string) =>
    api.delete<{ message: string }>(`/parent/children/${encodeURIComponent(id)}`, FAMILY_MESSAGES.removeFailed),
  );

/** The score report of a child's released exam-style test (404 when it has none, or is not the parent's child's). */
export const useChildExamReport = (id: string, attemptId: string) =>
  useQuery({
    queryKey: dashboardKeys.childReport(id, attemptId),
    queryFn: () =>
      api.get<{ name: string; submittedAt: string; report: ExamReport }>(
        `/parent/children/${encodeURIComponent(id)}/tests/${encodeURIComponent(attemptId)}/report`,
        CHILD_REPORT_FAILED,
      ),
    retry: false,
  });

/** A child's notes from their teachers marked for parents, newest first; another parent's child is 404. */
export const useChildNotes = (id: string) =>
  useQuery({
    queryKey: dashboardKeys.childNotes(id),
    queryFn: () =>
      api
        .get<{ notes: SharedNote[] }>(`/parent/children/${encodeURIComponent(id)}/notes`, 'Could not load the notes.')
        .then((r) => r.notes),
    retry: false,
    ...fresh,
  });
