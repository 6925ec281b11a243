/** `POST /api/admin/invites`: invites an e-mail address. */
import { adminInviteSchema, type AdminInvite } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invitesQueryKey } from './get-invites';

/** Invites `email`. Throws `ApiRequestError` (400 for an address that is not one). */
export function createInvite(email: string): Promise<AdminInvite> {
  return apiFetch('/admin/invites', adminInviteSchema, { method: 'POST', json: { email } });
}

/** Mutation `mutate(email)` of {@link createInvite}; re-reads the invitations. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitesQueryKey }),
  });
}
