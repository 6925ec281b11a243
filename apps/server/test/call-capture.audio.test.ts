/**
 * A two-channel call recording through the public API, as the recorder sends one: a meeting
 * created with `channels: ["me", "them"]`, WebM/Opus chunks, stop. Built by ffmpeg from the
 * repository's recordings: jfk.wav on the left (the account holder's microphone, 0-11 s) and a
 * LibriVox clip on the right (the call, from 12 s). Processed by the offline default
 * (PocketSphinx), then by the local sherpa-onnx engine with the tiny test models: each side's
 * words must land on its side, the holder's under their name.
 */
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADPHONES_HINT_SHARE, type Meeting } from '@summy/core';
import type { RunningServer } from '../src/server.ts';
import { signUp, startTestServer, type Client } from './harness.ts';
import { waitProcessed } from './meetings.ts';
import { downloadModel } from './tiny-models.ts';
import { AUDIO_DIR, ffmpeg, JFK_WAV } from './recordings.ts';
import { startModelServer, writeTinyModels, type ModelServer } from '@summy/fakes/models';

const CALL_WAV = path.join(
  AUDIO_DIR,
  'librivox_pocketsphinx/sense_and_sensibility_01_austen_64kb-0870.wav',
);
/** Where the call's clip starts in the recording (s); jfk.wav ends at 11 s. */
const CALL_START_S = 12;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'summy-call-capture-'));
let server: RunningServer;
let alice: Client;

let mirror: ModelServer;

beforeAll(async () => {
  // No models at first (PocketSphinx); the tiny sherpa-onnx models wait on a loopback mirror.
  const tiny = await writeTinyModels(path.join(tmp, 'mirror'));
  mirror = await startModelServer(tiny.archivesDir);
  server = await startTestServer({
    SUMMY_MODELS_DIR: path.join(tmp, 'models'),
    MODELS_CATALOG: tiny.catalogFile,
    MODELS_BASE_URL: mirror.url,
  });
  alice = await signUp(server, 'Alice');
});
afterAll(async () => {
  try {
    await server?.close();
  } finally {
    await mirror?.close();
    await rm(tmp, { recursive: true, force: true });
  }
});

const download = (id: string) => downloadModel(alice, id);

/**
 * Writes the call as a two-channel WebM/Opus file: jfk.wav left, the LibriVox clip right from
 * {@link CALL_START_S}. With `leakDb`, the right also enters the left at that level 50 ms later,
 * as a microphone hears a call played on speakers.
 */
async function buildCall(name: string, leakDb?: number): Promise<string> {
  const out = path.join(tmp, name);
  const mono = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=mono';
  const right = `[1:a]${mono},adelay=${CALL_START_S * 1000},apad=whole_dur=20`;
  const graph =
    leakDb === undefined
      ? `${right}[r];[0:a]${mono},apad=whole_dur=20[l]`
      : `${right},asplit=2[r][rl];[rl]adelay=50,volume=${leakDb}dB[leak];` +
        `[0:a]${mono},apad=whole_dur=20[l0];[l0][leak]amix=inputs=2:normalize=0:duration=first[l]`;
  await ffmpeg([
    ...['-i', JFK_WAV, '-i', CALL_WAV, '-filter_complex', `${graph};[l][r]amerge=inputs=2[a]`],
    ...['-map', '[a]', '-t', '20', '-c:a', 'libopus', '-b:a', '48k', '-f', 'webm', out],
  ]);
  return out;
}

/** Records `file` as the recorder would: a call meeting, ~1 s chunks, stop; waits for the run. */
async function recordCall(file: string): Promise<Meeting> {
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
  const stop = await alice.post(`/api/meetings/${id}/stop`, { durationMs: 20_000 });
  expect(stop.status, JSON.stringify(stop.body)).toBe(200);
  return waitProcessed(alice, id, 120_000);
}

/** The transcript's turns: label and text, in order. */
function turnsOf(meeting: Meeting): { label: string; text: string }[] {
  return [...(meeting.transcript ?? '').matchAll(/^(Speaker \d+): (.*)$/gm)].map((m) => ({
    label: m[1]!,
    text: m[2]!,
  }));
}

describe('a two-channel call recording, offline providers', { timeout: 180_000 }, () => {
  it('transcribes each side on its own: the holder under their name, the call as Speaker N', async () => {
    const meeting = await recordCall(await buildCall('call.webm'));
    expect(meeting.channels).toEqual(['me', 'them']);
    const turns = turnsOf(meeting);
    const holder = Object.entries(meeting.speakerNames).find(([, n]) => n === 'Alice')?.[0];
    expect(holder).toMatch(/^Speaker \d+$/);
    const mine = turns
      .filter((t) => t.label === holder)
      .map((t) => t.text)
      .join(' ');
    const theirs = turns.filter((t) => t.label !== holder);
    expect(theirs.length).toBeGreaterThan(0);
    for (const t of theirs) expect(meeting.speakerNames[t.label]).toBeUndefined();
    // jfk.wav's words on the holder's side, the LibriVox clip's on the call's.
    expect(mine).toMatch(/country/);
    expect(mine).not.toMatch(/dashwood|leisure|prudently/);
    expect(theirs.map((t) => t.text).join(' ')).toMatch(/consider|power|prudently|leisure/);
    expect(theirs.map((t) => t.text).join(' ')).not.toMatch(/country|americans/);
    // The holder speaks first: the merge is by time.
    expect(turns[0]!.label).toBe(holder);
    // The sides never speak at once: no echo, no double talk.
    expect(meeting.capture).toEqual({ echoed: [], doubleTalkShare: 0 });
  });

  it('with the call leaking into the microphone, keeps every call line and hints at headphones', async () => {
    const meeting = await recordCall(await buildCall('call-leaked.webm', -12));
    const turns = turnsOf(meeting);
    const holder = Object.entries(meeting.speakerNames).find(([, n]) => n === 'Alice')?.[0];
    const theirs = turns.filter((t) => t.label !== holder);
    // Channel 1 is never dropped: the call's line is there with its words.
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.text).toMatch(/leisure to consider/);
    // The leak makes the microphone speak while the call does: over the headphones hint.
    expect(meeting.capture!.doubleTalkShare).toBeGreaterThanOrEqual(HEADPHONES_HINT_SHARE);
    // PocketSphinx decodes the leak differently from the call itself (measured: 16 of the leak's
    // 24 words are in the call's line, under the echo rule's 80%), so the echo stays shown here.
    // Whatever it hides lies within the call's span and is not in the transcript.
    for (const echo of meeting.capture!.echoed) {
      expect(echo.start).toBeGreaterThanOrEqual(CALL_START_S - 0.5);
      expect(meeting.transcript).not.toContain(echo.text);
    }
  });

  // Last: it installs the local engine, which every later recording would use.
  it("with the local sherpa-onnx engine: the same layout, each side's turns in its own time", async () => {
    await download('tiny-nemo-ctc-en');
    await download('tiny-speaker-embedding');
    const meeting = await recordCall(await buildCall('call-local.webm'));
    expect(meeting.transcription).toEqual({ provider: 'local', model: 'tiny-nemo-ctc-en' });
    expect(meeting.channels).toEqual(['me', 'them']);
    const holder = Object.entries(meeting.speakerNames).find(([, n]) => n === 'Alice')?.[0];
    expect(holder).toMatch(/^Speaker \d+$/);
    const turns = turnsOf(meeting);
    // Random weights decode nonsense, but in time: the holder (0-11 s) first, the call last.
    expect(turns[0]!.label).toBe(holder);
    expect(turns.at(-1)!.label).not.toBe(holder);
    for (const t of turns.filter((t) => t.label !== holder)) {
      expect(meeting.speakerNames[t.label]).toBeUndefined();
    }
  }, 300_000);
});
