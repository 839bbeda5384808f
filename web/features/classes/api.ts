/** A class's calls (`/api/classes/...`) for admins and teachers; the server decides which classes a teacher may touch. */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassBody,
  ClassCourse,
  ClassCsvReply,
  ClassPerson,
  ClassStudent,
  ClassSummary,
  ClassTest,
  ClassTestBody,
  ClassUpdateBody,
} from '@common/schemas/classes';
import type { AssignedStudent } from '@common/schemas/learning';
import type { TestList } from '@common/schemas/tests';
import { api, errorMessage } from '../../api/client';
import type { Notifier } from '../../ui/Toast';

export type Role = 'admin' | 'teacher';

export const classKeys = {
  all: ['classes'] as const,
  list: ['classes', 'list'] as const,
  one: (id: string) => ['classes', id] as const,
  students: (id: string) => ['classes', id, 'students'] as const,
  courses: (id: string) => ['classes', id, 'courses'] as const,
  tests: (id: string) => ['classes', id, 'tests'] as const,
};

export const useClasses = () =>
  useQuery({
    queryKey: classKeys.list,
    queryFn: () => api.get<{ classes: ClassSummary[] }>('/classes', 'Failed to load classes').then((r) => r.classes),
  });

export const useClass = (id: string) =>
  useQuery({
    queryKey: classKeys.one(id),
    queryFn: () => api.get<{ class: ClassSummary }>(`/classes/${id}`, 'Failed to load the class').then((r) => r.class),
  });

export const useClassStudents = (id: string) =>
  useQuery({
    queryKey: classKeys.students(id),
    queryFn: () =>
      api
        .get<{ students: ClassStudent[] }>(`/classes/${id}/students`, 'Failed to load the students')
        .then((r) => r.students),
  });

export const useClassCourses = (id: string) =>
  useQuery({
    queryKey: classKeys.courses(id),
    queryFn: () =>
      api
        .get<{ courses: ClassCourse[] }>(`/classes/${id}/courses`, 'Failed to load the courses')
        .then((r) => r.courses),
  });

export const useClassTests = (id: string) =>
  useQuery({
    queryKey: classKeys.tests(id),
    queryFn: () =>
      api.get<{ tests: ClassTest[] }>(`/classes/${id}/tests`, 'Failed to load the tests').then((r) => r.tests),
  });

export const useTeacherOptions = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['classes', 'teacher-options'],
    queryFn: () =>
      api.get<{ teachers: ClassPerson[] }>('/classes/teachers', 'Failed to load teachers').then((r) => r.teachers),
  });

/** The students the caller may add (an admin every student, a teacher their own): the student manager's list. */
export const useMyStudents = (role: Role, q: string) =>
  useQuery({
    queryKey: ['classes', 'my-students', role, q],
    queryFn: () =>
      api.get<{ students: AssignedStudent[]; total: number }>(
        `/${role}/students?${new URLSearchParams({ pageSize: '100', ...(q.trim() ? { q: q.trim() } : {}) })}`,
        'Failed to load students',
      ),
    placeholderData: keepPreviousData,
  });

export const useCourseOptions = (role: Role) =>
  useQuery({
    queryKey: ['classes', 'course-options', role],
    queryFn: () =>
      api.get<Array<{ id: string; title: string }>>(
        role === 'admin' ? '/admin/courses' : '/courses',
        'Failed to load courses',
      ),
  });

export const useTestOptions = (q: string) =>
  useQuery({
    queryKey: ['classes', 'test-options', q],
    queryFn: () =>
      api.get<TestList>(
        `/tests?${new URLSearchParams({ pageSize: '50', ...(q.trim() ? { q: q.trim() } : {}) })}`,
        'Failed to load saved tests',
      ),
    placeholderData: keepPreviousData,
  });

/** Every read of a class again after a change (the lists' figures move with it). */
export function useRefreshClass() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: classKeys.all });
}

/**
 * A change made from a class's page: busy while it runs; then its message told (the one given, or the server's) and
 * the class read again, or the failure told in words. `run` answers whether the change was made.
 */
export function useClassChange(notify: Notifier) {
  const refresh = useRefreshClass();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, failure: string, done?: string): Promise<boolean> => {
    setBusy(true);
    try {
      const reply = await action();
      notify.success(done ?? (reply as { message: string }).message);
      await refresh();
      return true;
    } catch (error) {
      notify.error(errorMessage(error, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export const classCalls = {
  create: (body: ClassBody) =>
    api.post<{ class: ClassSummary }>('/classes', body, 'Failed to create the class').then((r) => r.class),
  update: (id: string, body: ClassUpdateBody) =>
    api.patch<{ class: ClassSummary }>(`/classes/${id}`, body, 'Failed to save the class').then((r) => r.class),
  remove: (id: string) => api.delete<{ message: string }>(`/classes/${id}`, 'Failed to delete the class'),
  addTeachers: (id: string, teacherIds: string[]) =>
    api.post<{ class: ClassSummary }>(`/classes/${id}/teachers`, { teacherIds }, 'Failed to add the teacher'),
  removeTeacher: (id: string, teacherId: string) =>
    api.delete<{ class: ClassSummary }>(`/classes/${id}/teachers/${teacherId}`, 'Failed to remove the teacher'),
  addStudents: (id: string, studentIds: string[]) =>
    api.post<{ message: string }>(`/classes/${id}/students`, { studentIds }, 'Failed to add the students'),
  addByCsv: (id: string, emails: string[]) =>
    api.post<ClassCsvReply>(`/classes/${id}/students/csv`, { emails }, 'Failed to upload the file'),
  removeStudent: (id: string, studentId: string) =>
    api.delete<{ message: string }>(`/classes/${id}/students/${studentId}`, 'Failed to remove the student'),
  regenerateCode: (id: string) =>
    api.post<{ joinCode: string }>(`/classes/${id}/join-code`, undefined, 'Failed to make a new code'),
  turnOffCode: (id: string) =>
    api.delete<{ joinCode: null }>(`/classes/${id}/join-code`, 'Failed to turn off the code'),
  giveCourse: (id: string, courseId: string) =>
    api.post<{ message: string }>(`/classes/${id}/courses`, { courseId }, 'Failed to give the course'),
  takeCourse: (id: string, courseId: string) =>
    api.delete<{ message: string }>(`/classes/${id}/courses/${courseId}`, 'Failed to take the course back'),
  hold: (id: string, level: 'unit' | 'section', itemId: string, held: boolean) =>
    api.put<{ message: string }>(`/classes/${id}/${level}s/${itemId}/hold`, { held }, 'Failed to change the course'),
  giveTest: (id: string, body: ClassTestBody) =>
    api.post<{ message: string }>(`/classes/${id}/tests`, body, 'Failed to give the test'),
  takeTest: (id: string, testId: string) =>
    api.delete<{ message: string }>(`/classes/${id}/tests/${testId}`, 'Failed to take the test back'),
};
