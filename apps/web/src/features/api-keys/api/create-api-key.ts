/** `POST /api/api-keys`: a new key; the answer holds the key, shown this once. */
import { createdApiKeySchema, type CreateApiKeyInput, type CreatedApiKey } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** Creates a key. Throws `ApiRequestError` (400 at 20 keys or for a bad name). */
export function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return apiFetch('/api-keys', createdApiKeySchema, { method: 'POST', json: input });
}

/** Mutation of {@link createApiKey}; re-reads the list. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
