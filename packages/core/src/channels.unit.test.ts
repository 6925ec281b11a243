import { describe, expect, it } from 'vitest';
import {
  comparableWords,
  doubleTalkShare,
  isEcho,
  mergeChannelTranscripts,
  type ChannelTranscript,
} from './channels.ts';
import type { SpeakerTurn, Word } from './transcription.ts';

/** A turn of `text` from `start` to `end` s, speaker 0. */
function turn(text: string, start: number, end: number, speaker = 0): SpeakerTurn {
  return { speaker, text, start, end, confidence: 0.9 };
}

/** The turn as its words, spread evenly over its span. */
function asTranscript(...turns: SpeakerTurn[]): ChannelTranscript {
  const words: Word[] = turns.flatMap((t) => {
    const ws = t.text.split(' ');
    const step = (t.end - t.start) / ws.length;
    return ws.map((word, i) => ({
      word,
      start: t.start + i * step,
      end: t.start + (i + 1) * step,
      confidence: 0.9,
      speaker: t.speaker,
    }));
  });
  return { turns, words };
}

describe('comparableWords', () => {
  it('lower-cases and strips punctuation at the edges, keeping inner apostrophes', () => {
    expect(comparableWords("  We'll SHIP it, on Friday! ")).toEqual([
      "we'll",
      'ship',
      'it',
      'on',
      'friday',
    ]);
  });
});

describe('isEcho', () => {
  const theirs = turn('we ship the release on friday morning', 10, 14);

  it('holds for the same words at the same time', () => {
    expect(isEcho(turn('we ship the release on friday morning', 10.05, 14.1), theirs)).toBe(true);
  });

  it('holds when the microphone misheard a word (80% shared)', () => {
    expect(isEcho(turn('we ship a release on friday morning', 10, 14), theirs)).toBe(true);
  });

  it('does not hold for a quick reply over the end of their turn', () => {
    expect(isEcho(turn('sounds good friday works for me', 13.5, 15.5), theirs)).toBe(false);
  });

  it('does not hold for the same words said later (a genuine repeat)', () => {
    expect(isEcho(turn('we ship the release on friday morning', 20, 24), theirs)).toBe(false);
  });

  it('needs an overlap of half the shorter turn', () => {
    // 1.5 s of overlap, the shorter turn 4 s long.
    expect(isEcho(turn('we ship the release on friday morning', 12.5, 16.5), theirs)).toBe(false);
    // 2 s of overlap: exactly half.
    expect(isEcho(turn('we ship the release on friday morning', 12, 16), theirs)).toBe(true);
  });

  it('never judges "yes" or "okay" by words', () => {
    expect(isEcho(turn('okay', 10, 10.4), turn('okay', 10, 10.4))).toBe(false);
    expect(isEcho(turn('yes yes yes', 10, 11), turn('yes yes yes', 10, 11))).toBe(false);
  });

  it('never hides a short line of mine, even one their longer turn contains', () => {
    expect(isEcho(turn('ship it friday', 10, 11.5), turn('we ship it on friday', 10, 12))).toBe(
      false,
    );
  });

  it('needs four words on their side too', () => {
    expect(isEcho(turn('ship it on friday', 10, 12), turn('ship it friday', 10, 12))).toBe(false);
  });

  it('counts each of their words once', () => {
    expect(
      isEcho(turn('friday friday friday friday', 10, 12), turn('friday is the day', 10, 12)),
    ).toBe(false);
  });
});

describe('mergeChannelTranscripts', () => {
  const me = asTranscript(
    turn('hello everyone thanks for joining today', 0, 3),
    // The echo of their first turn.
    turn('we ship the release on friday morning', 4.02, 8.05),
    turn('great I will write the notes then', 9, 12),
  );
  const them = asTranscript(
    turn('we ship the release on friday morning', 4, 8, 0),
    turn('and the docs go out on monday', 12.5, 15, 1),
  );

  it('merges by time, gives the holder the index after the call speakers, hides the echo', () => {
    const merged = mergeChannelTranscripts(me, them);
    expect(merged.holderSpeaker).toBe(2);
    expect(merged.turns.map((t) => [t.channel, t.speaker, t.text])).toEqual([
      [0, 2, 'hello everyone thanks for joining today'],
      [1, 0, 'we ship the release on friday morning'],
      [0, 2, 'great I will write the notes then'],
      [1, 1, 'and the docs go out on monday'],
    ]);
    expect(merged.echoed.map((t) => [t.channel, t.text, t.start])).toEqual([
      [0, 'we ship the release on friday morning', 4.02],
    ]);
  });

  it("drops the echo's words and keeps every word of the call", () => {
    const merged = mergeChannelTranscripts(me, them);
    const text = merged.words.map((w) => w.word).join(' ');
    expect(text).toBe(
      'hello everyone thanks for joining today we ship the release on friday morning ' +
        'great I will write the notes then and the docs go out on monday',
    );
    expect(merged.words.filter((w) => w.speaker === 2)).toHaveLength(13);
    expect(merged.words.map((w) => w.start)).toEqual(
      [...merged.words.map((w) => w.start)].sort((a, b) => a - b),
    );
  });

  it('keeps genuine double talk on both channels', () => {
    const merged = mergeChannelTranscripts(
      asTranscript(turn('no wait we cannot ship before the audit', 4.5, 7.5)),
      them,
    );
    expect(merged.echoed).toEqual([]);
    expect(merged.turns.filter((t) => t.channel === 0)).toHaveLength(1);
  });

  it('gives the holder index 0 when the call was silent', () => {
    const merged = mergeChannelTranscripts(me, { turns: [], words: [] });
    expect(merged.holderSpeaker).toBe(0);
    expect(merged.echoed).toEqual([]);
    expect(merged.turns.every((t) => t.speaker === 0 && t.channel === 0)).toBe(true);
  });
});

describe('doubleTalkShare', () => {
  it('is the time both speak over the time either speaks', () => {
    // Either: 0..10 (10 s); both: 4..6 (2 s).
    expect(doubleTalkShare([turn('a', 0, 6)], [turn('b', 4, 10)])).toBeCloseTo(0.2);
  });

  it('counts overlapping turns of one channel once', () => {
    expect(doubleTalkShare([turn('a', 0, 6), turn('a', 2, 6)], [turn('b', 4, 10)])).toBeCloseTo(
      0.2,
    );
  });

  it('is 1 when the microphone hears the whole call, and 0 for silence', () => {
    expect(doubleTalkShare([turn('a', 0, 10)], [turn('b', 0, 10)])).toBe(1);
    expect(doubleTalkShare([], [])).toBe(0);
  });
});
