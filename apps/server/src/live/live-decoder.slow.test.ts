import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitWebmChunks, webmChunksOf } from '@summy/fakes/audio';
import { testdataPath } from '../../../../testdata/index.ts';
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
async function decode(chunks: Buffer[], channels: 1 | 2, skipUntil?: [number, number]) {
  const decoder = await openLiveDecoder({ channels, skipUntil });
  const afterChunk: LiveSpeech[][] = [];
  for (const chunk of chunks) {
    await decoder.write(chunk);
    await decoder.settle();
    afterChunk.push(decoder.take());
  }
  const atEnd = await decoder.end();
  expect(decoder.failure).toBeUndefined();
  return { afterChunk, atEnd, all: [...afterChunk.flat(), ...atEnd], decodedS: decoder.decodedS };
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
    const recognizer = pocketsphinxRecognizer({ dataDir: dir });
    const text = await recognizer.recognize(all[0]!.samples);
    await recognizer.close();
    expect(text).toMatch(/america/);
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
