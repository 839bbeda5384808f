import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckAnswerReply,
  CourseDetail,
  CourseProgressReply,
  SectionProgress,
  SolutionReply,
  StudentCourse,
  StudentQuestion,
  StudentStats,
} from '@common/schemas/learning';
import type { SharedNote } from '@common/schemas/student-work';
import { api } from '../../api/client';
import { skillKeys } from '../../api/mastery';
import { progressKeys } from '../../api/progress';
import { practiceKeys } from '../../api/practice';

export const studentKeys = {
  courses: ['student', 'courses'] as const,
  course: (id: string) => ['student', 'course', id] as const,
  stats: ['student', 'stats'] as const,
  courseProgress: (id: string) => ['student', 'course-progress', id] as const,
  progress: (sectionId: string) => ['student', 'progress', sectionId] as const,
  questions: (ids: readonly string[]) => ['student', 'questions', ...ids] as const,
  /** A question's solution, per variant for one with random numbers (null for one without). */
  solution: (id: string, variant: number | null) => ['student', 'solution', id, variant] as const,
};

/** A question's worked solution, asked for only when the student opens it; the server decides whether it is theirs yet. */
export function useSolution(questionId: string, variant: number | null, wanted: boolean) {
  return useQuery({
    queryKey: studentKeys.solution(questionId, variant),
    queryFn: () =>
      api.get<SolutionReply>(
        `/questions/${encodeURIComponent(questionId)}/solution`,
        'Could not load the solution. Please try again.',
      ),
    enabled: wanted,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * Records that the student opened a question's hint, for their teachers (the server keeps the first time). It
 * changes nothing the student sees: a failure is let go.
 */
export function useHintOpened(questionId: string) {
  return useMutation({
    mutationFn: () =>
      api.post<void>(
        `/student/questions/${encodeURIComponent(questionId)}/hint-opened`,
        undefined,
        'Could not record the hint opened.',
      ),
  });
}

/** The notes the student's teachers left them, newest first. */
export const useMyNotes = () =>
  useQuery({
    queryKey: ['student', 'notes'] as const,
    queryFn: () =>
      api
        .get<{ notes: SharedNote[] }>('/student/notes', 'Could not load the notes from your teacher.')
        .then((r) => r.notes),
  });

export function useStudentCourses() {
  return useQuery({
    queryKey: studentKeys.courses,
    queryFn: () =>
      api.get<{ courses: StudentCourse[] }>('/student/courses', 'Failed to load courses').then((r) => r.courses),
  });
}

export function useCourseDetail(id: string) {
  return useQuery({
    queryKey: studentKeys.course(id),
    queryFn: () => api.get<CourseDetail>(`/student/courses/${id}`, 'Failed to load course details'),
  });
}

/** Each open section of a course with its exercises and how many are solved: the units and sections pages' progress. */
export function useCourseProgress(courseId: string) {
  return useQuery({
    queryKey: studentKeys.courseProgress(courseId),
    queryFn: () =>
      api.get<CourseProgressReply>(
        `/student/courses/${encodeURIComponent(courseId)}/progress`,
        'Failed to load your progress',
      ),
  });
}

export function useStudentStats() {
  return useQuery({
    queryKey: studentKeys.stats,
    queryFn: () => api.get<StudentStats>('/student/stats', 'Failed to load your progress'),
  });
}

/** Each exercise of a section: how many checks, and the try that solved it. */
export function useSectionProgress(sectionId: string) {
  return useQuery({
    queryKey: studentKeys.progress(sectionId),
    queryFn: () => api.get<SectionProgress>(`/student/sections/${sectionId}/progress`, 'Failed to load your progress'),
  });
}

/** One batch call for a section's questions; a failure marks all of them failed. */
export function useQuestionBatch(ids: readonly string[]) {
  return useQuery({
    queryKey: studentKeys.questions(ids),
    queryFn: () =>
      api.post<StudentQuestion[]>('/questions/batch', { questionIds: ids }, 'Failed to load the questions'),
    enabled: ids.length > 0,
    retry: false,
  });
}

/**
 * "Show me another": a new variant of a question with random numbers, after two wrong answers to the one shown. The
 * section's and the practice's lists take it at once, so a return to the page finds the new numbers.
 */
export function useAnotherVariant(questionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<StudentQuestion>(
        `/student/questions/${encodeURIComponent(questionId)}/another`,
        undefined,
        'Could not get another question. Please try again.',
      ),
    onSuccess: (next) => {
      client.setQueriesData<StudentQuestion[]>({ queryKey: ['student', 'questions'] }, (list) =>
        list?.map((q) => (q.id === next.id ? next : q)),
      );
      void client.invalidateQueries({ queryKey: practiceKeys.session });
    },
  });
}

export function useCheckAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { questionId: string; studentAnswer: string; sectionId?: string }) =>
      api.post<CheckAnswerReply>('/questions/check-answer', body, 'Your answer could not be checked'),
    // Every check moves the dashboard's figures and charts, the skill levels and the section's per-question progress;
    // the verdict does not wait for them.
    onSuccess: (_reply, body) => {
      void client.invalidateQueries({ queryKey: studentKeys.stats });
      void client.invalidateQueries({ queryKey: ['student', 'course-progress'] });
      if (body.sectionId) void client.invalidateQueries({ queryKey: studentKeys.progress(body.sectionId) });
      void client.invalidateQueries({ queryKey: progressKeys.all });
      void client.invalidateQueries({ queryKey: skillKeys.all });
      if (!body.sectionId) void client.invalidateQueries({ queryKey: practiceKeys.session });
    },
  });
}
