/**
 * Helpers of the call-capture tests: a two-channel call recording built by ffmpeg from the
 * repository's recordings, sent as the recorder sends one (a meeting created with
 * `channels: ["me", "them"]`, WebM/Opus chunks, stop).
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Meeting } from '@summy/core';
import type { Client } from './harness.ts';
import { waitProcessed } from './meetings.ts';
import { AUDIO_DIR, ffmpeg, JFK_WAV } from './recordings.ts';

/** The call's side: a LibriVox clip of 7.1 s ('and mister john dashwood had then leisure...'). */
export const CALL_WAV = path.join(
  AUDIO_DIR,
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0870.wav',
);
/** Another LibriVox clip of 5.3 s ('unless to be rather cold hearted and rather selfish...'). */
export const CALL_WAV_SELFISH = path.join(
  AUDIO_DIR,
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0890.wav',
);
/** Where the call's clip starts in the recording (s); jfk.wav, the holder's side, ends at 11 s. */
export const CALL_START_S = 12;

/**
 * Writes the call as a two-channel WebM/Opus file: jfk.wav left, the LibriVox clip right from
 * {@link CALL_START_S} (`callWav`, default {@link CALL_WAV}). With `leakDb`, the right also
 * enters the left at that level 50 ms later,
 * as a microphone hears a call played on speakers.
 */
export async function buildCall(
  dir: string,
  name: string,
  leakDb?: number,
  callWav = CALL_WAV,
): Promise<string> {
  const out = path.join(dir, name);
  const mono = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=mono';
  const right = `[1:a]${mono},adelay=${CALL_START_S * 1000},apad=whole_dur=20`;
  const graph =
    leakDb === undefined
      ? `${right}[r];[0:a]${mono},apad=whole_dur=20[l]`
      : `${right},asplit=2[r][rl];[rl]adelay=50,volume=${leakDb}dB[leak];` +
        `[0:a]${mono},apad=whole_dur=20[l0];[l0][leak]amix=inputs=2:normalize=0:duration=first[l]`;
  await ffmpeg([
    ...['-i', JFK_WAV, '-i', callWav, '-filter_complex', `${graph};[l][r]amerge=inputs=2[a]`],
    ...['-map', '[a]', '-t', '20', '-c:a', 'libopus', '-b:a', '48k', '-f', 'webm', out],
  ]);
  return out;
}

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
