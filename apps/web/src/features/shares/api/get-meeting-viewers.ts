/** `GET /api/meetings/:id/viewers`: the accounts of this server that may read one meeting. */
import { meetingViewerListSchema, type MeetingViewer } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Query key of every meeting's viewer list. */
export const meetingViewersQueryKey = ['meeting-viewers'] as const;

/** Fetches the meeting's viewers, first added first. Throws `ApiRequestError` (404: not the person's). */
export async function getMeetingViewers(
  meetingId: string,
  signal?: AbortSignal,
): Promise<MeetingViewer[]> {
  const path = `/meetings/${encodeURIComponent(meetingId)}/viewers`;
  return (await apiFetch(path, meetingViewerListSchema, { signal })).viewers;
}

/** Query options of one meeting's viewers. */
export function getMeetingViewersQueryOptions(meetingId: string) {
  return queryOptions({
    queryKey: [...meetingViewersQueryKey, meetingId],
    queryFn: ({ signal }) => getMeetingViewers(meetingId, signal),
  });
}

/** One meeting's viewers, while `enabled` (the Share dialog is open). */
export function useMeetingViewers(meetingId: string, enabled = true) {
  return useQuery({ ...getMeetingViewersQueryOptions(meetingId), enabled });
}
