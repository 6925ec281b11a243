/**
 * `POST /api/meetings/:id/summary`: writes a meeting's summary again with a chosen template and
 * model; 202 with the meeting, `summaryRegenerating` true and the previous summary still in place.
 * The new summary arrives through the realtime stream (the meeting's query is refreshed) once the
 * server's job has saved it.
 */
import {
  regenerateSummaryAnswerSchema,
  type Meeting,
  type RegenerateSummaryInput,
} from '@summy/core';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, ApiRequestError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * Starts regenerating one meeting's summary; an absent template or model is the person's
 * preference.
 * @throws ApiRequestError: 404 when missing or another user's; 409 'Meeting has no transcript'
 *   (none, or still recording or processing); 400 for an unknown template or a model this server
 *   cannot run
 */
export async function regenerateSummary(
  meetingId: string,
  input: RegenerateSummaryInput,
): Promise<Meeting> {
  const { meeting } = await apiFetch(
    `/meetings/${encodeURIComponent(meetingId)}/summary`,
    regenerateSummaryAnswerSchema,
    { method: 'POST', json: input },
  );
  return meeting;
}

/**
 * Mutation starting a regeneration of `meetingId`, `mutate(input)`. `onStarted` receives the
 * meeting as the server answered (regenerating) for the meeting's cache, which belongs to the
 * meetings feature. A refusal shows a toast with the server's words.
 */
export function useRegenerateSummary(meetingId: string, onStarted?: (meeting: Meeting) => void) {
  return useMutation({
    mutationFn: (input: RegenerateSummaryInput) => regenerateSummary(meetingId, input),
    onSuccess: (meeting) => onStarted?.(meeting),
    onError: (error) => {
      toast.error(error.message, {
        description: error instanceof ApiRequestError ? error.details : undefined,
      });
    },
  });
}
