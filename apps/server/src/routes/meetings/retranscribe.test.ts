/**
 * `POST /api/meetings/:id/retranscribe` through the public API: a meeting transcribed by the
 * fallback is transcribed again from its stored audio by the engine that runs now, its
 * `transcription` says which one, the user's own to-dos stay and the earlier run's untouched ones
 * are replaced; owner only, 409 while busy or without audio. Scripted providers stand for the
 * engines (the real local engine is tested in providers/stt/local).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTICES, type Meeting } from '@summy/core';
import { scriptedTools, type Script } from '../../../test/scripted-tools.ts';
import type { PipelineTools } from '../../pipeline/tools.ts';
import type { SttProvider } from '../../providers/stt/types.ts';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { waitProcessed } from '../../../test/meetings.ts';
import { openEventStream } from '../../../test/sse.ts';
import { JFK_WAV, postFile, uploadProcessed } from '../../../test/recordings.ts';

let server: RunningServer;
let alice: Client;
let bob: Client;
let jfk: Uint8Array;
/** What the next job's providers do; `engine` stands for the provider selection of that job. */
let script: Script = {};
let engine: { id: SttProvider['id']; model?: string } = { id: 'offline' };

/** The scripted tools with the speech-to-text provider reporting `engine`'s id and model. */
function toolsFor(): PipelineTools {
  const tools = scriptedTools(script);
  const stt = {
    ...tools.stt,
    id: engine.id,
    ...(engine.model ? { model: engine.model } : {}),
  };
  return { ...tools, stt };
}

beforeAll(async () => {
  server = await startTestServer({}, { tools: async () => toolsFor() });
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  jfk = await readFile(JFK_WAV);
});
afterAll(() => server?.close());
beforeEach(() => {
  script = {};
  engine = { id: 'offline' };
});

/** Uploads JFK as Alice and waits for the pipeline. */
const uploadJfk = (): Promise<Meeting> => uploadProcessed(alice, jfk);

const words = (text: string) =>
  text.split(' ').map((word, i) => ({
    word,
    start: i * 0.5,
    end: i * 0.5 + 0.4,
    confidence: 0.95,
    speaker: 0,
  }));

describe('POST /api/meetings/:id/retranscribe', () => {
  it('transcribes the meeting again with the engine of now and records which one', async () => {
    script = {
      words: words('and then our my ah i and not like your brain'),
      title: 'You Are',
      actionItems: [
        { title: 'Rough item kept', description: '', assignedTo: null, confidence: 0.5 },
        { title: 'Rough item replaced', description: '', assignedTo: null, confidence: 0.5 },
      ],
    };
    const before = await uploadJfk();
    expect(before.transcription).toEqual({ provider: 'offline' });
    expect(before.transcript).toContain('not like your brain');
    const todos = (await alice.get(`/api/todos?meetingId=${before.id}`)).body as {
      id: string;
      title: string;
    }[];
    const kept = todos.find((t) => t.title === 'Rough item kept')!;
    expect((await alice.patch(`/api/todos/${kept.id}`, { completed: true })).status).toBe(200);
    // Names given to the rough transcript's speakers.
    const named = await alice.put(`/api/meetings/${before.id}/speakers`, {
      names: { 'Speaker 1': 'John Kennedy' },
    });
    expect(named.body.speakerNames).toEqual({ 'Speaker 1': 'John Kennedy' });

    engine = { id: 'local', model: 'tiny-nemo-ctc' };
    script = {
      words: words('ask not what your country can do for you'),
      title: 'Ask not',
      actionItems: [
        { title: 'Ask what you can do', description: '', assignedTo: null, confidence: 0.9 },
      ],
    };
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const res = await alice.post(`/api/meetings/${before.id}/retranscribe`);
      expect(res.status).toBe(202);
      expect(res.body.meeting).toMatchObject({ id: before.id, isProcessing: true });

      const after = await waitProcessed(alice, before.id);
      expect(after.id).toBe(before.id);
      expect(after.transcript).toBe('Speaker 1: ask not what your country can do for you');
      expect(after.title).toBe('Ask not');
      expect(after.transcription).toEqual({ provider: 'local', model: 'tiny-nemo-ctc' });
      // A new transcript's labels are new speakers: the names given to the old ones are gone.
      expect(after.speakerNames).toEqual({});
      expect(after.audioUrl).toMatch(/^http/);
      const titles = ((await alice.get(`/api/todos?meetingId=${before.id}`)).body as Todo[])
        .map((t) => t.title)
        .sort();
      // The completed item is the user's; the untouched one of the rough run made way.
      expect(titles).toEqual(['Ask what you can do', 'Rough item kept']);

      expect(await events.notice()).toMatchObject({
        meetingId: before.id,
        ...NOTICES.retranscriptionSaved,
      });
      const labels = events.all
        .filter((e) => e.event === 'progress' && e.data.meetingId === before.id)
        .map((e) => e.data.label);
      expect(labels).toContain('Transcribing');
    } finally {
      events.close();
    }
  });

  it('a failed transcription keeps the earlier transcript', async () => {
    const before = await uploadJfk();
    await alice.put(`/api/meetings/${before.id}/speakers`, { names: { 'Speaker 1': 'John' } });
    script = { fail: { transcribe: true } };
    expect((await alice.post(`/api/meetings/${before.id}/retranscribe`)).status).toBe(202);
    const after = await waitProcessed(alice, before.id);
    expect(after.transcript).toBe(before.transcript);
    expect(after.speakerNames).toEqual({ 'Speaker 1': 'John' });
    expect(after.summary).toBe(before.summary);
    expect(after.transcription).toEqual(before.transcription);
  });

  it('no speech heard by the new engine: empty transcript, no summary, the engine recorded', async () => {
    const before = await uploadJfk();
    expect(before.summary).toBeTruthy();
    expect(before.notesEngine?.id).toBe('scripted');
    engine = { id: 'local', model: 'tiny-nemo-ctc' };
    script = { words: [], durationS: 11 };
    expect((await alice.post(`/api/meetings/${before.id}/retranscribe`)).status).toBe(202);
    const after = await waitProcessed(alice, before.id);
    // No notes now, so no engine wrote them.
    expect(after).toMatchObject({
      transcript: '',
      summary: null,
      participants: [],
      notesEngine: null,
    });
    expect(after.transcription).toEqual({ provider: 'local', model: 'tiny-nemo-ctc' });
  });

  it("answers 404 for another user's meeting and for an unknown one", async () => {
    const meeting = await uploadJfk();
    const res = await bob.post(`/api/meetings/${meeting.id}/retranscribe`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', details: 'Meeting not found' });
    expect((await alice.get(`/api/meetings/${meeting.id}`)).body.isProcessing).toBe(false);
    const unknown = await alice.post(
      '/api/meetings/00000000-0000-4000-8000-000000000000/retranscribe',
    );
    expect(unknown.status).toBe(404);
  });

  it('answers 409 while the meeting is processing, and once more for a second click', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const transcribing = new Promise<void>((resolve) => (started = resolve));
    script = {
      onTranscribe: async () => {
        started();
        await gate;
      },
    };
    const res = await postFile(alice, '/api/meetings/upload', {
      bytes: jfk,
      name: 'jfk.wav',
      type: 'audio/wav',
    });
    const id = res.body.meetingId as string;
    try {
      await transcribing;
      const busy = await alice.post(`/api/meetings/${id}/retranscribe`);
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual({
        error: 'Meeting is busy',
        details: 'The meeting is still being recorded or processed',
      });
    } finally {
      release();
    }
    await waitProcessed(alice, id);
    script = {};
    const [first, second] = await Promise.all([
      alice.post(`/api/meetings/${id}/retranscribe`),
      alice.post(`/api/meetings/${id}/retranscribe`),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    await waitProcessed(alice, id);
  });

  it('answers 409 for a meeting without stored audio, and 409 while it records', async () => {
    const typed = await alice.post('/api/meetings', { title: 'Typed notes', transcript: 'Hi' });
    const res = await alice.post(`/api/meetings/${typed.body.id}/retranscribe`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Nothing to transcribe');
    const recording = await alice.post('/api/meetings', { title: 'Live', isRecording: true });
    expect((await alice.post(`/api/meetings/${recording.body.id}/retranscribe`)).status).toBe(409);
  });
});

interface Todo {
  title: string;
}
