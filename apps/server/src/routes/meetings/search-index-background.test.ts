/**
 * The search index is rebuilt in the background, never by a search request: a request over
 * hundreds of never-indexed meetings would otherwise rebuild them all before answering, and hold
 * the server (on PGlite, its only database connection) meanwhile. Meetings written through the
 * API are indexed without anyone searching, and are then found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeetingList } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { staleSearchMeetings, waitSearchIndexed } from '../../../test/meetings.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
/** A server that works no jobs: what a request does by itself shows there. */
let bare: RunningServer;
let carol: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bare = await startTestServer({}, { workers: false });
  carol = await signUp(bare, 'Carol');
});
afterAll(async () => {
  await server?.close();
  await bare?.close();
});

const titles = async (client: Client, search: string) =>
  ((await client.get(`/api/meetings?search=${search}`)).body as MeetingList).items
    .map((i) => i.title)
    .sort();

describe('the search index', () => {
  it('is built for new and changed meetings without a search, and then finds them', async () => {
    for (const n of [1, 2, 3]) {
      const res = await alice.post('/api/meetings', {
        title: `Standup ${n}`,
        transcript: `Speaker 1: The quokka migration step ${n} is done.`,
      });
      expect(res.status).toBe(201);
    }
    // Nobody searched: the job alone indexes them.
    await waitSearchIndexed(server.database);
    expect(await titles(alice, 'quokka')).toEqual(['Standup 1', 'Standup 2', 'Standup 3']);

    const all = (await alice.get('/api/meetings')).body as MeetingList;
    const first = all.items.find((i) => i.title === 'Standup 1')!;
    await alice.patch(`/api/meetings/${first.id}`, {
      transcript: 'Speaker 1: The wallaby rollout started.',
    });
    await waitSearchIndexed(server.database);
    expect(await titles(alice, 'wallaby')).toEqual(['Standup 1']);
    expect(await titles(alice, 'quokka')).toEqual(['Standup 2', 'Standup 3']);
  });

  it('is never rebuilt by a search request', async () => {
    const res = await carol.post('/api/meetings', {
      title: 'Planning',
      transcript: 'Speaker 1: The wombat budget is approved.',
    });
    expect(res.status).toBe(201);
    expect(await staleSearchMeetings(bare.database)).toBe(1);
    // The title still matches at once; transcript words wait for the background job.
    expect(await titles(carol, 'planning')).toEqual(['Planning']);
    expect(await titles(carol, 'wombat')).toEqual([]);
    expect(await staleSearchMeetings(bare.database)).toBe(1);
  });
});
