/** The category manager's skills as TanStack Query hooks; every change refreshes the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Skill, SkillBody, SkillUpdateBody } from '@common/schemas/skills';
import { api } from '../../api/client';
import { MESSAGES } from './messages';

const SKILLS_KEY = ['skills'] as const;

export function useSkills() {
  return useQuery({ queryKey: SKILLS_KEY, queryFn: () => api.get<Skill[]>('/skills', MESSAGES.skillsLoadFailed) });
}

function useRefreshingSkills<A, R>(call: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: SKILLS_KEY }) });
}

export const useCreateSkill = () =>
  useRefreshingSkills((body: SkillBody) => api.post<Skill>('/skills', body, MESSAGES.skillSaveFailed));
export const useUpdateSkill = () =>
  useRefreshingSkills(({ id, changes }: { id: string; changes: SkillUpdateBody }) =>
    api.patch<Skill>(`/skills/${id}`, changes, MESSAGES.skillSaveFailed),
  );
export const useDeleteSkill = () =>
  useRefreshingSkills((id: string) => api.delete<{ message: string }>(`/skills/${id}`, MESSAGES.skillDeleteFailed));
export const useSetPrerequisites = () =>
  useRefreshingSkills(({ id, prerequisiteIds }: { id: string; prerequisiteIds: string[] }) =>
    api.put<Skill>(`/skills/${id}/prerequisites`, { prerequisiteIds }, MESSAGES.prerequisitesSaveFailed),
  );
