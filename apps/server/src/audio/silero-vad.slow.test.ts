/**
 * The silero speech detector run by sherpa-onnx-node in this process: timing on a known signal with
 * the tiny silero-v5-shaped model of @summy/fakes, a refused model leaving the process alive, and
 * the real silero model (installed by scripts/silero-vad.sh) on the JFK recording cut into its
 * phrases with silence between them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeOnnxModel, tinySileroVadModel, writeTinySileroVad } from '@summy/fakes/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testdataPath } from '../../../../testdata/index.ts';
import { decodeToPcm } from './ffmpeg.ts';
import { createSileroDetector, sileroSpeechRegions } from './silero-vad.ts';
import type { DetectedSpeech } from './speech-detector.ts';

const RATE = 16_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-silero-vad-'));
let tiny: string;
beforeAll(async () => {
  tiny = await writeTinySileroVad(path.join(dir, 'tiny-vad.onnx'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Silence and 440 Hz tone (amplitude 0.5) in turns: [seconds, tone?]. */
function tones(pattern: [number, boolean][]): Float32Array {
  const total = pattern.reduce((sum, [s]) => sum + s, 0);
  const pcm = new Float32Array(Math.round(total * RATE));
  let offset = 0;
  for (const [seconds, on] of pattern) {
    const n = Math.round(seconds * RATE);
    if (on)
      for (let i = 0; i < n; i++) pcm[offset + i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE);
    offset += n;
  }
  return pcm;
}

const times = (found: DetectedSpeech[]) =>
  found.map((d) => [d.start / RATE, (d.start + d.samples.length) / RATE]);

describe('createSileroDetector with the tiny model', () => {
  const pcm = tones([
    [1, false],
    [2, true],
    [1, false],
    [1.5, true],
    [1, false],
  ]);

  it('finds the two tones, fed in uneven pieces, at their times', () => {
    const detector = createSileroDetector({ model: tiny })!;
    const found: DetectedSpeech[] = [];
    // Pieces of 1000 samples: not a multiple of the 512-sample window.
    for (let i = 0; i < pcm.length; i += 1000)
      found.push(...detector.accept(pcm.subarray(i, i + 1000)));
    found.push(...detector.flush());
    const got = times(found);
    expect(got).toHaveLength(2);
    // Tones at 1-3 s and 4-5.5 s; sherpa-onnx starts a segment up to 2 windows early.
    expect(got[0]![0]).toBeCloseTo(0.96, 1);
    expect(got[0]![1]).toBeCloseTo(3.05, 1);
    expect(got[1]![0]).toBeCloseTo(3.93, 1);
    expect(got[1]![1]).toBeCloseTo(5.55, 1);
  });

  it('hands out open speech on flush, and cuts speech longer than maxSpeechS', () => {
    const open = createSileroDetector({ model: tiny })!;
    expect(
      open.accept(
        tones([
          [0.5, false],
          [1.5, true],
        ]),
      ),
    ).toEqual([]);
    expect(times(open.flush())).toHaveLength(1);
    const cut = createSileroDetector({ model: tiny, maxSpeechS: 2 })!;
    const found = [
      ...cut.accept(
        tones([
          [0.5, false],
          [5, true],
          [1, false],
        ]),
      ),
      ...cut.flush(),
    ];
    expect(found.length).toBeGreaterThanOrEqual(3);
    for (const d of found) expect(d.samples.length).toBeLessThanOrEqual(2 * RATE + 512);
    // The pieces follow one another without a gap or a repeat, and hold the tone's samples.
    for (let i = 1; i < found.length; i++) {
      expect(found[i]!.start).toBe(found[i - 1]!.start + found[i - 1]!.samples.length);
    }
    const first = found[0]!;
    expect(first.start / RATE).toBeCloseTo(0.5, 0);
    expect(Math.max(...first.samples.subarray(RATE * 0.2, RATE * 0.3))).toBeGreaterThan(0.4);
  });

  it('gives the regions of a whole recording in seconds', () => {
    const regions = sileroSpeechRegions(pcm, tiny)!;
    expect(regions.map((r) => [r.start, r.end].map((t) => Math.round(t * 10) / 10))).toEqual([
      [1, 3.1],
      [3.9, 5.5],
    ]);
    expect(sileroSpeechRegions(new Float32Array(RATE * 2), tiny)).toEqual([]);
  });
});

describe('a model that is not silero', () => {
  it('is refused before sherpa-onnx sees it, and this process goes on', () => {
    const model = tinySileroVadModel();
    model.inputs[1]!.name = 'hidden';
    model.nodes[5]!.inputs = ['hidden'];
    const wrong = path.join(dir, 'wrong.onnx');
    writeFileSync(wrong, encodeOnnxModel(model));
    // Without the check sherpa-onnx would end this process here.
    expect(createSileroDetector({ model: wrong })).toBeUndefined();
    expect(sileroSpeechRegions(new Float32Array(RATE), wrong)).toBeUndefined();
    expect(createSileroDetector({ model: path.join(dir, 'absent.onnx') })).toBeUndefined();
    expect(process.exitCode ?? 0).toBe(0);
  });
});

describe('the real silero model', () => {
  it('finds the phrases of the JFK recording separated by silence', async () => {
    const jfk = await decodeToPcm(testdataPath('audio', 'jfk', 'jfk.wav'));
    // The phrases: "And so my fellow Americans", "ask not", "what your country can do for you",
    // "ask what you can do for your country", each followed by 1.5 s of digital silence.
    const phrases = [
      [0.3, 2.2],
      [3.2, 4.4],
      [5.3, 7.6],
      [8.1, 10.5],
    ];
    const gap = 1.5 * RATE;
    const pieces: Float32Array[] = [new Float32Array(gap)];
    const placed: [number, number][] = [];
    let at = gap;
    for (const [a, b] of phrases) {
      const phrase = jfk.slice(Math.round(a! * RATE), Math.round(b! * RATE));
      pieces.push(phrase, new Float32Array(gap));
      placed.push([at / RATE, (at + phrase.length) / RATE]);
      at += phrase.length + gap;
    }
    const pcm = new Float32Array(at);
    let offset = 0;
    for (const p of pieces) {
      pcm.set(p, offset);
      offset += p.length;
    }
    const regions = sileroSpeechRegions(pcm)!;
    expect(regions).toHaveLength(4);
    for (const [i, r] of regions.entries()) {
      const [a, b] = placed[i]!;
      // Each region lies within its phrase's place (a little slack) and covers most of it;
      // silero v5 hears "ask not" from its second word on.
      expect(r.start).toBeGreaterThanOrEqual(a - 0.1);
      expect(r.end).toBeLessThanOrEqual(b + 0.1);
      expect(r.end - r.start).toBeGreaterThan(0.35 * (b - a));
    }
  });
});
