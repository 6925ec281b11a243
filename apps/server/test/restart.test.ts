/**
 * Durability: a server killed (SIGKILL) in the middle of processing a meeting finishes the job
 * after restart, with the audio that was stored before the crash (DESIGN.md principle 3).
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JFK_WAV, postFile } from '../src/routes/recordings/test-helpers.ts';
import { createPostgresDatabase, signUp, testDbKind } from './harness.ts';
import { waitProcessed } from './meetings.ts';
import { spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';
import { openEventStream } from './sse.ts';

const procs: SummyProcess[] = [];
afterAll(async () => {
  for (const p of procs) await p.stop();
});

describe('a server killed mid-job', () => {
  it('finishes the job after restart', { timeout: 120_000 }, async () => {
    const settings: Record<string, string> = {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'summy-restart-')),
      AUTH_SECRET: 'restart-secret-restart-secret-restart-secret',
    };
    if (testDbKind === 'postgres') settings.DATABASE_URL = await createPostgresDatabase();
    const first = await spawnSummy(settings);
    procs.push(first);
    await waitHealthy(first);
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
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await spawnSummy({ ...settings, PORT: String(new URL(first.url).port) });
    procs.push(second);
    await waitHealthy(second);
    const m = await waitProcessed(alice, meetingId, 90_000);
    expect(m.transcript).toContain('country');
    expect(m.audioUrl).toBeTruthy();
  });
});
