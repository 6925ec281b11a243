/**
 * Durability: a server killed (SIGKILL) in the middle of processing a meeting finishes the job
 * after restart, with the audio that was stored before the crash; and a meeting whose save was
 * answered is there after a SIGKILL right after the answer (PGlite's WAL reaches the operating
 * system before a commit answers, whatever its fsync setting;
 * docs/decisions/012-embedded-database-memory-and-durability.md).
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDeepgramFake, type DeepgramFake } from '@summy/fakes/stt';
import { JFK_WAV, postFile } from './recordings.ts';
import { createPostgresDatabase, signUp, testDbKind } from './harness.ts';
import { waitProcessed } from './meetings.ts';
import { spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';
import { openEventStream } from './sse.ts';

const procs: SummyProcess[] = [];
let speech: DeepgramFake | undefined;
afterAll(async () => {
  for (const p of procs) await p.stop();
  await speech?.close();
});

/**
 * A Summy process over a new data folder (and, on PostgreSQL, a new database); its settings reopen
 * the same data. Its speech goes to the Deepgram fake, which holds every request until told to
 * answer: the job is then surely in the middle of its transcription when the test kills the
 * server, and no recogniser's CPU is spent on a recording the test kills (what PocketSphinx hears
 * is real-audio.audio.test.ts's subject).
 */
async function startFresh() {
  speech = await startDeepgramFake({ mode: 'hang' });
  const settings: Record<string, string> = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'summy-restart-')),
    AUTH_SECRET: 'restart-secret-restart-secret-restart-secret',
    STT_PROVIDER: 'deepgram',
    DEEPGRAM_API_KEY: speech.apiKey,
    DEEPGRAM_BASE_URL: speech.url,
  };
  if (testDbKind === 'postgres') settings.DATABASE_URL = await createPostgresDatabase();
  const first = await spawnSummy(settings, { migrated: true });
  procs.push(first);
  return { settings, first };
}

// One server killed once covers both: each spawn (a server's start, migrations, its health) costs
// seconds of CPU, twice over as the file runs on PGlite and on PostgreSQL.
describe('a server killed mid-job, right after a meeting is saved', () => {
  it('finishes the job and has the saved meeting after restart', { timeout: 480_000 }, async () => {
    const { settings, first } = await startFresh();
    await waitHealthy(first, 240_000);
    const alice = await signUp(first, 'Alice');
    const events = await openEventStream(first.url, alice.cookie);
    const res = await postFile(alice, '/api/meetings/upload', {
      bytes: await readFile(JFK_WAV),
      name: 'jfk.wav',
      type: 'audio/wav',
    });
    expect(res.status).toBe(201);
    const meetingId = res.body.meetingId as string;
    // Kill it once the job is running.
    for (let i = 0; i < 200 && !events.all.some((e) => e.event === 'progress'); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    events.close();
    expect(events.all.some((e) => e.event === 'progress' && e.data.label === 'Transcribing')).toBe(
      true,
    );
    const transcript = 'Alice: We ship on Friday.\n\nBob: I will write the release notes.';
    const saved = await alice.post('/api/meetings', {
      title: 'Saved before the crash',
      transcript,
    });
    // No pause: the kill follows the answer as closely as a test can.
    first.child.kill('SIGKILL');
    expect(saved.status).toBe(201);
    await first.exited;

    // The restarted server's request is answered, with jfk.wav's words.
    speech!.mode = 'ok';
    const second = await spawnSummy({ ...settings, PORT: String(new URL(first.url).port) });
    procs.push(second);
    await waitHealthy(second);
    // The session row was committed too: the same cookie still signs Alice in.
    const again = await alice.get(`/api/meetings/${saved.body.id as string}`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ title: 'Saved before the crash', transcript });
    const m = await waitProcessed(alice, meetingId, 90_000);
    expect(m.transcript).toContain('country');
    expect(m.audioUrl).toBeTruthy();
  });
});
