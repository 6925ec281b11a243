/**
 * `DELETE /api/meetings/:id/speaker-suggestions/:label`: the person dismisses a name suggested for
 * a speaker; the answered meeting replaces the cached one.
 */
import { meetingSchema, type Meeting } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingQueryKey } from './get-meeting';

/**
 * Dismisses the suggestion for one transcript label ('Speaker 2').
 * @throws ApiRequestError 404 when the meeting is gone
 */
export function dismissSpeakerSuggestion(meetingId: string, label: string): Promise<Meeting> {
  return apiFetch(
    `/meetings/${encodeURIComponent(meetingId)}/speaker-suggestions/${encodeURIComponent(label)}`,
    meetingSchema,
    { method: 'DELETE' },
  );
}

/** Mutation of {@link dismissSpeakerSuggestion} for one meeting. */
export function useDismissSpeakerSuggestion(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation<Meeting, Error, string>({
    mutationFn: (label) => dismissSpeakerSuggestion(meetingId, label),
    onSuccess: (meeting) => queryClient.setQueryData(meetingQueryKey(meetingId), meeting),
  });
}
