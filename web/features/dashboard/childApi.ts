import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAMILY_MESSAGES } from '@common/rules';
import type { ChildDetails, ChildDetailsBody } from '@common/schemas/families';
import { api } from '../../api/client';
import { dashboardKeys } from './api';

const childPath = (id: string) => `/parent/children/${encodeURIComponent(id)}`;
const detailsKey = (id: string) => [...dashboardKeys.child(id), 'details'] as const;

/** A child's details as their parent edits them (another parent's child is 404). */
export const useChildDetails = (id: string) =>
  useQuery({
    queryKey: detailsKey(id),
    queryFn: () => api.get<ChildDetails>(`${childPath(id)}/details`, FAMILY_MESSAGES.childDetailsFailed),
    retry: false,
    staleTime: 0,
  });

/** Saves the details; the children, their reports and these details are read again. */
export function useUpdateChild(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: ChildDetailsBody) =>
      api.put<{ message: string; child: ChildDetails }>(childPath(id), details, FAMILY_MESSAGES.updateChildFailed),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.children }),
  });
}

export const useSendChildSignIn = (id: string) =>
  useMutation({
    mutationFn: () =>
      api.post<{ message: string }>(`${childPath(id)}/sign-in-email`, undefined, FAMILY_MESSAGES.signInMailFailed),
  });
