/** `GET /api/shared-with-me`: meetings other accounts of this server shared with the person. */
import { sharedWithMeListSchema, type SharedWithMeItem } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of 'Shared with me' and of each meeting read from it. */
export const sharedWithMeQueryKey = ['shared-with-me'] as const;

/** Fetches the shared meetings, latest meeting first. Throws `ApiRequestError`. */
export async function getSharedWithMe(signal?: AbortSignal): Promise<SharedWithMeItem[]> {
  return (await apiFetch('/shared-with-me', sharedWithMeListSchema, { signal })).meetings;
}

/**
 * Query options of the list. Read again every minute and when the window regains focus: an
 * owner may share or take access away at any time, and no event tells this browser.
 */
export function getSharedWithMeQueryOptions() {
  return queryOptions({
    queryKey: [...sharedWithMeQueryKey, 'list'],
    queryFn: ({ signal }) => getSharedWithMe(signal),
    refetchInterval: 60_000,
  });
}

/** The meetings shared with the person. */
export function useSharedWithMe() {
  return useQuery(getSharedWithMeQueryOptions());
}
