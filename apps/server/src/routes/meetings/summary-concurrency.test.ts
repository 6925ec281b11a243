/**
 * `POST /api/meetings/:id/summary` under concurrent load, through the public API: one
 * regeneration of a meeting at a time even when 50 requests arrive together, and a cap on how many
 * regenerations one user may have queued or running (429), so one user cannot fill the queue that
 * every user's summaries wait in. The text model is scripted and held until the test releases it,
 * so the accepted job is still running while the other requests arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting } from '@summy/core';
import { scriptedTools } from '../../../test/scripted-tools.ts';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let release!: () => void;
let released: Promise<void>;
const hold = () => {
  released = new Promise<void>((r) => (release = r));
};

beforeAll(async () => {
  hold();
  const model = scriptedTools({
    summary: { summary: '## Overview\n- Rewritten.', topics: [] },
  }).text;
  server = await startTestServer(
    {},
    {
      summaryModel: () => ({
        ...model,
        id: model.id,
        async summarize(input, signal) {
          // Bob's summaries are never held: they show whether Alice's queue delays them.
          if (!input.meetingTitle.startsWith('Bob')) await released;
          return model.summarize(input, signal);
        },
      }),
    },
  );
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
});
afterAll(async () => {
  release();
  await server?.close();
});

/** A typed-in meeting with a transcript, as `client`. */
async function meetingOf(client: Client, title = 'Budget review'): Promise<Meeting> {
  const res = await client.post('/api/meetings', {
    title,
    transcript: 'Speaker 1: We will ship the budget report on Friday.\n\nSpeaker 2: Agreed.',
  });
  expect(res.status).toBe(201);
  return res.body as Meeting;
}

/** Polls until none of `ids` is regenerating, for up to 20 s. */
async function settled(client: Client, ids: string[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const all = await Promise.all(ids.map((id) => client.get(`/api/meetings/${id}`)));
    if (all.every((r) => r.body.summaryRegenerating === false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('regenerations never finished');
}

describe('one regeneration of a meeting at a time', () => {
  it('accepts exactly one of 50 concurrent requests; the rest answer 409', async () => {
    hold();
    const meeting = await meetingOf(alice);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => alice.post(`/api/meetings/${meeting.id}/summary`, {})),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toMatchObject({ error: 'Summary is being regenerated' });
      expect(typeof a.body.details).toBe('string');
    }
    // One job was queued for the meeting.
    const jobs = await server.jobs.boss.findJobs('meeting.summarize', {
      data: { meetingId: meeting.id },
    });
    expect(jobs).toHaveLength(1);
    release();
    await settled(alice, [meeting.id]);
    const after = (await alice.get(`/api/meetings/${meeting.id}`)).body as Meeting;
    expect(after.summary).toContain('Rewritten');
  });
});

describe('a burst of identical requests', () => {
  it('is one regeneration even when that one finishes within the burst', async () => {
    // Bob's summaries are not held: each finishes as soon as the worker takes it.
    const meeting = await meetingOf(bob, 'Bob burst');
    expect((await bob.post(`/api/meetings/${meeting.id}/summary`, {})).status).toBe(202);
    await settled(bob, [meeting.id]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => bob.post(`/api/meetings/${meeting.id}/summary`, {})),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(409));
    expect(answers[0]!.body).toEqual({
      error: 'Summary is being regenerated',
      details: 'The same summary was requested a moment ago',
    });
    // Another template is another request: accepted once the first has finished.
    const other = await bob.post(`/api/meetings/${meeting.id}/summary`, { template: 'stand-up' });
    expect(other.status).toBe(202);
    await settled(bob, [meeting.id]);
  });
});

describe('regenerations per user', () => {
  it('accepts at most 3 queued or running per user, 429 beyond, and other users are not held up', async () => {
    hold();
    const mine = await Promise.all([1, 2, 3, 4, 5].map((n) => meetingOf(alice, `Alice ${n}`)));
    const answers = await Promise.all(
      mine.map((m) => alice.post(`/api/meetings/${m.id}/summary`, {})),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body).toEqual({
        error: 'Too many summaries being regenerated',
        details: expect.stringMatching(/At most 3 summaries/),
      });
    }
    const refused = mine.filter((_, i) => answers[i]!.status === 429);
    for (const m of refused) {
      const now = (await alice.get(`/api/meetings/${m.id}`)).body as Meeting;
      expect(now.summaryRegenerating).toBe(false);
    }

    // Alice's three wait in the queue (one running, held); Bob's is accepted and done meanwhile.
    const theirs = await meetingOf(bob, 'Bob 1');
    expect((await bob.post(`/api/meetings/${theirs.id}/summary`, {})).status).toBe(202);
    await settled(bob, [theirs.id]);
    expect(((await bob.get(`/api/meetings/${theirs.id}`)).body as Meeting).summary).toContain(
      'Rewritten',
    );
    const accepted = mine.filter((_, i) => answers[i]!.status === 202).map((m) => m.id);
    const during = await Promise.all(accepted.map((id) => alice.get(`/api/meetings/${id}`)));
    expect(during.every((r) => r.body.summaryRegenerating === true)).toBe(true);

    release();
    await settled(alice, accepted);
    // Below the cap again: a refused one is accepted now.
    expect((await alice.post(`/api/meetings/${refused[0]!.id}/summary`, {})).status).toBe(202);
    await settled(alice, [refused[0]!.id]);
  });
});
