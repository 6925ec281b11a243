import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todoSchema } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { openEventStream } from '../../../test/sse.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

describe('/api/todos', () => {
  it('creates an empty to-do owned by the user', async () => {
    const res = await alice.post('/api/todos', {});
    expect(res.status).toBe(201);
    const todo = todoSchema.parse(res.body);
    expect(todo).toMatchObject({
      title: '',
      completed: false,
      completedAt: null,
      priority: false,
      meetingId: null,
    });
    const rows = await server.database.query<{ user_id: string; priority: string }>(
      'select user_id, priority from todos where id = $1',
      [todo.id],
    );
    expect(rows[0]).toEqual({ user_id: alice.userId, priority: 'none' });
  });

  it('lists newest first and filters by meeting', async () => {
    const m = (await alice.post('/api/meetings', { title: 'M', date: '2026-11-24T09:30:00.000Z' }))
      .body;
    const a = (await alice.post('/api/todos', { title: 'first', meetingId: m.id })).body;
    await new Promise((r) => setTimeout(r, 5));
    const b = (await alice.post('/api/todos', { title: 'second' })).body;
    const all = (await alice.get('/api/todos')).body as { id: string; createdAt: string }[];
    expect(all.findIndex((t) => t.id === b.id)).toBeLessThan(all.findIndex((t) => t.id === a.id));
    expect(all.map((t) => t.createdAt)).toEqual(
      all
        .map((t) => t.createdAt)
        .sort()
        .reverse(),
    );
    const byMeeting = (await alice.get(`/api/todos?meetingId=${m.id}`)).body as { id: string }[];
    expect(byMeeting.map((t) => t.id)).toEqual([a.id]);
    // The source meeting's title and date come along for the to-do screen's link (the date tells
    // meetings of one title apart); none without a meeting.
    const listed = (all as { id: string }[]).map((t) => todoSchema.parse(t));
    expect(listed.find((t) => t.id === a.id)).toMatchObject({
      meetingId: m.id,
      meetingTitle: 'M',
      meetingDate: '2026-11-24T09:30:00.000Z',
    });
    expect(listed.find((t) => t.id === b.id)).toMatchObject({
      meetingId: null,
      meetingTitle: null,
      meetingDate: null,
    });
  });

  it('completing sets completed_at, un-completing clears it', async () => {
    const t = (await alice.post('/api/todos', { title: 'finish' })).body;
    const before = Date.now();
    const done = (await alice.patch(`/api/todos/${t.id}`, { completed: true })).body;
    expect(done.completed).toBe(true);
    expect(Date.parse(done.completedAt)).toBeGreaterThanOrEqual(before - 1000);
    const undone = (await alice.patch(`/api/todos/${t.id}`, { completed: false })).body;
    expect(undone).toMatchObject({ completed: false, completedAt: null });
    // A PATCH changes only the fields it names: the title survives toggling.
    expect(done.title).toBe('finish');
    expect(undone.title).toBe('finish');
  });

  it('maps the star to stored priority high or none, and reads urgent and medium as starred', async () => {
    const t = (await alice.post('/api/todos', { title: 'star me' })).body;
    expect((await alice.patch(`/api/todos/${t.id}`, { priority: true })).body.priority).toBe(true);
    let rows = await server.database.query<{ priority: string }>(
      'select priority from todos where id = $1',
      [t.id],
    );
    expect(rows[0]!.priority).toBe('high');
    expect((await alice.patch(`/api/todos/${t.id}`, { priority: false })).body.priority).toBe(
      false,
    );
    rows = await server.database.query<{ priority: string }>(
      'select priority from todos where id = $1',
      [t.id],
    );
    expect(rows[0]!.priority).toBe('none');
    for (const stored of ['urgent', 'medium']) {
      await server.database.query('update todos set priority = $1 where id = $2', [stored, t.id]);
      const listed = (
        (await alice.get('/api/todos')).body as { id: string; priority: boolean }[]
      ).find((x) => x.id === t.id);
      expect(listed!.priority).toBe(true);
    }
  });

  it('lists incomplete before complete, then newest first', async () => {
    const carol = await signUp(server, 'Carol');
    const made: { id: string }[] = [];
    for (const title of ['oldest', 'middle', 'newest']) {
      made.push((await carol.post('/api/todos', { title })).body);
      await new Promise((r) => setTimeout(r, 5));
    }
    const [oldest, middle, newest] = made.map((t) => t.id);
    // Completing the newest sends it below the pending ones, though it is the most recent.
    await carol.patch(`/api/todos/${newest}`, { completed: true });
    const list = (await carol.get('/api/todos')).body as { id: string; completed: boolean }[];
    expect(list.map((t) => t.id)).toEqual([middle, oldest, newest]);
    expect(list.map((t) => t.completed)).toEqual([false, false, true]);
    // Un-completing puts it back on top.
    await carol.patch(`/api/todos/${newest}`, { completed: false });
    expect(((await carol.get('/api/todos')).body as { id: string }[]).map((t) => t.id)).toEqual([
      newest,
      middle,
      oldest,
    ]);
  });

  it('trims titles on create and update; spaces alone are stored empty', async () => {
    const t = (await alice.post('/api/todos', { title: '  Call the venue \n' })).body;
    expect(t.title).toBe('Call the venue');
    const renamed = (await alice.patch(`/api/todos/${t.id}`, { title: '\t Book the venue  ' }))
      .body;
    expect(renamed.title).toBe('Book the venue');
    const blank = (await alice.patch(`/api/todos/${t.id}`, { title: '   ' })).body;
    expect(blank.title).toBe('');
    const rows = await server.database.query<{ title: string }>(
      'select title from todos where id = $1',
      [t.id],
    );
    expect(rows[0]!.title).toBe('');
  });

  it("announces every change of a manual to-do to the owner's other tabs, and to no one else", async () => {
    const dave = await signUp(server, 'Dave');
    const aliceTab = await openEventStream(server.url, alice.cookie);
    const daveTab = await openEventStream(server.url, dave.cookie);
    try {
      const t = (await alice.post('/api/todos', {})).body;
      await alice.patch(`/api/todos/${t.id}`, { title: 'Typed in the other tab' });
      await alice.patch(`/api/todos/${t.id}`, { priority: true });
      await alice.patch(`/api/todos/${t.id}`, { completed: true });
      await alice.delete(`/api/todos/${t.id}`);
      const got = await aliceTab.waitFor(5, 5000);
      expect(got).toEqual([
        { table: 'todos', op: 'INSERT', id: t.id, meeting_id: null },
        { table: 'todos', op: 'UPDATE', id: t.id, meeting_id: null },
        { table: 'todos', op: 'UPDATE', id: t.id, meeting_id: null },
        { table: 'todos', op: 'UPDATE', id: t.id, meeting_id: null },
        { table: 'todos', op: 'DELETE', id: t.id, meeting_id: null },
      ]);
      await dave.post('/api/meetings', { title: 'flush' });
      await daveTab.waitFor(1, 5000);
      expect(daveTab.events.some((e) => e.id === t.id)).toBe(false);
    } finally {
      aliceTab.close();
      daveTab.close();
    }
  });

  it("refuses a meeting id that is not the user's", async () => {
    const res = await alice.post('/api/todos', {
      title: 'x',
      meetingId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.status).toBe(404);
  });

  it('deletes', async () => {
    const t = (await alice.post('/api/todos', { title: 'bye' })).body;
    expect((await alice.delete(`/api/todos/${t.id}`)).status).toBe(204);
    expect((await alice.delete(`/api/todos/${t.id}`)).status).toBe(404);
  });
});
