import { describe, expect, it } from 'vitest';
import {
  parsePocketsphinxWords,
  partTimeToSource,
  planParts,
  spliceSpans,
} from './pocketsphinx.ts';

/** Real output of `pocketsphinx_continuous -time yes` on the AMI clip (stdout). */
const AMI_OUTPUT = `
<s> 0.000 0.350 0.999900
</s> 0.360 1.240 1.000000
and i began called and he can only at the
<s> 1.350 1.380 0.999000
and 1.390 1.640 0.332895
i 1.650 1.750 0.408157
began 1.760 2.100 0.622037
called 2.110 2.530 0.054186
and 2.540 2.750 0.423543
[SPEECH] 2.760 3.230 0.992825
he 3.240 3.380 0.327218
can(2) 3.390 3.520 0.696601
only 3.530 3.850 0.890285
<sil> 3.850 3.860 0.5
at 3.860 4.070 0.404014
the(2) 4.080 4.280 1.000300
[NOISE] 4.290 4.700 0.877029
</s> 4.710 4.730 1.000000
`;

describe('parsePocketsphinxWords', () => {
  it('keeps words with times and confidences, drops markers and fillers, strips alternates', () => {
    const words = parsePocketsphinxWords(AMI_OUTPUT);
    expect(words.map((w) => w.word).join(' ')).toBe('and i began called and he can only at the');
    expect(words[6]).toEqual({ word: 'can', start: 3.39, end: 3.52, confidence: 0.696601 });
    // Posteriors slightly above 1 are clipped.
    expect(words.at(-1)!.confidence).toBe(1);
  });
});

describe('planParts', () => {
  const regions = [
    { start: 0.2, end: 2.2 },
    { start: 3.2, end: 4.3 },
    { start: 5.3, end: 7.6 },
    { start: 8.1, end: 10.4 },
  ];

  it('uses one part per core for short speech, cut at a pause, with a lead-in of context', () => {
    const parts = planParts(regions, 11, { concurrency: 2 });
    expect(parts).toHaveLength(2);
    expect(parts[0]!.keepFromS).toBe(0);
    const second = parts[1]!;
    // The cut is the middle of the pause nearest the balanced point, not inside a phrase.
    expect(second.keepFromS).toBeCloseTo((7.6 + 8.1) / 2, 6);
    // The lead-in repeats speech just before the cut.
    expect(second.spans[0]!.start).toBeLessThan(second.keepFromS);
    // Balanced within a few seconds, lead-in included.
    expect(Math.abs(parts[0]!.durationS - second.durationS)).toBeLessThan(2.5);
  });

  it('keeps a single part with one core and for very short speech', () => {
    expect(planParts(regions, 11, { concurrency: 1 })).toHaveLength(1);
    expect(planParts([{ start: 1, end: 2 }], 3, { concurrency: 2 })).toHaveLength(1);
    expect(planParts([], 3, { concurrency: 2 })).toEqual([]);
  });

  it('cuts long speech into parts no longer than the limit, a multiple of the cores', () => {
    // 10 minutes of speech in 5 s phrases with 1.5 s pauses.
    const long = Array.from({ length: 92 }, (_, i) => ({ start: i * 6.5, end: i * 6.5 + 5 }));
    const parts = planParts(long, 600, { concurrency: 2, maxPartS: 60 });
    expect(parts.length % 2).toBe(0);
    expect(parts.length).toBeGreaterThanOrEqual(10);
    for (const p of parts) expect(p.durationS).toBeLessThan(75);
    // Every region is kept by exactly one part.
    for (const r of long) {
      const mid = (r.start + r.end) / 2;
      const owners = parts.filter(
        (p, i) =>
          mid >= p.keepFromS &&
          (i === parts.length - 1 || mid < parts[i + 1]!.keepFromS) &&
          p.spans.some((s) => s.start <= mid && mid <= s.end),
      );
      expect(owners).toHaveLength(1);
    }
  });

  it('cuts one long stretch of speech at its quietest frame', () => {
    const frameS = 0.03;
    const energy = new Float32Array(Math.ceil(20 / frameS)).fill(-20);
    energy[Math.round(9.5 / frameS)] = -50;
    const parts = planParts([{ start: 0, end: 20 }], 20, {
      concurrency: 2,
      frameEnergyDb: energy,
      frameS,
      leadInS: 0,
    });
    expect(parts).toHaveLength(2);
    expect(parts[1]!.keepFromS).toBeCloseTo((Math.round(9.5 / frameS) + 0.5) * frameS, 6);
  });
});

describe('spliceSpans and partTimeToSource', () => {
  it('copies spans and maps part times back to the recording', () => {
    const pcm = Float32Array.from({ length: 100 }, (_, i) => i);
    const spans = [
      { start: 0.1, end: 0.2 },
      { start: 0.5, end: 0.6 },
    ];
    const part = spliceSpans(pcm, 100, spans);
    expect(Array.from(part)).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,
    ]);
    expect(partTimeToSource(spans, 0.05)).toBeCloseTo(0.15);
    expect(partTimeToSource(spans, 0.15)).toBeCloseTo(0.55);
    expect(partTimeToSource(spans, 0.5)).toBeCloseTo(0.6);
  });
});
