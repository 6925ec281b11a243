/**
 * `PATCH /api/meetings/:id/transcript/turns/:index`: correcting what a speaker turn says. The turn
 * keeps its label and name, the stored turn times stay one per paragraph, undo puts the old text
 * back; a stale `previous`, a busy meeting, another user and bad input are refused changing
 * nothing; search, the assistant's passages, exports and MCP read the new text.
 */
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editTranscriptTurnAnswerSchema, meetingSchema, type Meeting } from '@summy/core';
import { meetingPassages, meetings } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitSearchIndexed } from '../../../test/meetings.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;

const TRANSCRIPT = [
  'Speaker 1: We met Jon Smith about the quokka budget.',
  'Speaker 2: The budget is ten thousand.',
  'Speaker 1: First part',
  'second part.',
].join('\n\n');
const TIMES = [0, 10, 20, 30].map((s, i) => ({ speaker: i === 1 ? 1 : 0, start: s, end: s + 9 }));

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

/** A meeting with the transcript above, its turn times, and Speaker 2 named Carol. */
async function newMeeting(title = 'Budget review'): Promise<Meeting> {
  const created = await alice.post('/api/meetings', { title, transcript: TRANSCRIPT, duration: 1 });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await server.database.db
    .update(meetings)
    .set({ summaryData: { turnTimes: TIMES } })
    .where(eq(meetings.id, id));
  await alice.put(`/api/meetings/${id}/speakers`, { names: { 'Speaker 2': 'Carol' } });
  return meetingSchema.parse((await alice.get(`/api/meetings/${id}`)).body);
}

const patchTurn = (id: string, index: number | string, body: unknown, as: Client = alice) =>
  as.patch(`/api/meetings/${id}/transcript/turns/${index}`, body);

describe('PATCH /api/meetings/:id/transcript/turns/:index', () => {
  it('replaces the text after the label; names and times stay; undo puts it back', async () => {
    const m = await newMeeting();
    const res = await patchTurn(m.id, 0, {
      text: 'We met John Smyth about the quokka budget.',
      previous: 'We met Jon Smith about the quokka budget.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { meeting } = editTranscriptTurnAnswerSchema.parse(res.body);
    expect(meeting.transcript).toBe(TRANSCRIPT.replace('Jon Smith', 'John Smyth'));
    expect(meeting.speakerNames).toEqual({ 'Speaker 2': 'Carol' });
    expect(meeting.turnTimes).toEqual(TIMES);

    const undo = await patchTurn(m.id, 0, {
      text: 'We met Jon Smith about the quokka budget.',
      previous: 'We met John Smyth about the quokka budget.',
    });
    expect(undo.status).toBe(200);
    expect(undo.body.meeting.transcript).toBe(TRANSCRIPT);
  });

  it('makes a turn of several paragraphs one, with one time from its first start to its end', async () => {
    const m = await newMeeting();
    const res = await patchTurn(m.id, 2, {
      text: 'The whole part.',
      previous: 'First part. second part.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const meeting = meetingSchema.parse(res.body.meeting);
    expect(meeting.transcript).toBe(
      [TRANSCRIPT.split('\n\n')[0], TRANSCRIPT.split('\n\n')[1], 'Speaker 1: The whole part.'].join(
        '\n\n',
      ),
    );
    expect(meeting.turnTimes).toEqual([TIMES[0], TIMES[1], { speaker: 0, start: 20, end: 39 }]);
    // One time per turn again: exports (and the view) use the recorded times, not estimates.
    const exported = (await fetch(`${server.url}/api/meetings/${m.id}/export?format=json`, {
      headers: { cookie: alice.cookie },
    }).then((r) => r.json())) as { turns: { start: number; end: number; exact: boolean }[] };
    expect(exported.turns.map(({ start, end, exact }) => [start, end, exact])).toEqual([
      [0, 9, true],
      [10, 19, true],
      [20, 39, true],
    ]);
  });

  it('refuses a stale previous text, a busy meeting, another user and bad input, changing nothing', async () => {
    const m = await newMeeting();
    const stale = await patchTurn(m.id, 1, { text: 'New.', previous: 'Not what it says.' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(
      'The transcript changed since you opened it. Reload to see the latest.',
    );
    const previous = 'The budget is ten thousand.';
    const bad: [number | string, unknown][] = [
      [1, { text: '', previous }],
      [1, { text: '   ', previous }],
      [1, { text: 'a\u0000b', previous }],
      [1, { text: 'x'.repeat(2_000_001), previous }],
      [1, { text: 'New.' }],
      [9, { text: 'New.', previous }],
      [-1, { text: 'New.', previous }],
      ['first', { text: 'New.', previous }],
    ];
    for (const [index, body] of bad) {
      const res = await patchTurn(m.id, index, body);
      expect(res.status, `${index} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
    expect((await patchTurn(m.id, 9, { text: 'New.', previous })).body.details).toBe(
      'This transcript has no turn 10',
    );
    const bob = await signUp(server, 'Bob');
    expect((await patchTurn(m.id, 1, { text: 'Mine.', previous }, bob)).status).toBe(404);

    const busy = await alice.post('/api/meetings', {
      title: 'Still processing',
      transcript: TRANSCRIPT,
      isProcessing: true,
    });
    const refused = await patchTurn(busy.body.id, 1, { text: 'New.', previous });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Meeting is busy');
    const after = meetingSchema.parse((await alice.get(`/api/meetings/${m.id}`)).body);
    expect(after.transcript).toBe(TRANSCRIPT);
  });

  it('search, the chat passages, exports and MCP read the new text', async () => {
    const m = await newMeeting('Wombat planning');
    await waitSearchIndexed(server.database);
    const found = async (word: string) =>
      ((await alice.get(`/api/meetings?search=${word}`)).body.items as { id: string }[]).some(
        (i) => i.id === m.id,
      );
    expect(await found('quokka')).toBe(true);

    const res = await patchTurn(m.id, 0, {
      text: 'We met John Smyth about the wallaby budget.',
      previous: 'We met Jon Smith about the quokka budget.',
    });
    expect(res.status).toBe(200);
    await waitSearchIndexed(server.database);
    expect(await found('wallaby')).toBe(true);
    expect(await found('quokka')).toBe(false);

    const passages = await server.database.db
      .select({ content: meetingPassages.content, speaker: meetingPassages.speaker })
      .from(meetingPassages)
      .where(and(eq(meetingPassages.meetingId, m.id), eq(meetingPassages.position, 0)));
    expect(passages).toEqual([
      { content: 'We met John Smyth about the wallaby budget.', speaker: 'Speaker 1' },
    ]);

    const txt = await fetch(`${server.url}/api/meetings/${m.id}/export?format=txt`, {
      headers: { cookie: alice.cookie },
    }).then((r) => r.text());
    expect(txt).toContain('Speaker 1: We met John Smyth about the wallaby budget.');
    expect(txt).not.toContain('Jon Smith');

    const key = (await alice.post('/api/api-keys', { name: 'MCP', scope: 'read' })).body.key;
    const mcp = new McpClient({ name: 'summy-test', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const page = (await mcp.callTool({ name: 'get_transcript', arguments: { id: m.id } }))
        .structuredContent as { turns: { speaker: string; text: string }[] };
      expect(page.turns[0]).toMatchObject({
        speaker: 'Speaker 1',
        text: 'We met John Smyth about the wallaby budget.',
      });
      expect(page.turns[1]).toMatchObject({ speaker: 'Carol' });
      const found = (
        await mcp.callTool({ name: 'search_meetings', arguments: { query: 'wallaby' } })
      ).structuredContent as { meetings: { id: string }[] };
      expect(found.meetings.map((f) => f.id)).toContain(m.id);
      const read = await mcp.readResource({ uri: `summy://meetings/${m.id}` });
      const markdown = (read.contents[0] as { text: string }).text;
      expect(markdown).toContain('We met John Smyth about the wallaby budget.');
      expect(markdown).not.toContain('Jon Smith');
    } finally {
      await mcp.close();
    }
  });

  it('is documented, needs a session or a read-write API key', async () => {
    const doc = (await fetch(`${server.url}/api/openapi.json`).then((r) => r.json())) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/meetings/{id}/transcript/turns/{index}'] ?? {})).toEqual([
      'patch',
    ]);
    const m = await newMeeting();
    const body = { text: 'New words.', previous: 'The budget is ten thousand.' };
    const url = `${server.url}/api/meetings/${m.id}/transcript/turns/1`;
    const send = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect((await send({})).status).toBe(401);
    const key = async (scope: string) =>
      (await alice.post('/api/api-keys', { name: scope, scope })).body.key as string;
    expect((await send({ authorization: `Bearer ${await key('read')}` })).status).toBe(403);
    const res = await send({ authorization: `Bearer ${await key('read-write')}` });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { meeting: Meeting }).meeting.transcript).toContain(
      'Speaker 2: New words.',
    );
  });
});
