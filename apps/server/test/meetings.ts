/** Test helpers for processed meetings: wait for the pipeline, read the user's events. */
import type { Meeting } from '@summy/core';
import type { Client } from './harness.ts';

/** Polls `GET /api/meetings/:id` until the meeting is no longer processing. */
export async function waitProcessed(
  client: Client,
  meetingId: string,
  timeoutMs = 60_000,
): Promise<Meeting> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/meetings/${meetingId}`);
    if (res.status === 200 && !res.body.isProcessing) return res.body as Meeting;
    if (Date.now() > deadline)
      throw new Error(
        `meeting ${meetingId} still processing: ${JSON.stringify(res.body).slice(0, 300)}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}
