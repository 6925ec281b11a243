/**
 * `GET /api/meetings`: the signed-in person's meetings, newest first. Fetcher, query options and
 * hook live together so every caller shares one cache key.
 */
import { meetingListSchema, type MeetingList } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** Parameters of the meeting list. */
export interface GetMeetingsParams {
  /** Page size; the sidebar asks for 100. */
  limit?: number;
  cursor?: string | null;
}

/** Fetches one page of meetings. */
export function getMeetings(
  { limit = 100, cursor }: GetMeetingsParams = {},
  signal?: AbortSignal,
): Promise<MeetingList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return apiFetch(`/meetings?${query.toString()}`, meetingListSchema, { signal });
}

/** Query key root of every meeting list, for invalidating them all after a change. */
export const meetingsQueryKey = ['meetings', 'list'] as const;

/** Query options for one page of meetings. */
export function getMeetingsQueryOptions(params: GetMeetingsParams = {}) {
  const { limit = 100, cursor = null } = params;
  return queryOptions({
    queryKey: [...meetingsQueryKey, { limit, cursor }] as const,
    queryFn: ({ signal }) => getMeetings({ limit, cursor }, signal),
  });
}

/** One page of meetings. */
export function useMeetings(params: GetMeetingsParams = {}) {
  return useQuery(getMeetingsQueryOptions(params));
}
