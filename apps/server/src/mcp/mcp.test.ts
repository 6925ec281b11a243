/**
 * The MCP endpoint through the SDK's own client over Streamable HTTP, with personal API keys: the
 * tools a read key and a read-write key get, each tool called on a real meeting (search, meeting,
 * transcript pages, action items, the assistant's answer with citations, to-dos created and
 * completed), meetings as resources; refused without a key, and another user's meeting is not
 * found; GET and DELETE answer 405, and a foreign Origin 403.
 */
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSegments, meetings } from '@summy/db';
import { signUp, startTestServer, TEST_ORIGIN, type Client } from '../../test/harness.ts';
import { waitSearchIndexed } from '../../test/meetings.ts';
import type { RunningServer } from '../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let meetingId: string;
const open: McpClient[] = [];

const TRANSCRIPT = Array.from({ length: 5 }, (_, i) =>
  i % 2 === 0
    ? `Speaker 1: Point ${i + 1}: the pricing of the premium plan stays at twelve euros.`
    : `Speaker 2: Point ${i + 1}: I will draft the launch email for the pricing page.`,
).join('\n\n');

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  const created = await alice.post('/api/meetings', {
    title: 'Pricing review',
    transcript: TRANSCRIPT,
    summary: '## Decisions\n\n- The premium plan stays at twelve euros.',
    participants: ['Speaker 1', 'Speaker 2'],
    duration: 1,
  });
  meetingId = created.body.id;
  await server.database.db
    .update(meetings)
    .set({
      summaryData: {
        turnTimes: Array.from({ length: 5 }, (_, i) => ({
          speaker: i % 2,
          start: i * 10,
          end: i * 10 + 9,
        })),
      },
    })
    .where(eq(meetings.id, meetingId));
  await alice.put(`/api/meetings/${meetingId}/speakers`, { names: { 'Speaker 2': 'Carol' } });
  await alice.post('/api/todos', {
    title: 'Draft the launch email',
    assignedTo: 'Carol',
    meetingId,
  });
  await alice.post('/api/todos', { title: 'Old task', assignedTo: 'Dave', completed: true });
  await waitSearchIndexed(server.database);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await server?.close();
});

async function key(client: Client, scope: 'read' | 'read-write'): Promise<string> {
  return (await client.post('/api/api-keys', { name: 'MCP', scope })).body.key as string;
}

async function connect(apiKey: string): Promise<McpClient> {
  const client = new McpClient({ name: 'summy-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
    }),
  );
  open.push(client);
  return client;
}

const result = (r: Awaited<ReturnType<McpClient['callTool']>>) =>
  r.structuredContent as Record<string, any>;

describe('MCP at /mcp', () => {
  it('lists the read tools for a read key and the write tools for a read-write key', async () => {
    const reader = await connect(await key(alice, 'read'));
    const names = (await reader.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual([
      'ask_meetings',
      'get_meeting',
      'get_transcript',
      'list_action_items',
      'search_meetings',
    ]);
    const writer = await connect(await key(alice, 'read-write'));
    expect((await writer.listTools()).tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['create_todo', 'complete_todo']),
    );
    const refused = await reader.callTool({ name: 'create_todo', arguments: { title: 'x' } });
    expect(refused.isError).toBe(true);
  });

  it('answers every read tool from the user’s meetings', async () => {
    const mcp = await connect(await key(alice, 'read'));
    const found = result(
      await mcp.callTool({ name: 'search_meetings', arguments: { query: 'premium pricing' } }),
    );
    expect(found.meetings).toEqual([
      expect.objectContaining({ id: meetingId, title: 'Pricing review' }),
    ]);

    const meeting = result(
      await mcp.callTool({ name: 'get_meeting', arguments: { id: meetingId } }),
    );
    expect(meeting).toMatchObject({
      title: 'Pricing review',
      speakers: ['Speaker 1', 'Carol'],
      summary: expect.stringContaining('twelve euros'),
      actionItems: [{ title: 'Draft the launch email', owner: 'Carol', completed: false }],
    });
    expect(meeting.turns).toBeUndefined();

    const page1 = result(
      await mcp.callTool({ name: 'get_transcript', arguments: { id: meetingId, limit: 2 } }),
    );
    expect(page1).toMatchObject({ total: 5, offset: 0, nextOffset: 2 });
    expect(page1.turns[1]).toEqual({
      speaker: 'Carol',
      start: 10,
      end: 19,
      text: 'Point 2: I will draft the launch email for the pricing page.',
    });
    const last = result(
      await mcp.callTool({ name: 'get_transcript', arguments: { id: meetingId, offset: 4 } }),
    );
    expect(last).toMatchObject({
      nextOffset: null,
      turns: [expect.objectContaining({ start: 40 })],
    });

    const openItems = result(await mcp.callTool({ name: 'list_action_items', arguments: {} }));
    expect(openItems.actionItems.map((a: { title: string }) => a.title)).toEqual([
      'Draft the launch email',
    ]);
    const done = result(
      await mcp.callTool({
        name: 'list_action_items',
        arguments: { status: 'done', owner: 'dave' },
      }),
    );
    expect(done.actionItems.map((a: { title: string }) => a.title)).toEqual(['Old task']);

    const answer = result(
      await mcp.callTool({
        name: 'ask_meetings',
        arguments: { question: 'What is the price of the premium plan?' },
      }),
    );
    expect(answer.answer).toMatch(/twelve euros/);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations[0]).toMatchObject({ meetingId, meetingTitle: 'Pricing review' });

    const resources = await mcp.listResources();
    expect(resources.resources).toEqual([
      expect.objectContaining({ uri: `summy://meetings/${meetingId}`, name: 'Pricing review' }),
    ]);
    const read = await mcp.readResource({ uri: `summy://meetings/${meetingId}` });
    expect((read.contents[0] as { text: string }).text).toContain('**Carol** (0:10): Point 2');
  });

  it('marks citations of a live draft transcript as live', async () => {
    const mcp = await connect(await key(alice, 'read'));
    const recording = (await alice.post('/api/meetings', { title: 'Standup', isRecording: true }))
      .body.id as string;
    await server.database.db.insert(liveSegments).values([
      { meetingId: recording, seq: 0, channel: 0, start: 0, end: 3, text: 'Good morning.' },
      { meetingId: recording, seq: 1, channel: 1, start: 4, end: 9, text: 'The zeppelin ships.' },
    ]);
    const answer = result(
      await mcp.callTool({
        name: 'ask_meetings',
        arguments: { question: 'When does the zeppelin ship?', meetingIds: [recording] },
      }),
    );
    expect(answer.citations[0]).toEqual({
      ref: 2,
      meetingId: recording,
      meetingTitle: 'Standup',
      section: 'transcript',
      speaker: 'Call',
      start: 4,
      text: 'The zeppelin ships.',
      live: true,
      seq: 1,
    });
  });

  it('creates and completes to-dos with a read-write key', async () => {
    const mcp = await connect(await key(alice, 'read-write'));
    const todo = result(
      await mcp.callTool({
        name: 'create_todo',
        arguments: { title: 'Send the pricing page', owner: 'Carol', meetingId },
      }),
    );
    expect(todo).toMatchObject({
      title: 'Send the pricing page',
      owner: 'Carol',
      completed: false,
    });
    const done = result(await mcp.callTool({ name: 'complete_todo', arguments: { id: todo.id } }));
    expect(done.completed).toBe(true);
    const todos = (await alice.get('/api/todos')).body as { id: string; completed: boolean }[];
    expect(todos.find((t) => t.id === todo.id)?.completed).toBe(true);
  });

  it('refuses a request without a key, and hides other users’ meetings', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    // A session cookie is not enough either: MCP clients use keys.
    const withCookie = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { cookie: alice.cookie },
    });
    expect(withCookie.status).toBe(401);

    const mcp = await connect(await key(bob, 'read'));
    const other = await mcp.callTool({ name: 'get_meeting', arguments: { id: meetingId } });
    expect(other.isError).toBe(true);
    expect(JSON.stringify(other.content)).toContain('Not found');
    expect(
      result(await mcp.callTool({ name: 'search_meetings', arguments: { query: 'pricing' } }))
        .meetings,
    ).toEqual([]);
    expect((await mcp.listResources()).resources).toEqual([]);
  });

  it('answers GET and DELETE with 405 and Allow: POST, with a key or without', async () => {
    const apiKey = await key(alice, 'read');
    for (const method of ['GET', 'DELETE']) {
      for (const headers of [{ authorization: `Bearer ${apiKey}` }, {}] as Record<
        string,
        string
      >[]) {
        const res = await fetch(`${server.url}/mcp`, {
          method,
          headers: { accept: 'application/json, text/event-stream', ...headers },
        });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('POST');
        expect(await res.json()).toMatchObject({ error: expect.stringMatching(/not allowed/i) });
      }
    }
  });

  it('refuses a foreign Origin with 403, and takes its own origin or none', async () => {
    const apiKey = await key(alice, 'read');
    const list = (origin?: string) =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(origin ? { origin } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    for (const foreign of ['https://evil.example', 'null', 'http://127.0.0.1:3001']) {
      const res = await list(foreign);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({
        error: 'Forbidden',
        details: expect.stringContaining(TEST_ORIGIN),
      });
    }
    for (const own of [TEST_ORIGIN, undefined]) {
      const res = await list(own);
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).toContain('search_meetings');
    }
  });

  it("get_meeting answers the user's My notes as Markdown, null without; the resource shows them", async () => {
    const mcp = await connect(await key(alice, 'read'));
    const get = async () =>
      result(await mcp.callTool({ name: 'get_meeting', arguments: { id: meetingId } }));
    expect((await get()).notes).toBeNull();
    const blocks = [
      { id: 'a', phase: 'before', t: null, markdown: '# Launch' },
      { id: 'b', phase: 'during', t: 5000, markdown: '- [ ] Check the **price** with Carol' },
    ];
    expect((await alice.put(`/api/meetings/${meetingId}/notes`, { blocks })).status).toBe(200);
    expect((await get()).notes).toBe('# Launch\n\n- [ ] Check the **price** with Carol');
    const read = await mcp.readResource({ uri: `summy://meetings/${meetingId}` });
    expect((read.contents[0] as { text: string }).text).toContain(
      '## My notes\n\n### Launch\n\n- [ ] Check the **price** with Carol',
    );
    // Bob's key reads nothing of Alice's notes.
    const bobs = await connect(await key(bob, 'read'));
    const refused = await bobs.callTool({ name: 'get_meeting', arguments: { id: meetingId } });
    expect(refused.isError).toBe(true);
  });
});
