/**
 * `GET /api/meetings` and `GET /api/meetings/{id}` answer from the process's caches
 * (services/meetings/meeting-list-cache.ts) and never stale: a client's own write shows at once,
 * even when the database's notification of it is late; a change written by another process (the
 * pipeline, a second server: here straight into the database) shows once its notification
 * arrives; and one user's writes leave another's pages alone.
 */
import { eq } from 'drizzle-orm';
import { meetings, todos, type DatabaseHandle } from '@summy/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, signUp, testEnv, type Client } from '../../../test/harness.ts';
import { startServer, type RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
/** How late this server hears the database's notifications, in ms (a slow LISTEN connection). */
let notificationDelayMs = 0;
let opened: DatabaseHandle;

/** The test database, its notifications handed on `notificationDelayMs` late. */
function withLateNotifications(database: DatabaseHandle): DatabaseHandle {
  return {
    ...database,
    listen: (channel, listener) =>
      database.listen(channel, (payload) => {
        if (notificationDelayMs === 0) listener(payload);
        else setTimeout(() => listener(payload), notificationDelayMs);
      }),
  };
}

beforeAll(async () => {
  opened = await openTestDatabase();
  const database = withLateNotifications(opened);
  server = await startServer(testEnv(), database, { contactsSync: false });
  [alice, bob] = await Promise.all([signUp(server, 'Alice'), signUp(server, 'Bob')]);
});
afterAll(async () => {
  await server?.close();
  await opened?.close();
});

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

  it("shows the user's own writes at once while the notification of them is late", async () => {
    const made = (
      await alice.post('/api/meetings', { title: 'Late', date: '2026-02-01T10:00:00Z' })
    ).body;
    expect(await titles(alice)).toContain('Late');
    expect((await alice.get(`/api/meetings/${made.id}`)).body.title).toBe('Late');
    notificationDelayMs = 1500;
    try {
      await alice.patch(`/api/meetings/${made.id}`, { title: 'Late, renamed' });
      expect(await titles(alice)).toContain('Late, renamed');
      expect((await alice.get(`/api/meetings/${made.id}`)).body.title).toBe('Late, renamed');
      await alice.post('/api/todos', { title: 'Follow up', meetingId: made.id });
      const items = (await alice.get(`/api/meetings/${made.id}`)).body.actionItems;
      expect(items.map((i: { title: string }) => i.title)).toEqual(['Follow up']);
    } finally {
      notificationDelayMs = 0;
    }
    // The late notifications arrive before the server closes.
    await new Promise((resolve) => setTimeout(resolve, 1600));
  });
});

describe('one meeting under its cache', () => {
  it('answers the same bytes until the meeting or one of its to-dos changes, in any process', async () => {
    const made = (await alice.post('/api/meetings', { title: 'Detail' })).body;
    const first = await alice.get(`/api/meetings/${made.id}`);
    const again = await alice.get(`/api/meetings/${made.id}`);
    expect(again.body).toEqual(first.body);
    expect((await bob.get(`/api/meetings/${made.id}`)).status).toBe(404);

    // Written as a worker would: a new title, then an action item, then its completion.
    const detail = async () => (await alice.get(`/api/meetings/${made.id}`)).body;
    await server.database.db
      .update(meetings)
      .set({ title: 'Detail by a worker' })
      .where(eq(meetings.id, made.id));
    await expect
      .poll(async () => (await detail()).title, { timeout: 5000 })
      .toBe('Detail by a worker');
    const [todo] = await server.database.db
      .insert(todos)
      .values({ userId: alice.userId, meetingId: made.id, title: 'Written by a worker' })
      .returning();
    await expect
      .poll(async () => (await detail()).actionItems.map((i: { title: string }) => i.title), {
        timeout: 5000,
      })
      .toEqual(['Written by a worker']);
    await server.database.db.update(todos).set({ completed: true }).where(eq(todos.id, todo!.id));
    await expect
      .poll(async () => (await detail()).actionItems[0].completed, { timeout: 5000 })
      .toBe(true);

    await alice.delete(`/api/meetings/${made.id}`);
    expect((await alice.get(`/api/meetings/${made.id}`)).status).toBe(404);
  });
});
