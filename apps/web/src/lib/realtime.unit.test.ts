import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  createDataHandlers,
  reloadAfterMissedEvents,
  subscribeRealtime,
  type RealtimeMessage,
} from '@/lib/realtime';

describe('reloadAfterMissedEvents (resync and reconnect)', () => {
  it('marks every live list stale (meetings, to-dos, chats) and nothing else', () => {
    const client = new QueryClient();
    const keys = [
      ['meetings', 'list', { q: '' }],
      ['meetings', 'detail', 'm1'],
      ['todos', 'list'],
      ['chats', 'list'],
      ['config'],
    ];
    for (const key of keys) client.setQueryData(key, { cached: true });
    reloadAfterMissedEvents(client);
    const stale = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([true, true, true, true, false]);
    // The cached data stays on screen while it reloads.
    expect(client.getQueryData(['todos', 'list'])).toEqual({ cached: true });
  });
});

describe('the live transcript events', () => {
  const meetingId = '4f9c2b8e-1d3a-4c5b-9e6f-7a8b9c0d1e2f';
  const handlers = createDataHandlers({ schedule: () => undefined });
  const event = (data: unknown) => ({ data: JSON.stringify(data) }) as MessageEvent;

  /** What the listeners receive while `run` sends events. */
  function received(run: () => void): RealtimeMessage[] {
    const messages: RealtimeMessage[] = [];
    const unsubscribe = subscribeRealtime((message) => messages.push(message));
    try {
      run();
    } finally {
      unsubscribe();
    }
    return messages;
  }

  it("passes a meeting's live segments and live state to the listeners", () => {
    const segment = { seq: 3, channel: 1, start: 12.5, end: 14, text: 'hello there' };
    const messages = received(() => {
      handlers['live-segment']!(event({ meetingId, segment }));
      handlers['live-state']!(event({ meetingId, state: 'ended' }));
    });
    expect(messages).toEqual([
      { type: 'live-segment', data: { meetingId, segment } },
      { type: 'live-state', data: { meetingId, state: 'ended' } },
    ]);
  });

  it('ignores malformed live events', () => {
    const messages = received(() => {
      handlers['live-segment']!(event({ meetingId, segment: { seq: -1, channel: 2 } }));
      handlers['live-segment']!({ data: 'not json' } as MessageEvent);
      handlers['live-state']!(event({ meetingId, state: 'paused' }));
    });
    expect(messages).toEqual([]);
  });
});
