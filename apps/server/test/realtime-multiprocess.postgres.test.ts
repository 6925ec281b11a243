/**
 * Realtime across processes: two Summy servers on one PostgreSQL. A change written through one
 * process reaches the owner's event stream on the other, and only the owner's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createPostgresDatabase, signUp } from './harness.ts';
import { spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';
import { openEventStream } from './sse.ts';

let one: SummyProcess;
let two: SummyProcess;

beforeAll(async () => {
  const DATABASE_URL = await createPostgresDatabase();
  const shared = { DATABASE_URL, AUTH_SECRET: 'shared-secret-shared-secret-shared-secret' };
  one = await spawnSummy(shared);
  await waitHealthy(one);
  // Start the second after the first has migrated, as a rolling deploy would.
  two = await spawnSummy(shared);
  await waitHealthy(two);
});
afterAll(async () => {
  await one?.stop();
  await two?.stop();
});

describe('two server processes, one PostgreSQL', () => {
  it("delivers a change made through process two to the owner's stream on process one", async () => {
    const alice = await signUp(one, 'Alice');
    const bob = await signUp(one, 'Bob');
    const aliceOnOne = await openEventStream(one.url, alice.cookie);
    const bobOnOne = await openEventStream(one.url, bob.cookie);
    const aliceOnTwo = new Client(two.url, alice.email, two.origin);
    aliceOnTwo.cookie = alice.cookie;
    try {
      const m = await aliceOnTwo.post('/api/meetings', { title: 'Written on two' });
      expect(m.status).toBe(201);
      const t = await aliceOnTwo.post('/api/todos', { title: 'todo on two', meetingId: m.body.id });
      const got = await aliceOnOne.waitFor(2, 10_000);
      expect(got).toEqual([
        { table: 'meetings', op: 'INSERT', id: m.body.id },
        { table: 'todos', op: 'INSERT', id: t.body.id, meeting_id: m.body.id },
      ]);
      await new Promise((r) => setTimeout(r, 300));
      expect(bobOnOne.events).toEqual([]);
    } finally {
      aliceOnOne.close();
      bobOnOne.close();
    }
  });
});
