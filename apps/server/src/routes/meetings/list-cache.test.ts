/**
 * `GET /api/meetings` answers from the process's cache (services/meetings/meeting-list-cache.ts)
 * and never stale: a client's own write shows at once, a change written by another process (the
 * pipeline, a second server: here straight into the database) shows once its notification
 * arrives, and one user's writes leave another's pages alone.
 */
import { eq } from 'drizzle-orm';
import { meetings } from '@summy/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([signUp(server, 'Alice'), signUp(server, 'Bob')]);
});
afterAll(() => server?.close());

const titles = async (client: Client, query = '') =>
  ((await client.get(`/api/meetings${query}`)).body.items as { title: string }[]).map(
    (m) => m.title,
  );

describe('the meeting list under its cache', () => {
  it("shows the user's own writes at once and another process's once announced", async () => {
    const made = await alice.post('/api/meetings', {
      title: 'Planning',
      date: '2026-01-02T10:00:00Z',
    });
    expect(await titles(alice)).toEqual(['Planning']);
    expect(await titles(alice)).toEqual(['Planning']);
    // The same query twice answers the same bytes.
    const [a, b] = await Promise.all([alice.get('/api/meetings'), alice.get('/api/meetings')]);
    expect(a.body).toEqual(b.body);

    await alice.patch(`/api/meetings/${made.body.id}`, { title: 'Planning, renamed' });
    expect(await titles(alice)).toEqual(['Planning, renamed']);
    expect(await titles(alice, '?q=renamed')).toEqual(['Planning, renamed']);

    // Written as a worker or another server would: only the notification tells this process.
    await server.database.db
      .update(meetings)
      .set({ title: 'Renamed by a worker' })
      .where(eq(meetings.id, made.body.id));
    await expect.poll(() => titles(alice), { timeout: 5000 }).toEqual(['Renamed by a worker']);
    await expect.poll(() => titles(alice, '?q=renamed')).toEqual(['Renamed by a worker']);

    await alice.delete(`/api/meetings/${made.body.id}`);
    expect(await titles(alice)).toEqual([]);
  });

  it("keeps one user's pages apart from another's", async () => {
    await bob.post('/api/meetings', { title: 'Bob only' });
    expect(await titles(bob)).toEqual(['Bob only']);
    expect(await titles(alice)).toEqual([]);
    await alice.post('/api/meetings', { title: 'Alice again' });
    expect(await titles(bob)).toEqual(['Bob only']);
    expect(await titles(alice)).toEqual(['Alice again']);
  });
});
