import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { openEventStream } from '../../../test/sse.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(() => server?.close());

describe('GET /api/events', () => {
  it("streams the user's meeting and to-do changes, never another user's", async () => {
    const aliceEvents = await openEventStream(server.url, alice.cookie);
    const bobEvents = await openEventStream(server.url, bob.cookie);
    try {
      const m = (await alice.post('/api/meetings', { title: 'Live' })).body;
      await alice.patch(`/api/meetings/${m.id}`, { title: 'Live 2' });
      const t = (await alice.post('/api/todos', { title: 'x', meetingId: m.id })).body;
      await alice.delete(`/api/meetings/${m.id}`);
      await bob.post('/api/meetings', { title: 'Bob only' });

      const got = await aliceEvents.waitFor(5, 5000);
      expect(got).toEqual([
        { table: 'meetings', op: 'INSERT', id: m.id },
        { table: 'meetings', op: 'UPDATE', id: m.id },
        { table: 'todos', op: 'INSERT', id: t.id, meeting_id: m.id },
        // Deleting the meeting cascades to its to-do; both are announced.
        ...(got[3]?.table === 'todos'
          ? [
              { table: 'todos', op: 'DELETE', id: t.id, meeting_id: m.id },
              { table: 'meetings', op: 'DELETE', id: m.id },
            ]
          : [
              { table: 'meetings', op: 'DELETE', id: m.id },
              { table: 'todos', op: 'DELETE', id: t.id, meeting_id: m.id },
            ]),
      ]);
      const bobGot = await bobEvents.waitFor(1, 5000);
      expect(bobGot).toHaveLength(1);
      expect(bobGot[0]).toMatchObject({ table: 'meetings', op: 'INSERT' });
      await new Promise((r) => setTimeout(r, 200));
      expect(bobEvents.events.some((e) => e.id === m.id)).toBe(false);
      expect(aliceEvents.events).toHaveLength(5);
    } finally {
      aliceEvents.close();
      bobEvents.close();
    }
  });

  it('drops the subscription when the client goes away', async () => {
    // Streams of the previous test close asynchronously; start from a settled count.
    for (let i = 0; i < 50 && server.realtime.size() > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    const before = server.realtime.size();
    const stream = await openEventStream(server.url, alice.cookie);
    expect(server.realtime.size()).toBe(before + 1);
    stream.close();
    for (let i = 0; i < 50 && server.realtime.size() > before; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(server.realtime.size()).toBe(before);
  });
});
