/**
 * `PATCH /api/meetings/:id`: changes a meeting's fields. Unlinking a calendar event has its own
 * route (unlink-calendar-event.ts), which also clears the account fields.
 */
import { meetingSchema, type Meeting, type UpdateMeetingInput } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingsQueryKey } from './get-meetings';
import { meetingQueryKey } from './get-meeting';

/** Updates a meeting and answers it as saved. Throws `ApiRequestError`. */
export function updateMeeting(id: string, input: UpdateMeetingInput): Promise<Meeting> {
  return apiFetch(`/meetings/${encodeURIComponent(id)}`, meetingSchema, {
    method: 'PATCH',
    json: input,
  });
}

/**
 * Mutation that updates one meeting; the saved meeting replaces the cached one and the lists are
 * refreshed (a title change shows in the sidebar).
 */
export function useUpdateMeeting(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeetingInput) => updateMeeting(id, input),
    onSuccess: (meeting) => {
      queryClient.setQueryData(meetingQueryKey(id), meeting);
      void queryClient.invalidateQueries({ queryKey: meetingsQueryKey });
    },
  });
}
