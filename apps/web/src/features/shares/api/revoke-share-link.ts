/** `DELETE /api/shares/:id`: revokes a link (204); its page answers not found from then on. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { shareLinksQueryKey } from './get-share-links';

/** Revokes one link. Throws `ApiRequestError` (404 when it is gone or not the person's). */
export function revokeShareLink(id: string): Promise<void> {
  return apiFetch<void>(`/shares/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });
}

/** Mutation `mutate(id)` of {@link revokeShareLink}; re-reads the lists. */
export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksQueryKey }),
  });
}
