/**
 * `POST /api/meetings/:id/retranscribe`: transcribes a meeting again from its stored audio with the
 * engine that runs now; 202 with the meeting, processing. Progress and the new transcript arrive
 * through the realtime stream like any pipeline run.
 */
import { retranscribeAnswerSchema, type Meeting } from '@summy/core';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { apiFetch } from '@/lib/api-client';

/**
 * Starts the re-transcription of one meeting.
 * @throws ApiRequestError: 404 when missing or another user's, 409 while it is recording or
 *   processing or when it has no stored audio
 */
export async function retranscribeMeeting(meetingId: string): Promise<Meeting> {
  const { meeting } = await apiFetch(
    `/meetings/${encodeURIComponent(meetingId)}/retranscribe`,
    retranscribeAnswerSchema,
    { method: 'POST' },
  );
  return meeting;
}

/**
 * Mutation that starts a re-transcription, `mutate(meetingId)`. `onStarted` receives the
 * meeting as the server answered it (processing), for the caller to put in the meeting's cache;
 * the meeting's query belongs to the meetings feature, which this one does not import. A failure
 * shows a toast in the documented words.
 */
export function useRetranscribeMeeting(onStarted?: (meeting: Meeting) => void) {
  return useMutation({
    mutationFn: retranscribeMeeting,
    onSuccess: (meeting) => onStarted?.(meeting),
    onError: (error) => {
      toast.error(error.message, {
        description: 'details' in error ? String(error.details) : undefined,
      });
    },
  });
}
