/** `POST /api/meetings/:id/viewers`: lets an account of this server read the meeting. */
import { meetingViewerSchema, type MeetingViewer } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingViewersQueryKey } from './get-meeting-viewers';

/**
 * Adds the account with this e-mail as a viewer. Throws `ApiRequestError` (400 with details 'No
 * account on this server has this e-mail address.', 404 when the meeting is not the person's).
 */
export function addMeetingViewer(meetingId: string, email: string): Promise<MeetingViewer> {
  return apiFetch(`/meetings/${encodeURIComponent(meetingId)}/viewers`, meetingViewerSchema, {
    method: 'POST',
    json: { email },
  });
}

/** Mutation `mutate(email)` of {@link addMeetingViewer} for one meeting; re-reads its viewers. */
export function useAddMeetingViewer(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => addMeetingViewer(meetingId, email),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingViewersQueryKey }),
  });
}
