/**
 * A browser recording sent chunk by chunk, then stopped (spec 000 section 4 "Stop pipeline",
 * section 9 "Recorder output"; DESIGN.md "The main job" step 1), against a real server with real
 * webm/opus audio made by ffmpeg from jfk.wav.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server.ts';
import { keyFromAudioUrl } from '../../storage/types.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { ffmpeg, JFK_WAV, processJobs, readObject, storedAudioUrlOf } from './test-helpers.ts';

let server: RunningServer;
let dataDir: string;
let alice: Client;
let bob: Client;
let webm: Buffer;
let chunks: Buffer[];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-recording-'));
  const out = path.join(dataDir, 'jfk.webm');
  [server] = await Promise.all([
    // No job workers: these tests are about getting audio in, not processing it.
    startTestServer({ DATA_DIR: dataDir }, { workers: false }),
    ffmpeg(['-i', JFK_WAV, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', out]),
  ]);
  [alice, bob] = await Promise.all([signUp(server, 'Alice'), signUp(server, 'Bob')]);
  webm = readFileSync(out);
  // About 1000 ms of 32 kbit/s opus per chunk, like MediaRecorder's timeslice.
  const size = 4000;
  chunks = Array.from({ length: Math.ceil(webm.length / size) }, (_, i) =>
    webm.subarray(i * size, (i + 1) * size),
  );
});
afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function sendChunk(client: Client, meetingId: string, index: number, bytes: Uint8Array) {
  const res = await fetch(`${client.baseUrl}/api/meetings/${meetingId}/audio?index=${index}`, {
    method: 'POST',
    body: bytes,
    headers: {
      cookie: client.cookie,
      origin: client.origin,
      'content-type': 'audio/webm;codecs=opus',
    },
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function newRecording(client: Client): Promise<string> {
  const res = await client.post('/api/meetings', { title: 'Thu, 21 Nov 10:00', isRecording: true });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('recording upload', () => {
  it('assembles chunks sent out of order (one twice) into the exact recording and starts processing', async () => {
    expect(webm.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(chunks.length).toBeGreaterThan(8);
    const meetingId = await newRecording(alice);

    // Reverse order, then chunk 3 again with other bytes: the first copy must stay.
    const order = chunks.map((_, i) => i).reverse();
    for (const i of order) {
      expect(await sendChunk(alice, meetingId, i, chunks[i]!)).toEqual({
        status: 200,
        body: { received: i },
      });
    }
    expect(await sendChunk(alice, meetingId, 3, Buffer.from('garbage'))).toEqual({
      status: 200,
      body: { received: 3 },
    });
    expect(existsSync(path.join(dataDir, 'recordings-in-progress', meetingId, '0.part'))).toBe(
      true,
    );

    const stop = await alice.post(`/api/meetings/${meetingId}/stop`, { durationMs: 11_000 });
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({ meetingId, bytes: webm.length, missingChunks: [] });

    const meeting = (await alice.get(`/api/meetings/${meetingId}`)).body;
    expect(meeting).toMatchObject({ isRecording: false, isProcessing: true, isPaused: false });
    expect(meeting.duration).toBeCloseTo(11_000 / 60_000, 6);
    const audioUrl = await storedAudioUrlOf(server, meetingId);
    expect(audioUrl).toBe(stop.body.audioUrl);
    expect(audioUrl).toMatch(new RegExp(`^recordings/${alice.userId}/\\d+-meeting-audio\\.webm$`));
    const key = keyFromAudioUrl(audioUrl)!;
    expect(await readObject(server, key)).toEqual(webm);
    expect((await server.storage.stat(key))?.contentType).toBe('audio/webm');
    // The chunks are one stored object now.
    expect(existsSync(path.join(dataDir, 'recordings-in-progress', meetingId))).toBe(false);

    expect(await processJobs(server, meetingId)).toEqual([
      {
        meetingId,
        userId: alice.userId,
        audioKey: key,
        mimeType: 'audio/webm',
        source: 'recording',
      },
    ]);

    // Stop again (a retry after a lost answer): same audio, no second job.
    const again = await alice.post(`/api/meetings/${meetingId}/stop`, {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ meetingId, audioUrl, bytes: webm.length });
    expect(await processJobs(server, meetingId)).toHaveLength(1);
    // A late chunk cannot change stored audio.
    expect((await sendChunk(alice, meetingId, chunks.length, chunks[1]!)).status).toBe(409);
  });

  it('assembles what exists when an index never arrived', async () => {
    const meetingId = await newRecording(alice);
    for (const i of [0, 1, 3]) await sendChunk(alice, meetingId, i, chunks[i]!);
    const stop = await alice.post(`/api/meetings/${meetingId}/stop`);
    expect(stop.status).toBe(200);
    expect(stop.body.missingChunks).toEqual([2]);
    const stored = await readObject(server, keyFromAudioUrl(stop.body.audioUrl)!);
    expect(stored).toEqual(Buffer.concat([chunks[0]!, chunks[1]!, chunks[3]!]));
  });

  it('answers "Recording failed / No audio data was recorded" when nothing arrived, clearing the flags', async () => {
    const meetingId = await newRecording(alice);
    await sendChunk(alice, meetingId, 0, new Uint8Array(0));
    const stop = await alice.post(`/api/meetings/${meetingId}/stop`, { durationMs: 500 });
    expect(stop.status).toBe(400);
    expect(stop.body).toEqual({ error: 'Recording failed', details: 'No audio data was recorded' });
    const meeting = (await alice.get(`/api/meetings/${meetingId}`)).body;
    expect(meeting).toMatchObject({ isRecording: false, isProcessing: false, audioUrl: null });
    expect(await processJobs(server, meetingId)).toEqual([]);
  });

  it('refuses a first chunk that is not WebM, and another type', async () => {
    const meetingId = await newRecording(alice);
    const wav = readFileSync(JFK_WAV).subarray(0, 4000);
    const res = await sendChunk(alice, meetingId, 0, wav);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid file type');
    const typed = await fetch(`${alice.baseUrl}/api/meetings/${meetingId}/audio?index=1`, {
      method: 'POST',
      body: chunks[1]!,
      headers: { cookie: alice.cookie, origin: alice.origin, 'content-type': 'audio/wav' },
    });
    expect(typed.status).toBe(400);
    expect(existsSync(path.join(dataDir, 'recordings-in-progress', meetingId, '0.part'))).toBe(
      false,
    );
  });

  it('refuses a chunk over 10 MB', async () => {
    const meetingId = await newRecording(alice);
    const big = Buffer.concat([chunks[0]!, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await sendChunk(alice, meetingId, 0, big);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('File too large');
  });

  it("answers 404 for another user's meeting, for chunks and for stop", async () => {
    const meetingId = await newRecording(alice);
    expect((await sendChunk(bob, meetingId, 0, chunks[0]!)).status).toBe(404);
    expect((await bob.post(`/api/meetings/${meetingId}/stop`, {})).status).toBe(404);
    expect(existsSync(path.join(dataDir, 'recordings-in-progress', meetingId))).toBe(false);
    const meeting = (await alice.get(`/api/meetings/${meetingId}`)).body;
    expect(meeting.isRecording).toBe(true);
  });

  it('validates the index', async () => {
    const meetingId = await newRecording(alice);
    expect((await sendChunk(alice, meetingId, -1, chunks[0]!)).status).toBe(400);
    const noIndex = await fetch(`${alice.baseUrl}/api/meetings/${meetingId}/audio`, {
      method: 'POST',
      body: chunks[0]!,
      headers: { cookie: alice.cookie, origin: alice.origin, 'content-type': 'audio/webm' },
    });
    expect(noIndex.status).toBe(400);
  });
});
