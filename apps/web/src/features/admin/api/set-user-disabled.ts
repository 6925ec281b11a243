/** `PUT /api/admin/users/:id/disabled`: disables a user (their sessions end) or enables them. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminUsersQueryKey } from './get-admin-users';

/** What {@link setUserDisabled} changes. */
export interface SetUserDisabledInput {
  id: string;
  disabled: boolean;
}

/** Disables or enables. Throws `ApiRequestError` (409 for oneself or the last administrator). */
export function setUserDisabled({ id, disabled }: SetUserDisabledInput): Promise<void> {
  return apiFetch<void>(`/admin/users/${encodeURIComponent(id)}/disabled`, undefined, {
    method: 'PUT',
    json: { disabled },
  });
}

/** Mutation of {@link setUserDisabled}; re-reads the users. */
export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserDisabled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
