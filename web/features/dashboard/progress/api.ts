/** The progress charts' calls: a student's charts and target (`/api/students/:id/...`)  */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROGRESS_CHART_MESSAGES as M } from '@common/rules/progress-charts';
import type { StudentProgressCharts, TargetBody } from '@common/schemas/progress-charts';
import { api } from '../../../api/client';
import { progressKeys } from '../../../api/progress';

export const useStudentCharts = (studentId: string) =>
  useQuery({
    queryKey: progressKeys.student(studentId),
    queryFn: () => api.get<StudentProgressCharts>(`/students/${studentId}/progress-charts`, M.loadFailed),
  });

export function useSetTarget(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TargetBody) => api.put<TargetBody>(`/students/${studentId}/target`, body, M.saveTargetFailed),
    onSuccess: () => client.invalidateQueries({ queryKey: progressKeys.student(studentId) }),
  });
}
