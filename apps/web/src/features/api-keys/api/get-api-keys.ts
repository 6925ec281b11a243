/** `GET /api/api-keys`: the person's personal API keys (never the keys themselves). */
import { apiKeyListSchema, type ApiKey } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of the API keys. */
export const apiKeysQueryKey = ['api-keys'] as const;

/** Fetches the keys, newest first. Throws `ApiRequestError`. */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await apiFetch('/api-keys', apiKeyListSchema, { signal })).keys;
}

/** Query options of the API keys. */
export function getApiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => getApiKeys(signal) });
}

/** The API keys. */
export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
