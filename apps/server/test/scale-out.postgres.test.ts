/**
 * Summy on several processes: two web processes (SUMMY_ROLE=web) and two workers
 * (SUMMY_ROLE=worker) on one PostgreSQL, recordings in the S3 fake, speech to text by the Deepgram
 * fake. Twenty tus uploads, each resumed on the other web process half way, are processed once
 * each; a browser's event stream on one web process sees what is caused through the other; a
 * worker killed with SIGKILL mid-transcription leaves its job to the other; a web process
 * restarted under an open stream and a half-sent upload loses neither. docs/self-hosting.md#scaling-out.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDeepgramFake, type DeepgramFake } from '@summy/fakes/stt';
import { startFakeS3, type FakeS3 } from '@summy/fakes/s3';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, signUp, type Client } from './harness.ts';
import { HEALTHY_TIMEOUT_MS, spawnSummy, waitHealthy, type SummyProcess } from './processes.ts';
import { JFK_WAV, postFile } from './recordings.ts';

const audio = readFileSync(JFK_WAV);
const UPLOADS = 20;

let s3: FakeS3;
let deepgram: DeepgramFake;
let web: [SummyProcess, SummyProcess];
let workers: SummyProcess[];
let shared: Record<string, string>;
let webDataDir: string;
let browser: Browser;
let alice: Client;

/** Starts a process of `role` with the shared settings; web processes share one DATA_DIR. */
async function start(role: 'web' | 'worker', port?: string): Promise<SummyProcess> {
  const proc = await spawnSummy({
    ...shared,
    SUMMY_ROLE: role,
    ...(role === 'web' ? { DATA_DIR: webDataDir } : {}),
    ...(port ? { PORT: port } : {}),
  });
  await waitHealthy(proc);
  return proc;
}

beforeAll(
  async () => {
    [s3, deepgram] = await Promise.all([startFakeS3(), startDeepgramFake()]);
    webDataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-web-'));
    shared = {
      DATABASE_URL: await createPostgresDatabase(),
      AUTH_SECRET: 'scale-out-secret-scale-out-secret-scale',
      S3_BUCKET: 'summy',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      STT_PROVIDER: 'deepgram',
      DEEPGRAM_API_KEY: deepgram.apiKey,
      DEEPGRAM_BASE_URL: deepgram.url,
      LOG_LEVEL: 'info',
    };
    const first = await start('web');
    // Behind a load balancer every web process has the one public URL.
    shared.PUBLIC_URL = first.origin;
    // The first process has migrated the database: the other three start side by side.
    const [second, ...rest] = await Promise.all([start('web'), start('worker'), start('worker')]);
    web = [first, second!];
    workers = rest;
    alice = await signUp(web[0], 'Alice');
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    // Two health waits one after the other (the first process, then the other three).
  },
  2 * HEALTHY_TIMEOUT_MS + 60_000,
);
afterAll(async () => {
  await browser?.close();
  await Promise.all([...(web ?? []), ...(workers ?? [])].map((p) => p?.stop()));
  await s3?.close();
  await deepgram?.close();
});

/** A browser page on `proc`'s origin holding Alice's session, with an EventSource on /api/events. */
async function browserStream(proc: SummyProcess): Promise<Page> {
  const context = await browser.newContext();
  const [name, value] = alice.cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: proc.url }]);
  const page = await context.newPage();
  await page.goto(`${proc.url}/api/health`);
  await page.evaluate(() => {
    // Runs in the page (no DOM types in the test's compiler options).
    const w = globalThis as any;
    w.changes = [];
    w.opens = 0;
    const source = new w.EventSource('/api/events');
    source.addEventListener('ready', () => (w.opens += 1));
    source.addEventListener('change', (e: { data: string }) => w.changes.push(JSON.parse(e.data)));
  });
  await expect
    .poll(() => page.evaluate(() => (globalThis as any).opens), { timeout: 10_000 })
    .toBe(1);
  return page;
}

const changesOf = (page: Page) =>
  page.evaluate(() => (globalThis as any).changes as { table: string; op: string; id: string }[]);

/** Starts a tus upload of `bytes` on `proc` (POST), returning its path. */
async function createUpload(proc: SummyProcess, title: string, size: number): Promise<string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const res = await fetch(`${proc.url}/api/uploads`, {
    method: 'POST',
    headers: {
      cookie: alice.cookie,
      origin: shared.PUBLIC_URL!,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${b64('jfk.wav')},filetype ${b64('audio/wav')},title ${b64(title)}`,
    },
  });
  expect(res.status).toBe(201);
  return new URL(res.headers.get('location')!, proc.url).pathname;
}

/** Sends `bytes` at `offset` (PATCH); resolves with the meeting id once the upload is whole. */
async function sendPart(proc: SummyProcess, upload: string, offset: number, bytes: Buffer) {
  const res = await fetch(`${proc.url}${upload}`, {
    method: 'PATCH',
    headers: {
      cookie: alice.cookie,
      origin: shared.PUBLIC_URL!,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  expect(res.status).toBe(204);
  return res.headers.get('summy-meeting-id');
}

/** The upload's offset as `proc` sees it (HEAD). */
async function offsetOn(proc: SummyProcess, upload: string): Promise<number> {
  const res = await fetch(`${proc.url}${upload}`, {
    method: 'HEAD',
    headers: { cookie: alice.cookie, 'tus-resumable': '1.0.0' },
  });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

/** Alice's meeting as a web process answers it. */
async function meetingOn(proc: SummyProcess, id: string) {
  const res = await fetch(`${proc.url}/api/meetings/${id}`, { headers: { cookie: alice.cookie } });
  return (await res.json()) as { isProcessing: boolean; transcript: string | null };
}

async function waitReady(proc: SummyProcess, ids: string[], timeoutMs: number) {
  await expect
    .poll(
      async () => {
        const meetings = await Promise.all(ids.map((id) => meetingOn(proc, id)));
        // Done, with the fake's transcript (JFK's inaugural address).
        return ids.filter(
          (_, i) => meetings[i]!.isProcessing || !/ask not/i.test(meetings[i]!.transcript ?? ''),
        );
      },
      { timeout: timeoutMs, interval: 500 },
    )
    .toEqual([]);
}

describe('two web and two worker processes on one PostgreSQL', () => {
  it('web processes work no job; workers answer only health and metrics', async () => {
    for (const proc of web) {
      const health = await (await fetch(`${proc.url}/api/health`)).json();
      expect(health).toMatchObject({ status: 'ok', role: 'web', jobs: { working: [] } });
    }
    for (const proc of workers) {
      const health: any = await (await fetch(`${proc.url}/api/health`)).json();
      expect(health.role).toBe('worker');
      expect(health.jobs.working).toEqual(expect.arrayContaining(['meeting.process']));
      for (const route of ['/api/config', '/api/meetings', '/', '/api/auth/get-session']) {
        expect((await fetch(`${proc.url}${route}`)).status).toBe(404);
      }
    }
  });

  it('processes 20 uploads resumed on the other web process exactly once, streamed across processes', async () => {
    const page = await browserStream(web[0]);
    const half = Math.floor(audio.length / 2);
    const before = deepgram.requests.length;
    const ids = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        // Half through one web process, the rest through the other, as a balancer may route.
        const [a, b] = i % 2 === 0 ? [web[0], web[1]] : [web[1], web[0]];
        const upload = await createUpload(a, `Upload ${i + 1}`, audio.length);
        expect(await sendPart(a, upload, 0, audio.subarray(0, half))).toBeNull();
        expect(await offsetOn(b, upload)).toBe(half);
        const id = await sendPart(b, upload, half, audio.subarray(half));
        expect(id).toMatch(/^[\w-]+$/);
        return id!;
      }),
    );
    expect(new Set(ids).size).toBe(UPLOADS);
    await waitReady(web[1], ids, 180_000);
    // Each recording was transcribed once: one speech-to-text request per meeting.
    expect(deepgram.requests.length - before).toBe(UPLOADS);
    // The stream on web process one saw every meeting created, half of them through process two,
    // and their processing by the workers.
    await expect
      .poll(async () => {
        const changes = await changesOf(page);
        return ids.filter((id) => !changes.some((c) => c.table === 'meetings' && c.id === id));
      })
      .toEqual([]);
    await page.context().close();
  }, 240_000);

  it('a worker killed mid-transcription leaves the job to the other worker', async () => {
    // One worker only, so the job lands on it; the second starts once the job is under way.
    const [doomed, second] = workers;
    await second!.stop();
    deepgram.mode = 'hang';
    const before = deepgram.requests.length;
    const res = await postFile(alice, '/api/meetings/upload', {
      bytes: audio,
      name: 'killed.wav',
      type: 'audio/wav',
    });
    expect(res.status).toBe(201);
    await expect.poll(() => deepgram.requests.length, { timeout: 60_000 }).toBe(before + 1);
    const replacement = await start('worker');
    doomed!.child.kill('SIGKILL');
    await doomed!.exited;
    deepgram.mode = 'ok';
    workers = [replacement];
    await waitReady(web[0], [res.body.meetingId], 120_000);
    expect(deepgram.requests.length).toBe(before + 2);
  }, 240_000);

  it('a web process restarted under an open stream and a half-sent upload loses neither', async () => {
    const page = await browserStream(web[0]);
    const half = Math.floor(audio.length / 2);
    const upload = await createUpload(web[0], 'Across a restart', audio.length);
    await sendPart(web[0], upload, 0, audio.subarray(0, half));
    const port = new URL(web[0].url).port;
    await web[0].stop();
    web[0] = await start('web', port);
    // The browser's EventSource reconnects by itself to the restarted process.
    await expect
      .poll(() => page.evaluate(() => (globalThis as any).opens), { timeout: 30_000 })
      .toBe(2);
    expect(await offsetOn(web[0], upload)).toBe(half);
    const id = (await sendPart(web[0], upload, half, audio.subarray(half)))!;
    await waitReady(web[0], [id], 120_000);
    await expect
      .poll(async () => (await changesOf(page)).some((c) => c.table === 'meetings' && c.id === id))
      .toBe(true);
    await page.context().close();
  }, 240_000);
});
