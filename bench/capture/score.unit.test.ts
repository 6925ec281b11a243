/** The call-capture bench's plan of a call and its scores of a merged transcript. */
import { describe, expect, it } from 'vitest';
import {
  doubleTalkSpans,
  lostDoubleTalkLines,
  planCall,
  wrongSideWords,
  type ClipRef,
} from './score.ts';

const clip = (name: string, durationS: number): ClipRef => ({
  name,
  path: `${name}.wav`,
  text: name,
  durationS,
});
const turn = (text: string, start: number, end: number) => ({
  speaker: 0,
  text,
  start,
  end,
  confidence: 1,
});

describe('planCall', () => {
  const left = [clip('a', 4), clip('b', 5), clip('c', 3)];
  const right = [clip('x', 6), clip('y', 2)];

  it('alternates the sides, overlaps every second change of speaker, never a side with itself', () => {
    const plan = planCall('call', left, right, 7);
    expect(plan.placed.map((p) => `${p.clip.name}${p.side}`)).toEqual([
      'a0',
      'x1',
      'b0',
      'y1',
      'c0',
    ]);
    const [a, x, b, y, c] = plan.placed;
    expect(x!.start).toBeGreaterThanOrEqual(a!.end + 0.3);
    expect(b!.start).toBeGreaterThan(x!.start);
    expect(b!.start).toBeLessThan(x!.end);
    expect(y!.start).toBeGreaterThan(b!.end);
    expect(c!.start).toBeLessThan(y!.end);
    expect(c!.start).toBeGreaterThanOrEqual(b!.end + 0.3);
    expect(plan.doubleTalk).toEqual([
      { start: b!.start, end: x!.end },
      { start: c!.start, end: y!.end },
    ]);
    expect(plan.delayMs).toBeGreaterThanOrEqual(30);
    expect(plan.delayMs).toBeLessThanOrEqual(80);
    expect(plan.durationS).toBeCloseTo(c!.end + 0.5);
  });

  it('gives the same call for the same seed and another for another seed', () => {
    expect(planCall('call', left, right, 7)).toEqual(planCall('call', left, right, 7));
    expect(planCall('call', left, right, 8).placed[1]!.start).not.toBe(
      planCall('call', left, right, 7).placed[1]!.start,
    );
  });
});

describe('doubleTalkSpans', () => {
  it('is where a left and a right clip overlap, and nothing where they only touch', () => {
    const placed = [
      { clip: clip('a', 2), side: 0 as const, start: 0, end: 2 },
      { clip: clip('x', 2), side: 1 as const, start: 2, end: 4 },
      { clip: clip('b', 2), side: 0 as const, start: 3, end: 5 },
    ];
    expect(doubleTalkSpans(placed)).toEqual([{ start: 3, end: 4 }]);
  });
});

describe('wrongSideWords', () => {
  it("counts channel-0 words only the right speaker's reference holds", () => {
    const left = 'he was not an ill disposed young man';
    const right = 'ask not what your country can do for you';
    const counted = wrongSideWords(
      [turn('He was not an ill', 0, 1), turn('ask what your country', 1, 2)],
      left,
      right,
    );
    // "not" is in both references: it tells nothing and counts as right.
    expect(counted).toEqual({ words: 9, wrong: 4 });
  });
});

describe('lostDoubleTalkLines', () => {
  const left = 'he was not an ill disposed young man';
  const right = 'ask not what your country can do for you';
  const doubleTalk = [{ start: 10, end: 12 }];

  it('counts real lines said during double talk, and those hidden as echo', () => {
    const real = turn('he was not ill', 9, 11);
    const realHidden = turn('disposed young man', 11, 13);
    const leakOnly = turn('what your country', 10, 12);
    const outside = turn('he was not an ill', 0, 2);
    expect(
      lostDoubleTalkLines(
        [outside, real, realHidden, leakOnly],
        [{ ...realHidden, speaker: 3 }, leakOnly],
        doubleTalk,
        left,
        right,
      ),
    ).toEqual({ lines: 2, lost: 1 });
  });
});
