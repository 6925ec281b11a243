/**
 * A two-channel call recording processed with Deepgram (its loopback fake, configured through
 * DEEPGRAM_API_KEY + DEEPGRAM_BASE_URL): one `multichannel=true` request for both channels,
 * merged by time, the holder's channel under their name, the linked event's other attendee on
 * the call's channel, and the microphone's echo of the call hidden.
 */
import { mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetings } from '@summy/db';
import { JFK_SCRIPT, scriptFromText, startDeepgramFake, type DeepgramFake } from '@summy/fakes/stt';
import type { RunningServer } from '../server.ts';
import { signUp, startTestServer, type Client } from '../../test/harness.ts';
import { buildCall, recordCall, turnsOf } from '../../test/calls.ts';
import { readObject, reachable, storedAudioUrlOf } from '../../test/recordings.ts';
import { probeChannelCount } from '../audio/channels.ts';
import { playbackMixKey } from '../storage/playback-mix.ts';
import { keyFromAudioUrl } from '../storage/types.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'summy-call-deepgram-'));
let fake: DeepgramFake;
let server: RunningServer;
let alice: Client;

/** Words of `text` by `speaker` on `channel`, spread over [start, end] s. */
const on = (channel: number, speaker: number, text: string, start: number, end: number) =>
  scriptFromText([{ speaker, text }], { start, end, duration: 20 }).map((w) => ({
    ...w,
    channel,
  }));

beforeAll(async () => {
  fake = await startDeepgramFake({
    apiKey: 'dg-call-key',
    script: {
      ...JFK_SCRIPT,
      duration: 20,
      words: [
        ...on(0, 0, 'Hello Bob, can you hear me?', 0.5, 2.5),
        ...on(1, 0, 'Yes, we ship the release on Friday morning.', 4, 7),
        // The microphone heard the call through the speakers: the same words, 50 ms later.
        ...on(0, 0, 'Yes, we ship the release on Friday morning.', 4.05, 7.05),
        ...on(0, 0, 'Great, thanks.', 9, 10),
      ],
    },
  });
  server = await startTestServer({
    DEEPGRAM_API_KEY: 'dg-call-key',
    DEEPGRAM_BASE_URL: fake.url,
  });
  alice = await signUp(server, 'Alice');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('a call recording with Deepgram', () => {
  it('is one multichannel request, merged by time with the echo hidden and both sides named', async () => {
    const file = await buildCall(tmp, 'call.webm');
    const meeting = await recordCall(alice, file, async (id) => {
      // A linked event of two attendees: the holder (by their account e-mail) and Bob.
      await server.database.db
        .update(meetings)
        .set({
          calendarEventAttendees: [
            { email: alice.email.toUpperCase(), name: 'Alice A.' },
            { email: 'bob@example.com', name: 'Bob Builder' },
          ],
        })
        .where(eq(meetings.id, id));
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.query.get('multichannel')).toBe('true');
    expect(meeting.transcription).toEqual({ provider: 'deepgram' });
    expect(turnsOf(meeting)).toEqual([
      { label: 'Speaker 2', text: 'Hello Bob, can you hear me?' },
      { label: 'Speaker 1', text: 'Yes, we ship the release on Friday morning.' },
      { label: 'Speaker 2', text: 'Great, thanks.' },
    ]);
    expect(meeting.speakerNames).toEqual({ 'Speaker 2': 'Alice', 'Speaker 1': 'Bob Builder' });
    expect(meeting.capture?.echoed.map((e) => e.text)).toEqual([
      'Yes, we ship the release on Friday morning.',
    ]);
  });

  it('plays a mono mix of both channels and keeps the two-channel original until deleted', async () => {
    const meeting = await recordCall(alice, await buildCall(tmp, 'mixed.webm'));
    const key = keyFromAudioUrl(await storedAudioUrlOf(server, meeting.id))!;
    const original = path.join(tmp, 'original.webm');
    await writeFile(original, await readObject(server, key));
    expect(await probeChannelCount(original)).toBe(2);

    const signed = await alice.get(`/api/meetings/${meeting.id}/audio-url`);
    expect(signed.status).toBe(200);
    const played = await fetch(reachable(signed.body.url as string, server));
    expect(played.status).toBe(200);
    const mix = path.join(tmp, 'played.webm');
    await writeFile(mix, Buffer.from(await played.arrayBuffer()));
    expect(await probeChannelCount(mix)).toBe(1);
    expect(meeting.audioUrl).toContain(encodeURIComponent(playbackMixKey(key)).slice(-20));

    expect((await alice.delete(`/api/meetings/${meeting.id}`)).status).toBe(204);
    for (let i = 0; i < 50 && (await server.storage.stat(playbackMixKey(key))); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await server.storage.stat(playbackMixKey(key))).toBeUndefined();
  });

  it('plays the mono mix of a call in which nobody spoke', async () => {
    const script = fake.script;
    fake.script = { ...script, channels: 2, words: [] };
    try {
      const meeting = await recordCall(alice, await buildCall(tmp, 'silent.webm'));
      expect(meeting.transcript).toBe('');
      const signed = await alice.get(`/api/meetings/${meeting.id}/audio-url`);
      const played = await fetch(reachable(signed.body.url as string, server));
      const mix = path.join(tmp, 'silent-played.webm');
      await writeFile(mix, Buffer.from(await played.arrayBuffer()));
      expect(await probeChannelCount(mix)).toBe(1);
    } finally {
      fake.script = script;
    }
  });
});
