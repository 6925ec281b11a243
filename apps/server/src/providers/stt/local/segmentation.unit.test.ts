/**
 * Turning sherpa-onnx's overlapping diarization segments into Summy's non-overlapping turns, and
 * the diarization configuration (./segmentation.ts). The real diarization on the tiny models is
 * covered by ./segmentation.slow.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { CLUSTER_THRESHOLD, diarizationConfig, turnsFromSegments } from './segmentation.ts';

const seg = (start: number, end: number, speaker: number) => ({ start, end, speaker });

describe('turnsFromSegments', () => {
  it('gives a reply inside a long turn its own turn; the long turn resumes after it', () => {
    expect(turnsFromSegments([seg(0, 10, 4), seg(3, 4.5, 7)])).toEqual([
      seg(0, 3, 0),
      seg(3, 4.5, 1),
      seg(4.5, 10, 0),
    ]);
  });

  it('starts the next speaker’s turn where their voice starts when turns overlap', () => {
    expect(turnsFromSegments([seg(0, 6, 1), seg(5, 12, 0)])).toEqual([seg(0, 5, 0), seg(5, 12, 1)]);
  });

  it('orders segments given in any order, keeps gaps, and numbers speakers by first turn', () => {
    expect(turnsFromSegments([seg(8, 9, 0), seg(2, 3, 2), seg(4, 5, 0), seg(6, 7, 2)])).toEqual([
      seg(2, 3, 0),
      seg(4, 5, 1),
      seg(6, 7, 0),
      seg(8, 9, 1),
    ]);
  });

  it('joins the pieces of one speaker that touch, and breaks ties by the shorter segment', () => {
    // Same start: the shorter one (speaker 3) holds 1..2, then 5 continues.
    expect(turnsFromSegments([seg(1, 4, 5), seg(1, 2, 3), seg(4, 6, 5)])).toEqual([
      seg(1, 2, 0),
      seg(2, 6, 1),
    ]);
  });

  it('drops empty segments and answers nothing for nothing', () => {
    expect(turnsFromSegments([])).toEqual([]);
    expect(turnsFromSegments([seg(2, 2, 0), seg(3, 1, 1)])).toEqual([]);
  });

  it('never answers overlapping turns, and covers exactly the time some segment covers', () => {
    const segments = [seg(0, 5, 0), seg(1, 2, 1), seg(1.5, 7, 2), seg(6, 9, 0), seg(10, 11, 1)];
    const turns = turnsFromSegments(segments);
    for (let i = 1; i < turns.length; i++) {
      expect(turns[i]!.start).toBeGreaterThanOrEqual(turns[i - 1]!.end);
      if (turns[i]!.start === turns[i - 1]!.end)
        expect(turns[i]!.speaker).not.toBe(turns[i - 1]!.speaker);
    }
    const covered = turns.reduce((sum, t) => sum + t.end - t.start, 0);
    expect(covered).toBeCloseTo(10, 9); // 0..9 and 10..11
  });
});

describe('diarizationConfig', () => {
  it('asks for exactly the known number of speakers, else cuts at the threshold', () => {
    const known = diarizationConfig('/m/seg.onnx', '/m/emb.onnx', 2, 4);
    expect(known.segmentation).toEqual({
      pyannote: { model: '/m/seg.onnx' },
      numThreads: 2,
      debug: 0,
    });
    expect(known.embedding).toEqual({ model: '/m/emb.onnx', numThreads: 2, debug: 0 });
    expect(known.clustering).toEqual({ numClusters: 4, threshold: CLUSTER_THRESHOLD });
    for (const unknown of [undefined, 0, -2, 2.5]) {
      expect(diarizationConfig('s', 'e', 1, unknown).clustering).toEqual({
        numClusters: -1,
        threshold: 0.5,
      });
    }
  });
});
