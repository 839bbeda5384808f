import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckAnswerReply, CourseDetail, StudentCourse, StudentQuestion, StudentStats } from '@common/schemas/learning';
import { api } from '../../api/client';

export const studentKeys = {
  courses: ['student', 'courses'] as const,
  course: (id: string) => ['student', 'course', id] as const,
  stats: ['student', 'stats'] as const,
  questions: (ids: readonly string[]) => ['student', 'questions', ...ids] as const,
};

export function useStudentCourses() {
  return useQuery({
    queryKey: studentKeys.courses,
    queryFn: () => api.get<{ courses: StudentCourse[] }>('/student/courses', 'Failed to load courses').then((r) => r.courses),
  });
}

export function useCourseDetail(id: string) {
  return useQuery({ queryKey: studentKeys.course(id), queryFn: () => api.get<CourseDetail>(`/student/courses/${id}`, 'Failed to load course details') });
}

export function useStudentStats() {
  return useQuery({ queryKey: studentKeys.stats, queryFn: () => api.get<StudentStats>('/student/stats') });
}

/** One batch call for a section's questions; a failure marks all of them failed. */
export function useQuestionBatch(ids: readonly string[]) {
  return useQuery({
    queryKey: studentKeys.questions(ids),
    queryFn: () => api.post<StudentQuestion[]>('/questions/batch', { questionIds: ids }),
    enabled: ids.length > 0,
    retry: false,
  });
}

export function useCheckAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { questionId: string; studentAnswer: string; sectionId?: string }) => api.post<CheckAnswerReply>('/questions/check-answer', body),
    // Every check moves the dashboard's average.
    onSuccess: () => client.invalidateQueries({ queryKey: studentKeys.stats }),
  });
}
