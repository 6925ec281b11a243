/**
 * The live draft transcript as the assistant's context: the budget keeps the latest segments,
 * the prompt tells the model it is a draft of a meeting in progress, and the answer without a
 * model quotes what was said last.
 */
import { describe, expect, it } from 'vitest';
import { chatPrompt, LIVE_INSTRUCTION, LIVE_SOURCE_LABEL } from './chat-prompt.ts';
import type { ChatSource } from './gather-sources.ts';
import { keepLatest, LIVE_CONTEXT_CHARS, LIVE_SOURCE_MAX } from './live-sources.ts';
import { offlineAnswer } from './offline-answer.ts';

const segment = (seq: number, text = `Segment number ${seq} of the meeting.`) => ({ seq, text });

function liveSource(seq: number, text: string, rank = 0): ChatSource {
  return {
    section: 'transcript',
    meetingId: '00000000-0000-4000-8000-000000000001',
    speaker: seq % 2 ? 'Call' : 'You',
    start: seq * 10,
    position: seq,
    text,
    rank,
    live: true,
    ref: seq + 1,
    meetingTitle: 'Weekly sync',
    meetingDate: '2026-12-07T15:00:00.000Z',
    surroundings: null,
  };
}

describe('keepLatest', () => {
  it('keeps the newest segments within the characters, in order', () => {
    const all = Array.from({ length: 10 }, (_, i) => segment(i, 'x'.repeat(100)));
    expect(keepLatest(all, 350, 100).map((s) => s.seq)).toEqual([7, 8, 9]);
    expect(keepLatest(all, 10_000, 100)).toEqual(all);
  });

  it('keeps at most `max` segments, the latest', () => {
    const all = Array.from({ length: 500 }, (_, i) => segment(i));
    const kept = keepLatest(all);
    expect(kept).toHaveLength(LIVE_SOURCE_MAX);
    expect(kept.at(-1)!.seq).toBe(499);
    expect(kept[0]!.seq).toBe(500 - LIVE_SOURCE_MAX);
  });

  it('holds a long draft to the budget of an ordinary answer and always keeps the newest', () => {
    const all = Array.from({ length: 300 }, (_, i) => segment(i, 'word '.repeat(80)));
    const kept = keepLatest(all);
    const chars = kept.reduce((n, s) => n + s.text.length, 0);
    expect(chars).toBeLessThanOrEqual(LIVE_CONTEXT_CHARS);
    expect(chars).toBeGreaterThan(LIVE_CONTEXT_CHARS - 400);
    expect(kept.at(-1)!.seq).toBe(299);
    // One segment longer than the budget is still given (the caller clamps its text).
    expect(keepLatest([segment(0, 'y'.repeat(50))], 10, 5)).toHaveLength(1);
    expect(keepLatest([], 10, 5)).toEqual([]);
  });
});

describe('the prompt over live segments', () => {
  it('says the sources are a live draft, in order, and names channel and time', () => {
    const prompt = chatPrompt({
      question: 'What did they just say about the budget?',
      sources: [
        liveSource(0, 'Shall we start?'),
        liveSource(1, 'The budget is forty thousand euros.'),
      ],
      history: [],
      context: 'meeting',
    });
    expect(prompt.system).toContain(LIVE_INSTRUCTION);
    expect(prompt.system).toContain('may have recognition errors');
    const user = prompt.messages.at(-1)!.content;
    expect(user).toContain(
      `[2] ${LIVE_SOURCE_LABEL} of “Weekly sync” — Call at 00:10\nThe budget is forty thousand euros.`,
    );
    expect(user.indexOf('[1]')).toBeLessThan(user.indexOf('[2]'));
  });

  it('tells the model nothing about live text when no source is live', () => {
    const prompt = chatPrompt({
      question: 'What was decided?',
      sources: [{ ...liveSource(0, 'Decided.'), live: undefined }],
      history: [],
      context: 'meeting',
    });
    expect(prompt.system).not.toContain(LIVE_INSTRUCTION);
    expect(prompt.messages.at(-1)!.content).not.toContain(LIVE_SOURCE_LABEL);
  });
});

describe('the offline answer over live segments', () => {
  const sources = Array.from({ length: 8 }, (_, i) => liveSource(i, `Said ${i}.`));
  const gathered = {
    sources,
    terms: { lexemes: [], words: [] },
    noMeetings: false,
    notReady: [],
  };

  it('quotes what was said last when nothing matched', () => {
    const answer = offlineAnswer(gathered, { type: 'meeting' });
    expect(answer.refs).toEqual([4, 5, 6, 7, 8]);
    expect(answer.text).toContain('here is what was said last');
    expect(answer.text).toContain('— Call, 00:30, Live (draft)');
  });

  it('quotes the matching segments first', () => {
    const matched = sources.map((s) => (s.position === 2 ? { ...s, rank: 0.5 } : s));
    const answer = offlineAnswer(
      { ...gathered, sources: matched, terms: { lexemes: ['said'], words: ['said'] } },
      { type: 'meeting' },
    );
    expect(answer.refs).toEqual([3]);
  });
});
