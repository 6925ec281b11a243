/**
 * Realtime across a PostgreSQL restart: the dedicated LISTEN connection reconnects, open event
 * streams get `resync` (events may have been missed) and then the changes made after the restart.
 * Runs on its own PostgreSQL server, since restarting the run's shared one would cut the other test
 * files' connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresServer, type PostgresServer } from '@summy/db/testing';
import { signUp, type Client } from './harness.ts';
import { HEALTHY_TIMEOUT_MS, spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';
import { openEventStream } from './sse.ts';

let postgres: PostgresServer;
let summy: SummyProcess;

beforeAll(async () => {
  postgres = await startPostgresServer();
  summy = await spawnSummy({
    DATABASE_URL: await postgres.createDatabase(),
    AUTH_SECRET: 'restart-secret-restart-secret-restart-secret',
  });
  await waitHealthy(summy);
  // A PostgreSQL server starts first; then the Summy process has its full health wait.
}, HEALTHY_TIMEOUT_MS + 60_000);
afterAll(async () => {
  await summy?.stop();
  await postgres?.stop();
});

/** Retries a write until the pool has a live connection again (its first try may hit a dead one). */
async function createMeeting(client: Client, title: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.post('/api/meetings', { title });
    if (res.status === 201 || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('PostgreSQL restarts under an open event stream', () => {
  it('reconnects LISTEN, sends resync, then delivers the changes made after the restart', async () => {
    const alice = await signUp(summy, 'Alice');
    const stream = await openEventStream(summy.url, alice.cookie);
    try {
      const before = await alice.post('/api/meetings', { title: 'Before the restart' });
      expect(await stream.waitFor(1, 10_000)).toEqual([
        { table: 'meetings', op: 'INSERT', id: before.body.id },
      ]);

      await postgres.restart();

      // The stream itself stays open; the server says that events may have been missed.
      const deadline = Date.now() + 20_000;
      while (!stream.all.some((e) => e.event === 'resync')) {
        if (Date.now() > deadline) throw new Error(`no resync: ${summy.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(stream.all.find((e) => e.event === 'resync')?.data).toEqual({});

      const after = await createMeeting(alice, 'After the restart', 10_000);
      expect(after.status).toBe(201);
      expect((await stream.waitFor(2, 10_000))[1]).toEqual({
        table: 'meetings',
        op: 'INSERT',
        id: after.body.id,
      });
      expect(summy.child.exitCode).toBeNull();
    } finally {
      stream.close();
    }
  });
});
