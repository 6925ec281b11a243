/**
 * Resumable uploads (tus 1.0.0) with the real tus-js-client 4.3.1 in Node against a real server:
 * a connection broken midway resumes from the server's offset and the stored audio is
 * byte-identical; the meeting id comes back in `Summy-Meeting-Id`; the upload rules hold.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import * as tusClient from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../auth.ts';
import { loadEnv } from '../env.ts';
import type { AppEnv } from '../http/context.ts';
import { handleError } from '../http/handle-error.ts';
import { requireSession, sameOriginWrites } from '../http/session.ts';
import type { RunningServer } from '../server.ts';
import { keyFromAudioUrl } from '../storage/types.ts';
import { signUp, startTestServer, TEST_ORIGIN, type Client } from '../../test/harness.ts';
import { AUDIO_DIR, processJobs, readObject, storedAudioUrlOf } from '../../test/recordings.ts';
import { MEETING_ID_HEADER, tusRoutes } from './tus-routes.ts';

// FileUrlStorage is exported at run time but missing from the package's type definitions.
const { Upload } = tusClient;
const FileUrlStorage = (
  tusClient as unknown as {
    FileUrlStorage: new (file: string) => NonNullable<tusClient.Upload['options']['urlStorage']>;
  }
).FileUrlStorage;

const AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
const sample = readFileSync(path.join(AUDIO_DIR, 'pyannote_sample/sample.wav'));
const CHUNK = 256 * 1024;

let server: RunningServer;
let dataDir: string;
let endpoint: string;
let sideServer: ServerType | undefined;
let alice: Client;
let bob: Client;

/**
 * `/api/uploads` of the test server. Until app.ts mounts `tusRoutes` (one line, requested from
 * the lead), the same wiring - origin guard, session, route module - is served over the test
 * server's database, auth secret and storage on a second port.
 */
async function uploadsEndpoint(): Promise<string> {
  const probe = await fetch(`${server.url}/api/uploads`, {
    method: 'OPTIONS',
    headers: { cookie: alice.cookie },
  });
  if (probe.status !== 404) return `${server.url}/api/uploads`;
  const env = loadEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET,
  });
  const auth = createAuth(env, server.database.db);
  const deps = { ...server, env, auth };
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError);
  const api = new OpenAPIHono<AppEnv>();
  api.use('*', sameOriginWrites([env.publicUrl]));
  api.use('*', requireSession(auth));
  api.route('/uploads', tusRoutes(deps));
  app.route('/api', api);
  sideServer = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  return `http://127.0.0.1:${(sideServer.address() as AddressInfo).port}/api/uploads`;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'summy-tus-'));
  // No job workers: these tests are about getting audio in, not processing it.
  server = await startTestServer({ DATA_DIR: dataDir, AUTH_SECRET }, { workers: false });
  [alice, bob] = await Promise.all([signUp(server, 'Alice'), signUp(server, 'Bob')]);
  endpoint = await uploadsEndpoint();
});
afterAll(async () => {
  await new Promise<void>((resolve) =>
    sideServer ? sideServer.close(() => resolve()) : resolve(),
  );
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A loopback TCP proxy to `target` that forwards the first `cutAfter` bytes from client to server
 * and then breaks both connections, once; after that it forwards everything.
 */
async function cuttingProxy(target: URL, cutAfter: number) {
  let forwarded = 0;
  let cut = false;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (data: Buffer) => {
      if (cut) return void upstream.write(data);
      const room = cutAfter - forwarded;
      forwarded += data.length;
      if (data.length < room) return void upstream.write(data);
      cut = true;
      upstream.end(data.subarray(0, room), () => {
        upstream.destroy();
        client.destroy();
      });
    });
    upstream.pipe(client);
    for (const s of [client, upstream]) {
      s.on('error', () => undefined);
      s.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    cut: () => cut,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

type Outcome =
  | { ok: true; meetingId: string | undefined; url: string | null }
  | { ok: false; status: number | undefined; body: string | undefined };

/** Runs an upload to its end (success or error). */
function run(upload: tusClient.Upload): Promise<Outcome> {
  return new Promise((resolve) => {
    upload.options.onSuccess = ({ lastResponse }) =>
      resolve({ ok: true, meetingId: lastResponse.getHeader(MEETING_ID_HEADER), url: upload.url });
    upload.options.onError = (err) => {
      const detailed = err as tusClient.DetailedError;
      resolve({
        ok: false,
        status: detailed.originalResponse?.getStatus(),
        body: detailed.originalResponse?.getBody(),
      });
    };
    upload.start();
  });
}

function options(client: Client, extra: Partial<tusClient.Upload['options']> = {}) {
  return {
    endpoint,
    chunkSize: CHUNK,
    retryDelays: null,
    headers: { cookie: client.cookie, origin: client.origin },
    ...extra,
  };
}

describe('tus resumable upload', () => {
  it('resumes after a connection broken midway and stores the exact bytes', async () => {
    const urlStore = path.join(dataDir, 'tus-client-urls.json');
    writeFileSync(urlStore, '{}');
    const metadata = { filename: 'sample.wav', filetype: 'audio/wav' };

    // First attempt, through a proxy that cuts the connection in the middle of the second
    // chunk's body: the server gets part of that PATCH and the client a network error.
    const proxy = await cuttingProxy(new URL(endpoint), CHUNK + 150 * 1024);
    const firstAttempt = await run(
      new Upload(
        sample,
        options(alice, {
          endpoint: proxy.url,
          metadata,
          urlStorage: new FileUrlStorage(urlStore),
        }),
      ),
    );
    expect(firstAttempt).toMatchObject({ ok: false, status: undefined });
    expect(proxy.cut()).toBe(true);
    const [stored] = await new FileUrlStorage(urlStore).findAllUploads();
    const uploadUrl = stored!.uploadUrl!.replace(proxy.url, endpoint);
    expect(uploadUrl).toMatch(/\/api\/uploads\/[0-9a-f]{32}$/);

    // The server kept the first chunk, and of the broken second PATCH what it wrote before the
    // break was noticed (tus may drop an unflushed tail); never the whole file. It may still be
    // finishing the broken PATCH when the client's error arrives: read the offset once settled.
    const headOffset = async () => {
      const head = await fetch(uploadUrl, {
        method: 'HEAD',
        headers: { cookie: alice.cookie, 'tus-resumable': '1.0.0' },
      });
      expect(head.status).toBe(200);
      expect(head.headers.get(MEETING_ID_HEADER)).toBeNull();
      return Number(head.headers.get('upload-offset'));
    };
    let kept = await headOffset();
    for (let previous = -1; kept !== previous;) {
      await new Promise((r) => setTimeout(r, 150));
      [previous, kept] = [kept, await headOffset()];
    }
    expect(kept).toBeGreaterThanOrEqual(CHUNK);
    expect(kept).toBeLessThanOrEqual(CHUNK + 150 * 1024);

    // Second attempt: a new client finds the upload by fingerprint and resumes from the offset.
    const offsets: number[] = [];
    const second = new Upload(
      sample,
      options(alice, {
        endpoint: proxy.url,
        metadata,
        urlStorage: new FileUrlStorage(urlStore),
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'PATCH') offsets.push(Number(req.getHeader('Upload-Offset')));
        },
      }),
    );
    const previous = await second.findPreviousUploads();
    expect(previous).toHaveLength(1);
    second.resumeFromPreviousUpload(previous[0]!);
    const done = await run(second);
    expect(done).toMatchObject({ ok: true, url: stored!.uploadUrl });
    expect(offsets[0]).toBe(kept);

    const meetingId = (done as { meetingId: string }).meetingId;
    expect(meetingId).toMatch(/^[0-9a-f-]{36}$/);
    const meeting = (await alice.get(`/api/meetings/${meetingId}`)).body;
    expect(meeting).toMatchObject({ title: 'sample', isProcessing: true });
    const key = keyFromAudioUrl(await storedAudioUrlOf(server, meetingId))!;
    expect(await readObject(server, key)).toEqual(sample);
    expect(await processJobs(server, meetingId)).toEqual([
      expect.objectContaining({
        audioKey: key,
        source: 'upload',
        fileName: 'sample.wav',
        mimeType: 'audio/wav',
      }),
    ]);

    // A client whose final answer was lost learns the meeting from HEAD.
    const after = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { cookie: alice.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe(String(sample.length));
    expect(after.headers.get(MEETING_ID_HEADER)).toBe(meetingId);
    // Nobody downloads through tus; audio is played through signed URLs.
    expect((await fetch(uploadUrl, { headers: { cookie: alice.cookie } })).status).toBe(404);
    // The bytes live in storage now; the partial-upload folder keeps no copy.
    expect(statSync(path.join(dataDir, 'uploads', uploadUrl.split('/').pop()!)).size).toBe(0);

    await proxy.close();

    // Another user cannot see or touch it.
    const foreign = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { cookie: bob.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses a PNG declared audio/wav when complete, with the documented words and no meeting', async () => {
    const user = await signUp(server, 'Png');
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(300_000),
    ]);
    const out = await run(
      new Upload(
        png,
        options(user, { metadata: { filename: 'photo.wav', filetype: 'audio/wav' } }),
      ),
    );
    expect(out).toMatchObject({ ok: false, status: 400 });
    expect(JSON.parse((out as { body: string }).body)).toEqual({
      error: 'Invalid file type',
      details: 'Please upload an audio or video file (MP3, WAV, M4A, MP4, WebM, etc.)',
    });
    expect((await user.get('/api/meetings')).body.items).toEqual([]);
    expect(existsSync(path.join(dataDir, 'storage/recordings', user.userId))).toBe(false);
  });

  it('keeps the channels metadata me,them and refuses another value before any byte', async () => {
    const done = await run(
      new Upload(
        sample,
        options(alice, {
          metadata: { filename: 'call.wav', filetype: 'audio/wav', channels: 'me,them' },
        }),
      ),
    );
    expect(done).toMatchObject({ ok: true });
    const meetingId = (done as { meetingId: string }).meetingId;
    expect((await alice.get(`/api/meetings/${meetingId}`)).body.channels).toEqual(['me', 'them']);

    const user = await signUp(server, 'Channels');
    const refused = await run(
      new Upload(
        sample,
        options(user, {
          metadata: { filename: 'call.wav', filetype: 'audio/wav', channels: 'left,right' },
        }),
      ),
    );
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(JSON.parse((refused as { body: string }).body)).toEqual({
      error: 'Invalid request',
      details: 'Field "channels" must be "me,them" (left channel me, right the call) or absent',
    });
    expect((await user.get('/api/meetings')).body.items).toEqual([]);
    expect(existsSync(path.join(dataDir, 'storage/recordings', user.userId))).toBe(false);
  });

  it('refuses a declared type not in the list before any byte is sent', async () => {
    const out = await run(
      new Upload(
        readFileSync(path.join(AUDIO_DIR, 'jfk/jfk.flac')),
        options(alice, { metadata: { filename: 'jfk.flac', filetype: 'audio/flac' } }),
      ),
    );
    expect(out).toMatchObject({ ok: false, status: 400 });
    expect(JSON.parse((out as { body: string }).body).error).toBe('Invalid file type');
  });

  it('refuses an Upload-Length over 100 MB with 413 at creation', async () => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        cookie: alice.cookie,
        origin: alice.origin,
        'tus-resumable': '1.0.0',
        'upload-length': String(100 * 1024 * 1024 + 1),
        'upload-metadata': `filename ${btoa('big.wav')},filetype ${btoa('audio/wav')}`,
      },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: 'File too large',
      details: 'Please upload a file smaller than 100MB',
    });
  });

  it("answers tus's own protocol errors as JSON {error, details}", async () => {
    const headers = { cookie: alice.cookie, origin: alice.origin };
    const created = await fetch(endpoint, {
      method: 'POST',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `filename ${btoa('a.wav')},filetype ${btoa('audio/wav')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, endpoint).href;
    const answers = [
      // No Tus-Resumable header: 412, answered before any hook.
      await fetch(endpoint, { method: 'POST', headers: { ...headers, 'upload-length': '10' } }),
      // A malformed header: 400, answered before any hook.
      await fetch(endpoint, {
        method: 'POST',
        headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-length': 'ten' },
      }),
      // Bytes at the wrong offset: 409.
      await fetch(url, {
        method: 'PATCH',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-offset': '500',
          'content-type': 'application/offset+octet-stream',
        },
        body: Buffer.alloc(10),
      }),
      // No Content-Type on PATCH: 403 (tus 1.0.0 says 415; @tus/server answers 403).
      await fetch(url, {
        method: 'PATCH',
        headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': '0' },
      }),
    ];
    const seen = [];
    for (const res of answers) {
      expect(res.headers.get('content-type')).toBe('application/json');
      seen.push({ status: res.status, body: await res.json() });
    }
    expect(seen).toEqual([
      { status: 412, body: { error: 'Tus-Resumable Required', details: 'HTTP 412' } },
      { status: 400, body: { error: 'Invalid upload-length', details: 'HTTP 400' } },
      { status: 409, body: { error: 'Upload-Offset conflict', details: 'HTTP 409' } },
      { status: 403, body: { error: 'Content-Type header required', details: 'HTTP 403' } },
    ]);
  });

  it('needs a session', async () => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(res.status).toBe(401);
  });
});
