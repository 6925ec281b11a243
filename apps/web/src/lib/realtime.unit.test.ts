import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reloadAfterMissedEvents } from '@/lib/realtime';

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
