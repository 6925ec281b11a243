import { describe, expect, it } from 'vitest';
import { transcriptionResultSchema } from '@summy/core';
import { mapOpenAiVerbose } from './map.ts';
import { transcriptionsUrl } from './index.ts';

describe('mapOpenAiVerbose', () => {
  it('maps words with segment confidence, all speaker 0', () => {
    const r = mapOpenAiVerbose(
      {
        task: 'transcribe',
        language: 'english',
        duration: 3,
        text: ' Hello there. General Kenobi.',
        words: [
          { word: 'Hello', start: 0, end: 0.5 },
          { word: 'there', start: 0.5, end: 1 },
          { word: 'General', start: 1.5, end: 2 },
        ],
        segments: [
          { id: 0, start: 0, end: 2.5, text: ' Hello there.', avg_logprob: Math.log(0.8) },
        ],
      },
      'en',
    );
    expect(transcriptionResultSchema.parse(r)).toEqual(r);
    expect(r.text).toBe('Hello there. General Kenobi.');
    expect(r.language).toBe('en');
    expect(r.words.map((w) => w.speaker)).toEqual([0, 0, 0]);
    expect(r.words[0]!.confidence).toBeCloseTo(0.8);
    expect(r.speakers).toHaveLength(1);
    expect(r.summary).toBeNull();
  });

  it('spreads segment text over time when the server sends no words, and reads segment speakers', () => {
    const r = mapOpenAiVerbose(
      {
        text: 'one two three four',
        segments: [
          { start: 0, end: 2, text: 'one two', speaker: 'SPEAKER_00' },
          { start: 2, end: 4, text: 'three four', speaker: 'SPEAKER_01' },
        ],
      },
      'de',
    );
    expect(r.words.map((w) => [w.word, w.start, w.end, w.speaker])).toEqual([
      ['one', 0, 1, 0],
      ['two', 1, 2, 0],
      ['three', 2, 3, 1],
      ['four', 3, 4, 1],
    ]);
    expect(r.duration).toBe(4);
    expect(r.language).toBe('de');
    expect(r.speakers.map((s) => s.speaker)).toEqual([0, 1]);
  });

  it('keeps silence as a valid result with no words', () => {
    const r = mapOpenAiVerbose({ text: '', duration: 5, segments: [] }, 'en');
    expect(r).toMatchObject({ text: '', duration: 5, words: [], speakers: [] });
  });

  it("fails 'empty' without text", () => {
    expect(() => mapOpenAiVerbose({ duration: 1 }, 'en')).toThrow(
      expect.objectContaining({ code: 'empty', message: 'No transcription results' }),
    );
  });
});

describe('transcriptionsUrl', () => {
  it('accepts a base URL with or without /v1', () => {
    expect(transcriptionsUrl('https://api.openai.com')).toBe(
      'https://api.openai.com/v1/audio/transcriptions',
    );
    expect(transcriptionsUrl('http://localhost:8000/v1/')).toBe(
      'http://localhost:8000/v1/audio/transcriptions',
    );
    expect(transcriptionsUrl('http://gpu.lan/whisper')).toBe(
      'http://gpu.lan/whisper/v1/audio/transcriptions',
    );
  });
});
