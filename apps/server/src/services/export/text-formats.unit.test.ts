/** Subtitle cues, tags and file names of the export formats, on turns built for each case. */
import { describe, expect, it } from 'vitest';
import { exportFileName } from '@summy/core';
import { CUE_MAX_CHARS, toCues, topicTag } from './text-formats.ts';

const turn = (text: string, start: number, end: number, speaker = 'Ada') => ({
  speaker,
  text,
  start,
  end,
  exact: true,
});

describe('toCues', () => {
  it('cuts a long turn at word boundaries and shares its time by length', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const cues = toCues([turn(words, 10, 30)]);
    expect(cues.length).toBeGreaterThan(1);
    expect(cues.every((c) => c.text.length <= CUE_MAX_CHARS)).toBe(true);
    expect(cues.map((c) => c.text).join(' ')).toBe(words);
    expect(cues[0]!.start).toBe(10);
    expect(cues.at(-1)!.end).toBeCloseTo(30, 6);
  });

  it('never lets a cue run into the next turn, and gives a zero-length turn half a second', () => {
    const cues = toCues([turn('Hi.', 5, 5), turn('Hello there.', 5.2, 7, 'Bob')]);
    expect(cues[0]).toMatchObject({ start: 5, text: 'Hi.' });
    expect(cues[0]!.end).toBeLessThanOrEqual(5.2);
    expect(cues[0]!.end).toBeGreaterThan(5);
    expect(cues[1]).toMatchObject({ start: 5.2, end: 7, speaker: 'Bob' });
  });
});

describe('names', () => {
  it('makes Obsidian tags and file names from what users type', () => {
    expect(topicTag('Q3 Budget & Hiring!')).toBe('q3-budget-hiring');
    expect(exportFileName('Plan: A/B <test>?', 'md')).toBe('Plan A B test.md');
    expect(exportFileName('...', 'pdf')).toBe('Meeting.pdf');
    expect(exportFileName('x'.repeat(300), 'srt')).toBe(`${'x'.repeat(100)}.srt`);
  });
});
