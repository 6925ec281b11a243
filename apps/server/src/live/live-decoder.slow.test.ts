import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitWebmChunks, webmChunksOf } from '@summy/fakes/audio';
import { writeTinySileroVad } from '@summy/fakes/models';
import { testdataPath } from '../../../../testdata/index.ts';
import { decodeToPcm } from '../audio/ffmpeg.ts';
import { openLiveDecoder, type LiveSpeech } from './live-decoder.ts';
import { pocketsphinxRecognizer } from './live-recognizer.ts';

const JFK = testdataPath('audio', 'jfk', 'jfk.wav');
let dir: string;
let mono: Buffer[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-live-decoder-test-'));
  mono = await webmChunksOf(JFK, path.join(dir, 'jfk.webm'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Feeds the chunks one by one; answers the speech found after each chunk, and at the end. */
async function decode(
  chunks: Buffer[],
  channels: 1 | 2,
  skipUntil?: [number, number],
  sileroModel?: string,
) {
  const decoder = await openLiveDecoder({ channels, skipUntil, sileroModel });
  const afterChunk: LiveSpeech[][] = [];
  for (const chunk of chunks) {
    const before = decoder.decodedS;
    await decoder.write(chunk);
    // Until ffmpeg answers the chunk with audio (a loaded machine may take longer to start than
    // settle's quiet period), then until it is quiet.
    const until = Date.now() + 2_000;
    while (decoder.decodedS === before && Date.now() < until) await decoder.settle();
    await decoder.settle();
    afterChunk.push(decoder.take());
  }
  const atEnd = await decoder.end();
  expect(decoder.failure).toBeUndefined();
  return { afterChunk, atEnd, all: [...afterChunk.flat(), ...atEnd], decodedS: decoder.decodedS };
}

/** Largest absolute difference between two signals of the same length (Infinity otherwise). */
function maxDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Infinity;
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

describe('webm chunks (packages/fakes)', () => {
  it('splits a WebM file into a header chunk and cluster continuations, byte for byte', async () => {
    const file = await readFile(path.join(dir, 'jfk.webm'));
    expect(Buffer.concat(mono).equals(file)).toBe(true);
    expect(mono.length).toBeGreaterThanOrEqual(11);
    expect(mono[0]!.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    for (const chunk of mono.slice(1))
      expect(chunk.subarray(0, 4).toString('hex')).toBe('1f43b675');
    expect(() => splitWebmChunks(Buffer.from('not webm at all'))).toThrow(/WebM/);
  });
});

describe('live decoder', () => {
  it('hands out speech while chunks still come, in order, each sample once', async () => {
    const { afterChunk, all, decodedS } = await decode(mono, 1);
    expect(decodedS).toBeCloseTo(11, 0);
    // Speech ended within the first half of the recording is out before its second half is fed.
    expect(afterChunk.slice(0, 6).flat().length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const [i, s] of all.entries()) {
      expect(s.channel).toBe(0);
      expect(s.end - s.start).toBeCloseTo(s.samples.length / 16_000, 3);
      expect(s.end - s.start).toBeLessThanOrEqual(15);
      if (i > 0) expect(s.start).toBeGreaterThanOrEqual(all[i - 1]!.end);
    }
    // Each stretch is the recording's own audio at its times: the same samples as the whole file
    // decoded at once.
    const whole = await decodeToPcm(path.join(dir, 'jfk.webm'));
    for (const s of all) {
      const at = Math.round(s.start * 16_000);
      expect(maxDifference(s.samples, whole.subarray(at, at + s.samples.length))).toBeLessThan(
        1e-3,
      );
    }
    // And the first stretch, recognised, is words (what words PocketSphinx hears in 2 s varies).
    const recognizer = pocketsphinxRecognizer({ dataDir: dir });
    expect(await recognizer.recognize(all[0]!.samples)).toMatch(/\w+ \w+/);
    await recognizer.close();
  });

  it('cuts a recording sent as chunks at the times the tiny silero model gives', async () => {
    // 1 s silence, 2 s tone, 1 s silence, 1.5 s tone, 1 s silence; the tiny model calls a loud
    // window speech, so its stretches are the tones (a window or two early, plus the 0.1 s
    // kept before each stretch).
    const tones = path.join(dir, 'tones.wav');
    const tone = (s: number) => `sine=f=440:r=16000:d=${s}`;
    const quiet = (s: number) => `anullsrc=r=16000:cl=mono:d=${s}`;
    await promisify(execFile)('ffmpeg', [
      ...['-v', 'error', '-y'],
      ...[quiet(1), tone(2), quiet(1), tone(1.5), quiet(1)].flatMap((f) => [
        '-f',
        'lavfi',
        '-i',
        f,
      ]),
      ...['-filter_complex', 'concat=n=5:v=0:a=1', '-ar', '16000', '-ac', '1', tones],
    ]);
    const chunks = await webmChunksOf(tones, path.join(dir, 'tones.webm'));
    const model = await writeTinySileroVad(path.join(dir, 'tiny-vad.onnx'));
    const { all } = await decode(chunks, 1, undefined, model);
    const times = all.map((s): [number, number] => [s.start, s.end]);
    expect(times).toHaveLength(2);
    const toneTimes: [number, number][] = [
      [1, 3],
      [4, 5.5],
    ];
    for (const [i, [start, end]] of times.entries()) {
      const [toneStart, toneEnd] = toneTimes[i]!;
      // The 0.1 s kept before each stretch, and up to two windows that silero starts early.
      expect(start).toBeGreaterThan(toneStart - 0.25);
      expect(start).toBeLessThanOrEqual(toneStart - 0.099);
      expect(end).toBeGreaterThan(toneEnd - 0.1);
      expect(end).toBeLessThan(toneEnd + 0.6);
    }
  });

  it('skips what a resumed session published, and keeps two channels apart', async () => {
    const resumed = await decode(mono, 1, [5, 0]);
    expect(resumed.all.length).toBeGreaterThan(0);
    for (const s of resumed.all) expect(s.start).toBeGreaterThanOrEqual(5);

    // jfk.wav on the left (the user), silence on the right (the call).
    const call = path.join(dir, 'call.wav');
    await promisify(execFile)('ffmpeg', [
      ...['-v', 'error', '-y', '-i', JFK, '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono'],
      ...['-filter_complex', '[0:a][1:a]amerge=inputs=2[a]', '-map', '[a]', '-t', '11', call],
    ]);
    const stereo = await webmChunksOf(call, path.join(dir, 'call.webm'), { channels: 2 });
    const { all } = await decode(stereo, 2);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((s) => s.channel))).toEqual(new Set([0]));
  });
});
