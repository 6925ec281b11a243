import { apiFetch } from '@/lib/api-client';

/** Answer of `POST /api/meetings/:id/stop`. */
export interface StopRecordingAnswer {
  meetingId: string;
  audioUrl: string;
  /** Size of the stored audio in bytes. */
  bytes: number;
  /** Chunks that never arrived (assembled without them): how many, and the first runs [from, to]. */
  missingChunks: { count: number; ranges: [number, number][] };
}

/**
 * `POST /api/meetings/:id/stop`: the server assembles the chunks, marks the meeting processing and
 * runs the stop pipeline; progress and notices then arrive over SSE. Idempotent once the audio is
 * stored.
 *
 * @param durationMs recorded time, pauses excluded
 * @throws ApiRequestError: 400 'Recording failed' / 'No audio data was recorded' (the server then
 *   cleared both flags), 404 meeting gone, 500 'Recording failed'
 */
export function stopRecordingOnServer(
  meetingId: string,
  durationMs: number,
): Promise<StopRecordingAnswer> {
  return apiFetch<StopRecordingAnswer>(
    `/meetings/${encodeURIComponent(meetingId)}/stop`,
    undefined,
    {
      method: 'POST',
      json: { durationMs: Math.max(0, Math.round(durationMs)) },
    },
  );
}
