/**
 * `GET /api/meetings?search=` and the participants of the list (the /meetings screen): title or
 * transcript words through the chat's full-text index, keyset pages kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingListSchema, type MeetingList } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitSearchIndexed } from '../../../test/meetings.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

async function list(client: Client, query: Record<string, string>): Promise<MeetingList> {
  const res = await client.get(`/api/meetings?${new URLSearchParams(query).toString()}`);
  expect(res.status).toBe(200);
  return meetingListSchema.parse(res.body);
}

async function titles(client: Client, search: string): Promise<string[]> {
  return (await list(client, { search })).items.map((item) => item.title);
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  const meetings = [
    {
      title: 'Roadmap review',
      date: '2026-11-20T10:00:00.000Z',
      participants: ['Ada Lovelace', 'Grace Hopper'],
      transcript: 'Speaker 1: The zeppelin budgets are approved.\nSpeaker 2: Good, ship it.',
    },
    {
      title: 'Weekly sync',
      date: '2026-11-21T10:00:00.000Z',
      participants: ['Grace Hopper'],
      transcript: 'Speaker 1: Nothing about airships today.',
    },
    { title: 'Zeppelin hangar tour', date: '2026-11-19T10:00:00.000Z' },
    { title: '100% done_ review', date: '2026-11-18T10:00:00.000Z' },
  ];
  for (const meeting of meetings) {
    expect((await alice.post('/api/meetings', meeting)).status).toBe(201);
  }
  await bob.post('/api/meetings', {
    title: 'Bob zeppelin',
    transcript: 'Speaker 1: zeppelin budget secrets',
  });
  // Indexed in the background: searches find the meetings from then on.
  await waitSearchIndexed(server.database);
});
afterAll(() => server?.close());

describe('GET /api/meetings?search=', () => {
  it('answers the participants of every row', async () => {
    const { items } = await list(alice, {});
    expect(items.find((i) => i.title === 'Roadmap review')?.participants).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    expect(items.find((i) => i.title === 'Zeppelin hangar tour')?.participants).toEqual([]);
  });

  it('finds a meeting by a transcript word, stemmed, and by title, newest first', async () => {
    // 'zeppelin' is in one transcript and one title; Bob's meeting never shows.
    expect(await titles(alice, 'zeppelin')).toEqual(['Roadmap review', 'Zeppelin hangar tour']);
    // 'budget' is stored as 'budgets': the 'english' stemmer joins them.
    expect(await titles(alice, 'budget')).toEqual(['Roadmap review']);
    expect(await titles(alice, 'airships')).toEqual(['Weekly sync']);
  });

  it('needs every word, each in the title or the transcript', async () => {
    expect(await titles(alice, 'roadmap approved')).toEqual(['Roadmap review']);
    expect(await titles(alice, 'zeppelin airships')).toEqual([]);
    // A stop word constrains nothing.
    expect(await titles(alice, 'the budget')).toEqual(['Roadmap review']);
  });

  it('matches %, _ and \\ in titles literally', async () => {
    expect(await titles(alice, '100% done_')).toEqual(['100% done_ review']);
    expect(await titles(alice, 'o_e')).toEqual([]);
  });

  it('answers nothing for a word no meeting holds', async () => {
    expect(await list(alice, { search: 'quasar' })).toEqual({ items: [], nextCursor: null });
  });

  it('pages a search with the keyset cursor', async () => {
    const first = await list(alice, { search: 'review', limit: '1' });
    expect(first.items.map((i) => i.title)).toEqual(['Roadmap review']);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(alice, {
      search: 'review',
      limit: '1',
      cursor: first.nextCursor ?? '',
    });
    expect(second.items.map((i) => i.title)).toEqual(['100% done_ review']);
    expect(second.nextCursor).toBeNull();
  });

  it('finds a transcript changed after the index was built', async () => {
    const { items } = await list(alice, {});
    const sync = items.find((i) => i.title === 'Weekly sync');
    expect(sync).toBeDefined();
    expect(await titles(alice, 'blimp')).toEqual([]);
    const res = await alice.patch(`/api/meetings/${sync?.id}`, {
      transcript: 'Speaker 1: The blimp launch moved.',
    });
    expect(res.status).toBe(200);
    await waitSearchIndexed(server.database);
    expect(await titles(alice, 'blimp')).toEqual(['Weekly sync']);
  });

  it('refuses a search over 200 characters with {error, details}', async () => {
    const res = await alice.get(`/api/meetings?search=${'a'.repeat(5000)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.any(String) });
  });
});
