/** `DELETE /api/admin/users/:id`: deletes a user with all their data and recordings. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKey } from './get-admin-users';

/** Deletes the user. Throws `ApiRequestError` (409 for oneself or the last administrator). */
export function deleteUser(id: string): Promise<void> {
  return apiFetch<void>(`/admin/users/${encodeURIComponent(id)}`, undefined, {
    method: 'DELETE',
  });
}

/** Mutation `mutate(id)` of {@link deleteUser}; re-reads the users and the server's state. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
