/**
 * `GET /api/meetings/:id/groups`: the groups a meeting belongs to, made when it was linked to a
 * calendar event: one per external attendee domain, one per recurring event. The header shows them
 * as chips.
 */
import { meetingGroupsAnswerSchema, type MeetingGroupSummary } from '@summy/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingDetailsQueryKey } from './get-meeting';

/** Fetches the meeting's groups. Throws `ApiRequestError` (404 for a missing meeting). */
export async function getMeetingGroups(
  meetingId: string,
  signal?: AbortSignal,
): Promise<MeetingGroupSummary[]> {
  const answer = await apiFetch(
    `/meetings/${encodeURIComponent(meetingId)}/groups`,
    meetingGroupsAnswerSchema,
    { signal },
  );
  return answer.groups;
}

/**
 * Query options of a meeting's groups, keyed by the linked event as well: linking or unlinking
 * changes the key, so the chips follow the link without a separate invalidation. Under the meeting
 * detail prefix, so realtime changes of the meeting refresh them too.
 */
export function getMeetingGroupsQueryOptions(meetingId: string, calendarEventId: string | null) {
  return queryOptions({
    queryKey: [...meetingDetailsQueryKey, meetingId, 'groups', calendarEventId] as const,
    queryFn: ({ signal }) => getMeetingGroups(meetingId, signal),
    retry: false,
  });
}

/** The meeting's groups while it is linked. */
export function useMeetingGroups(meetingId: string, calendarEventId: string | null) {
  return useQuery({
    ...getMeetingGroupsQueryOptions(meetingId, calendarEventId),
    enabled: calendarEventId !== null,
  });
}
