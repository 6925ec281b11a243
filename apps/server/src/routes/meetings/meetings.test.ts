import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingSchema, meetingListSchema } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

describe('/api/meetings', () => {
  it('creates a meeting with defaults and answers the app shape', async () => {
    const res = await alice.post('/api/meetings', { title: 'Kick-off', isRecording: true });
    expect(res.status).toBe(201);
    const m = meetingSchema.parse(res.body);
    expect(m).toMatchObject({
      title: 'Kick-off',
      isRecording: true,
      isProcessing: false,
      topics: [],
      actionItems: [],
    });
    const again = await alice.get(`/api/meetings/${m.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(m);
  });

  it("keeps a call recording's channel layout and when its call audio ended", async () => {
    const res = await alice.post('/api/meetings', {
      title: 'Call',
      isRecording: true,
      channels: ['me', 'them'],
    });
    expect(res.status).toBe(201);
    expect(meetingSchema.parse(res.body)).toMatchObject({
      channels: ['me', 'them'],
      callAudioEndedAt: null,
      capture: null,
    });
    const id = res.body.id as string;
    const patched = await alice.patch(`/api/meetings/${id}`, { callAudioEndedAt: 754.2 });
    expect(patched.status).toBe(200);
    const again = meetingSchema.parse((await alice.get(`/api/meetings/${id}`)).body);
    expect(again).toMatchObject({ channels: ['me', 'them'], callAudioEndedAt: 754.2 });
    const plain = meetingSchema.parse((await alice.post('/api/meetings', { title: 'Mic' })).body);
    expect(plain.channels).toBeNull();
  });

  it('refuses a channel layout other than ["me", "them"], saving nothing', async () => {
    const before = (await alice.get('/api/meetings')).body.items.length as number;
    for (const channels of [['them', 'me'], ['me'], 'me,them']) {
      const res = await alice.post('/api/meetings', { title: 'Bad', channels });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid request');
    }
    expect((await alice.get('/api/meetings')).body.items).toHaveLength(before);
  });

  it('lists by date descending with id, title, date, duration, user_id', async () => {
    const dates = [
      '2024-01-01T10:00:00.000Z',
      '2026-06-01T10:00:00.000Z',
      '2025-03-01T10:00:00.000Z',
    ];
    for (const date of dates)
      await alice.post('/api/meetings', { title: `M ${date}`, date, duration: 12.5 });
    const res = await alice.get('/api/meetings');
    expect(res.status).toBe(200);
    const list = meetingListSchema.parse(res.body);
    const listed = list.items.map((i) => i.date);
    expect(listed).toEqual([...listed].sort().reverse());
    const first = list.items.find((i) => i.date === dates[0]);
    expect(first).toMatchObject({ title: `M ${dates[0]}`, duration: 12.5, user_id: alice.userId });
  });

  it('pages with a keyset cursor without gaps or repeats', async () => {
    const bob = await signUp(server, 'Pager');
    const base = Date.parse('2026-01-01T00:00:00Z');
    // Equal dates too: the cursor must break ties by id.
    for (let i = 0; i < 7; i++) {
      await bob.post('/api/meetings', {
        title: `P${i}`,
        date: new Date(base + Math.floor(i / 2) * 1000).toISOString(),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } =
        await bob.get(`/api/meetings?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((i) => i.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await bob.get('/api/meetings?cursor=garbage')).status).toBe(400);
    expect((await bob.get('/api/meetings?limit=0')).status).toBe(400);
  });

  it('updates fields, merges topics into summary_data and stamps updated_at', async () => {
    const created = (await alice.post('/api/meetings', { title: 'Before' })).body;
    await new Promise((r) => setTimeout(r, 5));
    const res = await alice.patch(`/api/meetings/${created.id}`, {
      title: 'After',
      summary: '## Summary',
      transcript: 'Speaker 1: hello',
      isProcessing: true,
      topics: [{ topic: 'Budget', confidence: 0.8 }],
      calendarEventId: 'evt1',
      calendarEventAttendees: [{ email: 'x@example.com', name: 'X' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'After',
      summary: '## Summary',
      transcript: 'Speaker 1: hello',
      isProcessing: true,
      topics: [{ topic: 'Budget', confidence: 0.8 }],
      calendarEventId: 'evt1',
      calendarEventAttendees: [{ email: 'x@example.com', name: 'X' }],
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    const rows = await server.database.query<{ summary_data: unknown }>(
      'select summary_data from meetings where id = $1',
      [created.id],
    );
    expect(rows[0]!.summary_data).toEqual({ topics: [{ topic: 'Budget', confidence: 0.8 }] });
  });

  it("includes the meeting's to-dos as action items with the boolean priority", async () => {
    const m = (await alice.post('/api/meetings', { title: 'With items' })).body;
    await alice.post('/api/todos', { title: 'Send notes', meetingId: m.id, priority: true });
    await alice.post('/api/todos', { title: 'Unrelated' });
    const res = await alice.get(`/api/meetings/${m.id}`);
    expect(res.body.actionItems).toHaveLength(1);
    expect(res.body.actionItems[0]).toMatchObject({
      title: 'Send notes',
      priority: true,
      completed: false,
      meetingId: m.id,
    });
  });

  it('deletes a meeting and its action items', async () => {
    const m = (await alice.post('/api/meetings', { title: 'Doomed' })).body;
    const todo = (await alice.post('/api/todos', { title: 'goes too', meetingId: m.id })).body;
    expect((await alice.delete(`/api/meetings/${m.id}`)).status).toBe(204);
    expect((await alice.get(`/api/meetings/${m.id}`)).status).toBe(404);
    expect((await alice.patch(`/api/todos/${todo.id}`, { completed: true })).status).toBe(404);
    expect((await alice.delete(`/api/meetings/${m.id}`)).status).toBe(404);
  });

  it('rejects bad input with {error, details} and changes nothing', async () => {
    const m = (await alice.post('/api/meetings', { title: 'Keep me' })).body;
    for (const body of [{ title: '' }, { duration: -1 }, { user_id: 'x' }, { date: 'yesterday' }]) {
      const res = await alice.patch(`/api/meetings/${m.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid request');
      expect(res.body.details).toBeDefined();
    }
    expect((await alice.get(`/api/meetings/${m.id}`)).body.title).toBe('Keep me');
    expect((await alice.get('/api/meetings/not-a-uuid')).status).toBe(400);
    expect((await alice.get('/api/meetings/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });
});
