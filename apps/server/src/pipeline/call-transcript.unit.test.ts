import { describe, expect, it } from 'vitest';
import { wordsToTurns, type TranscriptionResult, type Word } from '@summy/core';
import { callSpeakerNames, mergeCallTranscriptions } from './call-transcript.ts';

/** A transcription of `words` spoken one per 0.4 s from `start`, all by `speaker`. */
function said(
  text: string,
  start: number,
  speaker = 0,
  extra: Partial<TranscriptionResult> = {},
): TranscriptionResult {
  const words: Word[] = text.split(' ').map((word, i) => ({
    word,
    start: start + i * 0.4,
    end: start + i * 0.4 + 0.35,
    confidence: 0.9,
    speaker,
  }));
  const speakers = wordsToTurns(words);
  return {
    text,
    duration: start + words.length * 0.4,
    language: 'en',
    confidence: 0.9,
    speakers,
    words,
    summary: 'one side only',
    topics: [],
    intents: [],
    sentiment: null,
    utterances: [],
    ...extra,
  };
}

describe('mergeCallTranscriptions', () => {
  it('puts the holder after the call speakers and hides the echo of the call', () => {
    const them = said('we ship the release on friday morning', 1, 1);
    const me = said('we ship the release on friday', 1.05);
    const mine = said('sounds good to me then', 5);
    const merged = mergeCallTranscriptions(
      { ...me, words: [...me.words, ...mine.words], speakers: [...me.speakers, ...mine.speakers] },
      them,
    );
    expect(merged.holderSpeaker).toBe(2);
    expect(merged.result.text).toBe(
      'Speaker 2: we ship the release on friday morning\n\nSpeaker 3: sounds good to me then',
    );
    expect(merged.capture.echoed).toEqual([
      { start: 1.05, end: expect.any(Number), text: 'we ship the release on friday' },
    ]);
    expect(merged.capture.doubleTalkShare).toBeGreaterThan(0.2);
    expect(merged.result.words.filter((w) => w.speaker === 2).map((w) => w.word)).toEqual(
      'sounds good to me then'.split(' '),
    );
    expect(merged.result.summary).toBeNull();
    expect(merged.result.utterances).toHaveLength(2);
    expect(merged.result.duration).toBeCloseTo(3.8, 5); // the longer channel's
  });

  it('keeps double talk that only shares a few words', () => {
    const them = said('can you hear me now', 0);
    const me = said('yes i can hear you fine', 0.2);
    const merged = mergeCallTranscriptions(me, them);
    expect(merged.capture.echoed).toEqual([]);
    expect(merged.result.speakers.map((t) => t.speaker)).toEqual([0, 1]);
  });

  it('places voiceprints: the call at its indexes, the holder after', () => {
    const them = said('hello there everyone', 0, 1, {
      speakerEmbeddings: { model: 'campp', vectors: [[1], [2]] },
    });
    const me = said('good morning', 3, 0, {
      speakerEmbeddings: { model: 'campp', vectors: [[9]] },
    });
    const merged = mergeCallTranscriptions(me, them);
    expect(merged.result.speakerEmbeddings).toEqual({ model: 'campp', vectors: [[1], [2], [9]] });
    const other = mergeCallTranscriptions(
      { ...me, speakerEmbeddings: { model: 'other', vectors: [[9]] } },
      them,
    );
    expect(other.result.speakerEmbeddings?.vectors).toEqual([[1], [2], null]);
  });
});

describe('turns of a call', () => {
  it('cuts a channel at pauses, so an echo after the holder spoke is judged on its own', () => {
    const own = said('four score and seven years ago', 0);
    const echo = said('we ship the release on friday morning', 4);
    const words = [...own.words, ...echo.words];
    const me = { ...own, words, speakers: wordsToTurns(words) };
    const them = said('we ship the release on friday morning', 3.95, 0);
    const merged = mergeCallTranscriptions(me, them);
    expect(merged.capture.echoed.map((t) => t.text)).toEqual([
      'we ship the release on friday morning',
    ]);
    expect(merged.result.speakers.map((t) => [t.speaker, t.text])).toEqual([
      [1, 'four score and seven years ago'],
      [0, 'we ship the release on friday morning'],
    ]);
  });

  it("shows one speaker's turns cut at pauses as one paragraph while the other side is silent", () => {
    const first = said('four score and seven years ago', 0);
    const second = said('our fathers brought forth', 5);
    const words = [...first.words, ...second.words];
    const me = { ...first, words, speakers: wordsToTurns(words) };
    const merged = mergeCallTranscriptions(me, said('hello', 20));
    expect(merged.result.text).toBe(
      'Speaker 2: four score and seven years ago our fathers brought forth\n\nSpeaker 1: hello',
    );
  });
});

describe('callSpeakerNames', () => {
  const holder = { name: 'Alice', emails: ['alice@example.com', 'alice@work.example'] };

  it('names the holder, and the call with the other of two attendees', () => {
    const attendees = [
      { email: 'Alice@Work.example', name: 'Alice A.' },
      { email: 'bob@example.com', name: 'Bob' },
    ];
    expect(callSpeakerNames(1, holder, attendees, [0])).toEqual({
      'Speaker 2': 'Alice',
      'Speaker 1': 'Bob',
    });
    expect(callSpeakerNames(1, holder, [attendees[0]!, { email: 'c@x.org' }], [0])).toEqual({
      'Speaker 2': 'Alice',
      'Speaker 1': 'c@x.org',
    });
  });

  it('leaves the call unnamed without exactly two attendees, one of them the holder', () => {
    expect(callSpeakerNames(2, holder, null, [0, 1])).toEqual({ 'Speaker 3': 'Alice' });
    const three = [{ email: 'alice@example.com' }, { email: 'b@x.org' }, { email: 'c@x.org' }];
    expect(callSpeakerNames(2, holder, three, [0, 1])).toEqual({ 'Speaker 3': 'Alice' });
    const strangers = [{ email: 'b@x.org' }, { email: 'c@x.org' }];
    expect(callSpeakerNames(1, holder, strangers, [0])).toEqual({ 'Speaker 2': 'Alice' });
  });
});
