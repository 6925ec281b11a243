/**
 * `DELETE /api/meetings/:id/likely-done/:todoId`: the person dismisses the suggestion that an open
 * item is done; the to-do stays open and the answered series replaces the cached one.
 */
import { meetingSeriesSchema, type MeetingSeries } from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingSeriesQueryKey } from './get-meeting-series';

/**
 * Dismisses one likely-done suggestion of a meeting.
 * @throws ApiRequestError 404 when the meeting or the suggestion is gone
 */
export function dismissLikelyDone(meetingId: string, todoId: string): Promise<MeetingSeries> {
  return apiFetch(
    `/meetings/${encodeURIComponent(meetingId)}/likely-done/${encodeURIComponent(todoId)}`,
    meetingSeriesSchema,
    { method: 'DELETE' },
  );
}

/** Mutation of {@link dismissLikelyDone} for one meeting; the variable is the to-do id. */
export function useDismissLikelyDone(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation<MeetingSeries, Error, string>({
    mutationFn: (todoId) => dismissLikelyDone(meetingId, todoId),
    onSuccess: (series) => queryClient.setQueryData(meetingSeriesQueryKey(meetingId), series),
  });
}
