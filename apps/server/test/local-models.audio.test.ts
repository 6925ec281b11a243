/**
 * Local speech models end to end, through the public API on PGlite: a server started with no models
 * transcribes an upload with the PocketSphinx fallback; the tiny models are downloaded from a
 * loopback mirror (POST /api/models/:id/download, MODELS_CATALOG + MODELS_BASE_URL); the next
 * upload, without a restart, is transcribed by the local sherpa-onnx engine, and so is direct
 * transcription (POST /api/transcribe). Real models cannot be downloaded on the build machines: the
 * tiny models' random weights decode nonsense, so the transcript is checked for shape, not words.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTinyVocabularyWord } from '@summy/fakes/models';
import { JFK_WAV, postFile } from './recordings.ts';
import type { Meeting } from '@summy/core';
import { signUp, type Client } from './harness.ts';
import { waitProcessed } from './meetings.ts';
import { cpuMsOf, downloadModel, llmWorkers } from './tiny-models.ts';
import { startServerWithModelMirror, type ServerWithModelMirror } from './model-mirror.ts';

let started: ServerWithModelMirror;
let alice: Client;

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'summy-local-models-'));
  started = await startServerWithModelMirror(root, { notesModels: true });
  alice = await signUp(started.server, 'Alice');
});
afterAll(() => started?.close());

async function uploadJfk() {
  const res = await postFile(alice, '/api/meetings/upload', {
    bytes: await readFile(JFK_WAV),
    name: 'jfk.wav',
    type: 'audio/wav',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitProcessed(alice, res.body.meetingId as string, 120_000);
}

/** Polls the meeting until `done` holds for it. */
async function waitMeeting(id: string, done: (m: Meeting) => boolean): Promise<Meeting> {
  for (let i = 0; i < 1200; i++) {
    const res = await alice.get(`/api/meetings/${id}`);
    if (res.status === 200 && done(res.body as Meeting)) return res.body as Meeting;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`meeting ${id} did not reach the expected state`);
}

const download = (id: string) => downloadModel(alice, id);

describe('the local engine through the API', () => {
  it('is used by the next upload once its models are downloaded, without a restart', async () => {
    const before = await uploadJfk();
    expect(before.transcription).toEqual({ provider: 'offline' });

    await download('tiny-nemo-ctc-en');
    await download('tiny-speaker-embedding');

    const after = await uploadJfk();
    expect(after.transcription).toEqual({ provider: 'local', model: 'tiny-nemo-ctc-en' });
    // One speaker paragraph of tiny-vocabulary words (nonsense from random weights).
    expect(after.transcript).toMatch(/^Speaker 1: \S+/);
    const words = after
      .transcript!.replace(/^Speaker 1: /, '')
      .split(/\s+/)
      .filter(Boolean);
    expect(words.every(isTinyVocabularyWord), after.transcript!).toBe(true);
    expect(after.transcript).not.toBe(before.transcript);
    expect(after.duration).toBeCloseTo(11 / 60, 1);
  }, 300_000);

  it('transcribes POST /api/transcribe with the local engine: words timed in order', async () => {
    const form = new FormData();
    form.append('audio', new Blob([await readFile(JFK_WAV)], { type: 'audio/wav' }), 'jfk.wav');
    const res = await fetch(`${alice.baseUrl}/api/transcribe`, {
      method: 'POST',
      body: form,
      headers: { cookie: alice.cookie, origin: alice.origin },
    });
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    const alternative = body.results.channels[0].alternatives[0];
    const words = alternative.words as { word: string; start: number; end: number }[];
    expect(words.length).toBeGreaterThan(5);
    for (let i = 1; i < words.length; i++)
      expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    expect(alternative.transcript).toBe(words.map((w) => w.word).join(' '));
    expect(words.every((w) => isTinyVocabularyWord(w.word))).toBe(true);
  });

  it('writes the next notes with the downloaded notes model, says so, and regenerates older ones with it', async () => {
    // No cloud key: 'auto' is the offline generator until a notes model is installed.
    const older = await uploadJfk();
    expect(older.notesEngine?.id).toBe('offline');

    await download('tiny-notes');
    // Its random weights write nonsense (a title of one character repeated, a blank summary):
    // what is checked is which engine ran, and that the meeting was processed.
    const after = await uploadJfk();
    expect(after.notesEngine).toEqual({ id: 'local:tiny-notes', label: 'Local: tiny-notes' });
    expect(after.title).not.toBe('jfk');

    // 'Regenerate summary' on the older meeting goes to the notes model too ('auto'). This one
    // answers a blank summary, so the old one stays and the failure is the model's (the offline
    // generator never fails); a saved regeneration records its engine (notes-engine.test.ts).
    const regenerate = await alice.post(`/api/meetings/${older.id}/summary`, {});
    expect(regenerate.status, JSON.stringify(regenerate.body)).toBe(202);
    const rewritten = await waitMeeting(older.id, (m) => !m.summaryRegenerating);
    expect(rewritten.summaryError).toBe('No summary returned: The AI provider returned no summary');
    expect(rewritten.summary).toBe(older.summary);
  }, 300_000);

  it('a meeting deleted while the notes model summarises it stops the generation within a second', async () => {
    // After the test above: tiny-notes is installed. A transcript of many context windows (the tiny
    // model's is 4096 byte tokens) goes through map-reduce, a call per chunk: tens of seconds.
    const lines = Array.from(
      { length: 200 },
      (_, i) =>
        `Speaker ${(i % 3) + 1}: Item ${i}: we go over the budget line for the spring fair.`,
    );
    const created = await alice.post('/api/meetings', {
      title: 'Budget review',
      transcript: lines.join('\n\n'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const regenerate = await alice.post(`/api/meetings/${id}/summary`, {
      model: 'local:tiny-notes',
    });
    expect(regenerate.status, JSON.stringify(regenerate.body)).toBe(202);

    // The worker is generating: its CPU time grows.
    let worker: number | undefined;
    for (let i = 0; i < 120; i++) {
      worker = llmWorkers()[0];
      const before = worker && cpuMsOf(worker);
      await new Promise((r) => setTimeout(r, 250));
      const after = worker && cpuMsOf(worker);
      if (before !== undefined && after !== undefined && after - before >= 100) break;
      worker = undefined;
    }
    expect(
      worker,
      `the notes model never started on the meeting: ${JSON.stringify({ ...(await alice.get(`/api/meetings/${id}`)).body, transcript: undefined })}, workers ${llmWorkers()}`,
    ).toBeDefined();
    expect((await alice.get(`/api/meetings/${id}`)).body.summaryRegenerating).toBe(true);

    expect((await alice.delete(`/api/meetings/${id}`)).status).toBe(204);
    // Within a second of the answer the worker idles, the model kept for the next job, or it has
    // ended (an abort llama.cpp takes over 0.7 s to honour ends the worker).
    await new Promise((r) => setTimeout(r, 1000));
    const at1s = cpuMsOf(worker!);
    await new Promise((r) => setTimeout(r, 1000));
    const at2s = cpuMsOf(worker!);
    if (at1s !== undefined && at2s !== undefined) {
      expect(at2s - at1s, 'CPU ms the worker used in the second after').toBeLessThan(100);
    }
    expect((await alice.get(`/api/meetings/${id}`)).status).toBe(404);
  }, 300_000);
});
