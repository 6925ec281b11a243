/**
 * `PUT /api/meetings/:id/speakers`: renaming, merging and undoing speaker names through the API.
 * The transcript keeps its labels; the summary, the participants, the owners of action items and
 * the assistant's citations show the names; bad input is refused in the documented shape and
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAnswerSchema, meetingListSchema, meetingSchema, type Meeting } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitSearchIndexed } from '../../../test/meetings.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;

const TRANSCRIPT = [
  'Speaker 1: Good morning. The budget for the pilot is forty thousand euros.',
  'Speaker 2: I will send the signed contract to the supplier by Friday.',
  'Speaker 1: Speaker 2 also owns the vendor shortlist.',
  'Speaker 3: I can review the shortlist next week.',
  'Speaker 12: Thanks everyone.',
].join('\n\n');

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

/** A meeting with the transcript above, a summary naming labels, and two owned action items. */
async function newMeeting(): Promise<Meeting> {
  const created = await alice.post('/api/meetings', {
    title: 'Pilot budget',
    transcript: TRANSCRIPT,
    summary: '## Decisions\n\n- Speaker 2 sends the contract.\n- Speaker 12 thanked everyone.',
    participants: ['Speaker 1', 'Speaker 2', 'Speaker 3', 'Speaker 12'],
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  for (const [title, assignedTo] of [
    ['Send the signed contract', 'Speaker 2'],
    ['Review the shortlist', 'Speaker 3'],
  ]) {
    const todo = await alice.post('/api/todos', { title, assignedTo, meetingId: id });
    expect(todo.status, JSON.stringify(todo.body)).toBe(201);
  }
  return meetingSchema.parse((await alice.get(`/api/meetings/${id}`)).body);
}

async function putNames(id: string, names: Record<string, string>, as: Client = alice) {
  return as.put(`/api/meetings/${id}/speakers`, { names });
}

const owners = (m: Meeting) =>
  Object.fromEntries(m.actionItems.map((i) => [i.title, i.assignedTo]));

describe('PUT /api/meetings/:id/speakers', () => {
  it('renames a speaker in the summary, participants and action items; the transcript keeps its labels', async () => {
    const m = await newMeeting();
    expect(m.speakerNames).toEqual({});
    const res = await putNames(m.id, { 'Speaker 2': '  Carol   Diaz ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const renamed = meetingSchema.parse(res.body);
    expect(renamed.speakerNames).toEqual({ 'Speaker 2': 'Carol Diaz' });
    expect(renamed.transcript).toBe(TRANSCRIPT);
    // Whole labels only: 'Speaker 12' is not 'Speaker 1' followed by a 2.
    expect(renamed.summary).toBe(
      '## Decisions\n\n- Carol Diaz sends the contract.\n- Speaker 12 thanked everyone.',
    );
    expect(renamed.participants).toEqual(['Speaker 1', 'Carol Diaz', 'Speaker 3', 'Speaker 12']);
    expect(owners(renamed)).toEqual({
      'Send the signed contract': 'Carol Diaz',
      'Review the shortlist': 'Speaker 3',
    });
    // The same names in the list and on a later read.
    expect((await alice.get(`/api/meetings/${m.id}`)).body).toEqual(renamed);
    const list = meetingListSchema.parse((await alice.get('/api/meetings')).body);
    expect(list.items.find((i) => i.id === m.id)?.participants).toContain('Carol Diaz');
  });

  it('merges two speakers into one name, and undo puts every earlier name and owner back', async () => {
    const m = await newMeeting();
    const named = meetingSchema.parse(
      (await putNames(m.id, { 'Speaker 2': 'Carol', 'Speaker 3': 'Dan' })).body,
    );
    expect(owners(named)).toEqual({
      'Send the signed contract': 'Carol',
      'Review the shortlist': 'Dan',
    });
    // Dan was Carol all along.
    const merged = meetingSchema.parse(
      (await putNames(m.id, { 'Speaker 2': 'Carol', 'Speaker 3': 'Carol' })).body,
    );
    expect(merged.participants).toEqual(['Speaker 1', 'Carol', 'Speaker 12']);
    expect(owners(merged)).toEqual({
      'Send the signed contract': 'Carol',
      'Review the shortlist': 'Carol',
    });
    // Undo the merge: Carol is still shown for Speaker 2, so her items stay hers.
    const unmerged = meetingSchema.parse((await putNames(m.id, named.speakerNames)).body);
    expect(unmerged.speakerNames).toEqual({ 'Speaker 2': 'Carol', 'Speaker 3': 'Dan' });
    expect(unmerged.participants).toEqual(['Speaker 1', 'Carol', 'Dan', 'Speaker 12']);
    // Back to the labels: owners follow.
    const reset = meetingSchema.parse((await putNames(m.id, {})).body);
    expect(reset.speakerNames).toEqual({});
    expect(reset.summary).toContain('- Speaker 2 sends the contract.');
    expect(owners(reset)['Send the signed contract']).toBe('Speaker 2');
  });

  it('drops labels mapped to themselves and swaps names without chaining', async () => {
    const m = await newMeeting();
    const res = await putNames(m.id, {
      'Speaker 1': 'Speaker 1',
      'Speaker 2': 'Speaker 3',
      'Speaker 3': 'Speaker 2',
    });
    const swapped = meetingSchema.parse(res.body);
    expect(swapped.speakerNames).toEqual({ 'Speaker 2': 'Speaker 3', 'Speaker 3': 'Speaker 2' });
    expect(swapped.summary).toContain('- Speaker 3 sends the contract.');
  });

  it('refuses unknown labels, bad names, busy meetings and other users, changing nothing', async () => {
    const m = await newMeeting();
    await putNames(m.id, { 'Speaker 2': 'Carol' });
    const unknown = await putNames(m.id, { 'Speaker 9': 'Eve' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ details: 'Unknown speaker: Speaker 9' });
    for (const name of ['', '   ', 'Carol: the boss', 'x'.repeat(61), '[Carol]']) {
      const bad = await putNames(m.id, { 'Speaker 2': name });
      expect(bad.status, name).toBe(400);
      expect(bad.body.error).toBe('Invalid request');
    }
    expect(
      (await alice.put(`/api/meetings/${m.id}/speakers`, { names: {}, extra: 1 })).status,
    ).toBe(400);
    const bob = await signUp(server, 'Bob');
    expect((await putNames(m.id, { 'Speaker 2': 'Mallory' }, bob)).status).toBe(404);
    const busy = await alice.post('/api/meetings', {
      title: 'Still processing',
      transcript: TRANSCRIPT,
      isProcessing: true,
    });
    const refused = await putNames(busy.body.id, { 'Speaker 2': 'Carol' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Meeting is busy');
    const after = meetingSchema.parse((await alice.get(`/api/meetings/${m.id}`)).body);
    expect(after.speakerNames).toEqual({ 'Speaker 2': 'Carol' });
    expect(owners(after)['Send the signed contract']).toBe('Carol');
  });

  it("gives the assistant's citations the new name once the search index is rebuilt", async () => {
    const m = await newMeeting();
    await putNames(m.id, { 'Speaker 2': 'Carol' });
    await waitSearchIndexed(server.database);
    const res = await alice.post('/api/chat', {
      content: 'Who sends the signed contract to the supplier?',
      context: { type: 'meeting', meetingIds: [m.id] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = chatAnswerSchema.parse(res.body);
    const cited = answer.citations.filter((c) => c.section === 'transcript');
    expect(cited.length).toBeGreaterThan(0);
    const contract = cited.find((c) => c.turnIndex === 1);
    expect(contract?.speaker).toBe('Carol');
    expect(cited.every((c) => c.speaker !== 'Speaker 2')).toBe(true);
  });
});
