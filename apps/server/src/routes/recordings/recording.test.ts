/**
 * A browser recording sent chunk by chunk, then stopped, against a real server with real webm/opus
 * audio made by ffmpeg from jfk.wav.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server.ts';
import { keyFromAudioUrl } from '../../storage/types.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import {
  ffmpeg,
  JFK_WAV,
  processJobs,
  readObject,
  storedAudioUrlOf,
} from '../../../test/recordings.ts';

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
    expect(stop.body).toMatchObject({
      meetingId,
      bytes: webm.length,
      missingChunks: { count: 0, ranges: [] },
    });

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
    expect(stop.body.missingChunks).toEqual({ count: 1, ranges: [[2, 2]] });
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

  it('refuses a chunk over 2 MiB', async () => {
    const meetingId = await newRecording(alice);
    const big = Buffer.concat([chunks[0]!, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await sendChunk(alice, meetingId, 0, big);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('File too large');
  });

  it('answers an oversized chunk from its declared length and closes without reading the rest', async () => {
    const meetingId = await newRecording(alice);
    const declared = Math.round(9.9 * 1024 * 1024);
    const url = new URL(`${alice.baseUrl}/api/meetings/${meetingId}/audio?index=0`);
    const result = await new Promise<{ status: number; connection: string; sent: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answer: { status: number; connection: string } | null = null;
        const req = http.request(url, {
          method: 'POST',
          headers: {
            cookie: alice.cookie,
            origin: alice.origin,
            'content-type': 'audio/webm;codecs=opus',
            'content-length': declared,
          },
        });
        req.on('response', (res) => {
          answer = { status: res.statusCode ?? 0, connection: String(res.headers.connection) };
          res.resume();
        });
        // The server hangs up once it has answered; a client still sending sees the reset.
        req.on('error', () => undefined);
        req.on('close', () =>
          answer ? resolve({ ...answer, sent }) : reject(new Error('closed unanswered')),
        );
        // Send in 64 KiB pieces, a few at a time, as long as the connection lasts.
        const piece = Buffer.alloc(64 * 1024);
        const pump = () => {
          while (!req.destroyed && sent < declared && req.write(piece)) sent += piece.length;
          if (!req.destroyed && sent < declared) req.once('drain', pump);
        };
        pump();
      },
    );
    expect(result.status).toBe(413);
    expect(result.connection).toBe('close');
    // Closed well before the client could send the whole declared body.
    expect(result.sent).toBeLessThan(declared / 2);
  });

  it('refuses the attack: HTML chunks, far indexes, an absurd duration', async () => {
    const meetingId = await newRecording(alice);
    const html = Buffer.from(
      `<!doctype html><html><body>${'<p>not audio</p>'.repeat(650_000)}</body></html>`,
    );
    expect(html.length).toBeGreaterThan(9.9 * 1024 * 1024);
    // 9.9 MB chunks: refused by size before the body is read.
    const huge = await sendChunk(alice, meetingId, 1, html);
    expect(huge).toEqual({
      status: 413,
      body: { error: 'File too large', details: 'Please send audio chunks smaller than 2MB' },
    });
    // Chunk-sized HTML, at the indexes of the attack: not WebM data, or too far ahead.
    expect(await sendChunk(alice, meetingId, 0, chunks[0]!)).toEqual({
      status: 200,
      body: { received: 0 },
    });
    for (let i = 1; i <= 11; i++) {
      const res = await sendChunk(alice, meetingId, i, html.subarray(0, 100_000));
      expect(res).toEqual({
        status: 400,
        body: {
          error: 'Invalid file type',
          details: 'Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
        },
      });
    }
    const far = await sendChunk(alice, meetingId, 999_999, chunks[1]!);
    expect(far.status).toBe(400);
    const ahead = await sendChunk(alice, meetingId, 40, chunks[1]!);
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toBe('Invalid chunk index');
    expect(ahead.body.details).toContain('past the last chunk received (0)');
    const stored = path.join(dataDir, 'recordings-in-progress', meetingId);
    expect(readdirSync(stored)).toEqual(['0.part']);

    const absurd = await alice.post(`/api/meetings/${meetingId}/stop`, { durationMs: 1e300 });
    expect(absurd.status).toBe(400);
    expect(absurd.body.error).toBeTypeOf('string');
    expect((await alice.get(`/api/meetings/${meetingId}`)).body.isRecording).toBe(true);
    const stop = await alice.post(`/api/meetings/${meetingId}/stop`, { durationMs: 1000 });
    expect(stop.status).toBe(200);
    expect(stop.body.bytes).toBe(chunks[0]!.length);
  });

  it('takes indexes up to 32 ahead, and summarises the gaps they leave in a small answer', async () => {
    const meetingId = await newRecording(alice);
    const sent = [0, 32, 64, 65, 97];
    for (const i of sent) {
      expect((await sendChunk(alice, meetingId, i, chunks[Math.min(i, 5)]!)).status).toBe(200);
    }
    expect((await sendChunk(alice, meetingId, 130, chunks[1]!)).status).toBe(400);
    // A duplicate is answered alike, whatever it holds.
    expect(await sendChunk(alice, meetingId, 32, Buffer.from('<html>'))).toEqual({
      status: 200,
      body: { received: 32 },
    });
    const stop = await alice.post(`/api/meetings/${meetingId}/stop`, { durationMs: 98_000 });
    expect(stop.status).toBe(200);
    expect(stop.body.missingChunks).toEqual({
      count: 93,
      ranges: [
        [1, 31],
        [33, 63],
        [66, 96],
      ],
    });
  });

  it('caps the total of a recording at 100 MiB (32 KiB a chunk index beyond)', async () => {
    const meetingId = await newRecording(alice);
    expect((await sendChunk(alice, meetingId, 0, chunks[0]!)).status).toBe(200);
    // 2 MiB of bytes that are neither text nor a known file: continuation data by the rule.
    const block = Buffer.alloc(2 * 1024 * 1024, 0x81);
    let index = 1;
    for (; index <= 49; index++) {
      expect((await sendChunk(alice, meetingId, index, block)).status).toBe(200);
    }
    // 49 * 2 MiB + chunk 0 = 98 MiB + a little: one more 2 MiB chunk passes 100 MiB.
    const over = await sendChunk(alice, meetingId, index, block);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      error: 'File too large',
      details: 'This recording reached its size limit of 100MB',
    });
    // A small chunk still fits under the cap.
    expect((await sendChunk(alice, meetingId, index, chunks[1]!)).status).toBe(200);
    rmSync(path.join(dataDir, 'recordings-in-progress', meetingId), { recursive: true });
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
