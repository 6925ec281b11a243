/**
 * `PUT /api/meetings/:id/speakers`: the meeting's whole speaker map (transcript label → name).
 * Rename, merge and undo all send a map; the answered meeting replaces the cached one, and the
 * to-do lists refresh, since action items owned by a renamed speaker follow the name.
 */
import { meetingSchema, type Meeting, type SpeakerNames } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingQueryKey } from './get-meeting';
import { meetingsQueryKey } from './get-meetings';
import { todosQueryKey } from './update-action-item';

/**
 * Puts the speaker map of a meeting.
 * @throws ApiRequestError: 400 'Unknown speaker: …' or an invalid name, 404, 409 'Meeting is busy'
 */
export function renameSpeakers(meetingId: string, names: SpeakerNames): Promise<Meeting> {
  return apiFetch(`/meetings/${encodeURIComponent(meetingId)}/speakers`, meetingSchema, {
    method: 'PUT',
    json: { names },
  });
}

/** Mutation of {@link renameSpeakers} for one meeting; the caller shows the toasts. */
export function useRenameSpeakers(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation<Meeting, Error, SpeakerNames>({
    mutationFn: (names) => renameSpeakers(meetingId, names),
    onSuccess: (meeting) => {
      queryClient.setQueryData(meetingQueryKey(meetingId), meeting);
      void queryClient.invalidateQueries({ queryKey: meetingsQueryKey });
      void queryClient.invalidateQueries({ queryKey: todosQueryKey });
    },
  });
}
