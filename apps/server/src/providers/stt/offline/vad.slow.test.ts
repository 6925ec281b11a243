import { describe, expect, it } from 'vitest';
import { decodeToPcm } from '../../../audio/ffmpeg.ts';
import { testdataPath } from '../../../../../../testdata/index.ts';
import { detectSpeech, frameEnergies, percentile } from './vad.ts';

const RATE = 16000;

/** Deterministic white noise in [-amplitude, amplitude]. */
function noise(seconds: number, amplitude: number, seed = 7): Float32Array {
  let s = seed;
  return new Float32Array(Math.round(seconds * RATE)).map(() => {
    s = (s * 1103515245 + 12345) >>> 0;
    return ((s / 2 ** 32) * 2 - 1) * amplitude;
  });
}

describe('frameEnergies and percentile', () => {
  it('gives dBFS per frame and keeps digital silence finite', () => {
    const pcm = new Float32Array(960);
    pcm.fill(0.5, 480);
    const e = frameEnergies(pcm, 480);
    expect(e[0]).toBeCloseTo(-100, 0);
    expect(e[1]).toBeCloseTo(20 * Math.log10(0.5), 1);
    expect(percentile([3, 1, 2, 5, 4], 0.5)).toBe(3);
  });
});

describe('detectSpeech', () => {
  it('finds nothing in zeros or in steady noise', () => {
    expect(detectSpeech(new Float32Array(RATE * 3), RATE).regions).toEqual([]);
    expect(detectSpeech(noise(5, 0.05), RATE).regions).toEqual([]);
    expect(detectSpeech(new Float32Array(100), RATE).regions).toEqual([]);
  });

  it('finds bursts of a loud signal over background noise, with their times', () => {
    const pcm = noise(6, 0.005);
    const loud = noise(6, 0.3, 99);
    // Bursts at 1.0-2.0 s and 3.5-4.2 s.
    for (const [a, b] of [
      [1.0, 2.0],
      [3.5, 4.2],
    ] as const) {
      for (let i = a * RATE; i < b * RATE; i++) pcm[i] = loud[i]!;
    }
    const { regions } = detectSpeech(pcm, RATE);
    expect(regions).toHaveLength(2);
    expect(regions[0]!.start).toBeGreaterThan(0.8);
    expect(regions[0]!.start).toBeLessThan(1.0);
    expect(regions[0]!.end).toBeGreaterThan(1.95);
    expect(regions[0]!.end).toBeLessThan(2.2);
    expect(regions[1]!.start).toBeGreaterThan(3.3);
    expect(regions[1]!.end).toBeLessThan(4.4);
  });

  it('keeps a short pause inside one region (hangover) and drops a click', () => {
    const pcm = noise(4, 0.005);
    const loud = noise(4, 0.3, 5);
    for (let i = 1 * RATE; i < 3 * RATE; i++) pcm[i] = loud[i]!;
    // A 150 ms pause in the middle and a 30 ms click at 3.6 s.
    pcm.fill(0.001, 1.9 * RATE, 2.05 * RATE);
    for (let i = 3.6 * RATE; i < 3.63 * RATE; i++) pcm[i] = loud[i]!;
    const { regions } = detectSpeech(pcm, RATE);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.end).toBeLessThan(3.3);
  });

  it('separates the four phrases of jfk.wav and finds speech in the AMI clip where the reference has it', async () => {
    const jfk = detectSpeech(await decodeToPcm(testdataPath('audio', 'jfk', 'jfk.wav')), RATE);
    expect(jfk.regions).toHaveLength(4);
    const ami = detectSpeech(
      await decodeToPcm(testdataPath('audio', 'ami_es2011a_clip', 'ES2011a.Headset-0-40s-46s.wav')),
      RATE,
    );
    // Reference (ref.rttm): 1.46-2.82 s and 3.36-4.36 s.
    const covered = (t: number) => ami.regions.some((r) => r.start <= t && t <= r.end);
    for (const t of [1.6, 2.5, 3.5, 4.2]) expect(covered(t)).toBe(true);
    for (const t of [0.5, 5.5]) expect(covered(t)).toBe(false);
  });
});
