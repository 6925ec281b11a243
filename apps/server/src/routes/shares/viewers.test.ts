/**
 * Viewers through the API: an owner adds an account of this server by e-mail; the viewer lists
 * the meeting under 'Shared with me', reads it (never the owner's My notes) and asks about it in
 * chats, and is refused 404 on every write route of the OpenAPI document and every MCP write tool,
 * with the owner's meeting unchanged; another account sees nothing; removing access and deleting
 * the meeting take effect at once. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAnswerSchema, viewedMeetingSchema, VIEWER_AUDIO_TTL_S } from '@summy/core';
import { meetings } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { reachable } from '../../../test/recordings.ts';
import { buildBody, plausibleString, resolve, type Schema } from '../../../test/schema-bodies.ts';
import type { RunningServer } from '../../server.ts';
import { storedAudioUrl } from '../../storage/types.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let carol: Client;
let meetingId: string;
let todoId: string;

const TRANSCRIPT =
  'Speaker 1: The zeppelin budget is tight this quarter.\nSpeaker 2: Then we delay the hangar.';

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  carol = await signUp(server, 'Carol');
  const res = await alice.post('/api/meetings', {
    title: 'Airship review',
    transcript: TRANSCRIPT,
  });
  meetingId = res.body.id;
  await alice.patch(`/api/meetings/${meetingId}`, { summary: 'The zeppelin budget is tight.' });
  todoId = (await alice.post('/api/todos', { title: 'Price the hangar', meetingId })).body.id;
  const notes = [{ id: 'a', phase: 'during', t: null, markdown: 'My private aside' }];
  await alice.put(`/api/meetings/${meetingId}/notes`, { blocks: notes });
  const key = `${alice.userId}/1700000000000-meeting-audio.webm`;
  await server.storage.put(key, Readable.from([Buffer.from('webm bytes')]), 'audio/webm');
  await server.database.db
    .update(meetings)
    .set({ audioUrl: storedAudioUrl(key), speakerNames: { 'Speaker 1': 'Dana' } })
    .where(eq(meetings.id, meetingId));
});
afterAll(() => server?.close());

const addViewer = (email: string, owner = alice, id = meetingId) =>
  owner.post(`/api/meetings/${id}/viewers`, { email });

/** The owner's meeting as the owner reads it, without its signed URL (new at every read). */
async function ownersView() {
  const res = await alice.get(`/api/meetings/${meetingId}`);
  expect(res.status).toBe(200);
  const { audioUrl, updatedAt, ...rest } = res.body;
  const notes = (await alice.get(`/api/meetings/${meetingId}/notes`)).body;
  const viewers = (await alice.get(`/api/meetings/${meetingId}/viewers`)).body;
  const shares = (await alice.get(`/api/meetings/${meetingId}/shares`)).body;
  return { meeting: rest, notes, viewers, shares, hasAudio: Boolean(audioUrl), updatedAt };
}

describe('adding viewers', () => {
  it('adds an account by e-mail, any case, and refuses unknown and own addresses', async () => {
    const added = await addViewer(bob.email.toUpperCase());
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ userId: bob.userId, name: 'Bob', email: bob.email });
    const again = await addViewer(bob.email);
    expect(again.status).toBe(201);
    expect(again.body.addedAt).toBe(added.body.addedAt);
    const unknown = await addViewer('nobody@example.com');
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toBe('No account on this server has this e-mail address.');
    expect((await addViewer(alice.email)).status).toBe(400);
    expect((await addViewer('not an address')).status).toBe(400);
    const list = await alice.get(`/api/meetings/${meetingId}/viewers`);
    expect(list.body.viewers.map((v: { email: string }) => v.email)).toEqual([bob.email]);
  });

  it("answers 404 for another user's meeting, list and removal alike", async () => {
    expect((await addViewer(carol.email, bob)).status).toBe(404);
    expect((await bob.get(`/api/meetings/${meetingId}/viewers`)).status).toBe(404);
    expect((await bob.delete(`/api/meetings/${meetingId}/viewers/${bob.userId}`)).status).toBe(404);
  });
});

describe('a viewer', () => {
  it("lists the meeting under 'Shared with me' and reads it, never the owner's notes", async () => {
    const list = await bob.get('/api/shared-with-me');
    expect(list.status).toBe(200);
    expect(list.body.meetings).toEqual([
      expect.objectContaining({ id: meetingId, title: 'Airship review', owner: expect.anything() }),
    ]);
    expect(list.body.meetings[0].owner).toEqual({ name: 'Alice', email: alice.email });
    const read = await bob.get(`/api/shared-with-me/${meetingId}`);
    expect(read.status).toBe(200);
    const meeting = viewedMeetingSchema.parse(read.body);
    expect(meeting.summary).toBe('The zeppelin budget is tight.');
    expect(meeting.transcript).toBe(TRANSCRIPT);
    expect(meeting.speakerNames).toEqual({ 'Speaker 1': 'Dana' });
    expect(meeting.actionItems).toEqual([
      { title: 'Price the hangar', assignedTo: null, completed: false },
    ]);
    expect(meeting.notes).toBeNull();
    expect(JSON.stringify(read.body)).not.toContain('My private aside');
    const audio = new URL(meeting.audioUrl!);
    const expires = Number(audio.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(VIEWER_AUDIO_TTL_S - 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(VIEWER_AUDIO_TTL_S + 1);
    expect((await fetch(reachable(meeting.audioUrl!, server))).status).toBe(200);
  });

  it("keeps the owner's own routes: the meeting is not in the viewer's list nor readable there", async () => {
    expect((await bob.get(`/api/meetings/${meetingId}`)).status).toBe(404);
    expect((await bob.get(`/api/meetings/${meetingId}/notes`)).status).toBe(404);
    const own = (await bob.get('/api/meetings')).body.items as { id: string }[];
    expect(own.map((m) => m.id)).not.toContain(meetingId);
  });

  it('asks about the shared meeting in a chat, with citations of it', async () => {
    const context = { type: 'meeting', meetingIds: [meetingId] };
    const res = await bob.post('/api/chat', {
      content: 'What about the zeppelin budget?',
      context,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = chatAnswerSchema.parse(res.body);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((c) => c.meetingId === meetingId)).toBe(true);
    expect(answer.citations.some((c) => /zeppelin/i.test(c.text))).toBe(true);
    const chat = await bob.post('/api/chats', { contextMeetingIds: [meetingId] });
    expect(chat.status, JSON.stringify(chat.body)).toBe(201);
    // Another account sees nothing of it.
    expect((await carol.post('/api/chat', { content: 'zeppelin', context })).status).toBe(404);
    expect((await carol.post('/api/chats', { contextMeetingIds: [meetingId] })).status).toBe(404);
    expect((await carol.get(`/api/shared-with-me/${meetingId}`)).status).toBe(404);
    expect((await carol.get('/api/shared-with-me')).body.meetings).toEqual([]);
  });
});

/** Every write operation of the OpenAPI document, with or without a body. */
function writeOperations(doc: Schema) {
  const ops: {
    method: string;
    path: string;
    query: string;
    schema: Schema | undefined;
    /** The body is a WebM chunk, not JSON. */
    raw: boolean;
  }[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths)) {
    for (const method of ['post', 'put', 'patch', 'delete']) {
      if (!item[method]) continue;
      const schema = item[method].requestBody?.content?.['application/json']?.schema;
      // Required query parameters (a chunk's index) get 0, so the route reaches its rule.
      const query = ((item[method].parameters ?? []) as Schema[])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=0`)
        .join('&');
      const raw = Boolean(item[method].requestBody?.content?.['audio/webm']);
      ops.push({ method: method.toUpperCase(), path, query, schema, raw });
    }
  }
  return ops;
}

/** The smallest chunk 0 a recording takes: an EBML header with DocType webm. */
function webmHeader(): Buffer {
  const el = (id: number[], data: Buffer) =>
    Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const body = Buffer.concat([
    el([0x42, 0x86], Buffer.from([1])),
    el([0x42, 0x82], Buffer.from('webm')),
    el([0x42, 0x87], Buffer.from([4])),
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
}

/** A WebM chunk sent as the recorder sends it. */
async function postChunk(client: Client, url: string) {
  const res = await fetch(server.url + url, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: client.origin, 'content-type': 'audio/webm' },
    body: webmHeader(),
  });
  return { status: res.status, body: (await res.text()) as unknown };
}

/** Administration routes refuse every non-administrator first, with 403. */
const ADMIN_ONLY = /^\/api\/(models|admin)\//;
/**
 * Writes to the viewer's own chats, which may name a meeting shared with them, and to rows of
 * their own CalDAV account, which no meeting has.
 */
const OWN_ROWS = /^\/api\/(chats?(\/stream)?$|integrations\/)/;

/**
 * Bodies to try, most complete first: every field, then the required ones only, then none; the
 * first one the route's validation takes is what reaches its rule. Strings name the shared
 * meeting wherever they are ids, and URLs stay on loopback.
 */
function bodiesFor(schema: Schema | undefined, doc: Schema): unknown[] {
  if (!schema) return [undefined];
  const value = (s: Schema, path: string[]) =>
    s.format === 'uri' || s.format === 'url'
      ? 'http://127.0.0.1:9/'
      : path.at(-1) === 'email'
        ? 'someone@example.com'
        : plausibleString(s, { uuid: meetingId });
  const resolved = resolve(schema, doc);
  const required = new Set<string>(resolved.required ?? []);
  const requiredOnly = {
    ...resolved,
    properties: Object.fromEntries(
      Object.entries<Schema>(resolved.properties ?? {}).filter(([k]) => required.has(k)),
    ),
  };
  return [buildBody(schema, doc, value), buildBody(requiredOnly, doc, value), {}];
}

/** The route's answer to the first body its validation takes (or to the last one). */
async function tryWrite(client: Client, method: string, path: string, bodies: unknown[]) {
  let answer = { status: 0, body: undefined as unknown };
  for (const body of bodies) {
    answer = await client.request(method, path, body);
    if (answer.status !== 400) break;
  }
  return answer;
}

describe("a viewer's writes", () => {
  it('answers 404 on every write route that names the meeting, and changes nothing', async () => {
    const doc = (await bob.get('/api/openapi.json')).body as Schema;
    const before = await ownersView();
    // The shared meeting's id everywhere, its action item's for to-do routes.
    const idFor = (path: string) => (path.startsWith('/api/todos/') ? todoId : meetingId);
    const problems: string[] = [];
    const walked: string[] = [];
    for (const op of writeOperations(doc)) {
      const named = op.path.includes('{');
      // A route that names no row is reached only through a body naming one.
      if (ADMIN_ONLY.test(op.path) || OWN_ROWS.test(op.path)) continue;
      if (!named && !JSON.stringify(op.schema ?? {}).includes('uuid')) continue;
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'id'
          ? idFor(op.path)
          : name === 'todoId'
            ? todoId
            : name === 'userId'
              ? bob.userId!
              : name === 'index'
                ? '0'
                : 'x',
      );
      const url = op.query ? `${path}?${op.query}` : path;
      const { status, body } = op.raw
        ? await postChunk(bob, url)
        : await tryWrite(bob, op.method, url, bodiesFor(op.schema, doc));
      walked.push(`${op.method} ${op.path}`);
      if (status !== 404) {
        problems.push(`${op.method} ${op.path} answered ${status} ${JSON.stringify(body)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(walked.length).toBeGreaterThan(30);
    expect(walked).toEqual(
      expect.arrayContaining([
        'PATCH /api/meetings/{id}',
        'DELETE /api/meetings/{id}',
        'PUT /api/meetings/{id}/speakers',
        'PUT /api/meetings/{id}/notes',
        'POST /api/meetings/{id}/audio',
        'POST /api/meetings/{id}/shares',
        'POST /api/meetings/{id}/viewers',
        'PATCH /api/todos/{id}',
        'POST /api/todos',
      ]),
    );
    expect(await ownersView()).toEqual(before);
  });

  it('is refused by every MCP write tool', async () => {
    const key = (await bob.post('/api/api-keys', { name: 'Viewer', scope: 'read-write' })).body.key;
    const mcp = new McpClient({ name: 'viewer', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const before = await ownersView();
      const writers = (await mcp.listTools()).tools.filter((t) => !t.annotations?.readOnlyHint);
      expect(writers.map((t) => t.name).sort()).toEqual(['complete_todo', 'create_todo']);
      const args: Record<string, Record<string, unknown>> = {
        complete_todo: { id: todoId, completed: true },
        create_todo: { title: 'Sneaked in', meetingId },
      };
      for (const tool of writers) {
        const answer = await mcp.callTool({ name: tool.name, arguments: args[tool.name] });
        expect(answer.isError, `${tool.name}: ${JSON.stringify(answer.content)}`).toBe(true);
        expect(JSON.stringify(answer.content)).toMatch(/not found/i);
      }
      expect(await ownersView()).toEqual(before);
    } finally {
      await mcp.close();
    }
  });
});

describe('taking access away', () => {
  it('removing a viewer ends their reads and chats at once', async () => {
    const res = await alice.delete(`/api/meetings/${meetingId}/viewers/${bob.userId}`);
    expect(res.status).toBe(204);
    expect((await bob.get(`/api/shared-with-me/${meetingId}`)).status).toBe(404);
    expect((await bob.get('/api/shared-with-me')).body.meetings).toEqual([]);
    const context = { type: 'meeting', meetingIds: [meetingId] };
    expect((await bob.post('/api/chat', { content: 'zeppelin', context })).status).toBe(404);
    expect((await alice.delete(`/api/meetings/${meetingId}/viewers/${bob.userId}`)).status).toBe(
      404,
    );
  });

  it('deleting the meeting takes it out of every viewer list', async () => {
    const other = (await alice.post('/api/meetings', { title: 'Short-lived' })).body.id as string;
    expect((await addViewer(carol.email, alice, other)).status).toBe(201);
    expect((await carol.get('/api/shared-with-me')).body.meetings).toHaveLength(1);
    expect((await alice.delete(`/api/meetings/${other}`)).status).toBe(204);
    expect((await carol.get('/api/shared-with-me')).body.meetings).toEqual([]);
    expect((await carol.get(`/api/shared-with-me/${other}`)).status).toBe(404);
    expect((await carol.get(`/api/shared-with-me/${randomUUID()}`)).status).toBe(404);
  });
});
