import { describe, expect, it } from 'vitest';
import { MAX_PASSAGE_CHARS, meetingPassages, splitPassageText } from './meeting-passages.ts';
import { BATCH_CHARS, BATCH_ROWS, BATCH_WORDS, passageBatches } from './passage-store.ts';

describe('splitPassageText', () => {
  it('keeps a short text whole and cuts a long one at sentence ends, losing no word', () => {
    expect(splitPassageText('  One sentence.  ')).toEqual(['One sentence.']);
    const sentence = 'We agreed to ship the remote on Friday (after the review). ';
    const text = sentence.repeat(300);
    const pieces = splitPassageText(text, 1000);
    expect(pieces.length).toBeGreaterThan(text.length / 1000);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(1000);
      expect(p).toMatch(/\)\.$/);
    }
    expect(pieces.join(' ')).toBe(text.trim());
  });

  it('falls back to spaces, then to a hard cut that keeps surrogate pairs whole', () => {
    const words = 'alpha beta gamma delta '.repeat(500);
    const byWord = splitPassageText(words, 300);
    expect(byWord.every((p) => p.length <= 300)).toBe(true);
    expect(byWord.join(' ').split(' ')).toEqual(words.trim().split(' '));

    const emoji = '😀'.repeat(5000); // no space at all, two code units per character
    const hard = splitPassageText(emoji, 1001);
    expect(hard.every((p) => p.length <= 1001 && p.length % 2 === 0)).toBe(true);
    expect(hard.join('')).toBe(emoji);
  });

  it('cuts an 8 MB unlabelled turn into bounded pieces', () => {
    const text = 'and then we talked about the budget again without stopping '.repeat(140_000);
    const pieces = splitPassageText(text);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
    expect(pieces.length).toBeGreaterThanOrEqual(Math.ceil(text.length / MAX_PASSAGE_CHARS));
  });
});

describe('meetingPassages of long turns', () => {
  it('gives the pieces of one long turn its index, speaker and start', () => {
    const long = 'The battery lasts a week. '.repeat(400); // 10,400 characters
    const passages = meetingPassages({
      transcript: `Speaker 1: Hello.\n\nSpeaker 2: ${long}\n\nSpeaker 1: Bye.`,
      summary: `## Decisions\n\n${long}`,
      summaryData: {
        turnTimes: [
          { speaker: 1, start: 0, end: 1 },
          { speaker: 2, start: 1, end: 300 },
          { speaker: 1, start: 300, end: 301 },
        ],
      },
    });
    const turn1 = passages.filter((p) => p.section === 'transcript' && p.position === 1);
    expect(turn1.length).toBe(3);
    expect(turn1.every((p) => p.speaker === 'Speaker 2' && p.startSeconds === 1)).toBe(true);
    expect(passages.find((p) => p.position === 2 && p.section === 'transcript')?.content).toBe(
      'Bye.',
    );
    const summary = passages.filter((p) => p.section === 'summary');
    expect(summary.length).toBe(3);
    expect(summary.every((p) => p.position === 0 && p.content.length <= MAX_PASSAGE_CHARS)).toBe(
      true,
    );
  });
});

describe('passageBatches', () => {
  it('bounds each statement by rows, characters and distinct words, keeping order', () => {
    const small = Array.from({ length: 2 * BATCH_ROWS + 50 }, (_, i) => ({ content: `turn ${i}` }));
    expect([...passageBatches(small)].map((b) => b.length)).toEqual([BATCH_ROWS, BATCH_ROWS, 50]);
    const big = Array.from({ length: 300 }, () => ({ content: 'x'.repeat(4000) }));
    const batches = [...passageBatches(big)];
    for (const b of batches) {
      expect(b.reduce((n, p) => n + p.content.length, 0)).toBeLessThanOrEqual(BATCH_CHARS);
    }
    expect(batches.flat()).toEqual(big);
    // 1,000 distinct codes a passage: the lexeme counts, not the characters, bound the batch.
    let code = 0;
    const codes = Array.from({ length: 40 }, () => ({
      content: Array.from({ length: 1000 }, () => `k${(code++).toString(36)}`).join(' '),
    }));
    expect([...passageBatches(codes)].map((b) => b.length)).toEqual(
      Array(8).fill(BATCH_WORDS / 1000),
    );
  });
});
