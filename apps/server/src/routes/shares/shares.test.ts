/**
 * Share links through the API: a token opens only its meeting and only the chosen parts (My notes
 * only when chosen); revoke and expiry take effect at once; wrong passwords are refused and
 * limited; guesses are limited; a deleted meeting's link answers 404; the recording's signed URL
 * lives 5 minutes; another user can neither list nor revoke a link. On PGlite and PostgreSQL.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meetings, meetingShares } from '@summy/db';
import {
  createdShareLinkSchema,
  sharedMeetingSchema,
  SHARE_AUDIO_TTL_S,
  type CreatedShareLink,
} from '@summy/core';
import { Client, signUp, startTestServer } from '../../../test/harness.ts';
import { reachable } from '../../../test/recordings.ts';
import type { RunningServer } from '../../server.ts';
import { storedAudioUrl } from '../../storage/types.ts';
import { SHARE_LIMITS } from '../../services/shares/open-shared-meeting.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let stranger: Client;
let meetingId: string;
let otherMeetingId: string;
const allParts = { summary: true, actionItems: true, transcript: true, recording: true };

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  stranger = new Client(server.url);
  meetingId = await newMeeting('Budget review', 'Speaker 1: The budget is tight.');
  otherMeetingId = await newMeeting('Private one-to-one', 'Speaker 1: Secret plans.');
  await alice.post('/api/todos', { title: 'Send the figures', meetingId });
  const notes = [{ id: 'a', phase: 'during', t: null, markdown: 'My private aside' }];
  expect((await alice.put(`/api/meetings/${meetingId}/notes`, { blocks: notes })).status).toBe(200);
  const key = `${alice.userId}/1700000000000-meeting-audio.webm`;
  await server.storage.put(key, Readable.from([Buffer.from('webm bytes')]), 'audio/webm');
  await server.database.db
    .update(meetings)
    .set({ audioUrl: storedAudioUrl(key), speakerNames: { 'Speaker 1': 'Carol' } })
    .where(eq(meetings.id, meetingId));
});
afterAll(() => server?.close());

async function newMeeting(title: string, transcript: string): Promise<string> {
  const res = await alice.post('/api/meetings', { title, transcript });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  expect((await alice.patch(`/api/meetings/${id}`, { summary: `About ${title}` })).status).toBe(
    200,
  );
  return id;
}

async function share(
  body: Record<string, unknown> = {},
  id = meetingId,
  owner = alice,
): Promise<CreatedShareLink> {
  const res = await owner.post(`/api/meetings/${id}/shares`, {
    expiry: 'never',
    parts: allParts,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return createdShareLinkSchema.parse(res.body);
}

/** Each test its own client address (TRUST_PROXY is off, so loopback): the counters are reset. */
async function resetLimits() {
  await server.database.query(`delete from auth_attempt where key like 'share:%'`);
}

describe('share links', () => {
  it('show only their meeting and the chosen parts, never My notes unless chosen', async () => {
    await resetLimits();
    const link = await share();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await stranger.get(`/api/s/${link.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const page = sharedMeetingSchema.parse(res.body);
    expect(page).toMatchObject({
      title: 'Budget review',
      summary: 'About Budget review',
      transcript: 'Speaker 1: The budget is tight.',
      speakerNames: { 'Speaker 1': 'Carol' },
      actionItems: [{ title: 'Send the figures', assignedTo: null, completed: false }],
      notes: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('Secret plans');
    expect(JSON.stringify(res.body)).not.toContain('My private aside');
    // The owner's id shows only inside the recording's storage key (docs/security.md).
    expect(JSON.stringify({ ...res.body, audioUrl: null })).not.toContain(alice.userId);

    const summaryOnly = await share({
      parts: { summary: true, actionItems: false, transcript: false, recording: false },
    });
    const narrow = sharedMeetingSchema.parse(
      (await stranger.get(`/api/s/${summaryOnly.token}`)).body,
    );
    expect(narrow).toMatchObject({
      summary: 'About Budget review',
      actionItems: null,
      transcript: null,
      audioUrl: null,
      notes: null,
    });

    const withNotes = await share({ parts: { ...allParts, notes: true } });
    const noted = sharedMeetingSchema.parse((await stranger.get(`/api/s/${withNotes.token}`)).body);
    expect(noted.notes).toBe('My private aside');
  });

  it('store only a hash of the token, and count views', async () => {
    await resetLimits();
    const link = await share();
    const rows = await server.database.query<Record<string, unknown>>(
      'select * from meeting_shares where id = $1',
      [link.id],
    );
    expect(JSON.stringify(rows)).not.toContain(link.token);
    await stranger.get(`/api/s/${link.token}`);
    await stranger.get(`/api/s/${link.token}`);
    const listed = (await alice.get(`/api/meetings/${meetingId}/shares`)).body.links;
    const mine = listed.find((l: { id: string }) => l.id === link.id);
    expect(mine).toMatchObject({ viewCount: 2, meetingTitle: 'Budget review', hasPassword: false });
    expect(mine.lastViewedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(link.token);
  });

  it('answer 404 at once when revoked, expired, unknown or the meeting deleted', async () => {
    await resetLimits();
    const revoked = await share();
    expect((await alice.delete(`/api/shares/${revoked.id}`)).status).toBe(204);
    const expired = await share({ expiry: '7d' });
    expect(Date.parse(expired.expiresAt!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await server.database.db
      .update(meetingShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(meetingShares.id, expired.id));
    const doomedMeeting = await newMeeting('Doomed', 'Speaker 1: Bye.');
    const doomed = await share({}, doomedMeeting);
    expect((await stranger.get(`/api/s/${doomed.token}`)).status).toBe(200);
    expect((await alice.delete(`/api/meetings/${doomedMeeting}`)).status).toBe(204);

    const unknown = await stranger.get(`/api/s/${'A'.repeat(22)}`);
    expect(unknown.status).toBe(404);
    for (const token of [revoked.token, expired.token, doomed.token]) {
      const res = await stranger.get(`/api/s/${token}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  it('ask for the password, refuse a wrong one and limit the tries', async () => {
    await resetLimits();
    const link = await share({ password: 'open sesame' });
    expect(link.hasPassword).toBe(true);
    expect((await stranger.get(`/api/s/${link.token}`)).body).toEqual({ passwordRequired: true });
    const right = await stranger.post(`/api/s/${link.token}`, { password: 'open sesame' });
    expect(right.status).toBe(200);
    expect(right.body.summary).toBe('About Budget review');
    for (let i = 0; i < SHARE_LIMITS.linkFailures.max; i++) {
      const wrong = await stranger.post(`/api/s/${link.token}`, { password: `guess ${i}` });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ details: 'Wrong password' });
      expect(wrong.body.summary).toBeUndefined();
    }
    const limited = await stranger.post(`/api/s/${link.token}`, { password: 'open sesame' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.summary).toBeUndefined();
  });

  it('limit guesses of tokens per address', async () => {
    await resetLimits();
    const link = await share();
    for (let i = 0; i < SHARE_LIMITS.addressFailures.max; i++) {
      expect((await stranger.get(`/api/s/${String(i).padStart(22, 'x')}`)).status).toBe(404);
    }
    const limited = await stranger.get(`/api/s/${link.token}`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await resetLimits();
    expect((await stranger.get(`/api/s/${link.token}`)).status).toBe(200);
  });

  it('give the recording through a signed URL that expires after 5 minutes', async () => {
    await resetLimits();
    const link = await share();
    const before = Math.floor(Date.now() / 1000);
    const page = sharedMeetingSchema.parse((await stranger.get(`/api/s/${link.token}`)).body);
    const url = new URL(reachable(page.audioUrl!, server));
    const expires = Number(url.searchParams.get('expires'));
    expect(SHARE_AUDIO_TTL_S).toBe(300);
    expect(expires - before).toBeGreaterThanOrEqual(SHARE_AUDIO_TTL_S - 1);
    expect(expires - before).toBeLessThanOrEqual(SHARE_AUDIO_TTL_S + 5);
    const played = await fetch(url);
    expect(played.status).toBe(200);
    expect(await played.text()).toBe('webm bytes');
    const key = decodeURIComponent(url.pathname.replace(/^\/api\/storage\/recordings\//, ''));
    const stale = new URL(reachable(await server.storage.signedUrl(key, -1), server));
    expect((await fetch(stale)).status).toBeGreaterThanOrEqual(400);
    url.searchParams.set('expires', String(before - 1));
    expect((await fetch(url)).status).toBeGreaterThanOrEqual(400);
  });

  it('are listed and revoked by their owner only', async () => {
    await resetLimits();
    const link = await share({}, otherMeetingId);
    expect((await bob.get(`/api/meetings/${otherMeetingId}/shares`)).status).toBe(404);
    expect(
      (
        await bob.post(`/api/meetings/${otherMeetingId}/shares`, {
          expiry: 'never',
          parts: allParts,
        })
      ).status,
    ).toBe(404);
    expect((await bob.get('/api/shares')).body.links).toEqual([]);
    expect((await bob.delete(`/api/shares/${link.id}`)).status).toBe(404);
    expect((await stranger.get('/api/shares')).status).toBe(401);
    expect((await stranger.get(`/api/s/${link.token}`)).status).toBe(200);
    const all = (await alice.get('/api/shares')).body.links as {
      id: string;
      meetingTitle: string;
    }[];
    expect(all.find((l) => l.id === link.id)?.meetingTitle).toBe('Private one-to-one');
    expect((await alice.delete(`/api/shares/${link.id}`)).status).toBe(204);
    expect((await alice.delete(`/api/shares/${link.id}`)).status).toBe(404);
    expect(
      (await alice.get('/api/shares')).body.links.some((l: { id: string }) => l.id === link.id),
    ).toBe(false);
  });

  it('are in the OpenAPI document, the public routes without security', async () => {
    const doc = (await stranger.get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/meetings/{id}/shares'])).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/shares'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/shares/{id}'])).toEqual(['delete']);
    expect(doc.paths['/api/s/{token}'].get.security).toEqual([]);
    expect(doc.paths['/api/s/{token}'].post.security).toEqual([]);
  });
});
