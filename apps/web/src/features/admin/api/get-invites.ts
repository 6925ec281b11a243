/** `GET /api/admin/invites`: the invited e-mail addresses, oldest first. */
import { adminInviteListSchema, type AdminInvite } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKey } from './get-admin-users';

/** Query key of the invitations. */
export const invitesQueryKey = [...adminQueryKey, 'invites'] as const;

/** Fetches the invitations. Throws `ApiRequestError`. */
export async function getInvites(signal?: AbortSignal): Promise<AdminInvite[]> {
  return (await apiFetch('/admin/invites', adminInviteListSchema, { signal })).invites;
}

/** Query options of the invitations. */
export function getInvitesQueryOptions() {
  return queryOptions({ queryKey: invitesQueryKey, queryFn: ({ signal }) => getInvites(signal) });
}

/** The invitations. */
export function useInvites() {
  return useQuery(getInvitesQueryOptions());
}
