/**
 * Transcription worker endpoints on a real server with the Deepgram fake configured
 * (DEEPGRAM_API_KEY + DEEPGRAM_BASE_URL): direct POST /api/transcribe with the JFK recording, each
 * provider failure in the documented words, the 15 MB limit, and the async POST /api/start +
 * GET /api/status flow over real storage and pg-boss.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import { startDeepgramFake, type DeepgramFake } from '@summy/fakes/stt';
import type { RunningServer } from '../../server.ts';
import { speechToTextAnswerSchema } from '../../services/transcription/speech-to-text-answer.ts';
import { testdataPath } from '../../../../../testdata/index.ts';

const JFK = testdataPath('audio', 'jfk', 'jfk.wav');
const TIMEOUT_MS = 1500;

let fake: DeepgramFake;
let server: RunningServer;
let alice: Client;
let bob: Client;
let jfk: Buffer;

beforeAll(async () => {
  fake = await startDeepgramFake({ apiKey: 'dg-test-key' });
  server = await startTestServer({
    DEEPGRAM_API_KEY: 'dg-test-key',
    DEEPGRAM_BASE_URL: fake.url,
    STT_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  alice = await signUp(server, 'Alice');
  bob = await signUp(server, 'Bob');
  jfk = await readFile(JFK);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
afterEach(() => {
  fake.mode = 'ok';
});

/** POSTs multipart to /api/transcribe like the browser does. */
async function transcribe(client: Client, form: FormData) {
  const res = await fetch(`${server.url}/api/transcribe`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: client.origin },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

function audioForm(bytes: Uint8Array, type = 'audio/wav', name = 'jfk.wav') {
  const form = new FormData();
  form.append('audio', new Blob([bytes], { type }), name);
  return form;
}

describe('POST /api/transcribe', () => {
  it("answers the documented speech-to-text shape with the provider's words", async () => {
    const before = fake.requests.length;
    const res = await transcribe(alice, audioForm(jfk));
    expect(res.status).toBe(200);
    const answer = speechToTextAnswerSchema.parse(res.body);
    const alt = answer.results.channels[0]!.alternatives[0]!;
    expect(alt.transcript).toBe(
      'And so, my fellow Americans, ask not what your country can do for you, ask what you can do for your country.',
    );
    expect(alt.words.map((w) => [w.word, w.start, w.end, w.speaker])).toEqual(
      fake.script.words.map((w) => [w.punctuated, w.start, w.end, w.speaker]),
    );
    expect(answer.metadata.duration).toBe(11);
    expect(answer.results.summary).toEqual({ result: 'success', short: fake.script.summary });
    expect(answer.results.utterances.map((u) => u.speaker)).toEqual([0, 1]);
    expect(answer.results.topics.segments[0]!.topics.map((t) => t.topic)).toEqual([
      'Patriotism',
      'Civic duty',
    ]);
    expect(answer.results.intents.segments[0]!.intents[0]!.intent).toBe('Encourage public service');
    expect(answer.results.sentiments?.average).toEqual({
      sentiment: 'positive',
      sentiment_score: 0.42,
    });
    // The whole file reached the provider, once.
    expect(fake.requests.length).toBe(before + 1);
    expect(fake.requests.at(-1)!.bytes).toBe(jfk.length);
  });

  it("answers 401 'Invalid Deepgram API key' when Deepgram rejects the key", async () => {
    fake.mode = 'unauthorized';
    const res = await transcribe(alice, audioForm(jfk));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid Deepgram API key');
    expect(typeof res.body.details).toBe('string');
  });

  it("answers 429 'Rate limit exceeded' when Deepgram rate-limits", async () => {
    fake.mode = 'rate_limited';
    const res = await transcribe(alice, audioForm(jfk));
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: 'Rate limit exceeded',
      details: 'Too many requests. Please try again later.',
    });
  });

  it("answers 'Processing timeout' when the provider does not answer in STT_TIMEOUT_MS", async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const res = await transcribe(alice, audioForm(jfk));
    expect(res.status).toBe(504);
    expect(res.body.error).toBe('Processing timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it("answers 'Deepgram transcription failed' for other provider errors", async () => {
    fake.mode = 'error';
    const res = await transcribe(alice, audioForm(jfk));
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: 'Transcription failed',
      details: 'Deepgram transcription failed',
    });
  });

  it("answers 413 'File too large for quick processing' above 15 MB, without calling the provider", async () => {
    const before = fake.requests.length;
    const big = new Uint8Array(16 * 1024 * 1024);
    big.set(jfk.subarray(0, 44)); // a WAV header, so only the size is wrong
    const res = await transcribe(alice, audioForm(big));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('File too large for quick processing');
    expect(res.body.details).toMatch(/under 15 MB/);
    expect(fake.requests.length).toBe(before);
  });

  it('answers 400 without an audio field, and 401 without a session', async () => {
    const form = new FormData();
    form.append('file', new Blob([jfk], { type: 'audio/wav' }), 'jfk.wav');
    const missing = await transcribe(alice, form);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toMatch(/'audio'/);

    const res = await fetch(`${server.url}/api/transcribe`, {
      method: 'POST',
      headers: { origin: alice.origin },
      body: audioForm(jfk),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('User not authenticated');
  });
});

describe('POST /api/start and GET /api/status', () => {
  let n = 0;
  async function storeJfk(owner: Client): Promise<string> {
    const key = `${owner.userId}/${Date.now()}${n++}-meeting-audio.wav`;
    await server.storage.put(key, createReadStream(JFK), 'audio/wav');
    return server.storage.signedUrl(key);
  }

  async function pollUntilSettled(client: Client, jobId: string) {
    const deadline = Date.now() + 25_000;
    const seen: string[] = [];
    for (;;) {
      const res = await client.get(`/api/status?jobId=${jobId}`);
      expect(res.status).toBe(200);
      seen.push(res.body.status);
      if (res.body.status === 'done' || res.body.status === 'error') return { ...res, seen };
      if (Date.now() > deadline) throw new Error(`job still ${res.body.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it("runs a durable job whose status ends 'done' with the documented result", async () => {
    const fileUrl = await storeJfk(alice);
    const start = await alice.post('/api/start', { fileUrl, language: 'en', model: 'nova-3' });
    expect(start.status).toBe(200);
    expect(start.body.jobId).toMatch(/^[0-9a-f-]{36}$/);

    const settled = await pollUntilSettled(alice, start.body.jobId);
    expect(settled.body.status).toBe('done');
    expect(settled.seen.every((s) => ['queued', 'processing', 'done'].includes(s))).toBe(true);
    const answer = speechToTextAnswerSchema.parse(settled.body.result);
    expect(answer.results.channels[0]!.alternatives[0]!.words).toHaveLength(
      fake.script.words.length,
    );
    expect(answer.metadata.duration).toBe(11);
    expect(fake.requests.at(-1)!.bytes).toBe(jfk.length);

    // Another user cannot see it; an unknown id is not found either.
    expect((await bob.get(`/api/status?jobId=${start.body.jobId}`)).status).toBe(404);
    expect((await alice.get('/api/status?jobId=00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await alice.get('/api/status?jobId=not-a-job')).status).toBe(404);
  });

  it('leaves out the analyses a job did not ask for', async () => {
    const fileUrl = await storeJfk(alice);
    const start = await alice.post('/api/start', {
      fileUrl,
      summarize: false,
      topics: false,
      diarize: false,
    });
    const settled = await pollUntilSettled(alice, start.body.jobId);
    expect(settled.body.status).toBe('done');
    expect(settled.body.result.results.summary).toBeNull();
    expect(settled.body.result.results.topics.segments).toEqual([]);
    const speakers = settled.body.result.results.channels[0].alternatives[0].words.map(
      (w: { speaker: number }) => w.speaker,
    );
    expect(new Set(speakers)).toEqual(new Set([0]));
    expect(settled.body.result.results.intents.segments).toHaveLength(1);
  });

  it("reports 'error' with 'Job failed' and the provider's message when the job fails", async () => {
    fake.mode = 'unauthorized';
    const fileUrl = await storeJfk(alice);
    const start = await alice.post('/api/start', { fileUrl });
    expect(start.status).toBe(200);
    const settled = await pollUntilSettled(alice, start.body.jobId);
    expect(settled.body).toMatchObject({ status: 'error', error: 'Job failed' });
    expect(settled.body.details).toMatch(/^Invalid Deepgram API key/);
  });

  it("refuses URLs that are not signed URLs of the user's own recordings (no fetch)", async () => {
    const own = await storeJfk(alice);
    const bobs = await storeJfk(bob);
    const before = fake.requests.length;
    const refused = [
      bobs, // another user's recording, validly signed
      own.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43)), // forged signature
      own.replace(/expires=\d+/, 'expires=1'), // expired
      'http://169.254.169.254/latest/meta-data/', // SSRF bait
      `http://127.0.0.1:${new URL(fake.url).port}/v1/listen`,
      own.replace('/api/storage/recordings/', '/api/storage/recordings/..%2F'),
      'not a url',
    ];
    for (const fileUrl of refused) {
      const res = await alice.post('/api/start', { fileUrl });
      expect(res.status, fileUrl).toBe(400);
      expect(res.body.error).toBe('Invalid request');
    }
    expect(fake.requests.length).toBe(before);

    // A well-formed own key that is not stored: 404.
    const key = `${alice.userId}/1-meeting-audio.wav`;
    const missing = await server.storage.signedUrl(key);
    expect((await alice.post('/api/start', { fileUrl: missing })).status).toBe(404);
  });
});
