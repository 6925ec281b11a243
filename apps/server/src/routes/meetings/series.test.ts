/**
 * Series memory through the API: meetings of one recurring event, one attendee group or one group
 * of named speakers form a series; `GET /api/meetings/:id/series` answers 'Last time'; a meeting of
 * the series processed by the pipeline suggests which open items it resolves and mentions them in
 * its summary; confirming completes the to-do, dismissing leaves it open; nothing crosses users.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingSeriesSchema, type MeetingSeries, type Word } from '@summy/core';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { ffmpeg, JFK_WAV, stopWithAudio } from '../../../test/recordings.ts';
import { scriptedTools, type Script } from '../../../test/scripted-tools.ts';
import type { RunningServer } from '../../server.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let script: Script = {};
let webm: Uint8Array;

beforeAll(async () => {
  server = await startTestServer({}, { tools: async () => scriptedTools(script) });
  [alice, bob] = await Promise.all([signUp(server, 'Alice'), signUp(server, 'Bob')]);
  const file = path.join(os.tmpdir(), `summy-series-${process.pid}.webm`);
  await ffmpeg(['-i', JFK_WAV, '-c:a', 'libopus', '-b:a', '32k', file]);
  webm = await readFile(file);
});
afterAll(() => server?.close());

/** Words of two speakers, one turn each in order (the scripted transcription). */
function turns(...said: string[]): Word[] {
  let t = 0;
  return said.flatMap((text, speaker) =>
    text.split(' ').map((word) => {
      t += 0.4;
      return { word, start: t, end: t + 0.35, confidence: 0.9, speaker: speaker % 2 };
    }),
  );
}

interface MeetingInput {
  title: string;
  date: string;
  recurring?: string;
  attendees?: string[];
  summary?: string;
  transcript?: string;
}

async function createMeeting(who: Client, m: MeetingInput, recording = false): Promise<string> {
  const created = await who.post('/api/meetings', {
    title: m.title,
    date: m.date,
    ...(m.summary !== undefined && { summary: m.summary }),
    ...(m.transcript !== undefined && { transcript: m.transcript }),
    ...(recording && { isRecording: true }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  if (m.recurring || m.attendees) {
    const linked = await who.patch(`/api/meetings/${id}`, {
      calendarEventId: `evt-${id}`,
      calendarEventTitle: m.title,
      calendarRecurringEventId: m.recurring ?? null,
      calendarEventAttendees: (m.attendees ?? []).map((email) => ({ email })),
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  }
  return id;
}

/** Records a meeting of `m` whose scripted transcription says `said`, and waits for its notes. */
async function recordMeeting(who: Client, m: MeetingInput, said: string[]): Promise<string> {
  const id = await createMeeting(who, m, true);
  script = { words: turns(...said), actionItems: [] };
  await stopWithAudio(server, who, id, webm);
  return id;
}

async function addTodo(who: Client, meetingId: string, title: string, assignedTo: string | null) {
  const res = await who.post('/api/todos', { title, assignedTo, meetingId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function seriesOf(who: Client, id: string): Promise<MeetingSeries> {
  const res = await who.get(`/api/meetings/${id}/series`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return meetingSeriesSchema.parse(res.body);
}

const PLANNING_SUMMARY = [
  'The team reviewed the launch plan and the client deck.',
  '',
  '## Decisions',
  '',
  '- Launch moves to March.',
  '- Speaker 2 owns the client deck.',
  '',
  '## Action items',
  '',
  '- Send the deck',
].join('\n');

describe('series memory', () => {
  it("shows 'Last time', suggests the items a later meeting resolves, and mentions them in its summary", async () => {
    const recurring = `weekly-${Date.now()}`;
    const first = await createMeeting(alice, {
      title: 'Weekly sync',
      date: '2026-11-20T10:00:00.000Z',
      recurring,
      summary: PLANNING_SUMMARY,
      transcript: 'Speaker 1: Where is the deck?\n\nSpeaker 2: I will send it.',
    });
    // Names given to the first meeting's speakers show on its items' owners.
    const named = await alice.put(`/api/meetings/${first}/speakers`, {
      names: { 'Speaker 2': 'Carol Diaz' },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const deck = await addTodo(alice, first, 'Send the client deck', 'Speaker 2');
    const roadmap = await addTodo(alice, first, 'Update the launch roadmap', 'Dan');
    const venue = await addTodo(alice, first, 'Book the offsite venue', null);
    const done = await addTodo(alice, first, 'Close the budget poll', null);
    await alice.patch(`/api/todos/${done}`, { completed: true });

    // The first meeting of a series has no 'Last time'.
    const alone = await seriesOf(alice, first);
    expect(alone.series).toMatchObject({ kind: 'event', name: 'Weekly sync', meetingCount: 1 });
    expect(alone.previous).toBeNull();
    expect(alone.openItems).toEqual([]);

    const second = await recordMeeting(
      alice,
      { title: 'Weekly sync', date: '2026-11-27T10:00:00.000Z', recurring },
      [
        'carol did the client deck go out',
        'yes i sent the client deck on monday. dan updated the launch roadmap too. we have not booked the offsite venue yet',
      ],
    );

    const s = await seriesOf(alice, second);
    expect(s.series).toMatchObject({ kind: 'event', meetingCount: 2 });
    expect(s.series!.meetingIds).toEqual([second, first]);
    expect(s.previous).toEqual({
      id: first,
      title: 'Weekly sync',
      date: '2026-11-20T10:00:00.000Z',
      overview: 'The team reviewed the launch plan and the client deck.',
      decisions: ['Launch moves to March.', 'Carol Diaz owns the client deck.'],
      notes: null,
    });
    // Open items of earlier meetings, in their meeting's order; the completed one is not carried.
    expect(s.openItems.map((i) => [i.title, i.assignedTo])).toEqual([
      ['Send the client deck', 'Carol Diaz'],
      ['Update the launch roadmap', 'Dan'],
      ['Book the offsite venue', null],
    ]);
    // Likely done: what was said to be done, not what was said not to be.
    const likely = Object.fromEntries(s.likelyDone.map((d) => [d.id, d]));
    expect(Object.keys(likely).sort()).toEqual([deck, roadmap].sort());
    expect(likely[deck]!.evidence).toContain('i sent the client deck on monday');
    expect(likely[deck]!.position).toBe(1);
    expect(likely[roadmap]!.evidence).toContain('dan updated the launch roadmap');

    const meeting = (await alice.get(`/api/meetings/${second}`)).body as { summary: string };
    expect(meeting.summary).toContain('## Carried over');
    expect(meeting.summary).toContain('**Likely done:** Send the client deck (Carol Diaz)');
    expect(meeting.summary).toContain('**Still open:** Book the offsite venue');

    // Confirming completes the to-do; dismissing forgets the suggestion and leaves it open.
    const confirmed = await alice.post(`/api/meetings/${second}/likely-done/${deck}`, {});
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = meetingSeriesSchema.parse(confirmed.body);
    expect(after.likelyDone.map((d) => d.id)).toEqual([roadmap]);
    expect(after.openItems.map((i) => i.id)).not.toContain(deck);
    const todos = (await alice.get(`/api/todos?meetingId=${first}`)).body as {
      id: string;
      completed: boolean;
    }[];
    expect(todos.find((t) => t.id === deck)?.completed).toBe(true);

    const dismissed = await alice.delete(`/api/meetings/${second}/likely-done/${roadmap}`);
    expect(dismissed.status).toBe(200);
    expect(meetingSeriesSchema.parse(dismissed.body).likelyDone).toEqual([]);
    const open = (await alice.get(`/api/todos?meetingId=${first}`)).body as {
      id: string;
      completed: boolean;
    }[];
    expect(open.find((t) => t.id === roadmap)?.completed).toBe(false);
    // A suggestion answered once is gone: answering it again is a 404.
    expect((await alice.delete(`/api/meetings/${second}/likely-done/${roadmap}`)).status).toBe(404);

    // Another user reads and answers nothing of it.
    expect((await bob.get(`/api/meetings/${second}/series`)).status).toBe(404);
    expect((await bob.post(`/api/meetings/${second}/likely-done/${venue}`, {})).status).toBe(404);
    // The same recurring event id in Bob's account is Bob's own series.
    const bobs = await createMeeting(bob, {
      title: 'Weekly sync',
      date: '2026-11-28T10:00:00.000Z',
      recurring,
    });
    const bobSeries = await seriesOf(bob, bobs);
    expect(bobSeries.series?.meetingCount).toBe(1);
    expect(bobSeries.previous).toBeNull();
    expect(bobSeries.openItems).toEqual([]);
  });

  it('groups meetings by the same attendees (any order or case), and by the same named speakers', async () => {
    const tag = Date.now();
    const a = `ada-${tag}@example.com`;
    const g = `grace-${tag}@example.com`;
    const one = await createMeeting(alice, {
      title: 'Design review',
      date: '2026-11-02T09:00:00.000Z',
      attendees: [a, g],
      summary: 'Reviewed the mockups.',
    });
    const two = await createMeeting(alice, {
      title: 'Design review 2',
      date: '2026-11-09T09:00:00.000Z',
      attendees: [` ${g.toUpperCase()}`, a],
    });
    const other = await createMeeting(alice, {
      title: 'Design review with Linus',
      date: '2026-11-10T09:00:00.000Z',
      attendees: [a, g, `linus-${tag}@example.com`],
    });
    const s = await seriesOf(alice, two);
    expect(s.series).toMatchObject({ kind: 'people', meetingCount: 2 });
    expect(s.previous).toMatchObject({ id: one, overview: 'Reviewed the mockups.', decisions: [] });
    expect((await seriesOf(alice, other)).series?.meetingCount).toBe(1);
    // A single attendee is no group.
    const solo = await createMeeting(alice, {
      title: 'One to one',
      date: '2026-11-11T09:00:00.000Z',
      attendees: [a],
    });
    expect((await seriesOf(alice, solo)).series).toBeNull();
    // Unlinking takes the meeting out of its series.
    await alice.patch(`/api/meetings/${two}`, {
      calendarEventId: null,
      calendarEventAttendees: null,
      calendarRecurringEventId: null,
    });
    expect((await seriesOf(alice, two)).series).toBeNull();

    // Without a calendar: the same two or more speaker names.
    const transcript = 'Speaker 1: hello\n\nSpeaker 2: hi';
    const x = await createMeeting(alice, {
      title: 'Pairing',
      date: '2026-10-01T09:00:00.000Z',
      transcript,
    });
    const y = await createMeeting(alice, {
      title: 'Pairing',
      date: '2026-10-08T09:00:00.000Z',
      transcript,
    });
    expect((await seriesOf(alice, y)).series).toBeNull();
    const names = { 'Speaker 1': `Quinn ${tag}`, 'Speaker 2': `Rae ${tag}` };
    await alice.put(`/api/meetings/${x}/speakers`, { names });
    await alice.put(`/api/meetings/${y}/speakers`, {
      names: { 'Speaker 1': names['Speaker 2'], 'Speaker 2': names['Speaker 1'].toLowerCase() },
    });
    const byNames = await seriesOf(alice, y);
    expect(byNames.series).toMatchObject({ kind: 'names', meetingCount: 2 });
    expect(byNames.series!.name).toBe(`quinn ${tag}, Rae ${tag}`);
    expect(byNames.previous?.id).toBe(x);
  });

  it("carries the user's notes of the previous meeting as Markdown", async () => {
    const recurring = `notes-${Date.now()}`;
    const first = await createMeeting(alice, {
      title: 'Standup',
      date: '2026-11-02T09:00:00.000Z',
      recurring,
    });
    const second = await createMeeting(alice, {
      title: 'Standup',
      date: '2026-11-03T09:00:00.000Z',
      recurring,
    });
    expect((await seriesOf(alice, second)).previous).toMatchObject({ id: first, notes: null });
    const blocks = [
      { id: 'a', phase: 'before', t: null, markdown: '## Ask' },
      { id: 'b', phase: 'during', t: 3000, markdown: '- Is the **API** frozen?\n- [ ] Tell Rae' },
    ];
    expect((await alice.put(`/api/meetings/${first}/notes`, { blocks })).status).toBe(200);
    expect((await seriesOf(alice, second)).previous?.notes).toBe(
      '## Ask\n\n- Is the **API** frozen?\n- [ ] Tell Rae',
    );
    // Notes of the meeting itself are not 'last time'.
    await alice.put(`/api/meetings/${second}/notes`, {
      blocks: [{ ...blocks[0]!, markdown: 'Now' }],
    });
    expect((await seriesOf(alice, second)).previous?.notes).toContain('Tell Rae');
  });

  it('answers 404 for an unknown meeting and 400 for a malformed to-do id', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await alice.get(`/api/meetings/${missing}/series`)).status).toBe(404);
    const id = await createMeeting(alice, { title: 'Solo', date: '2026-11-01T09:00:00.000Z' });
    expect((await alice.post(`/api/meetings/${id}/likely-done/not-a-uuid`, {})).status).toBe(400);
    expect((await alice.post(`/api/meetings/${id}/likely-done/${missing}`, {})).status).toBe(404);
  });
});
