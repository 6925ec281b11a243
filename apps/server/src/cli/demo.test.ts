/**
 * `summy demo` over a real server and database (PGlite; `demo-cli.postgres.test.ts` runs it beside a server on PostgreSQL), with the real transcripts
 * of testdata/meetings: what it makes is read back through the API as the web app reads it; a
 * second run adds nothing; `--reset` replaces the demo and only the demo; an unknown user and a
 * missing folder fail with a message.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageSchema, meetingSchema, todoSchema, type Meeting, type Todo } from '@summy/core';
import { loadQmsumMeeting, QMSUM_DIR } from '../../test/qmsum.ts';
import { signUp, startTestServer, type Client } from '../../test/harness.ts';
import { parseTranscript } from '../providers/llm/transcript.ts';
import type { RunningServer } from '../server.ts';
import { loadDemoSources, WORDS_PER_MINUTE } from './demo-corpus.ts';
import { demoMeetingDate, runDemoCommand, seedDemoData, type DemoReport } from './demo.ts';

const NOW = new Date(2026, 10, 25, 12, 0);
let server: RunningServer;
let alice: Client;
let bob: Client;
let first: DemoReport;

const deps = () => ({ database: server.database, storage: server.storage, env: server.env });

/** A stream that keeps what is written to it. */
function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

async function meetingsOf(client: Client): Promise<Meeting[]> {
  const list = await client.get('/api/meetings');
  expect(list.status).toBe(200);
  const items = list.body.items as { id: string }[];
  return Promise.all(
    items.map(async ({ id }) =>
      meetingSchema.parse((await client.get(`/api/meetings/${id}`)).body),
    ),
  );
}

async function todosOf(client: Client): Promise<Todo[]> {
  return ((await client.get('/api/todos')).body as unknown[]).map((t) => todoSchema.parse(t));
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  first = await seedDemoData(deps(), { email: alice.email, from: QMSUM_DIR, now: NOW });
  // Summaries of three long meetings and two chats' search indexes: more than the default hook time.
}, 120_000);
afterAll(() => server?.close());

describe('summy demo', () => {
  it('fills the account with the corpus meetings, summaries, to-dos and chats', async () => {
    const sources = loadDemoSources(QMSUM_DIR);
    expect(sources.map((s) => s.name)).toEqual(['ami_ES2004a', 'ami_ES2011a', 'icsi_Bed016']);
    expect(first.meetings.map((m) => m.status)).toEqual(['created', 'created', 'created']);

    const meetings = await meetingsOf(alice);
    // Newest first, one per corpus meeting, on the planned dates.
    expect(meetings.map((m) => m.id)).toEqual(first.meetings.map((m) => m.id));
    expect(meetings.map((m) => m.date)).toEqual(
      [0, 1, 2].map((i) => demoMeetingDate(NOW, i).toISOString()),
    );
    // Two corpus meetings share a subject: their generated titles still differ, so the to-dos'
    // "From {meeting}" and the sidebar tell them apart.
    expect(new Set(meetings.map((m) => m.title.toLowerCase())).size).toBe(meetings.length);
    for (const [i, m] of meetings.entries()) {
      const source = sources[i]!;
      const corpus = loadQmsumMeeting(source.name);
      expect(m.title.length).toBeGreaterThan(0);
      expect(m.title.length).toBeLessThanOrEqual(50);
      expect(m).toMatchObject({ isProcessing: false, isRecording: false, audioUrl: null });
      // The real transcript, turn by turn with its speakers (annotation-only turns left out).
      const paragraphs = parseTranscript(m.transcript!);
      const spoken = corpus.turns.filter((t) => /\p{L}/u.test(t.text));
      expect(paragraphs.map((p) => p.speaker)).toEqual(spoken.map((t) => t.speaker));
      expect(paragraphs.map((p) => p.text)).toEqual(spoken.map((t) => t.text));
      expect(m.participants).toEqual([...new Set(spoken.map((t) => t.speaker))]);
      // The offline model's summary with topics, as the pipeline writes it.
      expect(m.summary).toMatch(/^## Overview/m);
      // Written by the offline generator, and the meeting says so.
      expect(m.notesEngine).toEqual({ id: 'offline', label: 'Offline' });
      expect(m.summary).toMatch(/^## Key points/m);
      expect(m.topics.length).toBeGreaterThan(0);
      expect(m.actionItems.length).toBe(first.meetings[i]!.actionItems);
    }
    // The AMI meetings' scored regions (.uem) give their length; the ICSI one is estimated.
    expect(meetings[1]!.duration).toBeCloseTo(1113.845375 / 60, 6);
    expect(meetings[0]!.duration).toBeCloseTo(1049.354687 / 60, 6);
    const words = sources[2]!.turns.reduce((n, t) => n + t.text.split(' ').length, 0);
    expect(meetings[2]!.duration).toBeCloseTo(words / WORDS_PER_MINUTE, 9);
    expect(meetings[2]!.duration).toBeGreaterThan(30);
    expect([...meetings[1]!.participants].sort()).toEqual([
      'Industrial Designer',
      'Marketing',
      'Project Manager',
      'User Interface',
    ]);

    // Action items are the user's to-dos, linked to their meeting: the oldest meeting's done,
    // the first of the newest meeting with any starred and due.
    const todos = await todosOf(alice);
    const total = first.meetings.reduce((n, m) => n + m.actionItems, 0);
    expect(total).toBeGreaterThan(0);
    expect(todos).toHaveLength(total);
    const byMeeting = (id: string) => todos.filter((t) => t.meetingId === id);
    expect(byMeeting(meetings[2]!.id).every((t) => t.completed)).toBe(true);
    expect(byMeeting(meetings[1]!.id).every((t) => !t.completed)).toBe(true);
    const starred = todos.filter((t) => t.priority);
    expect(starred).toHaveLength(1);
    const withItems = meetings.find((m) => m.actionItems.length > 0)!;
    expect(starred[0]).toMatchObject({ meetingId: withItems.id, completed: false });
    expect(starred[0]!.dueDate).not.toBeNull();
    expect(todos.some((t) => t.assignedTo)).toBe(true);

    // Two chats with a corpus question and a cited offline answer from that meeting.
    expect(first.chats.map((c) => c.status)).toEqual(['created', 'created']);
    const chats = (await alice.get('/api/chats')).body as { id: string; title: string | null }[];
    expect(chats.map((c) => c.id).sort()).toEqual(first.chats.map((c) => c.id).sort());
    for (const chat of first.chats) {
      const listed = chats.find((c) => c.id === chat.id)!;
      expect(listed.title).toMatch(/\S/);
      const messages = ((await alice.get(`/api/chats/${chat.id}/messages`)).body as unknown[]).map(
        (x) => chatMessageSchema.parse(x),
      );
      expect(messages.map((x) => x.isUser)).toEqual([true, false]);
      const corpus = loadQmsumMeeting(sources[first.chats.indexOf(chat)]!.name);
      expect(messages[0]!.content).toBe(corpus.queries[0]!.query.trim());
      expect(messages[1]!.citations!.length).toBeGreaterThan(0);
      for (const c of messages[1]!.citations!) expect(c.meetingId).toBe(chat.meetingId);
    }

    // Nobody else's account changes.
    expect((await bob.get('/api/meetings')).body.items).toEqual([]);
  });

  it('keeps what is there on a second run, even a renamed meeting', async () => {
    const renamed = await alice.patch(`/api/meetings/${first.meetings[0]!.id}`, {
      title: 'Our kick-off',
    });
    expect(renamed.status).toBe(200);
    const todosBefore = await todosOf(alice);
    const out = sink();
    const err = sink();
    const code = await runDemoCommand(
      deps(),
      { email: alice.email.toUpperCase(), from: QMSUM_DIR, now: NOW },
      { out: out.stream, err: err.stream },
    );
    expect([code, err.text()]).toEqual([0, '']);
    const lines = out.text().trim().split('\n');
    expect(lines[0]).toBe(`Demo data from ${QMSUM_DIR} for ${alice.email.toUpperCase()}`);
    expect(lines.slice(1).every((l) => l.startsWith('kept'))).toBe(true);
    expect(lines).toHaveLength(1 + 3 + 2);
    expect(lines[1]).toContain(`meeting ${first.meetings[0]!.id}`);
    expect(lines[1]).toContain('Our kick-off');

    expect((await meetingsOf(alice)).map((m) => m.id)).toEqual(first.meetings.map((m) => m.id));
    expect((await todosOf(alice)).map((t) => t.id).sort()).toEqual(
      todosBefore.map((t) => t.id).sort(),
    );
    expect((await alice.get('/api/chats')).body).toHaveLength(2);
  });

  it('--reset replaces the demo and leaves the user’s own meetings and chats', async () => {
    const own = (
      await alice.post('/api/meetings', { title: 'Own meeting', transcript: 'Alice: Hi.' })
    ).body as Meeting;
    const ownTodo = (await alice.post('/api/todos', { title: 'Own to-do' })).body as Todo;
    // A chat of the user's own about a demo meeting stays too (its question is not the demo's).
    const ownChat = (await alice.post('/api/chats', { contextMeetingIds: [first.meetings[1]!.id] }))
      .body as { id: string };
    await alice.post(`/api/chats/${ownChat.id}/messages`, { content: 'My question', isUser: true });
    const demoTodoCount = first.meetings.reduce((n, m) => n + m.actionItems, 0);

    const again = await seedDemoData(deps(), {
      email: alice.email,
      from: QMSUM_DIR,
      now: NOW,
      reset: true,
    });
    expect(again.removed).toEqual({ meetings: 3, chats: 2 });
    expect(again.meetings.map((m) => m.status)).toEqual(['created', 'created', 'created']);
    expect(again.chats.map((c) => c.status)).toEqual(['created', 'created']);
    const oldIds = first.meetings.map((m) => m.id);
    for (const m of again.meetings) expect(oldIds).not.toContain(m.id);
    for (const id of oldIds) expect((await alice.get(`/api/meetings/${id}`)).status).toBe(404);
    // The same content again: the renamed title is back to the generated one.
    expect(again.meetings.map((m) => m.title)).toEqual(first.meetings.map((m) => m.title));

    const meetings = await meetingsOf(alice);
    expect(meetings.map((m) => m.id).sort()).toEqual(
      [own.id, ...again.meetings.map((m) => m.id)].sort(),
    );
    const todos = await todosOf(alice);
    expect(todos).toHaveLength(demoTodoCount + 1);
    expect(todos.map((t) => t.id)).toContain(ownTodo.id);
    const chats = (await alice.get('/api/chats')).body as { id: string }[];
    expect(chats.map((c) => c.id).sort()).toEqual(
      [ownChat.id, ...again.chats.map((c) => c.id)].sort(),
    );
  }, 120_000);

  it('fails with a message for an unknown user or a missing folder', async () => {
    const out = sink();
    const err = sink();
    const io = { out: out.stream, err: err.stream };
    expect(await runDemoCommand(deps(), { email: 'nobody@example.com', from: QMSUM_DIR }, io)).toBe(
      1,
    );
    expect(err.text()).toBe('No user with email nobody@example.com: sign up in Summy first\n');
    expect(
      await runDemoCommand(deps(), { email: alice.email, from: `${QMSUM_DIR}-absent` }, io),
    ).toBe(1);
    expect(err.text()).toMatch(/No demo transcripts at .*-absent\. .*--from DIR/);
    expect(out.text()).toBe('');
  });
});
