/** `DELETE /api/admin/invites/:email`: withdraws an invitation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invitesQueryKey } from './get-invites';

/** Withdraws the invitation of `email`. Throws `ApiRequestError` (404 when it is gone). */
export function revokeInvite(email: string): Promise<void> {
  return apiFetch<void>(`/admin/invites/${encodeURIComponent(email)}`, undefined, {
    method: 'DELETE',
  });
}

/** Mutation `mutate(email)` of {@link revokeInvite}; re-reads the invitations. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitesQueryKey }),
  });
}
