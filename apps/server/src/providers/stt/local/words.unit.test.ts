/**
 * Words from sherpa-onnx token results (./words.ts): word boundaries from SentencePiece spaces,
 * times from token timestamps, and spread times for recognizers that report none.
 */
import { describe, expect, it } from 'vitest';
import { wordsFromResult } from './words.ts';

describe('wordsFromResult', () => {
  it('joins pieces into words and times them from the tokens, offset by the segment start', () => {
    const words = wordsFromResult(
      {
        text: ' ask not what',
        tokens: [' ask', ' n', 'ot', ' wh', 'at'],
        timestamps: [0.2, 0.6, 0.68, 1.4, 1.48],
      },
      10,
      12,
    );
    expect(words.map((w) => w.word)).toEqual(['ask', 'not', 'what']);
    expect(words.map((w) => [w.start, w.end])).toEqual([
      [10.2, 10.6],
      // 'not' ends at most 0.6 s after its last piece starts, before the next word.
      [10.6, 11.28],
      [11.4, 12],
    ]);
  });

  it('skips special tokens and uses TDT token durations for word ends', () => {
    const words = wordsFromResult(
      {
        text: 'Hello there.',
        tokens: ['<unk>', ' Hello', ' there', '.'],
        timestamps: [0, 0.1, 0.5, 0.7],
        durations: [0.04, 0.3, 0.16, 0.08],
      },
      0,
      5,
    );
    expect(words).toEqual([
      { word: 'Hello', start: 0.1, end: 0.4, confidence: 1 },
      { word: 'there.', start: 0.5, end: 0.78, confidence: 1 },
    ]);
  });

  it('spreads words over the segment, in order, when there are no token times', () => {
    const words = wordsFromResult(
      { text: ' And so, my fellow Americans', tokens: [], timestamps: [] },
      3,
      6,
    );
    expect(words.map((w) => w.word)).toEqual(['And', 'so,', 'my', 'fellow', 'Americans']);
    expect(words[0]!.start).toBe(3);
    expect(words[words.length - 1]!.end).toBe(6);
    for (let i = 1; i < words.length; i++) {
      expect(words[i]!.start).toBeGreaterThan(words[i - 1]!.start);
      expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    }
  });

  it('gives nothing for an empty result', () => {
    expect(wordsFromResult({ text: '', tokens: [], timestamps: [] }, 0, 1)).toEqual([]);
  });
});
