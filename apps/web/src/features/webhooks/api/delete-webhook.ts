/** `DELETE /api/webhooks/:id`: removes an endpoint and its delivery log (204). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** Deletes one endpoint. Throws `ApiRequestError` (404 when it is gone). */
export function deleteWebhook(id: string): Promise<void> {
  return apiFetch<void>(`/webhooks/${encodeURIComponent(id)}`, undefined, { method: 'DELETE' });
}

/** Mutation `mutate(id)` of {@link deleteWebhook}; re-reads the list. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
