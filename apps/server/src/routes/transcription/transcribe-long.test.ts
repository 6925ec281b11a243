/**
 * Direct transcription of long audio with the offline provider (6 minutes timed out after 120 s
 * with no hint): answered at once with the documented 'File too large for quick processing' and the
 * job route, from the audio's duration and the provider's speed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { ffmpeg, JFK_WAV } from '../../../test/recordings.ts';

let server: RunningServer;
let alice: Client;
let dir: string;
let sixMinutes: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'summy-long-'));
  const out = path.join(dir, 'six-minutes.wav');
  [server] = await Promise.all([
    startTestServer({ STT_PROVIDER: 'offline', DATA_DIR: dir }, { workers: false }),
    // jfk.wav looped to 6 minutes: 16 kHz mono WAV, 11.5 MB (under the 15 MB limit).
    ffmpeg(['-stream_loop', '-1', '-i', JFK_WAV, '-t', '360', '-c:a', 'pcm_s16le', out]),
  ]);
  alice = await signUp(server, 'Alice');
  sixMinutes = readFileSync(out);
});
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/transcribe with long audio offline', () => {
  it("answers 'File too large for quick processing' at once, naming the job route", async () => {
    expect(sixMinutes.length).toBeLessThan(15 * 1024 * 1024);
    const form = new FormData();
    form.append('audio', new Blob([sixMinutes], { type: 'audio/wav' }), 'long.wav');
    const started = Date.now();
    const res = await fetch(`${server.url}/api/transcribe`, {
      method: 'POST',
      headers: { cookie: alice.cookie, origin: alice.origin },
      body: form,
    });
    const body = (await res.json()) as { error: string; details: string };
    expect(res.status).toBe(413);
    expect(body.error).toBe('File too large for quick processing');
    expect(body.details).toMatch(/^6\.0 minutes of audio would take about \d+ s/);
    expect(body.details).toContain('120 s time-out');
    expect(body.details).toContain('POST /api/start');
    expect(body.details).toContain('GET /api/status?jobId=');
    // Before the time-out, not after it (the offline run alone would take minutes).
    expect(Date.now() - started).toBeLessThan(60_000);
    // The upload's temporary copy is gone: only this process's (empty) scratch folder remains.
    const left = readdirSync(path.join(dir, 'tmp'), { recursive: true, encoding: 'utf8' });
    expect(left.filter((f) => f.includes(path.sep))).toEqual([]);
  });
});
