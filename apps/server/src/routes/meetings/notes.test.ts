/**
 * My notes over HTTP: saved, read back, replaced; private to the meeting's owner; a bad body
 * answers 400 and changes nothing; gone with the meeting; reachable with a personal API key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meetingNotesSchema, NOTES_MAX_CHARS, type NoteBlock } from '@summy/core';
import { meetingNotes } from '@summy/db';
import { Client, signUp, startTestServer } from '../../../test/harness.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(() => server?.close());

const block = (id: string, markdown: string, phase: NoteBlock['phase'] = 'before'): NoteBlock => ({
  id,
  phase,
  t: phase === 'during' ? 61_000 : null,
  markdown,
});

async function newMeeting(client: Client, title = 'Planning'): Promise<string> {
  return (await client.post('/api/meetings', { title })).body.id as string;
}

describe('GET and PUT /api/meetings/:id/notes', () => {
  it('answers empty notes before any save, then saves, reads back and replaces them', async () => {
    const id = await newMeeting(alice);
    const empty = await alice.get(`/api/meetings/${id}/notes`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ blocks: [], markdown: '', updatedAt: null });

    const first = [block('a', '# Budget'), block('b', '- [ ] Send the figures', 'during')];
    const saved = await alice.put(`/api/meetings/${id}/notes`, { blocks: first });
    expect(saved.status).toBe(200);
    expect(meetingNotesSchema.parse(saved.body)).toMatchObject({
      blocks: first,
      markdown: '# Budget\n\n- [ ] Send the figures',
    });
    expect(Date.parse(saved.body.updatedAt)).not.toBeNaN();
    expect((await alice.get(`/api/meetings/${id}/notes`)).body).toEqual(saved.body);

    const second = [block('c', 'Only this now', 'after')];
    const replaced = await alice.put(`/api/meetings/${id}/notes`, { blocks: second });
    expect(replaced.body).toMatchObject({ blocks: second, markdown: 'Only this now' });
    expect((await alice.get(`/api/meetings/${id}/notes`)).body.blocks).toEqual(second);
  });

  it('takes notes as long as the limit allows', async () => {
    const id = await newMeeting(alice);
    // Three bytes each in UTF-8: the body (300 kB) is over the 256 KiB limit of most JSON routes.
    const blocks = Array.from({ length: 50 }, (_, i) =>
      block(`b${i}`, '漢'.repeat(NOTES_MAX_CHARS / 50)),
    );
    const saved = await alice.put(`/api/meetings/${id}/notes`, { blocks });
    expect(saved.status).toBe(200);
    expect(saved.body.blocks).toHaveLength(50);
  });

  it("answers 404 'Meeting not found' to another user, for reads and writes", async () => {
    const id = await newMeeting(alice);
    await alice.put(`/api/meetings/${id}/notes`, { blocks: [block('a', 'Mine')] });
    const read = await bob.get(`/api/meetings/${id}/notes`);
    expect(read.status).toBe(404);
    expect(read.body.details).toBe('Meeting not found');
    const write = await bob.put(`/api/meetings/${id}/notes`, { blocks: [block('a', 'Theirs')] });
    expect(write.status).toBe(404);
    expect(write.body.details).toBe('Meeting not found');
    expect((await alice.get(`/api/meetings/${id}/notes`)).body.markdown).toBe('Mine');
    const rows = await server.database.db
      .select()
      .from(meetingNotes)
      .where(eq(meetingNotes.meetingId, id));
    expect(rows.map((r) => r.userId)).toEqual([alice.userId]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await alice.put(`/api/meetings/${unknown}/notes`, { blocks: [] })).status).toBe(404);
  });

  it('answers 400 with the reason to a bad body and keeps the notes as they were', async () => {
    const id = await newMeeting(alice);
    const kept = (await alice.put(`/api/meetings/${id}/notes`, { blocks: [block('a', 'Kept')] }))
      .body;
    const bad = [
      { blocks: [{ id: 'a', phase: 'later', t: null, markdown: 'x' }] },
      { blocks: [block('a b', 'x')] },
      { blocks: [block('a', 'x'.repeat(NOTES_MAX_CHARS + 1))] },
      { notes: 'x' },
    ];
    for (const body of bad) {
      const res = await alice.put(`/api/meetings/${id}/notes`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const tooLong = await alice.put(`/api/meetings/${id}/notes`, bad[2]);
    expect(JSON.stringify(tooLong.body)).toContain('Notes are limited to 100,000 characters');
    expect((await alice.get(`/api/meetings/${id}/notes`)).body).toEqual(kept);
  });

  it('deletes the notes with the meeting', async () => {
    const id = await newMeeting(alice);
    await alice.put(`/api/meetings/${id}/notes`, { blocks: [block('a', 'Gone soon')] });
    expect((await alice.delete(`/api/meetings/${id}`)).status).toBe(204);
    expect((await alice.get(`/api/meetings/${id}/notes`)).status).toBe(404);
    const rows = await server.database.db
      .select()
      .from(meetingNotes)
      .where(eq(meetingNotes.meetingId, id));
    expect(rows).toEqual([]);
  });

  it('is reachable with a personal API key, writes only with a read-write key', async () => {
    const id = await newMeeting(alice);
    const keyOf = async (scope: string) =>
      (await alice.post('/api/api-keys', { name: 'Notes', scope })).body.key as string;
    const writer = new Client(server.url);
    const writeKey = { authorization: `Bearer ${await keyOf('read-write')}` };
    const put = await writer.request(
      'PUT',
      `/api/meetings/${id}/notes`,
      {
        blocks: [block('a', 'From a script')],
      },
      writeKey,
    );
    expect(put.status).toBe(200);
    const readKey = { authorization: `Bearer ${await keyOf('read')}` };
    const got = await writer.request('GET', `/api/meetings/${id}/notes`, undefined, readKey);
    expect(got.status).toBe(200);
    expect(got.body.markdown).toBe('From a script');
    const refused = await writer.request(
      'PUT',
      `/api/meetings/${id}/notes`,
      { blocks: [] },
      readKey,
    );
    expect(refused.status).toBe(403);
  });
});
