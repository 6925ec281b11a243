/** `GET /api/shares`: all of the person's share links that are not revoked (Settings). */
import { shareLinkListSchema, type ShareLink } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of every share list (all links, and each meeting's). */
export const shareLinksQueryKey = ['share-links'] as const;

/** Fetches the links, newest first. Throws `ApiRequestError`. */
export async function getShareLinks(signal?: AbortSignal): Promise<ShareLink[]> {
  return (await apiFetch('/shares', shareLinkListSchema, { signal })).links;
}

/** Query options of all the links. */
export function getShareLinksQueryOptions() {
  return queryOptions({
    queryKey: [...shareLinksQueryKey, 'all'],
    queryFn: ({ signal }) => getShareLinks(signal),
  });
}

/** All of the person's links. */
export function useShareLinks() {
  return useQuery(getShareLinksQueryOptions());
}
