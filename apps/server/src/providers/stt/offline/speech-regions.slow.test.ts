/**
 * The speech regions of the offline provider and the local engine: the energy detector by default;
 * silero, or where either hears speech, when asked and the model loads; the energy detector when
 * the model is missing or refused (and the provider still transcribes then).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToPcm, writeWav16k } from '../../../audio/ffmpeg.ts';
import { testdataPath } from '../../../../../../testdata/index.ts';
import { OfflineSttProvider } from './offline-provider.ts';
import { findSpeechRegions } from './speech-regions.ts';
import { detectSpeech } from './vad.ts';

const JFK = testdataPath('audio', 'jfk', 'jfk.wav');
let dir: string;
let jfk: Float32Array;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'summy-speech-regions-'));
  jfk = await decodeToPcm(JFK);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('findSpeechRegions', () => {
  it('uses silero with the energy frames for the cuts when asked', () => {
    const found = findSpeechRegions(jfk, { detector: 'silero' });
    expect(found.detector).toBe('silero');
    const energy = detectSpeech(jfk, 16_000);
    // Silero hears JFK's phrases with other edges than the energy detector.
    expect(found.regions).not.toEqual(energy.regions);
    expect(found.regions.length).toBeGreaterThanOrEqual(2);
    expect(found.regions[0]!.start).toBeGreaterThan(0.1);
    expect(found.regions.at(-1)!.end).toBeLessThanOrEqual(11.1);
    expect(found.frameEnergyDb).toEqual(energy.frameEnergyDb);
  });

  it('uses the energy detector by default', () => {
    expect(findSpeechRegions(jfk)).toMatchObject({
      detector: 'energy',
      regions: detectSpeech(jfk, 16_000).regions,
    });
  });

  it("takes the speech either detector hears when asked for 'union'", () => {
    const found = findSpeechRegions(jfk, { detector: 'union' });
    expect(found.detector).toBe('union');
    const silero = findSpeechRegions(jfk, { detector: 'silero' }).regions;
    const energy = detectSpeech(jfk, 16_000).regions;
    // Every second either detector calls speech is inside a region of the union, and no more.
    const covered = (t: number, regions: { start: number; end: number }[]) =>
      regions.some((r) => r.start <= t && t < r.end);
    for (let t = 0; t < 11; t += 0.01) {
      expect(covered(t, found.regions)).toBe(covered(t, silero) || covered(t, energy));
    }
    // Silero misses 'ask not' (about 3.2 to 4.3 s); the union keeps it.
    expect(covered(3.8, silero)).toBe(false);
    expect(covered(3.8, found.regions)).toBe(true);
  });

  it('falls back to the energy detector when the model is missing or is no silero graph', async () => {
    const energy = detectSpeech(jfk, 16_000).regions;
    const missing = findSpeechRegions(jfk, {
      detector: 'silero',
      sileroModel: path.join(dir, 'absent.onnx'),
    });
    expect(missing).toMatchObject({ detector: 'energy', regions: energy });
    const bad = path.join(dir, 'bad.onnx');
    await writeFile(bad, 'not an onnx model');
    expect(findSpeechRegions(jfk, { detector: 'union', sileroModel: bad })).toMatchObject({
      detector: 'energy',
      regions: energy,
    });
    expect(findSpeechRegions(jfk, { detector: 'energy' }).detector).toBe('energy');
  });

  it('lets the offline provider transcribe with the fallback', async () => {
    const bad = path.join(dir, 'bad-provider.onnx');
    await writeFile(bad, Uint8Array.of(0x3a, 0x02, 0x08, 0x01));
    // JFK's last phrase alone ("ask what you can do for your country"), to keep PocketSphinx short.
    const phrase = path.join(dir, 'phrase.wav');
    await writeWav16k(jfk.slice(8 * 16_000, 10.6 * 16_000), phrase);
    const provider = new OfflineSttProvider({
      detector: 'silero',
      sileroModel: bad,
      concurrency: 1,
    });
    const result = await provider.transcribe({
      path: phrase,
      mimeType: 'audio/wav',
      language: 'en',
    });
    expect(result.words.length).toBeGreaterThanOrEqual(3);
    expect(result.duration).toBeCloseTo(2.6, 1);
  });
});
