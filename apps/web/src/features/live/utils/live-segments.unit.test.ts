/**
 * The live panel's copy of a draft transcript: segments kept by `seq`, each once and in order,
 * whether they come from the realtime stream or a read of `GET /api/meetings/:id/live`, and a
 * missing `seq` reported so the list is read again.
 */
import type { LiveSegment, LiveTranscript } from '@summy/core';
import { describe, expect, it } from 'vitest';
import { appendLiveSegment, citedLiveSeq, mergeFetchedLive, withLiveState } from './live-segments';

const seg = (seq: number, channel: 0 | 1 = 0): LiveSegment => ({
  seq,
  channel,
  start: seq * 2,
  end: seq * 2 + 1.5,
  text: `words ${seq}`,
});
const live = (...seqs: number[]): LiveTranscript => ({
  state: 'live',
  segments: seqs.map((s) => seg(s)),
});
const seqs = (transcript: LiveTranscript) => transcript.segments.map((s) => s.seq);

describe('appendLiveSegment', () => {
  it('appends the next segment', () => {
    const { next, gap } = appendLiveSegment(live(0, 1), seg(2, 1));
    expect(seqs(next)).toEqual([0, 1, 2]);
    expect(next.segments[2]!.channel).toBe(1);
    expect(gap).toBe(false);
  });

  it('ignores a segment it holds already, keeping the same object', () => {
    const current = live(0, 1, 2);
    for (const seq of [0, 2]) {
      const { next, gap } = appendLiveSegment(current, { ...seg(seq), text: 'repeated' });
      expect(next).toBe(current);
      expect(gap).toBe(false);
    }
  });

  it('puts a late segment in its place by seq', () => {
    const { next, gap } = appendLiveSegment(live(0, 2, 3), seg(1));
    expect(seqs(next)).toEqual([0, 1, 2, 3]);
    expect(gap).toBe(false);
  });

  it('keeps a segment past a gap and reports the gap', () => {
    const { next, gap } = appendLiveSegment(live(0, 1), seg(4));
    expect(seqs(next)).toEqual([0, 1, 4]);
    expect(gap).toBe(true);
    expect(appendLiveSegment({ state: 'none', segments: [] }, seg(1)).gap).toBe(true);
    expect(appendLiveSegment({ state: 'none', segments: [] }, seg(0)).gap).toBe(false);
  });

  it('turns a transcript read before the first chunk live', () => {
    expect(appendLiveSegment({ state: 'none', segments: [] }, seg(0)).next.state).toBe('live');
    expect(appendLiveSegment({ ...live(0), state: 'ended' }, seg(1)).next.state).toBe('ended');
  });

  it('starts a live transcript when nothing was read yet', () => {
    expect(appendLiveSegment(undefined, seg(5))).toEqual({
      next: { state: 'live', segments: [seg(5)] },
      gap: false,
    });
  });
});

describe('mergeFetchedLive', () => {
  it('keeps the segments the stream brought after the server read its list', () => {
    const merged = mergeFetchedLive(live(0, 1, 2), live(0, 1, 2, 3, 4));
    expect(seqs(merged)).toEqual([0, 1, 2, 3, 4]);
    // The read's own copy wins for the segments it has.
    const fetched = { state: 'live' as const, segments: [{ ...seg(0), text: 'server' }] };
    expect(mergeFetchedLive(fetched, live(0)).segments[0]!.text).toBe('server');
  });

  it('takes the answer as it is once the meeting is no longer live', () => {
    const ended: LiveTranscript = { state: 'ended', segments: [] };
    expect(mergeFetchedLive(ended, live(0, 1))).toBe(ended);
    expect(mergeFetchedLive(live(0), undefined)).toEqual(live(0));
  });
});

describe('withLiveState', () => {
  it('changes the state and keeps the segments', () => {
    expect(withLiveState(live(0, 1), 'ended')).toEqual({ ...live(0, 1), state: 'ended' });
    expect(withLiveState(undefined, 'busy')).toEqual({ state: 'busy', segments: [] });
  });
});

describe('citedLiveSeq', () => {
  it('reads the seq of a live citation anchor', () => {
    expect(citedLiveSeq('#live-3')).toBe(3);
    expect(citedLiveSeq('live-12')).toBe(12);
  });
  it('ignores other hashes', () => {
    for (const hash of ['', '#', '#turn-3', '#live-', '#live-x', '#live-3a']) {
      expect(citedLiveSeq(hash)).toBeNull();
    }
  });
});
