import { apiFetch } from '@/lib/api-client';

/**
 * `POST /api/meetings/:id/audio?index=N`: one MediaRecorder chunk (raw bytes). Idempotent on the
 * server (a re-sent index keeps the first copy), so retries and out-of-order sends are safe.
 *
 * @param index chunk number from 0 in recording order
 * @throws ApiRequestError: 404 the meeting is gone, 409 the recording was already stopped,
 *   400 not WebM data or index too far ahead, 413 chunk over 2 MiB or recording full, status 0 offline
 */
export async function sendRecordingChunk(
  meetingId: string,
  index: number,
  blob: Blob,
): Promise<void> {
  await apiFetch(`/meetings/${encodeURIComponent(meetingId)}/audio?index=${index}`, undefined, {
    method: 'POST',
    headers: { 'Content-Type': 'audio/webm' },
    body: blob,
  });
}
