import { describe, expect, it } from 'vitest';
import { transcriptionResultSchema } from '@summy/core';
import { JFK_SCRIPT, listenResponse } from '@summy/fakes/stt';
import { mapDeepgramAnswer } from './map.ts';

const all = new URLSearchParams(
  'model=nova-3&diarize=true&utterances=true&summarize=v2&topics=true&intents=true&sentiment=true&smart_format=true&punctuate=true',
);

describe('mapDeepgramAnswer', () => {
  it('maps words, speakers, utterances, summary, topics, intents and sentiment', () => {
    const r = mapDeepgramAnswer(listenResponse(JFK_SCRIPT, all, 'x'), 'en');
    expect(transcriptionResultSchema.parse(r)).toEqual(r);
    expect(r.words[1]).toMatchObject({ word: 'so,', speaker: 0 });
    expect(r.speakers.map((s) => [s.speaker, s.text])).toEqual([
      [0, 'And so, my fellow Americans, ask not what your country can do for you,'],
      [1, 'ask what you can do for your country.'],
    ]);
    expect(r.summary).toBe(JFK_SCRIPT.summary);
    expect(r.topics[0]).toEqual({ topic: 'Patriotism', confidence: 0.91 });
    expect(r.intents).toEqual([{ intent: 'Encourage public service', confidence: 0.88 }]);
    // Sentiment segments are timed from their word range.
    const second = r.sentiment!.segments[1]!;
    expect(second.start).toBe(r.speakers[1]!.start);
    expect(second.end).toBe(r.speakers[1]!.end);
    expect(r.sentiment!.average).toEqual({ sentiment: 'positive', score: 0.42 });
  });

  it('without diarization or analyses: one speaker, no summary, turns as utterances', () => {
    const r = mapDeepgramAnswer(listenResponse(JFK_SCRIPT, new URLSearchParams(), 'x'), 'fr');
    expect(new Set(r.words.map((w) => w.speaker))).toEqual(new Set([0]));
    expect(r.words[1]!.word).toBe('so');
    expect(r.summary).toBeNull();
    expect(r.topics).toEqual([]);
    expect(r.sentiment).toBeNull();
    expect(r.language).toBe('fr');
    expect(r.utterances).toHaveLength(1);
  });

  it('reads topics nested as results.topics.segments and keeps the best of each name', () => {
    const body = {
      metadata: { duration: 2 },
      results: {
        channels: [{ alternatives: [{ transcript: 'hi', confidence: 0.9, words: [] }] }],
        topics: {
          results: {
            topics: {
              segments: [
                { text: 'a', topics: [{ topic: 'Refund', confidence_score: 0.5 }] },
                { text: 'b', topics: [{ topic: 'refund', confidence_score: 0.8 }] },
              ],
            },
          },
        },
      },
    };
    expect(mapDeepgramAnswer(body, 'en').topics).toEqual([{ topic: 'refund', confidence: 0.8 }]);
  });

  it("fails 'empty' without channels or alternatives and 'parse' for a foreign body", () => {
    expect(() => mapDeepgramAnswer({ metadata: {}, results: { channels: [] } }, 'en')).toThrow(
      expect.objectContaining({ code: 'empty', details: 'Deepgram returned empty results' }),
    );
    expect(() =>
      mapDeepgramAnswer({ results: { channels: [{ alternatives: [] }] } }, 'en'),
    ).toThrow(expect.objectContaining({ code: 'empty' }));
    expect(() => mapDeepgramAnswer('<html>', 'en')).toThrow(
      expect.objectContaining({ code: 'parse', message: 'Parse error' }),
    );
    expect(() => mapDeepgramAnswer({ request_id: 'x' }, 'en')).toThrow(
      expect.objectContaining({ code: 'parse' }),
    );
  });
});
