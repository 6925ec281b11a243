/**
 * Memory check, not a timed test (server memory while receiving a 100 MB upload stays flat,
 * streamed). Opt-in, because it builds a 95 MB file:
 *
 *   SUMMY_MEMORY_CHECK=1 npx vitest run --project pglite apps/server/src/uploads/upload-memory.test.ts
 *
 * Builds a ~95 MB WAV by concatenating real clips with ffmpeg in os.tmpdir(), uploads it with
 * curl (a separate process, so the client's memory is not counted) to an in-process test server
 * and to `main.ts` started as its own process (as `npm start` runs it), samples RSS every 50 ms
 * and prints baseline, peak and growth. The only
 * assertion is the one that proves streaming: RSS grows by far less than the file's size.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server.ts';
import {
  createPostgresDatabase,
  signUp,
  startTestServer,
  testDbKind,
  type Client,
} from '../../test/harness.ts';
import { spawnSummy, waitHealthy } from '../../test/processes.ts';
import { AUDIO_DIR, ffmpeg } from '../../test/recordings.ts';

const MB = 1024 * 1024;
const enabled = Boolean(process.env.SUMMY_MEMORY_CHECK);

/** Uploads the file with curl while sampling `rss()` every 50 ms; prints and returns bytes. */
async function measure(
  label: string,
  rss: () => number,
  baseUrl: string,
  client: Client,
  size: number,
) {
  const baseline = rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 50);
  const started = Date.now();
  const { stdout } = await promisify(execFile)('curl', [
    ...['-sS', '-o', '-', '-w', '\\n%{http_code}'],
    ...['-H', `cookie: ${client.cookie}`, '-H', `origin: ${client.origin}`],
    ...['-F', `file=@${bigFile};type=audio/wav`],
    `${baseUrl}/api/meetings/upload`,
  ]);
  const elapsed = Date.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  const [body, status] = stdout.trim().split('\n');
  expect(status).toBe('201');
  expect(JSON.parse(body!)).toEqual({ meetingId: expect.any(String) });
  const growth = peak - baseline;
  console.log(
    `[memory] ${label} (${testDbKind}): upload ${(size / MB).toFixed(1)} MB in ${elapsed} ms; RSS baseline ${(baseline / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, growth ${(growth / MB).toFixed(1)} MB`,
  );
  return { baseline, peak, growth };
}

let bigFile = '';

describe.skipIf(!enabled)('upload memory', () => {
  let server: RunningServer;
  let client: Client;
  let tmp: string;
  let big: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'summy-memory-'));
    const clip = path.join(tmp, 'clip.wav');
    big = path.join(tmp, 'long-meeting.wav');
    // Real clips, all 16 kHz mono, joined once, then looped to 3110 s = 95 MB of 16-bit PCM.
    await ffmpeg([
      ...['-i', path.join(AUDIO_DIR, 'jfk/jfk.wav')],
      ...['-i', path.join(AUDIO_DIR, 'pyannote_sample/sample.wav')],
      ...['-i', path.join(AUDIO_DIR, 'ami_es2011a_clip/ES2011a.Headset-0-40s-46s.wav')],
      ...['-filter_complex', '[0:a][1:a][2:a]concat=n=3:v=0:a=1', '-ar', '16000', '-ac', '1', clip],
    ]);
    await ffmpeg(['-stream_loop', '-1', '-i', clip, '-t', '3110', '-c:a', 'pcm_s16le', big]);
    bigFile = big;
    server = await startTestServer({}, { workers: false });
    client = await signUp(server, 'Memory');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps RSS growth far below the upload size (in-process server)', async () => {
    const size = statSync(big).size;
    expect(size).toBeGreaterThan(94 * MB);
    expect(size).toBeLessThan(100 * MB);
    const rss = () => process.memoryUsage().rss;
    const { growth } = await measure('in-process', rss, server.url, client, size);
    expect(growth).toBeLessThan(size / 2);
  }, 120_000);

  it('keeps RSS growth far below the upload size (`main.ts` in its own process)', async () => {
    const proc = await spawnSummy(
      testDbKind === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {},
    );
    try {
      await waitHealthy(proc);
      const user = await signUp(proc, 'Memory');
      // VmRSS of /proc/{pid}/status is what process.memoryUsage().rss reports inside it.
      const rss = () => {
        const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.child.pid}/status`, 'utf8'));
        return Number(m?.[1] ?? 0) * 1024;
      };
      const size = statSync(big).size;
      const { growth } = await measure('main.ts process', rss, proc.url, user, size);
      expect(growth).toBeLessThan(size / 2);
    } finally {
      await proc.stop();
    }
  }, 120_000);
});
