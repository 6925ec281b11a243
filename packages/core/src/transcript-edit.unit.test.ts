/**
 * Editing one turn of a stored transcript: the turn shows the new text, every other turn and label
 * stays as written, and stored turn times stay one per paragraph that says something.
 */
import { describe, expect, it } from 'vitest';
import { parseTranscript } from './transcript.ts';
import { editTranscriptTurnSchema, mergeTurnTimes, replaceTurnText } from './transcript-edit.ts';

const STORED = [
  'Speaker 1: We met Jon Smith.',
  '[Speaker 2]: The budget is ten thousand.',
  'Speaker 1: First part',
  'second part.',
  'Alice: Thanks.',
].join('\n\n');

const texts = (t: string) => parseTranscript(t).map((turn) => [turn.speaker, turn.text]);

describe('replaceTurnText', () => {
  it('replaces only the text after the label of a one-paragraph turn', () => {
    const edit = replaceTurnText(STORED, 0, 'We met John Smyth.')!;
    expect(edit.transcript).toBe(STORED.replace('Jon Smith', 'John Smyth'));
    expect(edit).toMatchObject({ firstSpoken: 0, spokenCount: 1, totalSpoken: 5 });
    const bracketed = replaceTurnText(STORED, 1, 'The budget is twelve thousand.')!;
    expect(bracketed.transcript).toContain('[Speaker 2]: The budget is twelve thousand.');
    expect(texts(bracketed.transcript)).toHaveLength(4);
  });

  it('makes a merged turn one paragraph and keeps the turns around it', () => {
    const edit = replaceTurnText(STORED, 2, 'One whole part.')!;
    expect(edit).toMatchObject({ firstSpoken: 2, spokenCount: 2, totalSpoken: 5 });
    expect(texts(edit.transcript)).toEqual([
      ['Speaker 1', 'We met Jon Smith.'],
      ['Speaker 2', 'The budget is ten thousand.'],
      ['Speaker 1', 'One whole part.'],
      ['Alice', 'Thanks.'],
    ]);
  });

  it('never lets the new text start a turn or take a speaker', () => {
    const unlabelled = 'Plain opening words.\n\nBob: Hello.';
    const edit = replaceTurnText(unlabelled, 0, 'Note: the budget\n\n\nAlice: is fine')!;
    expect(texts(edit.transcript)).toEqual([
      ['Speaker 1', 'Note: the budget\nAlice: is fine'],
      ['Bob', 'Hello.'],
    ]);
    expect(edit.after).toBe('Note: the budget\nAlice: is fine');
  });

  it('answers null for a turn the transcript does not have', () => {
    expect(replaceTurnText(STORED, 4, 'x')).toBeNull();
    expect(replaceTurnText('', 0, 'x')).toBeNull();
  });
});

describe('mergeTurnTimes', () => {
  const times = [0, 10, 20, 30, 40].map((s, i) => ({ speaker: i % 2, start: s, end: s + 9 }));

  it('makes the times of merged paragraphs one, so there is again one per paragraph', () => {
    const edit = replaceTurnText(STORED, 2, 'One whole part.')!;
    expect(mergeTurnTimes(times, edit)).toEqual([
      times[0],
      times[1],
      { speaker: 0, start: 20, end: 39 },
      times[4],
    ]);
    expect(mergeTurnTimes(times, replaceTurnText(STORED, 0, 'x')!)).toEqual(times);
  });

  it('leaves times alone that were not one per paragraph', () => {
    const edit = replaceTurnText(STORED, 2, 'One whole part.')!;
    expect(mergeTurnTimes(times.slice(0, 3), edit)).toEqual(times.slice(0, 3));
  });
});

describe('editTranscriptTurnSchema', () => {
  it('refuses empty text, NUL and unknown fields', () => {
    expect(editTranscriptTurnSchema.safeParse({ text: 'a', previous: 'b' }).success).toBe(true);
    for (const body of [
      { text: '  ', previous: 'b' },
      { text: 'a\u0000', previous: 'b' },
      { text: 'a', previous: 'b', extra: 1 },
      { text: 'a' },
    ]) {
      expect(editTranscriptTurnSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
