import { describe, expect, it } from 'vitest';
import type { TranscriptionResult } from '@summy/core';
import { speechToTextAnswerSchema, toSpeechToTextAnswer } from './speech-to-text-answer.ts';

const result: TranscriptionResult = {
  text: 'Hi there. Bye now.',
  duration: 4,
  language: 'en',
  confidence: 0.9,
  words: [
    { word: 'Hi', start: 0, end: 0.5, confidence: 0.9, speaker: 0 },
    { word: 'there.', start: 0.5, end: 1, confidence: 0.9, speaker: 0 },
    { word: 'Bye', start: 2, end: 2.5, confidence: 0.8, speaker: 1 },
    { word: 'now.', start: 2.5, end: 3, confidence: 0.8, speaker: 1 },
  ],
  speakers: [
    { speaker: 0, text: 'Hi there.', start: 0, end: 1, confidence: 0.9 },
    { speaker: 1, text: 'Bye now.', start: 2, end: 3, confidence: 0.8 },
  ],
  utterances: [
    { speaker: 0, transcript: 'Hi there.', start: 0, end: 1 },
    { speaker: 1, transcript: 'Bye now.', start: 2, end: 3 },
  ],
  summary: 'Greeting and farewell.',
  topics: [{ topic: 'Greetings', confidence: 0.7 }],
  intents: [],
  sentiment: {
    average: { sentiment: 'neutral', score: 0.1 },
    segments: [{ text: 'Bye now.', start: 2, end: 3, sentiment: 'negative', score: -0.2 }],
  },
};

describe('toSpeechToTextAnswer', () => {
  it("lays the result out in the documented (Deepgram's) shape", () => {
    const a = speechToTextAnswerSchema.parse(toSpeechToTextAnswer(result));
    const alt = a.results.channels[0]!.alternatives[0]!;
    expect(alt.transcript).toBe(result.text);
    expect(alt.words.map((w) => [w.word, w.speaker])).toEqual([
      ['Hi', 0],
      ['there.', 0],
      ['Bye', 1],
      ['now.', 1],
    ]);
    expect(a.metadata).toEqual({ duration: 4, channels: 1, language: 'en' });
    expect(a.results.summary).toEqual({ result: 'success', short: 'Greeting and farewell.' });
    expect(a.results.topics.segments).toEqual([
      {
        text: result.text,
        start_word: 0,
        end_word: 3,
        topics: [{ topic: 'Greetings', confidence_score: 0.7 }],
      },
    ]);
    expect(a.results.intents.segments).toEqual([]);
    expect(a.results.sentiments!.segments[0]).toMatchObject({
      start_word: 2,
      end_word: 3,
      sentiment: 'negative',
      sentiment_score: -0.2,
    });
    expect(a.results.utterances.map((u) => [u.speaker, u.transcript, u.channel])).toEqual([
      [0, 'Hi there.', 0],
      [1, 'Bye now.', 0],
    ]);
  });

  it('empties the analyses that were switched off', () => {
    const a = toSpeechToTextAnswer(result, {
      diarize: false,
      summarize: false,
      topics: false,
      intents: true,
      sentiments: false,
      utterances: false,
    });
    expect(new Set(a.results.channels[0]!.alternatives[0]!.words.map((w) => w.speaker))).toEqual(
      new Set([0]),
    );
    expect(a.results.summary).toBeNull();
    expect(a.results.topics.segments).toEqual([]);
    expect(a.results.sentiments).toBeNull();
    expect(a.results.utterances).toEqual([]);
  });

  it('answers a valid empty shape for silence', () => {
    const silent = { ...result, text: '', words: [], speakers: [], utterances: [], topics: [] };
    const a = speechToTextAnswerSchema.parse(toSpeechToTextAnswer({ ...silent, sentiment: null }));
    expect(a.results.channels[0]!.alternatives[0]!.words).toEqual([]);
    expect(a.results.topics.segments).toEqual([]);
  });
});
