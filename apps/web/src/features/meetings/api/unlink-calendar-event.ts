/**
 * `DELETE /api/meetings/:id/calendar-event`: unlinks the meeting's calendar event, clearing every
 * calendar field (the actions menu's 'Unlink calendar event'). Answers the meeting as saved.
 */
import { meetingSchema, type Meeting } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingQueryKey } from './get-meeting';
import { meetingsQueryKey } from './get-meetings';

/**
 * Unlinks one meeting of the signed-in user.
 * @throws ApiRequestError, 404 when the meeting does not exist or belongs to someone else
 */
export function unlinkCalendarEvent(meetingId: string): Promise<Meeting> {
  return apiFetch(`/meetings/${encodeURIComponent(meetingId)}/calendar-event`, meetingSchema, {
    method: 'DELETE',
  });
}

/**
 * Mutation that unlinks; the saved meeting replaces the cached one (its groups query is keyed by
 * the event id, so it follows) and the lists are refreshed.
 */
export function useUnlinkCalendarEvent(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlinkCalendarEvent(meetingId),
    onSuccess: (meeting) => {
      queryClient.setQueryData(meetingQueryKey(meetingId), meeting);
      void queryClient.invalidateQueries({ queryKey: meetingsQueryKey });
    },
  });
}
