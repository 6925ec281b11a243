import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageSchema, chatSchema } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

describe('/api/chats', () => {
  it('creates a chat with context meetings and updates its title', async () => {
    const m = (await alice.post('/api/meetings', { title: 'Context' })).body;
    const created = await alice.post('/api/chats', { contextMeetingIds: [m.id] });
    expect(created.status).toBe(201);
    const chat = chatSchema.parse(created.body);
    expect(chat).toMatchObject({ title: null, contextMeetingIds: [m.id] });
    const renamed = await alice.patch(`/api/chats/${chat.id}`, { title: 'About the budget' });
    expect(renamed.body).toMatchObject({
      id: chat.id,
      title: 'About the budget',
      contextMeetingIds: [m.id],
    });
  });

  it('lists the last 200 chats, newest first', async () => {
    const bob = await signUp(server, 'Chatty');
    // Insert 205 chats directly with distinct creation times; the API must answer 200 of them.
    await server.database.query(
      `insert into chats (user_id, title, created_at)
       select $1, 'c' || g, now() - (g || ' minutes')::interval from generate_series(1, 205) g`,
      [bob.userId],
    );
    const res = await bob.get('/api/chats');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(200);
    expect(res.body[0].title).toBe('c1');
    expect(res.body[199].title).toBe('c200');
  });

  it('stores messages and reads them by timestamp ascending', async () => {
    const m = (await alice.post('/api/meetings', { title: 'Q' })).body;
    const chat = (await alice.post('/api/chats', {})).body;
    const first = await alice.post(`/api/chats/${chat.id}/messages`, {
      content: 'What was decided?',
      isUser: true,
      meetingId: m.id,
    });
    expect(first.status).toBe(201);
    await alice.post(`/api/chats/${chat.id}/messages`, {
      content: 'The budget.',
      isUser: false,
      citations: [
        {
          text: 'We agreed on the budget',
          section: 'transcript',
          meetingId: m.id,
          speaker: 'Speaker 1',
          start: 12.5,
          ref: 2,
          turnIndex: 7,
          meetingTitle: 'Q',
        },
        {
          text: 'Budget is forty thousand',
          section: 'transcript',
          meetingId: m.id,
          speaker: 'Call',
          start: 3,
          ref: 3,
          turnIndex: 4,
          live: true,
        },
      ],
    });
    const res = await alice.get(`/api/chats/${chat.id}/messages`);
    const messages = res.body.map((x: unknown) => chatMessageSchema.parse(x));
    expect(messages.map((x: { content: string }) => x.content)).toEqual([
      'What was decided?',
      'The budget.',
    ]);
    // A reopened chat links its citations to the same turns and markers.
    expect(messages[1].citations[0]).toMatchObject({
      section: 'transcript',
      start: 12.5,
      ref: 2,
      turnIndex: 7,
      meetingTitle: 'Q',
    });
    expect(messages[1].citations[0].live).toBeUndefined();
    // A live segment's citation stays one, so it still links to the live row.
    expect(messages[1].citations[1]).toMatchObject({ live: true, turnIndex: 4, speaker: 'Call' });
    expect(messages[0]).toMatchObject({ isUser: true, meetingId: m.id, chatId: chat.id });
  });

  it('lists chats newest first with their latest message, and saves a message without a chat', async () => {
    const m = (await alice.post('/api/meetings', { title: 'Standup' })).body;
    const chat = (await alice.post('/api/chats', { contextMeetingIds: [m.id] })).body;
    await alice.post(`/api/chats/${chat.id}/messages`, { content: 'first', isUser: true });
    await alice.post(`/api/chats/${chat.id}/messages`, { content: 'latest', isUser: false });
    const empty = (await alice.post('/api/chats', {})).body;
    const list = (await alice.get('/api/chats')).body;
    expect(list[0]).toMatchObject({ id: empty.id, latestMessage: null });
    expect(list[1]).toMatchObject({ id: chat.id, latestMessage: 'latest' });

    // A message insert that fails on chat_id is retried without it when a meeting id exists.
    const loose = await alice.post('/api/chat-messages', {
      content: 'kept',
      isUser: true,
      meetingId: m.id,
      chatId: null,
    });
    expect(loose.status).toBe(201);
    expect(loose.body).toMatchObject({ chatId: null, meetingId: m.id, content: 'kept' });
    const inChat = await alice.post('/api/chat-messages', {
      content: 'also kept',
      isUser: true,
      chatId: chat.id,
    });
    expect(inChat.body.chatId).toBe(chat.id);
    const missing = await alice.post('/api/chat-messages', {
      content: 'x',
      isUser: true,
      chatId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
  });

  it('rejects an empty message and a foreign context meeting', async () => {
    const chat = (await alice.post('/api/chats', {})).body;
    expect(
      (await alice.post(`/api/chats/${chat.id}/messages`, { content: '', isUser: true })).status,
    ).toBe(400);
    expect(
      (
        await alice.post('/api/chats', {
          contextMeetingIds: ['00000000-0000-4000-8000-000000000000'],
        })
      ).status,
    ).toBe(404);
  });
});
