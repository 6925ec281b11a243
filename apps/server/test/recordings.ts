/** Helpers of the recording and upload tests: real audio, ffmpeg, multipart requests. */
import { eq } from 'drizzle-orm';
import { meetings } from '@summy/db';
import type { RunningServer } from '../src/server.ts';
import type { MeetingProcessJob } from '../src/jobs/payloads.ts';
import type { Meeting } from '@summy/core';
import { TEST_ORIGIN, type Client } from './harness.ts';
import { waitProcessed } from './meetings.ts';

export { AUDIO_DIR, ffmpeg, JFK_WAV } from './audio-files.ts';

/** POSTs a multipart form with one file (and optional fields) as the client's browser would. */
export async function postFile(
  client: Client,
  route: string,
  file: { bytes: Uint8Array; name: string; type: string },
  fields: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const res = await fetch(client.baseUrl + route, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookie, origin: client.origin },
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

/**
 * Uploads a WAV recording (`POST /api/meetings/upload`) as the client and waits until its
 * pipeline has run; throws when the upload is not accepted (201).
 */
export async function uploadProcessed(
  client: Client,
  bytes: Uint8Array,
  name = 'jfk.wav',
): Promise<Meeting> {
  const res = await postFile(client, '/api/meetings/upload', { bytes, name, type: 'audio/wav' });
  if (res.status !== 201)
    throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
  return waitProcessed(client, res.body.meetingId as string);
}

/** A signed URL as the test server made it (its PUBLIC_URL), pointed at the real port. */
export function reachable(url: string, server: RunningServer): string {
  return url.replace(TEST_ORIGIN, server.url);
}

/** The `meeting.process` jobs of a meeting, queued or not. */
export async function processJobs(
  server: RunningServer,
  meetingId: string,
): Promise<MeetingProcessJob[]> {
  const jobs = await server.jobs.boss.findJobs<MeetingProcessJob>('meeting.process', {
    data: { meetingId },
  });
  return jobs.map((j) => j.data);
}

/** `meetings.audio_url` as stored (the API answers it signed). */
export async function storedAudioUrlOf(
  server: RunningServer,
  meetingId: string,
): Promise<string | null> {
  const [row] = await server.database.db
    .select({ audioUrl: meetings.audioUrl })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  return row?.audioUrl ?? null;
}

/** Reads a whole stored object. */
export async function readObject(server: RunningServer, key: string): Promise<Buffer> {
  return Buffer.concat(await (await server.storage.read(key)).toArray());
}

/**
 * Sends `webm` as the recording's first chunk, stops it (11 s long) and waits for the pipeline.
 * @throws (an assertion error) when the chunk or the stop is refused
 */
export async function stopWithAudio(
  server: RunningServer,
  who: Client,
  id: string,
  webm: Uint8Array,
): Promise<Meeting> {
  const res = await fetch(`${server.url}/api/meetings/${id}/audio?index=0`, {
    method: 'POST',
    headers: { cookie: who.cookie, origin: who.origin, 'content-type': 'audio/webm' },
    body: webm,
  });
  if (res.status !== 200) throw new Error(`audio chunk refused: HTTP ${res.status}`);
  const stop = await who.post(`/api/meetings/${id}/stop`, { durationMs: 11000 });
  if (stop.status !== 200) throw new Error(`stop refused: HTTP ${stop.status}`);
  return waitProcessed(who, id);
}
