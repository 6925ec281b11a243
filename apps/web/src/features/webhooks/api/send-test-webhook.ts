/** `POST /api/webhooks/:id/test`: queues a `webhook.test` event to one endpoint (202). */
import { webhookTestQueuedSchema } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';

/** Queues the test event. Throws `ApiRequestError` (404 when the endpoint is gone). */
export function sendTestWebhook(id: string): Promise<{ deliveryId: string }> {
  return apiFetch(`/webhooks/${encodeURIComponent(id)}/test`, webhookTestQueuedSchema, {
    method: 'POST',
  });
}

/** Mutation `mutate(id)` of {@link sendTestWebhook}; re-reads that endpoint's log. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSettled: (_data, _error, id) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(id) }),
  });
}
