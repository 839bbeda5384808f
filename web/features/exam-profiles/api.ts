import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamProfile, ExamProfileBody, ScoreTableBody } from '@common/schemas/exams';
import { api } from '../../api/client';
import { EXAM_PROFILES_KEY } from '../../api/exams';

export { EXAM_PROFILES_FAILED, useExamProfiles } from '../../api/exams';

export const SAVE_FAILED = 'Failed to save the exam profile';
export const TABLE_SAVE_FAILED = 'Failed to save the score table';

type Saved = { message: string; profile: ExamProfile };
const profilePath = (id: string) => `/exam-profiles/${encodeURIComponent(id)}`;

/** Every change reads the profiles again: the list here and the test builder's Scoring choices. */
function useChange<V, T>(run: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: EXAM_PROFILES_KEY }) });
}

export const useSaveProfile = () =>
  useChange(({ id, body }: { id: string | null; body: ExamProfileBody }) =>
    id ? api.put<Saved>(profilePath(id), body, SAVE_FAILED) : api.post<Saved>('/exam-profiles', body, SAVE_FAILED),
  );

export const useDeleteProfile = () =>
  useChange((id: string) => api.delete<{ message: string }>(profilePath(id), 'Failed to delete the exam profile'));

/** A profile keeps one table per grade (and one for any grade): saving a grade's table replaces the one it had. */
export const useSaveTable = () =>
  useChange(({ profileId, body }: { profileId: string; body: ScoreTableBody }) =>
    api.put<Saved>(`${profilePath(profileId)}/table`, body, TABLE_SAVE_FAILED),
  );

export const useDeleteTable = () =>
  useChange(({ profileId, tableId }: { profileId: string; tableId: string }) =>
    api.delete<Saved>(
      `${profilePath(profileId)}/tables/${encodeURIComponent(tableId)}`,
      'Failed to delete the score table',
    ),
  );
