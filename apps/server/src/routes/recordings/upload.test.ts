/**
 * `POST /api/meetings/upload` and signed-URL playback against a real server: real recordings in,
 * exact bytes out, the documented error strings, nothing stored when a file is refused.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server.ts';
import { stagingDir } from '../../storage/scratch.ts';
import { keyFromAudioUrl } from '../../storage/types.ts';
import { signUp, startTestServer, type Client } from '../../../test/harness.ts';
import {
  AUDIO_DIR,
  ffmpeg,
  JFK_WAV,
  postFile,
  processJobs,
  reachable,
  readObject,
  storedAudioUrlOf,
} from '../../../test/recordings.ts';

const INVALID_TYPE = {
  error: 'Invalid file type',
  details: 'Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
};
const TOO_LARGE = { error: 'File too large', details: 'Please upload a file smaller than 100MB' };
const MAX = 100 * 1024 * 1024;

const jfk = readFileSync(JFK_WAV);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: RunningServer;
let dataDir: string;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-upload-'));
  // No job workers: these tests are about getting audio in, not processing it.
  server = await startTestServer({ DATA_DIR: dataDir }, { workers: false });
  [alice, bob] = await Promise.all([signUp(server, 'Alice'), signUp(server, 'Bob')]);
});
afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Objects stored for a user, and files left in the staging folder. */
function storedFiles(userId: string) {
  const dir = path.join(dataDir, 'storage/recordings', userId);
  const staging = stagingDir(path.join(dataDir, 'storage'));
  return {
    objects: existsSync(dir) ? readdirSync(dir) : [],
    staged: existsSync(staging) ? readdirSync(staging) : [],
  };
}

/** A raw multipart request whose body the test writes itself, for the size limits. */
function rawUpload(client: Client, headers: Record<string, string | number>) {
  const url = new URL(client.baseUrl + '/api/meetings/upload');
  const boundary = 'summy-test-boundary';
  const req = http.request(url, {
    method: 'POST',
    headers: {
      cookie: client.cookie,
      origin: client.origin,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...headers,
    },
  });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        }),
      );
      res.on('error', reject);
    });
    // The server may close the connection once it has answered; that is expected.
    req.on('error', () => undefined);
  });
  return { req, head, response };
}

describe('upload', () => {
  it('stores a WAV file, creates the meeting (processing, fallback title) and enqueues processing', async () => {
    const res = await postFile(alice, '/api/meetings/upload', {
      bytes: jfk,
      name: 'jfk.wav',
      type: 'audio/wav',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ meetingId: expect.any(String) });
    const meetingId = res.body.meetingId as string;

    const meeting = (await alice.get(`/api/meetings/${meetingId}`)).body;
    expect(meeting).toMatchObject({ title: 'jfk', isProcessing: true, isRecording: false });
    // The column keeps the object's name, never a URL that would expire.
    const audioUrl = await storedAudioUrlOf(server, meetingId);
    expect(audioUrl).toMatch(new RegExp(`^recordings/${alice.userId}/\\d+-meeting-audio\\.wav$`));
    const key = keyFromAudioUrl(audioUrl)!;
    expect(await readObject(server, key)).toEqual(jfk);

    expect(await processJobs(server, meetingId)).toEqual([
      {
        meetingId,
        userId: alice.userId,
        audioKey: key,
        mimeType: 'audio/wav',
        source: 'upload',
        fileName: 'jfk.wav',
      },
    ]);
  });

  it('takes the title field when given', async () => {
    const res = await postFile(
      alice,
      '/api/meetings/upload',
      { bytes: jfk, name: 'recording.final.wav', type: 'audio/wav' },
      { title: '  Inaugural   address ' },
    );
    expect(res.status).toBe(201);
    expect((await alice.get(`/api/meetings/${res.body.meetingId}`)).body.title).toBe(
      'Inaugural address',
    );
  });

  it("keeps channels me,them as the meeting's two-channel layout", async () => {
    const res = await postFile(
      alice,
      '/api/meetings/upload',
      { bytes: jfk, name: 'call.wav', type: 'audio/wav' },
      { channels: 'me,them' },
    );
    expect(res.status).toBe(201);
    expect((await alice.get(`/api/meetings/${res.body.meetingId}`)).body.channels).toEqual([
      'me',
      'them',
    ]);
    const plain = await postFile(alice, '/api/meetings/upload', {
      bytes: jfk,
      name: 'jfk.wav',
      type: 'audio/wav',
    });
    expect((await alice.get(`/api/meetings/${plain.body.meetingId}`)).body.channels).toBeNull();
  });

  it('refuses another channels value before or after the file, storing nothing', async () => {
    // Bob uploads nothing else (and sign-ups are rate limited): his account must stay empty.
    const user = bob;
    for (const [value, first] of [
      ['them,me', true],
      ['stereo', false],
    ] as const) {
      const form = new FormData();
      if (first) form.append('channels', value);
      form.append('file', new Blob([jfk], { type: 'audio/wav' }), 'call.wav');
      if (!first) form.append('channels', value);
      const res = await fetch(`${server.url}/api/meetings/upload`, {
        method: 'POST',
        body: form,
        headers: { cookie: user.cookie, origin: user.origin },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'Invalid request',
        details: 'Field "channels" must be "me,them" (left channel me, right the call) or absent',
      });
      expect((await user.get('/api/meetings')).body.items).toEqual([]);
      expect(storedFiles(user.userId)).toEqual({ objects: [], staged: [] });
    }
  });

  it('accepts a video/mp4 file made from jfk.wav, checked by content', async () => {
    const out = path.join(dataDir, 'jfk.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=black:s=64x64:r=5', '-i', JFK_WAV],
      ...['-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', '-f', 'mp4', out],
    ]);
    const mp4 = readFileSync(out);
    const res = await postFile(alice, '/api/meetings/upload', {
      bytes: mp4,
      name: 'Team sync.mp4',
      type: 'video/mp4',
    });
    expect(res.status).toBe(201);
    const meeting = (await alice.get(`/api/meetings/${res.body.meetingId}`)).body;
    expect(meeting.title).toBe('Team sync');
    // mp4 audio is stored as .m4a.
    const audioUrl = await storedAudioUrlOf(server, res.body.meetingId);
    expect(audioUrl).toMatch(/-meeting-audio\.m4a$/);
    expect(await readObject(server, keyFromAudioUrl(audioUrl)!)).toEqual(mp4);
  });

  it.each([
    ['a PNG renamed .wav', png, 'photo.wav', 'audio/wav'],
    [
      'a text file renamed .wav',
      Buffer.from('Meeting notes\n'.repeat(100)),
      'notes.wav',
      'audio/wav',
    ],
    ['WAV bytes declared audio/mpeg', jfk, 'jfk.mp3', 'audio/mpeg'],
    [
      'FLAC, a type not in the list',
      readFileSync(path.join(AUDIO_DIR, 'jfk/jfk.flac')),
      'jfk.flac',
      'audio/flac',
    ],
    ['a text file declared text/plain', Buffer.from('hello'), 'notes.txt', 'text/plain'],
  ])('refuses %s with the documented words, storing nothing', async (_name, bytes, name, type) => {
    const user = await signUp(server, 'Refused');
    const res = await postFile(user, '/api/meetings/upload', { bytes, name, type });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TYPE);
    expect(`${res.body.error}: ${res.body.details}`).toBe(
      'Invalid file type: Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
    );
    expect((await user.get('/api/meetings')).body.items).toEqual([]);
    expect(storedFiles(user.userId)).toEqual({ objects: [], staged: [] });
  });

  it('refuses a declared Content-Length over 100 MB before reading the body', async () => {
    const user = await signUp(server, 'Big');
    const { req, head, response } = rawUpload(user, { 'content-length': MAX + 1024 * 1024 });
    // Send the part header and a little audio, then wait: the body is never completed.
    req.write(head);
    req.write(jfk.subarray(0, 4096));
    const res = await response;
    req.destroy();
    expect(res).toEqual({ status: 413, body: TOO_LARGE });
    expect(`${res.body.error}: ${res.body.details}`).toBe(
      'File too large: Please upload a file smaller than 100MB',
    );
    expect((await user.get('/api/meetings')).body.items).toEqual([]);
  });

  it('refuses a chunked upload by counting once it passes 100 MB, storing nothing', async () => {
    const user = await signUp(server, 'Chunked');
    const { req, head, response } = rawUpload(user, { 'transfer-encoding': 'chunked' });
    let answered = false;
    void response.then(() => (answered = true));
    req.write(head);
    req.write(jfk.subarray(0, 44)); // a real WAV header, so only the size can fail
    const block = Buffer.alloc(1024 * 1024);
    let sent = 44;
    while (!answered && sent <= MAX + 2 * block.length) {
      if (!req.write(block)) await new Promise((r) => req.once('drain', r));
      sent += block.length;
    }
    const res = await response;
    req.destroy();
    expect(res).toEqual({ status: 413, body: TOO_LARGE });
    expect(sent).toBeGreaterThan(MAX);
    expect((await user.get('/api/meetings')).body.items).toEqual([]);
    expect(storedFiles(user.userId)).toEqual({ objects: [], staged: [] });
  });

  it('stores nothing when the client disconnects midway', async () => {
    const user = await signUp(server, 'Gone');
    const { req, head } = rawUpload(user, { 'content-length': jfk.length + 1000 });
    req.write(head);
    req.write(jfk.subarray(0, 200_000));
    // The server is staging those bytes when the connection drops.
    await expect.poll(() => storedFiles(user.userId).staged.length, { timeout: 3000 }).toBe(1);
    req.destroy();
    await expect
      .poll(() => storedFiles(user.userId), { timeout: 3000 })
      .toEqual({ objects: [], staged: [] });
    expect((await user.get('/api/meetings')).body.items).toEqual([]);
  });

  it('answers 400 for a form without a file and 401 without a session', async () => {
    const form = new FormData();
    form.append('title', 'nothing');
    const res = await fetch(`${server.url}/api/meetings/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: alice.cookie, origin: alice.origin },
    });
    expect(res.status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/meetings/upload`, {
      method: 'POST',
      body: form,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('signed audio URL', () => {
  let meetingId: string;
  let key: string;

  beforeAll(async () => {
    const res = await postFile(alice, '/api/meetings/upload', {
      bytes: jfk,
      name: 'jfk.wav',
      type: 'audio/wav',
    });
    meetingId = res.body.meetingId;
    key = keyFromAudioUrl(await storedAudioUrlOf(server, meetingId))!;
  });

  it('plays back the exact bytes, with HEAD and Range for seeking', async () => {
    const before = Date.now();
    const res = await alice.get(`/api/meetings/${meetingId}/audio-url`);
    expect(res.status).toBe(200);
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt).toBeGreaterThan(before + 3590_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    const url = reachable(res.body.url, server);
    expect(new URL(url).pathname).toBe(`/api/storage/recordings/${key}`);

    // No cookie: the signature is the authorization.
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(jfk);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(jfk.length));

    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${jfk.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(jfk.subarray(1000, 2000));

    const tail = await fetch(url, { headers: { range: 'bytes=-100' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(jfk.subarray(jfk.length - 100));

    const open = await fetch(url, { headers: { range: `bytes=${jfk.length - 10}-` } });
    expect(Buffer.from(await open.arrayBuffer())).toEqual(jfk.subarray(jfk.length - 10));

    const beyond = await fetch(url, { headers: { range: `bytes=${jfk.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${jfk.length}`);
  });

  it('refuses a tampered or expired URL with 403', async () => {
    const url = new URL(
      reachable((await alice.get(`/api/meetings/${meetingId}/audio-url`)).body.url, server),
    );
    const forbidden = { error: 'Forbidden', details: 'Invalid or expired signature' };

    const sig = url.searchParams.get('signature')!;
    const tampered = new URL(url);
    tampered.searchParams.set('signature', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    const res = await fetch(tampered);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(forbidden);

    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await fetch(later)).status).toBe(403);

    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/\d+-meeting/, '1-meeting');
    expect((await fetch(otherKey)).status).toBe(403);

    const unsigned = new URL(url);
    unsigned.search = '';
    expect((await fetch(unsigned)).status).toBe(403);

    const expired = await fetch(reachable(await server.storage.signedUrl(key, -1), server));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual(forbidden);
  });

  it("answers 404 for another user's meeting and for a meeting without audio", async () => {
    expect((await bob.get(`/api/meetings/${meetingId}/audio-url`)).status).toBe(404);
    const empty = await alice.post('/api/meetings', { title: 'No audio yet' });
    expect((await alice.get(`/api/meetings/${empty.body.id}/audio-url`)).status).toBe(404);
  });
});
