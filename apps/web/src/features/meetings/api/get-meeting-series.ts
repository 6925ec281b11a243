/**
 * `GET /api/meetings/:id/series`: 'Last time' for a meeting of a series (the previous meeting's
 * overview and decisions, the series' open action items, the items this meeting suggests are
 * done) and the series' meetings for the assistant's 'this series' scope.
 */
import { meetingSeriesSchema, type MeetingSeries } from '@summy/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '@/lib/api-client';
import { subscribeRealtime } from '@/lib/realtime';

/** Fetches a meeting's series. Throws `ApiRequestError` (404 when missing or another user's). */
export function getMeetingSeries(id: string, signal?: AbortSignal): Promise<MeetingSeries> {
  return apiFetch(`/meetings/${encodeURIComponent(id)}/series`, meetingSeriesSchema, { signal });
}

/**
 * Query key of a meeting's series: under 'meetings', so the realtime layer refreshes it when any
 * meeting changes (a new meeting joins, the previous one's summary is rewritten).
 */
export function meetingSeriesQueryKey(id: string) {
  return ['meetings', 'series', id] as const;
}

/** Query options of a meeting's series. */
export function getMeetingSeriesQueryOptions(id: string) {
  return queryOptions({
    queryKey: meetingSeriesQueryKey(id),
    queryFn: ({ signal }) => getMeetingSeries(id, signal),
  });
}

/**
 * A meeting's series. Also refreshed when a to-do changes anywhere (an open item completed on the
 * to-do list is no longer open), which the realtime layer files under 'todos'.
 */
export function useMeetingSeries(id: string, enabled = true) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime((message) => {
        if (message.type === 'change' && message.data.table === 'todos') {
          void queryClient.invalidateQueries({ queryKey: meetingSeriesQueryKey(id) });
        }
      }),
    [id, queryClient],
  );
  return useQuery({ ...getMeetingSeriesQueryOptions(id), enabled });
}
