/**
 * The live draft transcript end to end: a real server (PGlite, pg-boss workers, ffmpeg,
 * PocketSphinx) receives a real recording as MediaRecorder-like WebM chunks through the chunk
 * route, faster than real time, one out of order and one twice; live segments come over the
 * realtime stream before Stop, and the final transcript replaces them. Speech to text is set to
 * Deepgram (its local fake): the live text is still made on this machine, and only the final pass
 * goes to the cloud provider.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webmChunksOf } from '@summy/fakes/audio';
import { startDeepgramFake, type DeepgramFake } from '@summy/fakes/stt';
import { LIVE_TEXT, type LiveSegment } from '@summy/core';
import { userSettings } from '@summy/db';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitProcessed } from '../../../test/meetings.ts';
import { JFK_WAV } from '../../../test/recordings.ts';
import { openEventStream, type EventStream } from '../../../test/sse.ts';

let server: RunningServer;
let speech: DeepgramFake;
let dir: string;
let chunks: Buffer[];
let alice: Client;
let bob: Client;
let carol: Client;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-live-'));
  speech = await startDeepgramFake();
  [server, chunks] = await Promise.all([
    startTestServer({
      LIVE_MAX_MEETINGS: '1',
      STT_PROVIDER: 'deepgram',
      DEEPGRAM_API_KEY: speech.apiKey,
      DEEPGRAM_BASE_URL: speech.url,
    }),
    webmChunksOf(JFK_WAV, path.join(dir, 'jfk.webm')),
  ]);
  [alice, bob, carol] = await Promise.all([
    signUp(server, 'Alice'),
    signUp(server, 'Bob'),
    signUp(server, 'Carol'),
  ]);
});
afterAll(async () => {
  await server?.close();
  await speech?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function newRecording(client: Client): Promise<string> {
  const res = await client.post('/api/meetings', { title: 'Live test', isRecording: true });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function sendChunk(client: Client, meetingId: string, index: number): Promise<void> {
  const res = await fetch(`${client.baseUrl}/api/meetings/${meetingId}/audio?index=${index}`, {
    method: 'POST',
    body: chunks[index],
    headers: { cookie: client.cookie, origin: client.origin, 'content-type': 'audio/webm' },
  });
  expect(res.status).toBe(200);
}

const liveSegments = (stream: EventStream, meetingId: string): LiveSegment[] =>
  stream.all
    .filter((e) => e.event === 'live-segment' && e.data.meetingId === meetingId)
    .map((e) => e.data.segment as LiveSegment);

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('live draft transcript', () => {
  it('streams segments while recording, caps and preferences, then the final transcript', async () => {
    const stream = await openEventStream(alice.baseUrl, alice.cookie);
    const bobStream = await openEventStream(bob.baseUrl, bob.cookie);
    const id = await newRecording(alice);
    // In order at about 6x real time, but chunk 3 after chunk 4, and chunk 2 twice.
    const sendOrder = chunks.map((_, i) => i);
    sendOrder.splice(3, 2, 4, 3);
    sendOrder.splice(3, 0, 2);
    for (const index of sendOrder) {
      await sendChunk(alice, id, index);
      await new Promise((r) => setTimeout(r, 150));
    }
    expect((await alice.get(`/api/meetings/${id}/live`)).body.state).toBe('live');

    // A second meeting beyond LIVE_MAX_MEETINGS=1 records without live text, with a notice.
    const bobs = await newRecording(bob);
    await sendChunk(bob, bobs, 0);
    expect((await bob.get(`/api/meetings/${bobs}/live`)).body).toEqual({
      state: 'busy',
      segments: [],
    });
    const notice = await bobStream.notice((n) => n.title === LIVE_TEXT.busyNotice);
    expect(notice).toMatchObject({ meetingId: bobs, variant: 'info' });
    expect(notice.description).toMatch(/Recording goes on/);

    // A user who turned live text off gets state 'off'.
    await server.database.db
      .insert(userSettings)
      .values({ userId: carol.userId!, liveTranscript: false })
      .onConflictDoUpdate({ target: userSettings.userId, set: { liveTranscript: false } });
    const carols = await newRecording(carol);
    await sendChunk(carol, carols, 0);
    expect((await carol.get(`/api/meetings/${carols}/live`)).body.state).toBe('off');

    // Segments arrive over the stream before Stop.
    // JFK's phrases: silero finds three (it misses the short 'ask not'), the energy detector four.
    await until(() => liveSegments(stream, id).length >= 2, 20_000, 'two live segments');
    const seen = liveSegments(stream, id);
    expect(seen.map((s) => s.seq)).toEqual(seen.map((_, i) => i));
    for (const [i, s] of seen.entries()) {
      expect(s.channel).toBe(0);
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.end - s.start).toBeLessThanOrEqual(15);
      // Each stretch of audio once: no text repeated across chunk edges.
      if (i > 0) expect(s.start).toBeGreaterThanOrEqual(seen[i - 1]!.end);
    }
    for (const s of seen) {
      expect(s.text).toMatch(/^\w/);
      expect(s.end).toBeLessThanOrEqual(11.1);
    }
    const live = (await alice.get(`/api/meetings/${id}/live`)).body;
    expect(live.segments.slice(0, seen.length)).toEqual(seen);
    expect((await bob.get(`/api/meetings/${id}/live`)).status).toBe(404);

    // The live text was made here: nothing went to the cloud provider while recording.
    expect(speech.requests).toHaveLength(0);

    // Stop: the pipeline's transcript (the cloud provider's) replaces the live segments.
    expect((await alice.post(`/api/meetings/${id}/stop`, { durationMs: 11_000 })).status).toBe(200);
    const meeting = await waitProcessed(alice, id);
    expect(speech.requests).toHaveLength(1);
    expect(meeting.transcript).toContain('Americans');
    expect((await alice.get(`/api/meetings/${id}/live`)).body).toEqual({
      state: 'ended',
      segments: [],
    });
    await until(
      () => stream.all.some((e) => e.event === 'live-state' && e.data.state === 'ended'),
      5_000,
      "live-state 'ended'",
    );
    stream.close();
    bobStream.close();
  });

  it("answers 'none' for a meeting without a live session, 404 for no meeting", async () => {
    const id = await newRecording(alice);
    expect((await alice.get(`/api/meetings/${id}/live`)).body).toEqual({
      state: 'none',
      segments: [],
    });
    const missing = await alice.get(`/api/meetings/00000000-0000-4000-8000-000000000000/live`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Not found', details: 'Meeting not found' });
  });
});
