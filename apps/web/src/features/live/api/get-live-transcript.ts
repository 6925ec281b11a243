/**
 * `GET /api/meetings/:id/live`: a recording's live draft transcript so far, its state and every
 * segment by `seq` (docs/product.md#live-transcript). Read when the live panel mounts, so a
 * reload or a dropped realtime connection picks the text up again; the realtime events add to
 * the same cache entry (hooks/use-live-transcript.ts).
 */
import { liveTranscriptSchema, type LiveTranscript } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { mergeFetchedLive } from '../utils/live-segments';

/**
 * Fetches a meeting's live transcript.
 * @throws ApiRequestError: 404 'Meeting not found' for a missing meeting or another user's
 */
export function getLiveTranscript(
  meetingId: string,
  signal?: AbortSignal,
): Promise<LiveTranscript> {
  return apiFetch(`/meetings/${encodeURIComponent(meetingId)}/live`, liveTranscriptSchema, {
    signal,
  });
}

/**
 * Query key of a meeting's live transcript. Not under 'meetings': every change of a meeting would
 * read it again, and its own events keep it fresh.
 */
export function liveTranscriptQueryKey(meetingId: string) {
  return ['live', meetingId] as const;
}

/**
 * Query options of a meeting's live transcript: always read again on mount (the realtime events
 * of an unmounted panel were not kept), and the answer merged with segments the realtime stream
 * brought while it was on its way.
 */
export function getLiveTranscriptQueryOptions(meetingId: string) {
  const queryKey = liveTranscriptQueryKey(meetingId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client }) => {
      const fetched = await getLiveTranscript(meetingId, signal);
      return mergeFetchedLive(fetched, client.getQueryData<LiveTranscript>(queryKey));
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The live transcript query of a meeting; off without a meeting (before Start). */
export function useLiveTranscriptQuery(meetingId: string | null) {
  return useQuery({ ...getLiveTranscriptQueryOptions(meetingId ?? ''), enabled: !!meetingId });
}
