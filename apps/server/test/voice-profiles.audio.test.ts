/**
 * Voice profiles end to end on real audio, through the real pipeline: the local engine (tiny
 * recognizer and tiny speaker embedding model, real sherpa-onnx) transcribes an AMI excerpt and
 * stores each speaker's voiceprint; naming a speaker makes a profile with a clip; the same
 * recording re-encoded as 48 kbit/s MP3 gets the name suggested for that speaker (similarity 0.99
 * here, the other speaker 0.61); JFK, a stranger, gets none.
 *
 * The tiny embedding model has random weights and cannot tell voices apart (its similarities
 * between different people reach 0.8), so its catalog entry here demands 0.97: the test checks
 * the plumbing from the engine to the chips, not how well voices are told apart, which
 * bench/speakers measures on real models.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingSchema, voiceProfileListSchema, type Meeting } from '@summy/core';
import { meetings } from '@summy/db';
import type { RunningServer } from '../src/server.ts';
import { testdataPath } from '../../../testdata/index.ts';
import { signUp, startTestServer, type Client } from './harness.ts';
import { waitProcessed } from './meetings.ts';
import { ffmpeg, JFK_WAV, postFile } from './recordings.ts';
import { installTinyModels, type TinyInstall } from './tiny-models.ts';

const AMI = testdataPath('audio', 'ami_es2004a_excerpt', 'ES2004a_750-810s.wav');
const EMBEDDING = 'tiny-speaker-embedding';

let tiny: TinyInstall;
let server: RunningServer;
let alice: Client;
let reencoded: string;

beforeAll(async () => {
  tiny = await installTinyModels({ install: ['tiny-nemo-ctc-en', EMBEDDING] });
  const catalog = JSON.parse(await readFile(tiny.catalogFile, 'utf8')) as { id: string }[];
  const strict = catalog.map((e) =>
    e.id === EMBEDDING ? { ...e, voiceMatch: { threshold: 0.97, margin: 0.01 } } : e,
  );
  await writeFile(tiny.catalogFile, JSON.stringify(strict));
  reencoded = path.join(os.tmpdir(), `summy-reencoded-${process.pid}.mp3`);
  await ffmpeg(['-i', AMI, '-c:a', 'libmp3lame', '-b:a', '48k', reencoded]);
  server = await startTestServer({
    STT_PROVIDER: 'local',
    SUMMY_MODELS_DIR: tiny.modelsDir,
    MODELS_CATALOG: tiny.catalogFile,
  });
  alice = await signUp(server, 'Alice');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await tiny?.remove();
});

async function upload(file: string, name: string): Promise<Meeting> {
  const res = await postFile(alice, '/api/meetings/upload', {
    bytes: await readFile(file),
    name,
    type: file.endsWith('.mp3') ? 'audio/mpeg' : 'audio/wav',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return meetingSchema.parse(await waitProcessed(alice, res.body.meetingId as string, 180_000));
}

describe('voice profiles from the local engine', () => {
  it('names a speaker, suggests the name on the same voices, and not on a stranger', async () => {
    const first = await upload(AMI, 'es2004a.wav');
    expect(first.transcription).toMatchObject({ provider: 'local' });
    const [row] = await server.database.db
      .select({ embeddings: meetings.speakerEmbeddings })
      .from(meetings)
      .where(eq(meetings.id, first.id));
    expect(row!.embeddings!.model).toBe(EMBEDDING);
    const labels = [...new Set(first.turnTimes.map((t) => t.speaker))];
    expect(row!.embeddings!.vectors).toHaveLength(Math.max(...labels) + 1);
    // The speaker with the most speech gets a name.
    const talk = new Map<number, number>();
    for (const t of first.turnTimes)
      talk.set(t.speaker, (talk.get(t.speaker) ?? 0) + t.end - t.start);
    const main = [...talk].sort((a, b) => b[1] - a[1])[0]![0];
    const label = `Speaker ${main + 1}`;
    expect(row!.embeddings!.vectors[main]).toHaveLength(32);

    const named = await alice.put(`/api/meetings/${first.id}/speakers`, {
      names: { [label]: 'Carol' },
    });
    expect(named.status).toBe(200);
    const { profiles } = voiceProfileListSchema.parse((await alice.get('/api/voices')).body);
    expect(profiles).toMatchObject([{ name: 'Carol', model: EMBEDDING, meetings: 1 }]);
    const clip = await fetch(new URL(profiles[0]!.sampleUrl!, server.url), {
      headers: { cookie: alice.cookie },
    });
    expect(clip.status).toBe(200);
    expect((await clip.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const again = await upload(reencoded, 'es2004a.mp3');
    const suggested = Object.entries(again.speakerSuggestions);
    expect(suggested).toHaveLength(1);
    expect(suggested[0]![1]).toMatchObject({ name: 'Carol' });
    expect(suggested[0]![1].similarity).toBeGreaterThanOrEqual(0.97);

    const stranger = await upload(JFK_WAV, 'jfk.wav');
    expect(stranger.speakerSuggestions).toEqual({});
  }, 600_000);
});
