/**
 * `GET /api/linear/status`: whether the server has Linear settings and whether the signed-in user
 * has a working Linear connection, with Linear's viewer when connected. The token itself never
 * reaches the browser (docs/decisions/024-linear-token-on-the-server.md).
 */
import { linearStatusSchema, type LinearStatus } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTEGRATION_CACHE_MS } from '@/hooks/use-integration-polling';
import { ApiRequestError, apiFetch } from '@/lib/api-client';

/** Query key root of everything about Linear; sign-out clears it with the rest of the cache. */
export const linearQueryKey = ['linear'] as const;

/** Query key of the connection status. */
export const linearStatusQueryKey = [...linearQueryKey, 'status'] as const;

/** The status of a server without Linear settings. */
const NOT_CONFIGURED: LinearStatus = { connected: false, configured: false };

/**
 * Fetches the status. A server without LINEAR_CLIENT_ID / LINEAR_CLIENT_SECRET answers 404 on
 * every Linear route: that reads as "not configured", so the UI hides Linear instead of failing.
 * Other failures throw `ApiRequestError`.
 */
export async function getLinearStatus(signal?: AbortSignal): Promise<LinearStatus> {
  try {
    return await apiFetch('/linear/status', linearStatusSchema, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return NOT_CONFIGURED;
    throw error;
  }
}

/** Query options of the status, cached like the rest of the integration data (5 minutes). */
export function getLinearStatusQueryOptions() {
  return queryOptions({
    queryKey: linearStatusQueryKey,
    queryFn: ({ signal }) => getLinearStatus(signal),
    staleTime: INTEGRATION_CACHE_MS,
  });
}

/** The Linear connection status. */
export function useLinearStatus() {
  return useQuery(getLinearStatusQueryOptions());
}
