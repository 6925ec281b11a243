/**
 * The summary step of a meeting with My notes, through the public API: the pipeline and the
 * regeneration read the owner's notes and write `writtenNotes` and the summary around them, by a
 * language model (the real catalog model against the fake OpenAI vendor, whose default script
 * answers the notes task) or without one (the offline engine); without notes nothing changes.
 * Speech to text is scripted, so the transcript is known.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Meeting, type NoteBlock, type Word } from '@summy/core';
import { meetingNotes, meetings } from '@summy/db';
import {
  defaultFakeScript,
  FAKE_NOTE_EXPANSION,
  NOTES_TASK_PHRASE,
  startFakeOpenAi,
  type FakeLlmRequest,
  type FakeVendor,
} from '@summy/fakes/llm';
import { configuredTools } from './resolve-tools.ts';
import { resolveTextModel } from '../providers/llm/catalog.ts';
import { createPooledOfflineTextModel } from '../providers/llm/offline/text-pool.ts';
import { scriptedTools } from '../../test/scripted-tools.ts';
import { signUp, startTestServer, type Client } from '../../test/harness.ts';
import { ffmpeg, JFK_WAV, stopWithAudio } from '../../test/recordings.ts';
import type { RunningServer } from '../server.ts';

const TURNS = [
  'The budget for the product launch is forty thousand euros in total.',
  'Marketing wants half of the launch budget for the video with the agency.',
  'We decided to move the product launch to the first week of June.',
  'The engineering team needs two more weeks for the remote control firmware.',
];

/** Words of the turns, speakers 0, 1, 0, 1, two seconds a turn apart. */
const WORDS: Word[] = TURNS.flatMap((turn, t) =>
  turn.split(' ').map((word, i) => ({
    word,
    start: t * 8 + i * 0.3,
    end: t * 8 + i * 0.3 + 0.25,
    confidence: 0.9,
    speaker: t % 2,
  })),
);

const NOTES: NoteBlock[] = [
  { id: 'a', phase: 'before', t: null, markdown: '- Ask about the catering contract' },
  { id: 'b', phase: 'during', t: 2000, markdown: '## Budget\n- video: half' },
  { id: 'c', phase: 'during', t: 9000, markdown: '## Launch\n- [ ] June?' },
];

let openai: FakeVendor;
let server: RunningServer;
let alice: Client;
let olive: Client;
let webm: Uint8Array;
let asked: FakeLlmRequest[] = [];

beforeAll(async () => {
  openai = await startFakeOpenAi({ models: ['gpt-5-mini'] });
  const stt = scriptedTools({ words: WORDS, durationS: 40 }).stt;
  server = await startTestServer(
    { OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url },
    {
      // Olive's meetings get the offline engine, as on a server without a language model.
      tools: async (job) =>
        job.userId === olive.userId
          ? {
              ...scriptedTools({ words: WORDS, durationS: 40 }),
              text: createPooledOfflineTextModel(),
            }
          : configuredTools(server.env, server.database.db, async () => stt)(job),
      summaryModel: (job) =>
        job.userId === olive.userId
          ? createPooledOfflineTextModel()
          : resolveTextModel(job.model, server.env),
    },
  );
  alice = await signUp(server, 'Alice');
  olive = await signUp(server, 'Olive');
  expect((await alice.put('/api/settings/ai', { summaryModel: 'openai:gpt-5-mini' })).status).toBe(
    200,
  );

  const file = path.join(os.tmpdir(), `summy-written-notes-${process.pid}.webm`);
  await ffmpeg(['-y', '-i', JFK_WAV, '-c:a', 'libopus', '-b:a', '32k', file]);
  webm = await readFile(file);
});
afterAll(async () => {
  await server?.close();
  await openai?.close();
});
beforeEach(() => {
  asked = [];
  openai.setScript((req) => {
    asked.push(req);
    return defaultFakeScript(req);
  });
});

/** A recording of `who` with `notes` saved before it stops, processed. */
async function recorded(who: Client, notes: NoteBlock[] | null): Promise<Meeting> {
  const m = await who.post('/api/meetings', { title: 'Launch sync', isRecording: true });
  expect(m.status).toBe(201);
  const id = m.body.id as string;
  if (notes) await saveNotes(id, notes);
  return stopWithAudio(server, who, id, webm);
}

/** Stores the notes as the notes routes do (one row per meeting and owner). */
async function saveNotes(meetingId: string, blocks: NoteBlock[]) {
  const db = server.database.db;
  const [row] = await db
    .select({ userId: meetings.userId })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  await db
    .insert(meetingNotes)
    .values({ meetingId, userId: row!.userId, blocks })
    .onConflictDoUpdate({ target: [meetingNotes.meetingId, meetingNotes.userId], set: { blocks } });
}

async function storedNotes(meetingId: string) {
  const [row] = await server.database.db
    .select({ blocks: meetingNotes.blocks, updatedAt: meetingNotes.updatedAt })
    .from(meetingNotes)
    .where(and(eq(meetingNotes.meetingId, meetingId)));
  return row;
}

/** Asks for a new summary and waits for it. */
async function regenerate(who: Client, id: string, body = {}): Promise<Meeting> {
  expect((await who.post(`/api/meetings/${id}/summary`, body)).status).toBe(202);
  for (let i = 0; i < 600; i++) {
    const m = (await who.get(`/api/meetings/${id}`)).body as Meeting;
    if (!m.summaryRegenerating) return m;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the regeneration never ended');
}

const notesAsked = () => asked.filter((r) => r.system.toLowerCase().includes(NOTES_TASK_PHRASE));

describe('a language model writes the notes around My notes', () => {
  it('keeps every note line, sections in order, cites turns; the summary is the written notes', async () => {
    const m = await recorded(alice, NOTES);
    // The notes reached the model beside the transcript (what was lost before).
    expect(notesAsked()).toHaveLength(1);
    expect(notesAsked()[0]!.prompt).toContain('[n3] - video: half');
    expect(notesAsked()[0]!.prompt).toContain('[1] Speaker 2: Marketing wants half');
    const w = m.writtenNotes!;
    expect(w).toMatchObject({ origin: 'model', fallbackReason: null });
    expect(w.sections.map((s) => s.heading)).toEqual([null, 'Budget', 'Launch', 'Also discussed']);
    const kept = w.sections.flatMap((s) => s.bullets).filter((b) => b.noteRef);
    expect(kept.map((b) => b.noteRef)).toEqual(['n1', 'n3', 'n5']);
    // Before the meeting, never said: kept, not discussed.
    expect(kept[0]).toMatchObject({ discussed: false, citations: [] });
    expect(kept[1]!.text).toContain(`video: half. ${FAKE_NOTE_EXPANSION} "Marketing wants half`);
    expect(kept[1]!.citations).toEqual([1]);
    expect(m.summary).toMatch(/^- Ask about the catering contract \(not discussed\)/);
    expect(m.summary).toContain('## Budget');
    expect(m.summary).toContain('## Also discussed');
  });

  it('applies speaker names to the written bullets like the summary', async () => {
    const m = await recorded(alice, NOTES);
    expect(
      (await alice.put(`/api/meetings/${m.id}/speakers`, { names: { 'Speaker 2': 'Maria' } }))
        .status,
    ).toBeLessThan(300);
    const named = (await alice.get(`/api/meetings/${m.id}`)).body as Meeting;
    const also = named.writtenNotes!.sections.at(-1)!.bullets[0]!;
    expect(also.text).toMatch(/^Maria said:/);
  });

  it('falls back to the notes as written when the model loses a note twice', async () => {
    openai.setScript((req) => {
      asked.push(req);
      if (!req.system.toLowerCase().includes(NOTES_TASK_PHRASE)) return defaultFakeScript(req);
      return JSON.stringify({ sections: [{ heading: 'Budget', noteRef: 'n2', bullets: [] }] });
    });
    const m = await recorded(alice, NOTES);
    expect(notesAsked()).toHaveLength(2);
    expect(notesAsked()[1]!.prompt).toContain("heading n4 'Launch' is missing");
    expect(m.writtenNotes).toMatchObject({
      origin: 'extractive',
      fallbackReason: "heading n4 'Launch' is missing",
    });
    expect(m.writtenNotes!.sections[1]!.bullets).toEqual([
      { text: 'video: half', noteRef: 'n3', citations: [], discussed: true },
    ]);
  });

  it('changes nothing without notes', async () => {
    const m = await recorded(alice, null);
    expect(notesAsked()).toHaveLength(0);
    expect(m.writtenNotes).toBeNull();
    expect(m.summary).toContain('## Overview');
  });

  it('regenerates around the notes as they are now, never changing them; removed with them', async () => {
    const m = await recorded(alice, null);
    expect(m.writtenNotes).toBeNull();
    await saveNotes(m.id, NOTES);
    const before = await storedNotes(m.id);
    const again = await regenerate(alice, m.id);
    expect(again.writtenNotes?.origin).toBe('model');
    expect(again.summary).toContain('## Budget');
    expect(await storedNotes(m.id)).toEqual(before);
    // Without notes the regeneration removes the written notes of earlier ones.
    await server.database.db.delete(meetingNotes).where(eq(meetingNotes.meetingId, m.id));
    // (Another template: the same request again so soon reads as a repeat.)
    const plain = await regenerate(alice, m.id, { template: 'stand-up' });
    expect(plain.writtenNotes).toBeNull();
    expect(plain.summary).toContain('## Blockers');
  });
});

describe('without a language model (the offline engine)', () => {
  it('writes the notes as written, then the extractive points citing their turns', async () => {
    const m = await recorded(olive, NOTES);
    expect(notesAsked()).toHaveLength(0);
    const w = m.writtenNotes!;
    expect(w).toMatchObject({ origin: 'extractive', fallbackReason: null });
    expect(w.sections.slice(0, 3)).toEqual([
      {
        heading: null,
        noteRef: null,
        bullets: [
          {
            text: 'Ask about the catering contract',
            noteRef: 'n1',
            citations: [],
            discussed: true,
          },
        ],
      },
      {
        heading: 'Budget',
        noteRef: 'n2',
        bullets: [{ text: 'video: half', noteRef: 'n3', citations: [], discussed: true }],
      },
      {
        heading: 'Launch',
        noteRef: 'n4',
        bullets: [{ text: 'June?', noteRef: 'n5', citations: [], discussed: true }],
      },
    ]);
    const also = w.sections[3]!;
    expect(also.heading).toBe('Also discussed');
    expect(also.bullets.length).toBeGreaterThan(0);
    for (const b of also.bullets) {
      expect(b.noteRef).toBeNull();
      expect(b.citations).toHaveLength(1);
    }
    expect(m.summary).toMatch(/^- Ask about the catering contract\n\n## Budget\n\n- video: half/);
    const again = await regenerate(olive, m.id);
    expect(again.writtenNotes).toEqual(w);
  });
});
