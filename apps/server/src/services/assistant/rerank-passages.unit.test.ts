/** Reciprocal rank fusion of the full-text and similarity rankings, and the vector helpers. */
import { describe, expect, it } from 'vitest';
import { dot, fuseRankings, normalise, RRF_K, type RankablePassage } from './rerank-passages.ts';

const passage = (passageId: string): RankablePassage => ({
  passageId,
  section: 'transcript',
  meetingId: 'm',
  speaker: null,
  start: null,
  position: 0,
  text: passageId,
  rank: 0,
});

describe('fuseRankings', () => {
  it('scores 1/(k + full-text rank) + 1/(k + similarity rank); embedding-only passages get the second term', () => {
    const [a, b, c] = ['a', 'b', 'c'].map(passage) as [
      RankablePassage,
      RankablePassage,
      RankablePassage,
    ];
    // Similarity: c > b > a. Full text: a, b (c was found by embedding alone).
    const sim = new Map([
      ['a', 0.1],
      ['b', 0.5],
      ['c', 0.9],
    ]);
    const fused = fuseRankings([a, b], [c, b], (p) => sim.get(p.passageId)!);
    const score = Object.fromEntries(fused.map((p) => [p.passageId, p.rank]));
    expect(score.a).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 3), 12);
    expect(score.b).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 2), 12);
    expect(score.c).toBeCloseTo(1 / (RRF_K + 1), 12);
    // Best first; the passage found by embedding alone, first by similarity, comes last here.
    expect(fused.map((p) => p.passageId)).toEqual(['a', 'b', 'c']);
  });

  it('keeps each passage once, and with no full-text match orders by similarity', () => {
    const sim: Record<string, number> = { x: 0.2, y: 0.7 };
    const fused = fuseRankings([], ['x', 'y', 'x'].map(passage), (p) => sim[p.passageId]!);
    expect(fused.map((p) => p.passageId)).toEqual(['y', 'x']);
  });
});

describe('vectors', () => {
  it('normalises to length 1, so the dot product is the cosine; a zero vector stays zero', () => {
    const v = normalise([3, 4]);
    expect(v).toEqual([0.6, 0.8]);
    expect(dot(v, normalise([4, 3]))).toBeCloseTo(0.96, 12);
    expect(normalise([0, 0])).toEqual([0, 0]);
  });
});
