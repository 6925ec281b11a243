/**
 * Local-disk storage of recordings, the zero-configuration default. Objects of bucket 'recordings'
 * live under `{dataDir}/storage/recordings/{key}`; signed URLs point at Summy's own
 * `/api/storage/recordings/{key}` route (routes/recordings/storage-routes.ts), which checks the
 * HMAC signature and expiry instead of a session.
 */
import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { stagingDir as stagingDirOf } from './scratch.ts';
import type { UrlSigner } from './signing.ts';
import {
  contentTypeForKey,
  isValidObjectKey,
  ObjectExistsError,
  ObjectNotFoundError,
  RECORDINGS_BUCKET,
  SIGNED_URL_TTL_S,
  type Storage,
  type StoredObject,
} from './types.ts';

/** Settings of the local backend. */
export interface LocalStorageOptions {
  /**
   * Folder holding `recordings/` and the staging folder `.tmp/{instance}/` of each process
   * (normally `{dataDir}/storage`; scratch.ts).
   */
  root: string;
  /** Origin Summy is reached at, without trailing slash (env.publicUrl). */
  publicUrl: string;
  /** Signs the playback URLs. */
  signer: UrlSigner;
}

/** Path of signed-URL playback, below the public origin. */
export const LOCAL_STORAGE_ROUTE = `/api/storage/${RECORDINGS_BUCKET}`;

/** Thrown by `put` when the body's length differs from the declared `size`. */
export class SizeMismatchError extends Error {
  constructor(expected: number, actual: number) {
    super(`Expected ${expected} bytes, received ${actual}`);
  }
}

/**
 * Writes `body` to a staged file, flushes it, then hard-links it at `target` (see
 * `createLocalStorage`): the object appears whole or not at all.
 * @throws SizeMismatchError when `expectedSize` is given and the body's length differs
 * @throws ObjectExistsError when `target` exists
 */
async function putAtomically(
  stagingDir: string,
  target: string,
  key: string,
  body: Readable,
  contentType: string,
  expectedSize?: number,
): Promise<StoredObject> {
  await fs.mkdir(stagingDir, { recursive: true });
  const staged = path.join(stagingDir, `${randomUUID()}.part`);
  let size = 0;
  try {
    const handle = await fs.open(staged, 'wx', 0o600);
    try {
      // Awaiting each write is the back-pressure: the body is read no faster than the disk.
      for await (const chunk of body as AsyncIterable<Buffer>) {
        await handle.write(chunk);
        size += chunk.length;
      }
      if (expectedSize !== undefined && size !== expectedSize) {
        throw new SizeMismatchError(expectedSize, size);
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    // Only now: a refused upload leaves no empty folder either.
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.link(staged, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
      throw err;
    }
    await syncDirectory(path.dirname(target));
  } finally {
    await fs.rm(staged, { force: true });
  }
  return { key, size, contentType };
}

/**
 * Creates the local-disk backend.
 *
 * Writes are atomic and never overwrite: the body goes to a temporary file in
 * `{root}/.tmp/{instance}` (same file system; this process's, removed at start-up once the process
 * is gone: scratch.ts), is flushed to disk (fsync), then hard-linked under its key. `link(2)` fails
 * with EEXIST instead of replacing an existing object, which `rename(2)` would silently do, so
 * an object appears complete or not at all and an existing one is never touched.
 */
export function createLocalStorage({ root, publicUrl, signer }: LocalStorageOptions): Storage {
  const bucketDir = path.join(root, RECORDINGS_BUCKET);
  const stagingDir = stagingDirOf(root);

  const fileOf = (key: string) => {
    if (!isValidObjectKey(key)) throw new ObjectNotFoundError(key);
    return path.join(bucketDir, ...key.split('/'));
  };

  const stat = async (key: string): Promise<StoredObject | undefined> => {
    try {
      const s = await fs.stat(fileOf(key));
      return s.isFile() ? { key, size: s.size, contentType: contentTypeForKey(key) } : undefined;
    } catch (err) {
      if (err instanceof ObjectNotFoundError || (err as NodeJS.ErrnoException).code === 'ENOENT')
        return undefined;
      throw err;
    }
  };

  return {
    kind: 'local',

    async put(key, body, contentType, options = {}) {
      if (!isValidObjectKey(key)) throw new Error(`Invalid storage key: ${key}`);
      return putAtomically(stagingDir, fileOf(key), key, body, contentType, options.size);
    },

    stat,

    async read(key, range) {
      // Open first so a missing object rejects here rather than erroring the stream later.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key);
        throw err;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async withLocalFile(key, fn) {
      if (!(await stat(key))) throw new ObjectNotFoundError(key);
      return fn(fileOf(key));
    },

    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      // The user's folder goes with its last object (best effort: another upload may add one).
      await fs.rmdir(path.dirname(file)).catch(() => undefined);
    },

    async *list(prefix = '') {
      // Only the prefix's folder is read; keys are still checked against the whole prefix.
      const folder = path.join(bucketDir, prefix.slice(0, prefix.lastIndexOf('/') + 1));
      let entries: Dirent[];
      try {
        entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(bucketDir, file).split(path.sep).join('/');
        if (!isValidObjectKey(key) || !key.startsWith(prefix)) continue;
        const s = await fs.stat(file).catch(() => undefined);
        if (s) yield { key, size: s.size, modifiedAt: s.mtime };
      }
    },

    async signedUrl(key, ttlSeconds = SIGNED_URL_TTL_S) {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      const encoded = key.split('/').map(encodeURIComponent).join('/');
      const signature = signer.sign(key, expires);
      return `${publicUrl}${LOCAL_STORAGE_ROUTE}/${encoded}?expires=${expires}&signature=${signature}`;
    },
  };
}

// The new directory entry must survive a crash too; best effort where directories cannot be
// opened for fsync.
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // not supported on this platform or file system
  } finally {
    await handle?.close();
  }
}
