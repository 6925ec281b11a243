import { apiFetch } from '@/lib/api-client';

/** The recording flags of a meeting. */
export interface MeetingFlags {
  isRecording?: boolean;
  isProcessing?: boolean;
  isPaused?: boolean;
  /** Seconds of recorded time (pauses excluded) at which the user stopped sharing the call. */
  callAudioEndedAt?: number;
}

/**
 * `PATCH /api/meetings/:id` with recording flags only: pause/resume toggle `isPaused`, a failed stop
 * clears `isRecording` and `isProcessing`, a call's share stopped mid-meeting sets
 * `callAudioEndedAt`.
 *
 * @throws ApiRequestError (404 when the meeting is gone)
 */
export async function updateMeetingFlags(meetingId: string, flags: MeetingFlags): Promise<void> {
  await apiFetch(`/meetings/${encodeURIComponent(meetingId)}`, undefined, {
    method: 'PATCH',
    json: flags,
  });
}
