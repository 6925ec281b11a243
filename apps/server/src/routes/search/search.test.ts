/**
 * `GET /api/search` (search everywhere): grouped results over meetings (title, transcript turn,
 * summary paragraph), to-dos, contacts and past chats; the last word matched as a prefix; the
 * highlight ranges cover exactly the matched words; another user's data never shows; an empty
 * query answers 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highlightParts, searchResultsSchema, type HighlightedText } from '@summy/core';
import { contacts } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitSearchIndexed } from '../../../test/meetings.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
const ids: Record<string, string> = {};

const TRANSCRIPT = [
  'Speaker 1: Good morning everyone, shall we start?',
  'Speaker 2: Yes. The budget is fine for this quarter.',
  'Speaker 1: Then the quokka migration goes ahead next sprint.',
  'Speaker 2: I will write the rollout plan.',
].join('\n\n');

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  const roadmap = await alice.post('/api/meetings', {
    title: 'Roadmap review',
    transcript: TRANSCRIPT,
    summary: 'The team agreed to ship the wombat dashboard within a fortnight.',
  });
  ids.roadmap = roadmap.body.id;
  ids.quokkaTitle = (await alice.post('/api/meetings', { title: 'Quokka retro' })).body.id;
  ids.todo = (await alice.post('/api/todos', { title: 'Plan the quokka migration' })).body.id;
  const chat = (await alice.post('/api/chats', { contextMeetingIds: [ids.roadmap] })).body;
  ids.chat = chat.id;
  await alice.post(`/api/chats/${chat.id}/messages`, {
    content: 'When does the quokka migration start?',
    isUser: true,
  });
  await server.database.db.insert(contacts).values([
    { userId: alice.userId, email: 'quincy.okafor@example.com', displayName: 'Quincy Okafor' },
    { userId: bob.userId, email: 'quokka.fan@example.com', displayName: 'Bob’s quokka friend' },
  ]);
  // Bob has the same words everywhere: none of it may reach Alice.
  await bob.post('/api/meetings', { title: 'Quokka plans', transcript: TRANSCRIPT });
  await bob.post('/api/todos', { title: 'Quokka todo of Bob' });
  await waitSearchIndexed(server.database);
});
afterAll(() => server?.close());

async function search(client: Client, q: string) {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResultsSchema.parse(res.body);
}

const marked = (h: HighlightedText | null | undefined) =>
  h
    ? highlightParts(h)
        .filter((p) => p.match)
        .map((p) => p.text)
    : [];

describe('GET /api/search', () => {
  it('answers every group, each hit highlighted on the matched words', async () => {
    const r = await search(alice, 'quokka');
    // The title match leads, then the meeting whose transcript says it, at the turn that does.
    expect(r.meetings.map((m) => m.id)).toEqual([ids.quokkaTitle, ids.roadmap]);
    expect(r.meetings[0]).toMatchObject({ section: 'title', snippet: null, position: null });
    expect(marked(r.meetings[0]!.title)).toEqual(['Quokka']);
    const turn = r.meetings[1]!;
    expect(turn).toMatchObject({ section: 'transcript', position: 2, speaker: 'Speaker 1' });
    expect(turn.snippet!.text).toContain('the quokka migration goes ahead next sprint');
    expect(marked(turn.snippet)).toEqual(['quokka']);
    expect(r.todos.map((t) => t.id)).toEqual([ids.todo]);
    expect(marked(r.todos[0]!.title)).toEqual(['quokka']);
    expect(r.chats.map((c) => c.id)).toEqual([ids.chat]);
    expect(r.chats[0]!.contextMeetingIds).toEqual([ids.roadmap]);
    expect(marked(r.chats[0]!.snippet ?? r.chats[0]!.title)).toEqual(['quokka']);
  });

  it('matches the last word as a prefix and the others by stem', async () => {
    const r = await search(alice, 'migrations quok');
    expect(r.meetings.map((m) => [m.id, m.section, m.position])).toEqual([
      [ids.roadmap, 'transcript', 2],
    ]);
    expect(marked(r.meetings[0]!.snippet)).toEqual(['quokka', 'migration']);
    const summary = await search(alice, 'wom');
    expect(summary.meetings).toMatchObject([{ id: ids.roadmap, section: 'summary', position: 0 }]);
    expect(marked(summary.meetings[0]!.snippet)).toEqual(['wombat']);
    // Contacts and chats match by substring: name or e-mail.
    const people = await search(alice, 'okaf');
    expect(people.contacts.map((c) => c.email.text)).toEqual(['quincy.okafor@example.com']);
    expect(marked(people.contacts[0]!.name)).toEqual(['Okaf']);
    expect(marked(people.contacts[0]!.email)).toEqual(['okaf']);
  });

  it('places every range exactly on the matched text', async () => {
    const r = await search(alice, 'budget');
    const snippet = r.meetings[0]!.snippet!;
    for (const [start, end] of snippet.ranges) {
      expect(snippet.text.slice(start, end).toLowerCase()).toBe('budget');
    }
    expect(snippet.ranges).toHaveLength(1);
  });

  it("never answers another user's data", async () => {
    const r = await search(alice, 'quokka');
    const json = JSON.stringify(r);
    expect(json).not.toContain('Quokka plans');
    expect(json).not.toContain('Bob');
    expect(r.contacts).toEqual([]);
    const b = await search(bob, 'quokka');
    expect(b.meetings.map((m) => m.title.text)).toEqual(['Quokka plans']);
    expect(b.todos.map((t) => t.title.text)).toEqual(['Quokka todo of Bob']);
    expect(b.chats).toEqual([]);
    expect(b.contacts.map((c) => c.email.text)).toEqual(['quokka.fan@example.com']);
  });

  it('answers 400 for an empty query, and empty groups for punctuation or no match', async () => {
    expect((await alice.get('/api/search?q=')).status).toBe(400);
    expect((await alice.get('/api/search?q=%20%20')).status).toBe(400);
    expect((await alice.get('/api/search')).status).toBe(400);
    expect((await alice.get('/api/search?q=x&limit=0')).status).toBe(400);
    const punctuation = await search(alice, '?!');
    expect(punctuation).toMatchObject({ meetings: [], todos: [], contacts: [], chats: [] });
    const none = await search(alice, 'zebracorn');
    expect(none).toMatchObject({ meetings: [], todos: [], contacts: [], chats: [] });
    // A stop word being typed may start another word ('for' of 'fortnight').
    const stop = await search(alice, 'for');
    expect(stop.meetings.map((m) => [m.id, m.section])).toEqual([[ids.roadmap, 'summary']]);
    expect(marked(stop.meetings[0]!.snippet)).toEqual(['fortnight']);
  });

  it('answers 401 without a session', async () => {
    const res = await fetch(`${server.url}/api/search?q=quokka`);
    expect(res.status).toBe(401);
  });
});
