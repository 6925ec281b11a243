import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { openEventStream, type EventStream } from '../../../test/sse.ts';
import { MAX_STREAMS_PER_USER } from '../../realtime/hub.ts';
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

describe('GET /api/events: a cap on open streams per user', () => {
  const settled = async (userId: string, max: number) => {
    for (let i = 0; i < 100 && server.realtime.size(userId) > max; i++)
      await new Promise((r) => setTimeout(r, 20));
  };

  it('ends the oldest streams beyond the cap; the newest and other users keep their events', async () => {
    const carol = await signUp(server, 'Carol');
    const dave = await signUp(server, 'Dave');
    const daveEvents = await openEventStream(server.url, dave.cookie);
    const extra = 3;
    const streams: EventStream[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER + extra; i++)
        streams.push(await openEventStream(server.url, carol.cookie));
      const oldest = streams.slice(0, extra);
      const newest = streams.slice(extra);
      // The server itself ends the oldest, saying why first.
      const endOf = (s: EventStream) =>
        Promise.race([s.ended, new Promise((r) => setTimeout(() => r('still open'), 5000))]);
      expect(await Promise.all(oldest.map(endOf))).toEqual(Array(extra).fill('server'));
      for (const s of oldest) expect(s.all.map((e) => e.event)).toEqual(['evicted']);
      expect(server.realtime.size(carol.userId)).toBe(MAX_STREAMS_PER_USER);
      expect(server.realtime.size(dave.userId)).toBe(1);

      const m = (await carol.post('/api/meetings', { title: 'Still live' })).body;
      for (const s of newest)
        expect(await s.waitFor(1, 5000)).toEqual([{ table: 'meetings', op: 'INSERT', id: m.id }]);
      const d = (await dave.post('/api/meetings', { title: 'Dave still live' })).body;
      expect(await daveEvents.waitFor(1, 5000)).toEqual([
        { table: 'meetings', op: 'INSERT', id: d.id },
      ]);
      for (const s of oldest) expect(s.events).toEqual([]);
    } finally {
      for (const s of streams) s.close();
      daveEvents.close();
    }
  });

  it('keeps answering other requests while one user opens many streams at once', async () => {
    const erin = await signUp(server, 'Erin');
    const attempts = 60;
    const streams = await Promise.all(
      Array.from({ length: attempts }, () => openEventStream(server.url, erin.cookie)),
    );
    try {
      const list = await erin.get('/api/meetings');
      expect(list.status).toBe(200);
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) });
      expect(health.status).toBe(200);
      // All but the cap were ended by the server; the process holds at most the cap.
      await settled(erin.userId, MAX_STREAMS_PER_USER);
      expect(server.realtime.size(erin.userId)).toBe(MAX_STREAMS_PER_USER);
      let endedByServer = 0;
      for (const s of streams)
        void s.ended.then((by) => (endedByServer += by === 'server' ? 1 : 0));
      for (let i = 0; i < 250 && endedByServer < attempts - MAX_STREAMS_PER_USER; i++)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 200));
      expect(endedByServer).toBe(attempts - MAX_STREAMS_PER_USER);
    } finally {
      for (const s of streams) s.close();
    }
  });
});
