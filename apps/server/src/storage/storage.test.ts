/**
 * One contract for both storage backends: local disk, and S3 against a loopback fake speaking the
 * S3 wire format. Database-independent, so it runs in the PGlite project only.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/harness.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import { stagingDir } from './scratch.ts';
import { createUrlSigner } from './signing.ts';
import { startFakeS3, type FakeS3 } from '@summy/fakes/s3';
import { ObjectExistsError, ObjectNotFoundError, uniqueAudioKey, type Storage } from './types.ts';
import { testdataPath } from '../../../../testdata/index.ts';

const jfk = readFileSync(testdataPath('audio', 'jfk', 'jfk.wav'));

/** A stream that yields some bytes and then fails, like a client that disconnects. */
function failingStream(bytes: Buffer): Readable {
  return new Readable({
    read() {
      this.push(bytes);
      this.destroy(new Error('client went away'));
    },
  });
}

let fakeS3: FakeS3;
const tmpDirs: string[] = [];
const backends: Record<string, () => { storage: Storage; dir: string }> = {
  local: () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-storage-'));
    tmpDirs.push(dir);
    return {
      dir,
      storage: createLocalStorage({
        root: dir,
        publicUrl: 'http://summy.test',
        signer: createUrlSigner('secret-secret-secret-secret-secret'),
      }),
    };
  },
  s3: () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'summy-s3tmp-'));
    tmpDirs.push(dir);
    return {
      dir,
      storage: createS3Storage({
        tmpDir: dir,
        s3: {
          bucket: 'summy',
          region: 'us-east-1',
          endpoint: fakeS3.endpoint,
          accessKeyId: 'AKIAFAKE',
          secretAccessKey: 'fake-secret',
          forcePathStyle: true,
        },
      }),
    };
  },
};

beforeAll(async () => {
  fakeS3 = await startFakeS3();
});
afterAll(async () => {
  await fakeS3?.close();
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(testDbKind !== 'pglite').each(Object.keys(backends))('%s storage', (kind) => {
  let storage: Storage;
  let dir: string;
  beforeAll(() => {
    ({ storage, dir } = backends[kind]!());
  });
  const key = () => uniqueAudioKey('user1', 'audio/wav');

  it('stores a stream of unknown length and reads it back, whole and by range', async () => {
    const k = key();
    const stored = await storage.put(
      k,
      Readable.from([jfk.subarray(0, 1000), jfk.subarray(1000)]),
      'audio/wav',
    );
    expect(stored).toMatchObject({ key: k, size: jfk.length });
    expect(await storage.stat(k)).toMatchObject({ size: jfk.length, contentType: 'audio/wav' });
    expect(Buffer.concat(await (await storage.read(k)).toArray())).toEqual(jfk);
    const part = Buffer.concat(await (await storage.read(k, { start: 44, end: 1043 })).toArray());
    expect(part).toEqual(jfk.subarray(44, 1044));
    await storage.withLocalFile(k, async (file) => {
      expect(readFileSync(file)).toEqual(jfk);
    });
  });

  it('streams a body of known length', async () => {
    const k = key();
    await storage.put(k, Readable.from([jfk]), 'audio/wav', { size: jfk.length });
    expect((await storage.stat(k))?.size).toBe(jfk.length);
  });

  it('never overwrites an existing object', async () => {
    const k = key();
    await storage.put(k, Readable.from([jfk]), 'audio/wav');
    await expect(
      storage.put(k, Readable.from([Buffer.from('other')]), 'audio/wav'),
    ).rejects.toBeInstanceOf(ObjectExistsError);
    expect(Buffer.concat(await (await storage.read(k)).toArray())).toEqual(jfk);
  });

  it('leaves nothing behind when the body fails midway', async () => {
    const k = key();
    await expect(storage.put(k, failingStream(jfk.subarray(0, 5000)), 'audio/wav')).rejects.toThrow(
      'client went away',
    );
    expect(await storage.stat(k)).toBeUndefined();
    // No staged or spooled file remains either.
    const staged = kind === 'local' ? stagingDir(dir) : dir;
    expect(readdirSync(staged)).toEqual([]);
  });

  it('reports absent objects', async () => {
    expect(await storage.stat('user1/0-meeting-audio.wav')).toBeUndefined();
    await expect(storage.read('user1/0-meeting-audio.wav')).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    expect(await storage.stat('../../etc/passwd')).toBeUndefined();
  });

  it('signs a URL valid one hour', async () => {
    const k = key();
    await storage.put(k, Readable.from([jfk]), 'audio/wav');
    const url = new URL(await storage.signedUrl(k));
    const now = Date.now() / 1000;
    if (kind === 'local') {
      expect(url.pathname).toBe(`/api/storage/recordings/${k}`);
      expect(Number(url.searchParams.get('expires'))).toBeCloseTo(now + 3600, -1);
      expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } else {
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      // The presigned URL is served by the S3 server itself, with the exact bytes.
      const res = await fetch(url, { headers: { range: 'bytes=0-3' } });
      expect(res.status).toBe(206);
      expect(await res.text()).toBe('RIFF');
    }
  });

  it('lists objects and deletes them for good', async () => {
    // Locally under a user of its own, to see the folder go with its last object.
    const k = kind === 'local' ? uniqueAudioKey('user2', 'audio/wav') : key();
    await storage.put(k, Readable.from([jfk]), 'audio/wav');
    const listed = [];
    for await (const o of storage.list()) listed.push(o);
    const mine = listed.find((o) => o.key === k);
    expect(mine).toMatchObject({ key: k, size: jfk.length });
    // A folder's prefix lists only its own objects; another folder's list leaves them out.
    const folder = k.slice(0, k.indexOf('/') + 1);
    const inFolder = [];
    for await (const o of storage.list(folder)) inFolder.push(o.key);
    expect(inFolder).toContain(k);
    expect(inFolder.every((key) => key.startsWith(folder))).toBe(true);
    const elsewhere = [];
    for await (const o of storage.list('nobody/')) elsewhere.push(o.key);
    expect(elsewhere).toEqual([]);
    expect(Math.abs(mine!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const url = await storage.signedUrl(k);
    await storage.delete(k);
    expect(await storage.stat(k)).toBeUndefined();
    await storage.delete(k); // idempotent: an absent object is no error
    const after = [];
    for await (const o of storage.list()) after.push(o.key);
    expect(after).not.toContain(k);
    if (kind === 's3') {
      // The presigned URL goes to the S3 server, which no longer has the object.
      expect((await fetch(url)).status).toBe(404);
    } else {
      // The user's folder goes with its last object.
      expect(existsSync(path.join(dir, 'recordings', 'user2'))).toBe(false);
    }
  });

  if (kind === 's3') {
    it('sends plain bodies with Content-Length and the no-overwrite condition', () => {
      const puts = fakeS3.requests.filter((r) => r.method === 'PUT');
      expect(puts.length).toBeGreaterThan(0);
      for (const p of puts) {
        expect(p.path).toMatch(/^\/summy\/recordings\/user1\/\d+-meeting-audio\.wav$/);
        expect(p.headers['if-none-match']).toBe('*');
        expect(p.headers['content-encoding'] ?? '').not.toContain('aws-chunked');
      }
    });
  } else {
    it('keeps objects under storage/recordings/{key} with no temporary files', async () => {
      const k = key();
      await storage.put(k, Readable.from([jfk]), 'audio/wav');
      expect(readFileSync(path.join(dir, 'recordings', k))).toEqual(jfk);
      expect(await fs.readdir(stagingDir(dir))).toEqual([]);
    });
  }
});
