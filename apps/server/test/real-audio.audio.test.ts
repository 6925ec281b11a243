/**
 * Real recordings through the public API with the offline providers and no configuration
 * (PocketSphinx, Summy's diarization, the extractive summarizer): the zero-configuration promise.
 * Runs once, on PGlite (the embedded default); the pipeline itself is covered on both databases
 * by src/pipeline/pipeline.test.ts. The two-speaker pyannote sample is not uploaded here: its
 * speakers are checked against the reference by the offline provider's test, and through an
 * upload in the browser by e2e/tests/upload.spec.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, ffmpeg, JFK_WAV, postFile } from './recordings.ts';
import type { RunningServer } from '../src/server.ts';
import { signUp, startTestServer, type Client } from './harness.ts';
import { waitProcessed } from './meetings.ts';
import { openEventStream } from './sse.ts';

let server: RunningServer;
let alice: Client;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'summy-real-audio-'));

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server, 'Alice');
});
afterAll(() => server?.close());

async function uploadFile(file: string, type: string, name = path.basename(file)) {
  return postFile(alice, '/api/meetings/upload', { bytes: await readFile(file), name, type });
}

async function processed(file: string, type: string) {
  const res = await uploadFile(file, type);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return waitProcessed(alice, res.body.meetingId, 120_000);
}

function speakersOf(transcript: string | null): Set<string> {
  return new Set([...(transcript ?? '').matchAll(/^(Speaker \d+):/gm)].map((m) => m[1]!));
}

// Each test waits up to 120 s for the pipeline (waitProcessed); the default 30 s test timeout
// cut a loaded machine's run of an 11 s recording short.
describe('real recordings, offline providers', { timeout: 120_000 }, () => {
  it('jfk.wav becomes a meeting with transcript, title, summary with topics', async () => {
    const m = await processed(JFK_WAV, 'audio/wav');
    expect(m.transcript).toContain('country');
    expect(speakersOf(m.transcript).size).toBe(1);
    expect(m.title.length).toBeGreaterThan(0);
    expect(m.title.length).toBeLessThanOrEqual(50);
    expect(m.summary).toMatch(/^## /m);
    expect(m.topics.length).toBeGreaterThan(0);
    expect(m.duration).toBeCloseTo(11 / 60, 1);
  });

  it('the AMI clip is transcribed', async () => {
    const m = await processed(
      path.join(AUDIO_DIR, 'ami_es2011a_clip/ES2011a.Headset-0-40s-46s.wav'),
      'audio/wav',
    );
    expect((m.transcript ?? '').length).toBeGreaterThan(5);
  });

  it('a video/mp4 made from a real clip by ffmpeg', async () => {
    const mp4 = path.join(tmp, 'jfk.mp4');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=160x120:d=11',
      '-i',
      JFK_WAV,
      '-shortest',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
      mp4,
    ]);
    const m = await processed(mp4, 'video/mp4');
    expect(m.transcript).toContain('country');
  });

  it('a file with no speech is saved with "No speech detected"', async () => {
    const silence = path.join(tmp, 'silence.wav');
    await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '5', silence]);
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const m = await processed(silence, 'audio/wav');
      expect(m.transcript).toBe('');
      expect((await events.notice())?.description).toContain('No speech detected');
      expect((await alice.get(`/api/meetings/${m.id}/audio-url`)).status).toBe(200);
    } finally {
      events.close();
    }
  });

  it('a renamed non-audio file is rejected and nothing is saved', async () => {
    const fake = path.join(tmp, 'notes.wav');
    await writeFile(fake, 'These are meeting notes, not audio.\n'.repeat(100));
    const before = (await alice.get('/api/meetings')).body.items.length;
    const res = await uploadFile(fake, 'audio/wav');
    expect(res.status).toBe(400);
    expect(`${res.body.error}: ${res.body.details}`).toBe(
      'Invalid file type: Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
    );
    expect((await alice.get('/api/meetings')).body.items.length).toBe(before);
  });

  it('a truncated file fails with a clear notice and keeps its audio', async () => {
    const bytes = await readFile(JFK_WAV);
    const cut = path.join(tmp, 'cut.wav');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 3)));
    const events = await openEventStream(server.url, alice.cookie);
    try {
      const m = await processed(cut, 'audio/wav');
      expect(m.transcript).toBeNull();
      const notice = await events.notice();
      expect(notice).toMatchObject({
        title: 'Upload failed',
        description: 'Failed to process the uploaded file',
      });
      expect(notice.details).toMatch(/truncated/i);
      const [row] = await server.database.query<{
        summary_data: { processingError: { details: string } };
      }>('select summary_data from meetings where id = $1', [m.id]);
      expect(row!.summary_data.processingError.details).toMatch(/truncated/i);
      const audio = await alice.get(`/api/meetings/${m.id}/audio-url`);
      expect(audio.status).toBe(200);
    } finally {
      events.close();
    }
  });
});

describe('summy import (CLI)', () => {
  it('imports jfk.flac (transcoded losslessly) and prints id, title and duration', async () => {
    // The CLI opens the database itself; PGlite allows one process, so it gets its own folder.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' };
    const cli = path.resolve(import.meta.dirname, '../src/cli/summy.ts');
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
        env,
        timeout: 120_000,
      });
    // No such user yet: a clear error.
    await expect(
      run(['import', path.join(AUDIO_DIR, 'jfk/jfk.flac'), '--user', 'cli@example.com']),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('No user with email cli@example.com'),
    });
    const { openDatabase } = await import('@summy/db');
    // Closed whatever happens: a PGlite thread left open outlives the file (and fails it).
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await db.migrate();
      await db.query(
        `insert into "user" (id, name, email) values ('cli-user', 'CLI', 'cli@example.com')`,
      );
    } finally {
      await db.close();
    }
    const { stdout } = await run([
      'import',
      path.join(AUDIO_DIR, 'jfk/jfk.flac'),
      '--user',
      'cli@example.com',
    ]);
    // stdout is the command's output only: the services' JSON log lines go to stderr.
    expect(stdout).not.toMatch(/^\{/m);
    const line = stdout.trim().split('\n').pop()!;
    expect(line).toMatch(/^[0-9a-f-]{36} {2}.+ {2}0:11 {2}\(.*jfk\.flac\)$/);
    const check = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const [row] = await check
      .query<{ transcript: string; audio_url: string }>(
        'select transcript, audio_url from meetings',
      )
      .finally(() => check.close());
    expect(row!.transcript).toContain('country');
    expect(row!.audio_url).toMatch(/\.wav$/);
    // Two CLI runs and two opens of a new PGlite folder, the first with initdb in a child process
    // (decision 012); each CLI run has its own 120 s limit above.
  }, 240_000);
});
