/** `PUT /api/admin/users/:id/role`: makes a user an administrator or revokes it. */
import type { UserRoleValue } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** What {@link setUserRole} changes. */
export interface SetUserRoleInput {
  id: string;
  role: UserRoleValue;
}

/** Changes the role. Throws `ApiRequestError` (409 for the last administrator). */
export function setUserRole({ id, role }: SetUserRoleInput): Promise<void> {
  return apiFetch<void>(`/admin/users/${encodeURIComponent(id)}/role`, undefined, {
    method: 'PUT',
    json: { role },
  });
}

/** Mutation of {@link setUserRole}; re-reads the users. */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
