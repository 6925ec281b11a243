/**
 * `GET /api/meetings/:id`: one meeting in the app's shape with its action items. Fetcher, query
 * options and hook live together so the view, the mutations' optimistic updates and the realtime
 * layer share one cache key.
 */
import { meetingSchema, type Meeting } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Fetches one meeting. Throws `ApiRequestError` (status 404 when missing or another user's). */
export function getMeeting(id: string, signal?: AbortSignal): Promise<Meeting> {
  return apiFetch(`/meetings/${encodeURIComponent(id)}`, meetingSchema, { signal });
}

/** Poll interval of a meeting that is processing, as a fallback to realtime (ms). */
export const PROCESSING_POLL_MS = 15_000;

/** Query key root of every meeting detail; the realtime layer invalidates this prefix on changes. */
export const meetingDetailsQueryKey = ['meetings', 'detail'] as const;

/** Query key of one meeting: `['meetings', 'detail', id]`. */
export function meetingQueryKey(id: string) {
  return [...meetingDetailsQueryKey, id] as const;
}

/** Query options of one meeting. */
export function getMeetingQueryOptions(id: string) {
  return queryOptions({
    queryKey: meetingQueryKey(id),
    queryFn: ({ signal }) => getMeeting(id, signal),
    // Realtime changes refresh the meeting; this slow poll only covers a stream that is down
    // while the meeting is being processed or its summary regenerated, so the result arrives.
    refetchInterval: (query) =>
      query.state.data?.isProcessing ||
      query.state.data?.isRecording ||
      query.state.data?.summaryRegenerating
        ? PROCESSING_POLL_MS
        : false,
  });
}

/** One meeting, kept fresh by the realtime layer's invalidations. */
export function useMeeting(id: string) {
  return useQuery(getMeetingQueryOptions(id));
}
