import { describe, expect, it } from 'vitest';
import { parseTranscript } from './transcript.ts';

const speakersAndTexts = (text: string | null | undefined) =>
  parseTranscript(text).map(({ speaker, text: said }) => [speaker, said]);

describe('parseTranscript', () => {
  it('gives no turns for empty, blank or missing text', () => {
    expect(parseTranscript(null)).toEqual([]);
    expect(parseTranscript(undefined)).toEqual([]);
    expect(parseTranscript('  \n\n \n')).toEqual([]);
  });

  it('reads the three label forms', () => {
    const text = '[Speaker 2]: Hello there.\n\nAlice: Hi.\n\nSpeaker 3: Morning.\n\nUnknown: Who?';
    expect(speakersAndTexts(text)).toEqual([
      ['Speaker 2', 'Hello there.'],
      ['Alice', 'Hi.'],
      ['Speaker 3', 'Morning.'],
      ['Unknown', 'Who?'],
    ]);
  });

  it('reads multi-word capitalised names but not lower-case prose before a colon', () => {
    expect(speakersAndTexts('Mary Ann: Yes.\n\nnote: this is prose')).toEqual([
      ['Mary Ann', 'Yes. note: this is prose'],
    ]);
  });

  it('gives an unlabelled first paragraph to Speaker 1 and later ones to the previous speaker', () => {
    expect(speakersAndTexts('Opening words\n\nBob: One\n\nstill Bob')).toEqual([
      ['Speaker 1', 'Opening words'],
      ['Bob', 'One. still Bob'],
    ]);
  });

  it("merges consecutive turns of a speaker, adding '. ' only without end punctuation", () => {
    const text = 'Speaker 1: First\n\nSpeaker 1: Second!\n\nSpeaker 1: Third\n\nSpeaker 2: Other';
    expect(speakersAndTexts(text)).toEqual([
      ['Speaker 1', 'First. Second! Third'],
      ['Speaker 2', 'Other'],
    ]);
  });

  it('counts punctuation behind closing quotes and brackets, and merges each turn of a run', () => {
    const text = [
      'Ada: She said "yes."',
      'Ada: (Agreed.)',
      "Ada: it's 'done'",
      'Ada: next',
      'Bob: Fine',
      'Ada: again',
      'Ada: and again',
    ].join('\n\n');
    expect(speakersAndTexts(text)).toEqual([
      ['Ada', `She said "yes." (Agreed.) it's 'done'. next`],
      ['Bob', 'Fine'],
      ['Ada', 'again. and again'],
    ]);
  });

  it('separates paragraphs only at blank lines (lines with spaces count as blank)', () => {
    const text = 'Speaker 1: line one\nline two\n  \t\nSpeaker 2: next';
    expect(speakersAndTexts(text)).toEqual([
      ['Speaker 1', 'line one\nline two'],
      ['Speaker 2', 'next'],
    ]);
  });

  it('numbers turns in order and records where each starts in the text', () => {
    const text = 'Speaker 1: a\n\nSpeaker 2: b\n\n\nSpeaker 1: c';
    const turns = parseTranscript(text);
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2]);
    expect(turns.map((t) => text.slice(t.offset, t.offset + 9))).toEqual([
      'Speaker 1',
      'Speaker 2',
      'Speaker 1',
    ]);
  });

  it('skips a label with nothing said', () => {
    expect(speakersAndTexts('Speaker 2:\n\nSpeaker 1: hi')).toEqual([['Speaker 1', 'hi']]);
  });
});
