/**
 * `GET /api/config`: which sign-in options the server offers. Needs no session, so the sign-in
 * screen can ask before anyone is signed in.
 */
import { publicConfigSchema, type PublicConfig } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Fetches the public configuration. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiFetch('/config', publicConfigSchema, { signal });
}

/** Query options for the public configuration; it only changes when the server restarts. */
export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}

/** The public configuration, cached for the whole visit. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
