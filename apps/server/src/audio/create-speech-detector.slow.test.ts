/**
 * Which detector the live transcript gets: silero when its model loads, the energy detector when
 * the file is missing or refused. Told apart on 6 s of steady noise, which the energy detector
 * takes for its noise floor (no speech) and the tiny silero-shaped model, loud enough, for speech.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeTinySileroVad } from '@summy/fakes/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechDetector } from './create-speech-detector.ts';
import type { DetectedSpeech, SpeechDetector } from './speech-detector.ts';

const RATE = 16_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-speech-detector-'));
let tiny: string;
beforeAll(async () => {
  tiny = await writeTinySileroVad(path.join(dir, 'tiny-vad.onnx'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 6 s of uniform noise in [-0.1, 0.1] (mean square 0.0033), from a fixed seed. */
function steadyNoise(): Float32Array {
  const pcm = new Float32Array(6 * RATE);
  let state = 12345;
  for (let i = 0; i < pcm.length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    pcm[i] = (state / 2 ** 31 - 0.5) * 0.2;
  }
  return pcm;
}

function run(detector: SpeechDetector): DetectedSpeech[] {
  const pcm = steadyNoise();
  const found: DetectedSpeech[] = [];
  for (let i = 0; i < pcm.length; i += RATE)
    found.push(...detector.accept(pcm.subarray(i, i + RATE)));
  return [...found, ...detector.flush()];
}

describe('createSpeechDetector', () => {
  it('uses silero when its model loads, cut at maxSpeechS', async () => {
    const found = run(await createSpeechDetector({ sileroModel: tiny, maxSpeechS: 2 }));
    expect(found.length).toBeGreaterThanOrEqual(2);
    // Open speech is reported while it goes on, from where its stretch will start (padding in).
    const detector = await createSpeechDetector({ sileroModel: tiny, maxSpeechS: 2 });
    expect(detector.openSince()).toBeUndefined();
    const pcm = steadyNoise();
    expect(detector.accept(pcm.subarray(0, RATE))).toEqual([]);
    const openAt = detector.openSince();
    expect(openAt).toBeGreaterThanOrEqual(0);
    expect(openAt).toBeLessThan(RATE);
    expect(detector.accept(pcm.subarray(RATE, 3 * RATE))[0]?.start).toBe(openAt);
    // Silero cuts within one 512-sample window of the limit.
    for (const piece of found) expect(piece.samples.length).toBeLessThanOrEqual(2 * RATE + 512);
  });

  it('falls back to the energy detector for a missing or refused model', async () => {
    const refused = path.join(dir, 'not-a-model.onnx');
    writeFileSync(refused, 'not an onnx graph');
    for (const sileroModel of [path.join(dir, 'missing.onnx'), refused]) {
      expect(run(await createSpeechDetector({ sileroModel, maxSpeechS: 2 }))).toEqual([]);
    }
  });
});
