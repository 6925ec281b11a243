/**
 * `PATCH /api/meetings/:id/transcript/turns/:index`: corrects what one speaker turn says. The
 * answered meeting replaces the cached one; the list refreshes (its search finds the new words).
 */
import {
  editTranscriptTurnAnswerSchema,
  type EditTranscriptTurnInput,
  type Meeting,
} from '@summy/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meetingQueryKey } from './get-meeting';
import { meetingsQueryKey } from './get-meetings';

/** One edit: the turn (as the transcript cards number them), its new text and the text seen. */
export interface TurnTextChange extends EditTranscriptTurnInput {
  index: number;
}

/**
 * Sends a turn's new text.
 * @throws ApiRequestError: 409 'The transcript changed since you opened it. Reload to see the
 *   latest.' or 'Meeting is busy', 400 (empty text, no such turn), 404
 */
export async function editTranscriptTurn(
  meetingId: string,
  { index, text, previous }: TurnTextChange,
): Promise<Meeting> {
  const answer = await apiFetch(
    `/meetings/${encodeURIComponent(meetingId)}/transcript/turns/${index}`,
    editTranscriptTurnAnswerSchema,
    { method: 'PATCH', json: { text, previous } },
  );
  return answer.meeting;
}

/** Mutation of {@link editTranscriptTurn} for one meeting; the caller shows the toasts. */
export function useEditTranscriptTurn(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation<Meeting, Error, TurnTextChange>({
    mutationFn: (change) => editTranscriptTurn(meetingId, change),
    onSuccess: (meeting) => {
      queryClient.setQueryData(meetingQueryKey(meetingId), meeting);
      void queryClient.invalidateQueries({ queryKey: meetingsQueryKey });
    },
  });
}
