import { describe, expect, it } from 'vitest';
import { placeClips, spokenText, utteranceDelays } from './score.ts';

describe('placeClips', () => {
  it('puts a gap before each clip and after the last, and shifts the ends', () => {
    const t = placeClips(
      [
        { durationS: 11, ends: [10.5] },
        { durationS: 6, ends: [2.82, 4.36] },
      ],
      2,
    );
    expect(t.offsets).toEqual([2, 15]);
    expect(t.ends).toEqual([12.5, 17.82, 19.36]);
    expect(t.clipOfEnd).toEqual([0, 1, 1]);
    expect(t.durationS).toBe(23);
  });
});

describe('utteranceDelays', () => {
  it('takes the earliest segment covering the end, within the tolerance', () => {
    const delays = utteranceDelays(
      [5, 10, 20],
      [
        // Ends 0.3 s before the reference end: still covers it.
        { start: 1, end: 4.7, arrivedS: 6.5 },
        // Covers 10 and arrives later than the next one, which also covers 10.
        { start: 8, end: 11, arrivedS: 13 },
        { start: 9.5, end: 10.2, arrivedS: 12 },
      ],
    );
    expect(delays[0]).toBeCloseTo(1.5);
    expect(delays[1]).toBeCloseTo(2);
    // Nothing covers 20: its text never came.
    expect(delays[2]).toBeNull();
  });

  it('does not count a segment that starts after the end or ends well before it', () => {
    expect(
      utteranceDelays(
        [10],
        [
          { start: 10.5, end: 12, arrivedS: 13 },
          { start: 2, end: 9, arrivedS: 10 },
        ],
      ),
    ).toEqual([null]);
  });
});

describe('spokenText', () => {
  it('drops the speaker label and time stamp of each line, keeps the words', () => {
    expect(spokenText('Speaker 1: and so my fellow\n[00:12] Speaker 2: ask not: what')).toBe(
      'and so my fellow ask not: what',
    );
  });
});
