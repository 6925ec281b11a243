/** `POST /api/webhooks`: a new endpoint; the answer holds its signing secret, shown this once. */
import { createdWebhookSchema, type CreatedWebhook, type CreateWebhookInput } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/**
 * Creates an endpoint. Throws `ApiRequestError` (400 for a private or plain-http URL on a server
 * that does not allow them, a name that does not resolve, or at 10 endpoints).
 */
export function createWebhook(input: CreateWebhookInput): Promise<CreatedWebhook> {
  return apiFetch('/webhooks', createdWebhookSchema, { method: 'POST', json: input });
}

/** Mutation of {@link createWebhook}; re-reads the list. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
