/**
 * A meeting's live draft transcript as the panel shows it: read from the server on mount, then
 * kept up to date by the realtime stream (docs/product.md#live-transcript).
 */
import type { LiveTranscript } from '@summy/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRealtime, type RealtimeMessage } from '@/lib/realtime';
import { liveTranscriptQueryKey, useLiveTranscriptQuery } from '../api/get-live-transcript';
import { appendLiveSegment, withLiveState } from '../utils/live-segments';

/**
 * Applies one realtime message to a meeting's cached live transcript: a 'live-segment' of the
 * meeting goes in by `seq` (once); a gap in `seq`, a 'live-state' of the meeting (the last
 * segments may have come with it) and a reconnect or resync (events may have been missed) read
 * the list again. Messages about other meetings are ignored.
 */
export function applyLiveMessage(
  queryClient: QueryClient,
  meetingId: string,
  message: RealtimeMessage,
): void {
  const queryKey = liveTranscriptQueryKey(meetingId);
  const refetch = () => void queryClient.invalidateQueries({ queryKey, exact: true });
  if (message.type === 'reconnect') return refetch();
  if (message.type !== 'live-segment' && message.type !== 'live-state') return;
  if (message.data.meetingId !== meetingId) return;
  const current = queryClient.getQueryData<LiveTranscript>(queryKey);
  if (message.type === 'live-state') {
    queryClient.setQueryData(queryKey, withLiveState(current, message.data.state));
    return refetch();
  }
  const { next, gap } = appendLiveSegment(current, message.data.segment);
  if (next !== current) queryClient.setQueryData(queryKey, next);
  if (gap) refetch();
}

/**
 * The live transcript of `meetingId` (none before Start): the query's state, with the realtime
 * stream's segments added while the caller is mounted.
 */
export function useLiveTranscript(meetingId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!meetingId) return;
    return subscribeRealtime((message) => applyLiveMessage(queryClient, meetingId, message));
  }, [meetingId, queryClient]);
  return useLiveTranscriptQuery(meetingId);
}
