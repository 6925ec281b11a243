/** `PATCH /api/webhooks/:id`: an endpoint's events, or switching it off or on. */
import { webhookSchema, type UpdateWebhookInput, type Webhook } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** Updates one endpoint. Throws `ApiRequestError` (404 when it is gone). */
export function updateWebhook({
  id,
  ...input
}: UpdateWebhookInput & { id: string }): Promise<Webhook> {
  return apiFetch(`/webhooks/${encodeURIComponent(id)}`, webhookSchema, {
    method: 'PATCH',
    json: input,
  });
}

/** Mutation `mutate({id, ...changes})` of {@link updateWebhook}; re-reads the list. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
