/**
 * `GET /api/s/:token`: a shared meeting for anyone with the link (no account), or
 * `{passwordRequired: true}`; 404 for any dead link.
 */
import { sharedPageSchema, type SharedPage } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, ApiRequestError } from '@/lib/api-client';

/** Query key of one shared page. */
export function sharedMeetingQueryKey(token: string) {
  return ['shared-meeting', token] as const;
}

/** Fetches the shared page. Throws `ApiRequestError` (404 dead link, 429 too many tries). */
export function getSharedMeeting(token: string, signal?: AbortSignal): Promise<SharedPage> {
  return apiFetch(`/s/${encodeURIComponent(token)}`, sharedPageSchema, { signal });
}

/** Query options: never retried on a 4xx (each miss counts against the guess limit). */
export function getSharedMeetingQueryOptions(token: string) {
  return queryOptions({
    queryKey: sharedMeetingQueryKey(token),
    queryFn: ({ signal }) => getSharedMeeting(token, signal),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
    // The recording's URL is valid 5 minutes: the page is read again only when reopened.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The shared page. */
export function useSharedMeeting(token: string) {
  return useQuery(getSharedMeetingQueryOptions(token));
}
