/**
 * `DELETE /api/linear`: revokes the Linear token at Linear and forgets it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { linearQueryKey, linearStatusQueryKey } from './get-linear-status';

/** Disconnects. Throws `ApiRequestError`. */
export async function disconnectLinear(): Promise<void> {
  await apiFetch('/linear', undefined, { method: 'DELETE' });
}

/**
 * Mutation that disconnects, then drops every cached Linear answer (issues, teams, states) and
 * reads the status again.
 */
export function useDisconnectLinear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectLinear,
    onSuccess: () => {
      queryClient.removeQueries({
        queryKey: linearQueryKey,
        predicate: (query) => query.queryKey[1] !== linearStatusQueryKey[1],
      });
      return queryClient.invalidateQueries({ queryKey: linearStatusQueryKey });
    },
  });
}
