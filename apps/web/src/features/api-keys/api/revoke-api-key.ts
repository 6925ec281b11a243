/** `DELETE /api/api-keys/:id`: revokes a key (204); requests with it answer 401 from then on. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** Revokes one key. Throws `ApiRequestError` (404 when it is gone). */
export function revokeApiKey(id: string): Promise<void> {
  return apiFetch<void>(`/api-keys/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });
}

/** Mutation `mutate(id)` of {@link revokeApiKey}; re-reads the list. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
