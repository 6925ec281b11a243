/**
 * The realtime stream applied to a meeting's cached live transcript: its segments in `seq` order,
 * each once; another meeting's events ignored; a gap, a state change, a reconnect or the server's
 * resync read the list again.
 */
import type { LiveSegment, LiveTranscript } from '@summy/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { liveTranscriptQueryKey } from '../api/get-live-transcript';
import { applyLiveMessage } from './use-live-transcript';

const MEETING = '0b6c7d3e-2f41-4a5b-8c9d-0e1f2a3b4c5d';
const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const key = liveTranscriptQueryKey(MEETING);

const seg = (seq: number): LiveSegment => ({
  seq,
  channel: 0,
  start: seq,
  end: seq + 1,
  text: `t${seq}`,
});

function clientWith(transcript: LiveTranscript) {
  const client = new QueryClient();
  client.setQueryData(key, transcript);
  return client;
}

const segmentEvent = (meetingId: string, seq: number) =>
  ({ type: 'live-segment', data: { meetingId, segment: seg(seq) } }) as const;

const held = (client: QueryClient) =>
  client.getQueryData<LiveTranscript>(key)?.segments.map((s) => s.seq);
const stale = (client: QueryClient) => client.getQueryState(key)?.isInvalidated;

describe('applyLiveMessage', () => {
  it("adds the meeting's segments in seq order, each once, and nothing of other meetings", () => {
    const client = clientWith({ state: 'live', segments: [seg(0)] });
    for (const seq of [1, 2, 2, 1]) applyLiveMessage(client, MEETING, segmentEvent(MEETING, seq));
    applyLiveMessage(client, MEETING, segmentEvent(OTHER, 3));
    expect(held(client)).toEqual([0, 1, 2]);
    expect(stale(client)).toBe(false);
  });

  it('reads the list again when a seq is missing', () => {
    const client = clientWith({ state: 'live', segments: [seg(0)] });
    applyLiveMessage(client, MEETING, segmentEvent(MEETING, 3));
    expect(held(client)).toEqual([0, 3]);
    expect(stale(client)).toBe(true);
  });

  it('reads the list again after a reconnect or resync', () => {
    const client = clientWith({ state: 'live', segments: [seg(0)] });
    applyLiveMessage(client, MEETING, { type: 'reconnect' });
    expect(stale(client)).toBe(true);
  });

  it("takes the meeting's new state and reads the last segments", () => {
    const client = clientWith({ state: 'live', segments: [seg(0)] });
    applyLiveMessage(client, MEETING, {
      type: 'live-state',
      data: { meetingId: OTHER, state: 'busy' },
    });
    expect(client.getQueryData<LiveTranscript>(key)?.state).toBe('live');
    applyLiveMessage(client, MEETING, {
      type: 'live-state',
      data: { meetingId: MEETING, state: 'ended' },
    });
    expect(client.getQueryData(key)).toEqual({ state: 'ended', segments: [seg(0)] });
    expect(stale(client)).toBe(true);
  });

  it('ignores the other events of the stream', () => {
    const client = clientWith({ state: 'live', segments: [seg(0)] });
    applyLiveMessage(client, MEETING, {
      type: 'progress',
      data: { meetingId: MEETING, label: 'Transcribing' },
    });
    expect(held(client)).toEqual([0]);
    expect(stale(client)).toBe(false);
  });
});
