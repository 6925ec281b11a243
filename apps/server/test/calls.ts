/**
 * Helpers of the call-capture tests: a two-channel call recording built by ffmpeg from the
 * repository's recordings, sent as the recorder sends one (a meeting created with
 * `channels: ["me", "them"]`, WebM/Opus chunks, stop).
 */
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Meeting } from '@summy/core';
import type { Client } from './harness.ts';
import { waitProcessed } from './meetings.ts';

export { buildCall, CALL_START_S, CALL_WAV, CALL_WAV_SELFISH } from './call-file.ts';

/**
 * Records `file` as the recorder would: a call meeting, ~1 s chunks, stop; waits for the run.
 * `beforeStop` may change the meeting first (e.g. link a calendar event).
 */
export async function recordCall(
  alice: Client,
  file: string,
  beforeStop?: (meetingId: string) => Promise<void>,
): Promise<Meeting> {
  const created = await alice.post('/api/meetings', {
    title: 'Call with Bob',
    isRecording: true,
    channels: ['me', 'them'],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const bytes = await readFile(file);
  const size = 6000;
  for (let i = 0; i * size < bytes.length; i++) {
    const res = await fetch(`${alice.baseUrl}/api/meetings/${id}/audio?index=${i}`, {
      method: 'POST',
      body: bytes.subarray(i * size, (i + 1) * size),
      headers: {
        cookie: alice.cookie,
        origin: alice.origin,
        'content-type': 'audio/webm;codecs=opus',
      },
    });
    expect(res.status).toBe(200);
  }
  await beforeStop?.(id);
  const stop = await alice.post(`/api/meetings/${id}/stop`, { durationMs: 20_000 });
  expect(stop.status, JSON.stringify(stop.body)).toBe(200);
  return waitProcessed(alice, id, 120_000);
}

/** The transcript's turns: label and text, in order. */
export function turnsOf(meeting: Meeting): { label: string; text: string }[] {
  return [...(meeting.transcript ?? '').matchAll(/^(Speaker \d+): (.*)$/gm)].map((m) => ({
    label: m[1]!,
    text: m[2]!,
  }));
}
