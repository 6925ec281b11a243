import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webmChunksOf } from '@summy/fakes/audio';
import { testdataPath } from '../../../../testdata/index.ts';
import type { DetectedSpeech } from '../audio/speech-detector.ts';
import { openLiveDecoder } from './live-decoder.ts';
import type { LiveText } from './live-transcriber.ts';
import { streamingTranscriber } from './streaming-transcriber.ts';

const JFK = testdataPath('audio', 'jfk', 'jfk.wav');
let dir: string;
let chunks: Buffer[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-streaming-test-'));
  // A call recording: jfk.wav on the left (the user), silence on the right (the call).
  const call = path.join(dir, 'call.wav');
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-y', '-i', JFK, '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono'],
    ...['-filter_complex', '[0:a][1:a]amerge=inputs=2[a]', '-map', '[a]', '-t', '11', call],
  ]);
  chunks = await webmChunksOf(call, path.join(dir, 'call.webm'), { channels: 2 });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Waits up to `ms` for `take` to give lines. */
async function waitForLines(take: () => Promise<LiveText[]>, ms: number): Promise<LiveText[]> {
  const until = Date.now() + ms;
  for (;;) {
    const lines = await take();
    if (lines.length > 0 || Date.now() > until) return lines;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('streaming PocketSphinx transcriber', () => {
  it('gives lines while the recording goes on, at the times of the speech, per channel', async () => {
    const transcriber = streamingTranscriber('test-meeting');
    const stretches: DetectedSpeech[] = [];
    const decoder = await openLiveDecoder({
      channels: 2,
      onHeard: (audio) => {
        stretches.push(...audio.ended);
        transcriber.hear(audio);
      },
    });
    // The first 7 s of 11: "and so my fellow americans" ends near 3 s and "ask not what your
    // country can do for you" near 7 s.
    for (const chunk of chunks.slice(0, 7)) {
      await decoder.write(chunk);
      await decoder.settle();
    }
    const early = await waitForLines(() => transcriber.take(), 10_000);
    expect(early.length).toBeGreaterThan(0);
    for (const chunk of chunks.slice(7)) await decoder.write(chunk);
    await decoder.end();
    const lines = [...early, ...(await transcriber.take()), ...(await transcriber.end())];
    await transcriber.close();
    expect(decoder.failure).toBeUndefined();

    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.map((l) => l.text).join(' ')).toMatch(/\bcountry\b/);
    const speech = stretches.map((s) => [s.start / 16_000, (s.start + s.samples.length) / 16_000]);
    for (const [i, line] of lines.entries()) {
      expect(line.channel).toBe(0); // the silent call side has no text
      expect(line.text).toMatch(/^\S+( \S+)*$/);
      expect(line.end).toBeGreaterThan(line.start);
      if (i > 0) expect(line.start).toBeGreaterThanOrEqual(lines[i - 1]!.end - 0.01);
      // Within a stretch of speech the detector found, or the audio heard before it closed the
      // stretch (silero waits 0.5 s of silence).
      const within = ([a, b]: number[]) => line.start >= a! - 0.05 && line.end <= b! + 0.6;
      expect(speech.some(within)).toBe(true);
    }
  });

  it('loses only the text when PocketSphinx is missing', async () => {
    const missing = streamingTranscriber('test-meeting', { command: 'no-such-pocketsphinx' });
    const noise = Float32Array.from({ length: 16_000 }, () => Math.random() - 0.5);
    missing.hear({
      channel: 0,
      samples: noise,
      ended: [{ start: 0, samples: noise }],
      openSince: undefined,
    });
    expect(await missing.take()).toEqual([]);
    expect(await missing.end()).toEqual([]);
    await missing.close();
  });
});
