/**
 * Isolation: two users signed up through /api/auth/sign-up/email. Route by route, user B can
 * neither list, read, change nor delete user A's rows, nor receive A's events; A's rows are
 * byte-for-byte unchanged afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caldavConnections } from '@summy/db';
import { signUp, startTestServer, type Client } from './harness.ts';
import { tokenCrypto } from '../src/crypto/token-crypto.ts';
import { waitSearchIndexed } from './meetings.ts';
import { openEventStream } from './sse.ts';
import type { RunningServer } from '../src/server.ts';

let server: RunningServer;
let a: Client;
let b: Client;
const ids = { meeting: '', todo: '', actionItem: '', chat: '', group: '' };

async function snapshot() {
  const tables = [
    'meetings',
    'todos',
    'chats',
    'chat_messages',
    'meeting_groups',
    'meeting_group_members',
  ];
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = await server.database.query(`select * from ${t} order by id`);
  return JSON.parse(JSON.stringify(out));
}

beforeAll(async () => {
  server = await startTestServer();
  a = await signUp(server, 'Alice');
  b = await signUp(server, 'Bob');
  ids.meeting = (
    await a.post('/api/meetings', {
      title: 'A secret meeting',
      transcript:
        'Speaker 1: secret plans for zanzibar\n\nSpeaker 2: The zanzibar budget is confidential.',
      summary: 'The zanzibar plans stay secret.',
    })
  ).body.id;
  ids.actionItem = (
    await a.post('/api/todos', { title: 'A action item', meetingId: ids.meeting })
  ).body.id;
  ids.todo = (await a.post('/api/todos', { title: 'A personal to-do' })).body.id;
  ids.chat = (
    await a.post('/api/chats', { contextMeetingIds: [ids.meeting], title: 'A chat' })
  ).body.id;
  await a.post(`/api/chats/${ids.chat}/messages`, {
    content: 'A question',
    isUser: true,
    meetingId: ids.meeting,
  });
  ids.group = (await a.post('/api/meeting-groups', { name: 'acme.com', type: 'domain' })).body.id;
  await a.post(`/api/meeting-groups/${ids.group}/members`, { meetingId: ids.meeting });
  // B owns rows too, so an empty answer is not trivially empty.
  await b.post('/api/meetings', { title: 'B meeting' });
  await b.post('/api/todos', { title: 'B to-do' });
  await b.post('/api/chats', {});
  // The background search index stamps the meetings after these writes: let it finish, so the
  // snapshots compare only what B's requests could change.
  await waitSearchIndexed(server.database);
});
afterAll(() => server?.close());

describe('isolation between two users', () => {
  it("B lists none of A's rows", async () => {
    const meetings = (await b.get('/api/meetings')).body.items;
    expect(meetings.map((m: { title: string }) => m.title)).toEqual(['B meeting']);
    const todos = (await b.get('/api/todos')).body;
    expect(todos.map((t: { title: string }) => t.title)).toEqual(['B to-do']);
    expect((await b.get(`/api/todos?meetingId=${ids.meeting}`)).body).toEqual([]);
    const chats = (await b.get('/api/chats')).body;
    expect(chats).toHaveLength(1);
    expect(chats[0].id).not.toBe(ids.chat);
    expect((await b.get('/api/meeting-groups')).body).toEqual([]);
  });

  it("B gets 404 for A's meeting, to-do and chat by id, for GET, PATCH and DELETE, and A's rows are unchanged", async () => {
    const before = await snapshot();
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/meetings/${ids.meeting}`],
      ['PATCH', `/api/meetings/${ids.meeting}`, { title: 'pwned' }],
      ['PATCH', `/api/meetings/${ids.meeting}`, { topics: [{ topic: 'pwned', confidence: 1 }] }],
      ['DELETE', `/api/meetings/${ids.meeting}`],
      ['PATCH', `/api/todos/${ids.todo}`, { completed: true, title: 'pwned' }],
      ['DELETE', `/api/todos/${ids.todo}`],
      ['PATCH', `/api/todos/${ids.actionItem}`, { priority: true }],
      ['DELETE', `/api/todos/${ids.actionItem}`],
      ['PATCH', `/api/chats/${ids.chat}`, { title: 'pwned' }],
      ['GET', `/api/chats/${ids.chat}/messages`],
      ['POST', `/api/chats/${ids.chat}/messages`, { content: 'injected', isUser: true }],
      ['POST', `/api/meeting-groups/${ids.group}/members`, { meetingId: ids.meeting }],
      ['GET', `/api/meetings/${ids.meeting}/groups`],
      ['POST', `/api/meetings/${ids.meeting}/calendar-event`, { id: 'pwned', title: 'pwned' }],
      ['DELETE', `/api/meetings/${ids.meeting}/calendar-event`],
      ['POST', `/api/meetings/${ids.meeting}/summary`, { template: 'stand-up' }],
      ['POST', '/api/chat-messages', { content: 'injected', isUser: true, chatId: ids.chat }],
      [
        'POST',
        '/api/chat',
        { content: 'secret', context: { type: 'meeting', meetingIds: [ids.meeting] } },
      ],
      [
        'POST',
        '/api/chat/stream',
        { content: 'secret', context: { type: 'meeting', meetingIds: [ids.meeting] } },
      ],
    ];
    for (const [method, route, body] of attempts) {
      const res = await b.request(method, route, body);
      expect(res.status, `${method} ${route}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('secret');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("B cannot attach A's meeting to B's own rows", async () => {
    const before = await snapshot();
    const own = (await b.post('/api/chats', {})).body;
    const group = (await b.post('/api/meeting-groups', { name: 'b', type: 'recurring' })).body;
    const after = await snapshot();
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/todos', { title: 'x', meetingId: ids.meeting }],
      ['POST', '/api/chats', { contextMeetingIds: [ids.meeting] }],
      ['PATCH', `/api/chats/${own.id}`, { contextMeetingIds: [ids.meeting] }],
      [
        'POST',
        `/api/chats/${own.id}/messages`,
        { content: 'x', isUser: true, meetingId: ids.meeting },
      ],
      ['POST', `/api/meeting-groups/${group.id}/members`, { meetingId: ids.meeting }],
      ['POST', '/api/chat-messages', { content: 'x', isUser: true, meetingId: ids.meeting }],
    ];
    for (const [method, route, body] of attempts) {
      expect((await b.request(method, route, body)).status, `${method} ${route}`).toBe(404);
    }
    expect(await snapshot()).toEqual(after);
    expect(after).not.toEqual(before);
  });

  it("B's questions never retrieve A's passages, summaries or to-dos", async () => {
    // A's passages exist and are found for A, so B's empty answers are not trivially empty.
    const own = await a.post('/api/chat', { content: 'zanzibar budget' });
    expect(own.body.citations.map((c: { meetingId: string }) => c.meetingId)).toContain(
      ids.meeting,
    );
    const personal = await a.post('/api/chat', { content: 'personal', context: { type: 'todo' } });
    expect(personal.body.citations[0].text).toContain('A personal to-do');

    const questions = [
      { content: 'zanzibar budget secret plans', context: { type: 'meeting' } },
      { content: 'What was decided?', context: { type: 'meeting', meetingIds: [] } },
      { content: 'personal action item', context: { type: 'todo' } },
      { content: 'What is left to do?', context: { type: 'todo' } },
    ];
    for (const question of questions) {
      const res = await b.post('/api/chat', question);
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body.citations);
      expect(text).not.toContain(ids.meeting);
      expect(text).not.toMatch(/zanzibar|secret|A personal|A action/);
      expect(res.body.content).not.toMatch(
        /confidential|plans stay|A personal to-do|A action item/,
      );
      const streamed = await b.request('POST', '/api/chat/stream', question);
      expect(streamed.status).toBe(200);
      expect(String(streamed.body)).not.toMatch(
        /confidential|plans stay|A personal to-do|A action item/,
      );
      expect(String(streamed.body)).not.toContain(ids.meeting);
    }
  });

  it("B receives none of A's events", async () => {
    const bEvents = await openEventStream(server.url, b.cookie);
    const aEvents = await openEventStream(server.url, a.cookie);
    try {
      await a.patch(`/api/meetings/${ids.meeting}`, { title: 'A renamed' });
      await a.patch(`/api/todos/${ids.todo}`, { completed: true });
      await a.post('/api/chats', {});
      await aEvents.waitFor(3, 5000);
      await new Promise((r) => setTimeout(r, 300));
      expect(bEvents.events).toEqual([]);
    } finally {
      aEvents.close();
      bEvents.close();
    }
  });

  it("B never sees or uses A's reminders credentials, and A's answers never carry the password", async () => {
    const password = 'a-app-specific-password';
    const encrypted = await (await tokenCrypto(server.auth)).encrypt(password);
    await server.database.db.insert(caldavConnections).values({
      userId: a.userId,
      serverUrl: 'https://caldav.example.test/',
      username: 'a@example.test',
      password: encrypted,
    });
    const notConnected = { connected: false, username: null, containerId: null };
    expect((await b.get('/api/integrations/apple-reminders')).body).toEqual(notConnected);
    for (const route of ['lists', 'reminders']) {
      expect((await b.get(`/api/integrations/apple-reminders/${route}`)).status).toBe(404);
    }
    expect((await b.delete('/api/integrations/apple-reminders')).status).toBe(204);
    const own = await a.get('/api/integrations/apple-reminders');
    expect(own.body).toEqual({
      connected: true,
      username: 'a@example.test',
      containerId: 'https://caldav.example.test/',
    });
    expect(JSON.stringify(own.body)).not.toContain(password);
    expect(JSON.stringify(own.body)).not.toContain(encrypted);
  });

  it('a to-do cannot exist without an owner, so none can leak', async () => {
    await expect(
      server.database.query(`insert into todos (title, user_id) values ('orphan', null)`),
    ).rejects.toThrow(/null/i);
  });
});
