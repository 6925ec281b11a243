/**
 * Voice profiles through the API on PGlite: naming a speaker who has a voiceprint makes a profile
 * with a playable clip (cut by ffmpeg from the stored audio); a later meeting of the same voice
 * gets the name suggested, a stranger does not; accepting averages the voice in, dismissing drops
 * the chip; deleting the profile, the contact or the only meeting removes the profile and its
 * clip; another user never sees, plays or matches it. Voiceprints are written straight into the
 * meeting row, as the local engine would have: what is tested is what Summy does with them.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingSchema, voiceProfileListSchema, type Meeting } from '@summy/core';
import { contacts, meetings, voiceProfiles } from '@summy/db';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { JFK_WAV } from '../../../test/recordings.ts';
import { runProcess } from '../../audio/process.ts';
import type { RunningServer } from '../../server.ts';
import { sweepLeftovers } from '../../services/meetings/meeting-leftovers.ts';
import { suggestSpeakerNames } from '../../services/voices/suggest-speaker-names.ts';
import { DEFAULT_VOICE_MATCH } from '../../services/voices/voice-match.ts';
import { storedAudioUrl } from '../../storage/types.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let jfk: Buffer;

const MODEL = 'test-speaker-embedding';
/** Three voices far apart, and small variations of them (another day, another microphone). */
const CAROL = [1, 0, 0, 0];
const DAVE = [0, 1, 0, 0];
const STRANGER = [0, 0, 1, 0];
const near = (v: number[], k = 0.15) => v.map((x, i) => x + (i === 3 ? k : 0));

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  jfk = await readFile(JFK_WAV);
});
afterAll(() => server?.close());

let stored = 0;
/**
 * A processed meeting of `client` with two speakers (turns 0-5 s and 5-11 s of the JFK audio) and
 * the given voiceprints.
 */
async function meetingWithVoices(
  client: Client,
  vectors: (number[] | null)[],
  attendees?: { email: string; name: string }[],
): Promise<string> {
  const created = await client.post('/api/meetings', {
    title: 'Voices',
    transcript:
      'Speaker 1: And so my fellow Americans.\n\nSpeaker 2: Ask not what your country can do.',
    participants: ['Speaker 1', 'Speaker 2'],
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const key = `${client.userId}/${Date.now()}-${stored++}-meeting-audio.wav`;
  await server.storage.put(key, Readable.from(jfk), 'audio/wav', { size: jfk.length });
  await server.database.db
    .update(meetings)
    .set({
      audioUrl: storedAudioUrl(key),
      speakerEmbeddings: { model: MODEL, vectors },
      summaryData: {
        turnTimes: [
          { speaker: 0, start: 0.3, end: 5 },
          { speaker: 1, start: 5, end: 11 },
        ],
      },
      ...(attendees ? { calendarEventId: 'evt', calendarEventAttendees: attendees } : {}),
    })
    .where(eq(meetings.id, id));
  return id;
}

async function suggest(client: Client, id: string): Promise<Meeting> {
  await suggestSpeakerNames(server.database.db, client.userId, id, () => DEFAULT_VOICE_MATCH);
  return meetingSchema.parse((await client.get(`/api/meetings/${id}`)).body);
}

async function profiles(client: Client) {
  const res = await client.get('/api/voices');
  expect(res.status).toBe(200);
  return voiceProfileListSchema.parse(res.body).profiles;
}

async function deleteAllProfiles(client: Client) {
  for (const p of await profiles(client)) {
    expect((await client.delete(`/api/voices/${p.id}`)).status).toBe(204);
  }
}

describe('voice profiles', () => {
  it('names a speaker: a profile with a playable clip of at most 8 s', async () => {
    const id = await meetingWithVoices(alice, [CAROL, DAVE]);
    expect(await profiles(alice)).toEqual([]);
    const res = await alice.put(`/api/meetings/${id}/speakers`, {
      names: { 'Speaker 1': 'Carol' },
    });
    expect(res.status).toBe(200);
    const [carol, ...others] = await profiles(alice);
    expect(others).toEqual([]);
    expect(carol).toMatchObject({ name: 'Carol', email: null, model: MODEL, meetings: 1 });
    expect(carol!.sampleUrl).toBe(`/api/voices/${carol!.id}/sample`);

    const clip = await fetch(new URL(carol!.sampleUrl!, server.url), {
      headers: { cookie: alice.cookie },
    });
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toBe('audio/mp4');
    const bytes = Buffer.from(await clip.arrayBuffer());
    const info = await probeBytes(bytes);
    expect(info.codec).toBe('aac');
    // Speaker 1's turn is 0.3-5 s: a clip of that length, not the whole recording.
    expect(info.duration).toBeGreaterThan(4);
    expect(info.duration).toBeLessThan(5.2);
    await deleteAllProfiles(alice);
  });

  it('suggests the name on a later meeting of the same voice, not for a stranger; accept and dismiss', async () => {
    const first = await meetingWithVoices(alice, [CAROL, DAVE]);
    await alice.put(`/api/meetings/${first}/speakers`, {
      names: { 'Speaker 1': 'Carol', 'Speaker 2': 'Dave' },
    });
    expect((await profiles(alice)).map((p) => p.name)).toEqual(['Carol', 'Dave']);

    // Speakers in the other order this time, and a stranger instead of Dave.
    const second = await meetingWithVoices(alice, [STRANGER, near(CAROL)]);
    const m = await suggest(alice, second);
    expect(Object.keys(m.speakerSuggestions)).toEqual(['Speaker 2']);
    expect(m.speakerSuggestions['Speaker 2']).toMatchObject({ name: 'Carol' });
    expect(m.speakerSuggestions['Speaker 2']!.similarity).toBeGreaterThan(0.95);

    // Accepting is naming: the chip goes, and the profile now averages two meetings.
    const accepted = meetingSchema.parse(
      (await alice.put(`/api/meetings/${second}/speakers`, { names: { 'Speaker 2': 'Carol' } }))
        .body,
    );
    expect(accepted.speakerSuggestions).toEqual({});
    expect((await profiles(alice)).find((p) => p.name === 'Carol')?.meetings).toBe(2);

    // A third meeting of Dave: suggested, then dismissed.
    const third = await meetingWithVoices(alice, [near(DAVE, 0.1), null]);
    expect((await suggest(alice, third)).speakerSuggestions['Speaker 1']?.name).toBe('Dave');
    const dismissed = await alice.delete(
      `/api/meetings/${third}/speaker-suggestions/${encodeURIComponent('Speaker 1')}`,
    );
    expect(dismissed.status).toBe(200);
    expect(meetingSchema.parse(dismissed.body).speakerSuggestions).toEqual({});
    await deleteAllProfiles(alice);
  });

  it('suggests the other attendee of a two-person meeting', async () => {
    const first = await meetingWithVoices(alice, [CAROL, null]);
    await alice.put(`/api/meetings/${first}/speakers`, { names: { 'Speaker 1': 'Carol' } });
    const attendees = [
      { email: 'carol@acme.test', name: 'Carol' },
      { email: 'dave@acme.test', name: 'Dave' },
    ];
    const second = await meetingWithVoices(alice, [near(STRANGER, 0), near(CAROL)], attendees);
    const m = await suggest(alice, second);
    expect(m.speakerSuggestions).toEqual({
      'Speaker 1': { profileId: null, name: 'Dave', similarity: null },
      'Speaker 2': expect.objectContaining({ name: 'Carol' }),
    });
    await deleteAllProfiles(alice);
  });

  it('keeps profiles per user: another user never lists, plays, deletes or matches them', async () => {
    const id = await meetingWithVoices(alice, [CAROL, DAVE]);
    await alice.put(`/api/meetings/${id}/speakers`, { names: { 'Speaker 1': 'Carol' } });
    const [carol] = await profiles(alice);
    expect(await profiles(bob)).toEqual([]);
    expect((await bob.get(carol!.sampleUrl!)).status).toBe(404);
    expect((await bob.delete(`/api/voices/${carol!.id}`)).status).toBe(404);
    const bobs = await meetingWithVoices(bob, [CAROL, null]);
    expect((await suggest(bob, bobs)).speakerSuggestions).toEqual({});
    expect(await profiles(alice)).toHaveLength(1);
    await deleteAllProfiles(alice);
  });

  it('deletes the profile and its clip; the meetings keep their names', async () => {
    const id = await meetingWithVoices(alice, [CAROL, DAVE]);
    await alice.put(`/api/meetings/${id}/speakers`, { names: { 'Speaker 1': 'Carol' } });
    const [carol] = await profiles(alice);
    const key = await sampleKeyOf(carol!.id);
    expect(await server.storage.stat(key)).toBeDefined();
    // The daily sweep of unreferenced objects spares a clip in use.
    await sweepLeftovers(server, { graceMs: 0 });
    expect(await server.storage.stat(key)).toBeDefined();

    expect((await alice.delete(`/api/voices/${carol!.id}`)).status).toBe(204);
    expect(await profiles(alice)).toEqual([]);
    expect(await server.storage.stat(key)).toBeUndefined();
    expect((await alice.get(carol!.sampleUrl!)).status).toBe(404);
    const m = meetingSchema.parse((await alice.get(`/api/meetings/${id}`)).body);
    expect(m.speakerNames).toEqual({ 'Speaker 1': 'Carol' });
    // Nothing is suggested from a deleted voice.
    const later = await meetingWithVoices(alice, [CAROL, null]);
    expect((await suggest(alice, later)).speakerSuggestions).toEqual({});
  });

  it('follows the names: undo, meeting deletion and contact deletion take the voice out', async () => {
    const id = await meetingWithVoices(alice, [CAROL, DAVE]);
    await alice.put(`/api/meetings/${id}/speakers`, { names: { 'Speaker 1': 'Carol' } });
    const [carol] = await profiles(alice);
    const key = await sampleKeyOf(carol!.id);
    // Undo: the only meeting's voice is gone, so is the profile and its clip.
    await alice.put(`/api/meetings/${id}/speakers`, { names: {} });
    expect(await profiles(alice)).toEqual([]);
    expect(await server.storage.stat(key)).toBeUndefined();

    // A contact of that name links the profile (the spec's voice_id and voice_sample_url).
    const [contact] = await server.database.db
      .insert(contacts)
      .values({ userId: alice.userId, email: 'carol@acme.test', displayName: 'Carol' })
      .returning({ id: contacts.id });
    await alice.put(`/api/meetings/${id}/speakers`, { names: { 'Speaker 1': 'Carol' } });
    const [linked] = await profiles(alice);
    expect(linked).toMatchObject({ name: 'Carol', email: 'carol@acme.test' });
    const [row] = await server.database.db
      .select({ voiceId: contacts.voiceId, url: contacts.voiceSampleUrl })
      .from(contacts)
      .where(eq(contacts.id, contact!.id));
    expect(row).toEqual({ voiceId: linked!.id, url: `/api/voices/${linked!.id}/sample` });
    // Deleting the contact deletes the profile.
    await server.database.db
      .delete(contacts)
      .where(and(eq(contacts.id, contact!.id), eq(contacts.userId, alice.userId)));
    expect(await profiles(alice)).toEqual([]);

    // Deleting the only meeting of a profile deletes it with its clip.
    await alice.put(`/api/meetings/${id}/speakers`, { names: { 'Speaker 2': 'Dave' } });
    const [dave] = await profiles(alice);
    const daveKey = await sampleKeyOf(dave!.id);
    expect((await alice.delete(`/api/meetings/${id}`)).status).toBe(204);
    expect(await profiles(alice)).toEqual([]);
    expect(await server.storage.stat(daveKey)).toBeUndefined();
  });
});

async function sampleKeyOf(profileId: string): Promise<string> {
  const [row] = await server.database.db
    .select({ key: voiceProfiles.sampleKey })
    .from(voiceProfiles)
    .where(eq(voiceProfiles.id, profileId));
  expect(row?.key).toBeTruthy();
  return row!.key!;
}

/** Codec and duration (s) of an audio file's bytes, by ffprobe. */
async function probeBytes(bytes: Buffer): Promise<{ codec: string; duration: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'summy-clip-'));
  try {
    const file = path.join(dir, 'clip.m4a');
    await writeFile(file, bytes);
    const out = await runProcess('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_name',
      '-of',
      'json',
      file,
    ]);
    const json = JSON.parse(out.stdout);
    return { codec: json.streams[0].codec_name, duration: Number(json.format.duration) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
