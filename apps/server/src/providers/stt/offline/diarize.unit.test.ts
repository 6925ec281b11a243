import type { Word } from '@summy/core';
import { describe, expect, it } from 'vitest';
import { assignSpeakers } from './diarize.ts';
import { MfccExtractor } from './mfcc.ts';

describe('MfccExtractor', () => {
  it('gives finite coefficients and deltas every 10 ms, distinguishing two tones', () => {
    const mfcc = new MfccExtractor();
    const tone = (hz: number) =>
      Float32Array.from(
        { length: 16000 },
        (_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / 16000),
      );
    const low = mfcc.compute(tone(300));
    const high = mfcc.compute(tone(3000));
    expect(mfcc.frameCount(16000)).toBe(98);
    expect(low.length).toBe(98 * mfcc.dimension);
    expect(low.every(Number.isFinite)).toBe(true);
    // Steady tones: deltas near zero mid-signal, cepstra differ between the tones.
    const mid = 50 * mfcc.dimension;
    expect(Math.abs(low[mid + 19]!)).toBeLessThan(1e-3);
    let diff = 0;
    for (let k = 0; k < 19; k++) diff += Math.abs(low[mid + k]! - high[mid + k]!);
    expect(diff).toBeGreaterThan(5);
  });
});

describe('assignSpeakers', () => {
  const word = (w: string, start: number, end: number): Word => ({
    word: w,
    start,
    end,
    confidence: 0.9,
  });

  it('takes the speaker of the span at the word midpoint and numbers speakers by first appearance', () => {
    const spans = [
      { start: 0, end: 2, speaker: 1 },
      { start: 2, end: 5, speaker: 0 },
    ];
    const out = assignSpeakers(
      [word('a', 0.5, 0.9), word('b', 1.9, 2.3), word('c', 3, 3.5)],
      spans,
    );
    expect(out.map((w) => w.speaker)).toEqual([0, 1, 1]);
  });

  it('uses the nearest span for words in a gap and smooths a short flip', () => {
    const spans = [
      { start: 0, end: 3, speaker: 0 },
      { start: 3, end: 3.4, speaker: 1 },
      { start: 3.4, end: 8, speaker: 0 },
      { start: 9, end: 12, speaker: 1 },
    ];
    const words = [
      word('one', 0.5, 1),
      word('two', 3.1, 3.3),
      word('three', 4, 4.5),
      word('four', 8.3, 8.5),
      word('five', 10, 10.5),
    ];
    expect(assignSpeakers(words, spans).map((w) => w.speaker)).toEqual([0, 0, 0, 0, 1]);
  });

  it('gives speaker 0 to every word when there is no diarization', () => {
    expect(assignSpeakers([word('x', 0, 1)], []).map((w) => w.speaker)).toEqual([0]);
  });
});
