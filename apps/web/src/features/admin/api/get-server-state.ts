/** `GET /api/admin/server`: version, database, storage, job queues and installed models. */
import { serverStateSchema, type ServerState } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKey } from './get-admin-users';

/** Query key of the server's state. */
export const serverStateQueryKey = [...adminQueryKey, 'server'] as const;

/** Fetches the server's state. Throws `ApiRequestError`. */
export function getServerState(signal?: AbortSignal): Promise<ServerState> {
  return apiFetch('/admin/server', serverStateSchema, { signal });
}

/** Query options of the server's state. */
export function getServerStateQueryOptions() {
  return queryOptions({
    queryKey: serverStateQueryKey,
    queryFn: ({ signal }) => getServerState(signal),
  });
}

/** The server's state. */
export function useServerState() {
  return useQuery(getServerStateQueryOptions());
}
