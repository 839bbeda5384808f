import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAMILY_MESSAGES } from '@common/rules';
import type { PendingInvitation } from '@common/schemas/families';
import { api } from './client';

/**
 * The invitations a parent sent to students, or a student to parents, that nobody accepted yet: read by the
 * parent's My Children and the student's invite card, each from its own side of the API.
 */
export type InvitationSide = 'parent' | 'student';

export const invitationsKey = (side: InvitationSide) => ['invitations', side] as const;

export const usePendingInvitations = (side: InvitationSide) =>
  useQuery({
    queryKey: invitationsKey(side),
    queryFn: () =>
      api
        .get<{ invitations: PendingInvitation[] }>(`/${side}/invitations`, FAMILY_MESSAGES.invitationsFailed)
        .then((reply) => reply.invitations),
  });

/** Reads the list again: after a new invitation is sent. */
export function useRefreshInvitations(side: InvitationSide) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: invitationsKey(side) });
}

/** Send again (a new link) or cancel; the list is read again after either. */
export function useInvitationActions(side: InvitationSide) {
  const refresh = useRefreshInvitations(side);
  const path = (id: string) => `/${side}/invitations/${encodeURIComponent(id)}`;
  const resend = useMutation({
    mutationFn: (id: string) =>
      api.post<{ message: string }>(`${path(id)}/resend`, undefined, FAMILY_MESSAGES.resendFailed),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(path(id), FAMILY_MESSAGES.cancelFailed),
    onSettled: refresh,
  });
  return { resend, cancel };
}
