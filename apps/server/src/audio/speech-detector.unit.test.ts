import { describe, expect, it } from 'vitest';
import { createEnergyDetector, type DetectedSpeech } from './speech-detector.ts';

const RATE = 16_000;

/** Deterministic noise in [-1, 1] (a linear congruential generator). */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

/**
 * A synthetic signal: `parts` of [seconds, speech?]; speech is a 200 Hz tone with syllable-like
 * loudness (4 Hz), the rest a faint noise floor at about -66 dBFS, the whole over a background
 * noise of amplitude `background`.
 */
function signal(parts: [number, boolean][], background = 0.0005): Float32Array {
  const total = parts.reduce((s, [d]) => s + Math.round(d * RATE), 0);
  const out = new Float32Array(total);
  const rand = noise(7);
  let i = 0;
  for (const [seconds, speech] of parts) {
    const n = Math.round(seconds * RATE);
    for (let k = 0; k < n; k++, i++) {
      const t = k / RATE;
      const envelope = 0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t);
      out[i] =
        rand() * background + (speech ? 0.3 * envelope * Math.sin(2 * Math.PI * 200 * t) : 0);
    }
  }
  return out;
}

/** Feeds `pcm` in pieces of the given sizes (cycled), then flushes. */
async function detect(pcm: Float32Array, pieces = [pcm.length]): Promise<DetectedSpeech[]> {
  const detector = createEnergyDetector();
  const found: DetectedSpeech[] = [];
  for (let at = 0, p = 0; at < pcm.length; p++) {
    const size = pieces[p % pieces.length]!;
    found.push(...detector.accept(pcm.subarray(at, at + size)));
    at += size;
  }
  found.push(...detector.flush());
  return found;
}

const seconds = (d: DetectedSpeech) => ({
  start: d.start / RATE,
  end: (d.start + d.samples.length) / RATE,
});

describe('createEnergyDetector (streaming energy detector)', () => {
  it('finds each stretch of speech when it ends, with its start in samples', async () => {
    const pcm = signal([
      [1, false],
      [2, true],
      [1, false],
      [1.5, true],
      [1, false],
    ]);
    const detector = createEnergyDetector();
    expect(detector.accept(pcm.subarray(0, Math.round(0.9 * RATE)))).toEqual([]);
    expect(detector.openSince()).toBeUndefined();
    // While the first stretch is spoken, it is open since where it will start.
    detector.accept(pcm.subarray(Math.round(0.9 * RATE), Math.round(2 * RATE)));
    const openAt = detector.openSince();
    // The first stretch is handed out while the stream goes on, before the second starts.
    const early = [...detector.accept(pcm.subarray(Math.round(2 * RATE), Math.round(3.6 * RATE)))];
    expect(openAt).toBe(early[0]?.start);
    expect(detector.openSince()).toBeUndefined();
    expect(early.map(seconds)).toEqual([
      { start: expect.closeTo(0.9, 1), end: expect.closeTo(3.05, 1) },
    ]);
    const late = [...detector.accept(pcm.subarray(Math.round(3.6 * RATE))), ...detector.flush()];
    expect(late.map(seconds)).toEqual([
      { start: expect.closeTo(3.9, 1), end: expect.closeTo(5.55, 1) },
    ]);
    expect(early[0]!.samples[Math.round(1.5 * RATE) - early[0]!.start]).toBe(
      pcm[Math.round(1.5 * RATE)],
    );
  });

  it('finds the same stretches whatever the size of the pieces fed', async () => {
    const pcm = signal([
      [0.5, false],
      [1.2, true],
      [0.8, false],
      [2, true],
      [0.7, false],
    ]);
    const whole = (await detect(pcm)).map(seconds);
    expect(whole).toHaveLength(2);
    expect((await detect(pcm, [1, 333, 4800, 17, 16_000])).map(seconds)).toEqual(whole);
  });

  it('yields nothing for digital silence or a steady noise', async () => {
    expect(await detect(new Float32Array(5 * RATE))).toEqual([]);
    expect(await detect(signal([[6, false]], 0.05))).toEqual([]);
  });

  it('cuts a monologue into stretches of at most maxSpeechS, with no sample twice', async () => {
    const pcm = signal([
      [0.5, false],
      [40, true],
      [0.5, false],
    ]);
    const found = await detect(pcm, [16_000]);
    const spans = found.map(seconds);
    expect(spans.length).toBeGreaterThanOrEqual(3);
    for (const s of spans) expect(s.end - s.start).toBeLessThanOrEqual(15 + 1e-9);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBe(spans[i - 1]!.end);
    expect(spans.at(-1)!.end).toBeCloseTo(40.5, 0);

    const shorter = createEnergyDetector({ maxSpeechS: 5 });
    const cut = [...shorter.accept(pcm), ...shorter.flush()].map(seconds);
    for (const s of cut) expect(s.end - s.start).toBeLessThanOrEqual(5 + 1e-9);
    expect(cut.length).toBeGreaterThanOrEqual(8);
  });

  it('hands out speech still open at the end of the stream on flush', async () => {
    const detector = createEnergyDetector();
    const pcm = signal([
      [0.5, false],
      [1, true],
    ]);
    expect(detector.accept(pcm)).toEqual([]);
    const open = detector.flush().map(seconds);
    expect(open).toEqual([{ start: expect.closeTo(0.4, 1), end: 1.5 }]);
    expect(detector.flush()).toEqual([]);
  });

  it('finds speech over a louder background noise', async () => {
    const pcm = signal(
      [
        [2, false],
        [1.5, true],
        [2, false],
      ],
      0.01,
    );
    expect((await detect(pcm)).map(seconds)).toEqual([
      { start: expect.closeTo(1.9, 1), end: expect.closeTo(3.55, 1) },
    ]);
  });
});
