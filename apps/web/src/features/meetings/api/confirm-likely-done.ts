/**
 * `POST /api/meetings/:id/likely-done/:todoId`: the person confirms that an open item of an
 * earlier meeting is done, as this meeting suggested; the to-do is completed and the answered
 * series replaces the cached one.
 */
import { meetingSeriesSchema, type MeetingSeries } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingSeriesQueryKey } from './get-meeting-series';

/**
 * Confirms one likely-done suggestion of a meeting.
 * @throws ApiRequestError 404 when the meeting or the suggestion is gone
 */
export function confirmLikelyDone(meetingId: string, todoId: string): Promise<MeetingSeries> {
  return apiFetch(
    `/meetings/${encodeURIComponent(meetingId)}/likely-done/${encodeURIComponent(todoId)}`,
    meetingSeriesSchema,
    { method: 'POST' },
  );
}

/** Mutation of {@link confirmLikelyDone} for one meeting; the variable is the to-do id. */
export function useConfirmLikelyDone(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation<MeetingSeries, Error, string>({
    mutationFn: (todoId) => confirmLikelyDone(meetingId, todoId),
    onSuccess: (series) => {
      queryClient.setQueryData(meetingSeriesQueryKey(meetingId), series);
      // The to-do list and the earlier meeting's action items show it completed.
      void queryClient.invalidateQueries({ queryKey: ['todos'] });
    },
  });
}
