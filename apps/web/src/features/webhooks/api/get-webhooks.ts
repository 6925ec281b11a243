/** `GET /api/webhooks`: the person's webhook endpoints (never their secrets). */
import { webhookListSchema, type Webhook } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of the webhooks; the delivery logs live under it too. */
export const webhooksQueryKey = ['webhooks'] as const;

/** Fetches the endpoints, newest first. Throws `ApiRequestError`. */
export async function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return (await apiFetch('/webhooks', webhookListSchema, { signal })).webhooks;
}

/** Query options of the webhooks. */
export function getWebhooksQueryOptions() {
  return queryOptions({ queryKey: webhooksQueryKey, queryFn: ({ signal }) => getWebhooks(signal) });
}

/** The webhooks. */
export function useWebhooks() {
  return useQuery(getWebhooksQueryOptions());
}
