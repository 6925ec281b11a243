/** `GET /api/shared-with-me/:id`: a meeting shared with the person, read-only. */
import { viewedMeetingSchema, type ViewedMeeting } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sharedWithMeQueryKey } from './get-shared-with-me';

/** Fetches the meeting. Throws `ApiRequestError` (404 when not shared with the person). */
export function getViewedMeeting(id: string, signal?: AbortSignal): Promise<ViewedMeeting> {
  return apiFetch(`/shared-with-me/${encodeURIComponent(id)}`, viewedMeetingSchema, { signal });
}

/**
 * Query options of one shared meeting; its signed recording URL lives an hour, so the answer is
 * kept for ten minutes at most.
 */
export function getViewedMeetingQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...sharedWithMeQueryKey, 'detail', id],
    queryFn: ({ signal }) => getViewedMeeting(id, signal),
    staleTime: 60_000,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/** One shared meeting, while `enabled`. */
export function useViewedMeeting(id: string, enabled = true) {
  return useQuery({ ...getViewedMeetingQueryOptions(id), enabled });
}
