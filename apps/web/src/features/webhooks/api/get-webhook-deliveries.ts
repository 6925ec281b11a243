/** `GET /api/webhooks/:id/deliveries`: an endpoint's delivery log, newest first (the last 50). */
import { webhookDeliveryListSchema, type WebhookDelivery } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** Query key of one endpoint's log. */
export const webhookDeliveriesQueryKey = (id: string) =>
  [...webhooksQueryKey, id, 'deliveries'] as const;

/** Fetches the log. Throws `ApiRequestError` (404 when the endpoint is gone). */
export async function getWebhookDeliveries(
  id: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  return (
    await apiFetch(`/webhooks/${encodeURIComponent(id)}/deliveries`, webhookDeliveryListSchema, {
      signal,
    })
  ).deliveries;
}

/**
 * Query options of the log, read again every 2 s while a delivery is pending (a retry may land).
 */
export function getWebhookDeliveriesQueryOptions(id: string) {
  return queryOptions({
    queryKey: webhookDeliveriesQueryKey(id),
    queryFn: ({ signal }) => getWebhookDeliveries(id, signal),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending') ? 2_000 : false,
  });
}

/** One endpoint's delivery log. */
export function useWebhookDeliveries(id: string) {
  return useQuery(getWebhookDeliveriesQueryOptions(id));
}
