/** `GET /api/meetings/:id/shares`: one meeting's share links that are not revoked. */
import { shareLinkListSchema, type ShareLink } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { shareLinksQueryKey } from './get-share-links';

/** Fetches the meeting's links, newest first. Throws `ApiRequestError` (404: not the person's). */
export async function getMeetingShareLinks(
  meetingId: string,
  signal?: AbortSignal,
): Promise<ShareLink[]> {
  const path = `/meetings/${encodeURIComponent(meetingId)}/shares`;
  return (await apiFetch(path, shareLinkListSchema, { signal })).links;
}

/** Query options of one meeting's links. */
export function getMeetingShareLinksQueryOptions(meetingId: string) {
  return queryOptions({
    queryKey: [...shareLinksQueryKey, 'meeting', meetingId],
    queryFn: ({ signal }) => getMeetingShareLinks(meetingId, signal),
  });
}

/** One meeting's links, while `enabled` (the Share dialog is open). */
export function useMeetingShareLinks(meetingId: string, enabled = true) {
  return useQuery({ ...getMeetingShareLinksQueryOptions(meetingId), enabled });
}
