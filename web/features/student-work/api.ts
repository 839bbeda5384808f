import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STUDENT_WORK_MESSAGES as M } from '@common/rules';
import type { Accommodations } from '@common/rules/exams';
import type { Note, NoteBody, StudentWork } from '@common/schemas/student-work';
import { api } from '../../api/client';

const studentPath = (id: string) => `/students/${encodeURIComponent(id)}`;

export const workKeys = {
  student: (id: string) => ['student-work', id] as const,
  page: (id: string, page: number) => ['student-work', id, page] as const,
};

/** One page of a student's work, read afresh on each visit: the student may have answered since. */
export const useStudentWork = (id: string, page: number) =>
  useQuery({
    queryKey: workKeys.page(id, page),
    queryFn: () => api.get<StudentWork>(`${studentPath(id)}/work?page=${page}`, M.loadFailed),
    retry: false,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

/** Gives the student new numbers for a question with random numbers; their work is read again. */
export function useNewVariant(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) =>
      api.post<{ message: string; variant: number }>(
        `${studentPath(studentId)}/questions/${encodeURIComponent(questionId)}/new-variant`,
        undefined,
        'Could not give new numbers. Please try again.',
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: workKeys.student(studentId) }),
  });
}

type NoteReply = { message: string; note: Note };

/** Writes, changes or deletes a note; the student's work (which lists the notes) is read again. */
export function useNoteActions(studentId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: workKeys.student(studentId) });
  const notes = `${studentPath(studentId)}/notes`;
  return {
    add: useMutation({
      mutationFn: (body: NoteBody) => api.post<NoteReply>(notes, body, 'Could not save the note. Please try again.'),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: NoteBody }) =>
        api.put<NoteReply>(`${notes}/${encodeURIComponent(id)}`, body, 'Could not save the note. Please try again.'),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        api.delete<{ message: string }>(
          `${notes}/${encodeURIComponent(id)}`,
          'Could not delete the note. Please try again.',
        ),
      onSuccess: refresh,
    }),
  };
}

export const ACCOMMODATIONS_FAILED = 'Failed to load the accommodations';
const accommodationsKey = (id: string) => ['accommodations', id] as const;

/** The student's accommodations for timed tests, as their teachers and admins set them. */
export const useAccommodations = (studentId: string) =>
  useQuery({
    queryKey: accommodationsKey(studentId),
    queryFn: async () =>
      (
        await api.get<{ accommodations: Accommodations }>(
          `${studentPath(studentId)}/accommodations`,
          ACCOMMODATIONS_FAILED,
        )
      ).accommodations,
    retry: false,
  });

export function useSaveAccommodations(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Accommodations) =>
      api.put<{ message: string; accommodations: Accommodations }>(
        `${studentPath(studentId)}/accommodations`,
        body,
        'Failed to save the accommodations',
      ),
    onSuccess: (reply) => client.setQueryData(accommodationsKey(studentId), reply.accommodations),
  });
}
