/**
 * A resumable HTTP download into a partial file (progress, resume after a broken connection,
 * cancel, clear errors). A partial file is continued with `Range: bytes=<have>-`, guarded by
 * `If-Range` (the strong ETag, else Last-Modified, that the mirror gave when the file was started),
 * so a file that changed on the mirror restarts from 0 instead of splicing two versions. Validators
 * live in a sidecar JSON next to the partial file. A connection that breaks mid-body is retried
 * from where it broke; an unreachable host or an HTTP error answer is not (retrying cannot help),
 * and is reported at once.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, rm, stat, statfs, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ModelConnectionLostError,
  isDiskFullError,
  ModelDiskFullError,
  ModelHostUnreachableError,
  ModelMirrorError,
  ModelTooLargeError,
} from './errors.ts';
import {
  contentLength,
  contentRangeTotal,
  httpGet,
  isLocalFileError,
  networkReason,
  parseContentRange,
  type HttpAnswer,
} from './http-answer.ts';

/**
 * Where the model manager writes and how much room there is: the seam tests use to simulate a
 * full disk (no tmpfs on the build machines), by a stream that fails with ENOSPC, or a small
 * `freeBytes`.
 */
export interface ModelFileSystem {
  /** Opens the partial file: 'a' appends (resume), 'w' starts over. */
  createWriteStream(file: string, flags: 'a' | 'w'): Writable;
  /** Bytes free for an unprivileged writer on the file system of `dir`. */
  freeBytes(dir: string): Promise<number>;
}

/** The real file system. */
export const realModelFileSystem: ModelFileSystem = {
  createWriteStream: (file, flags) => createWriteStream(file, { flags }),
  freeBytes: async (dir) => {
    const s = await statfs(dir);
    return s.bavail * s.bsize;
  },
};

/** Progress in bytes; `totalBytes` is the mirror's length once known, else the catalog's size. */
export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number;
}

/** What to download where. */
export interface DownloadTarget {
  url: string;
  /** The partial file (kept between attempts and across cancels for a resume). */
  file: string;
  /** Sidecar with the validators of `file` (url, sha256, ETag, Last-Modified, length). */
  metaFile: string;
  /** The catalog's SHA-256: a partial file started for another checksum is discarded. */
  sha256: string;
  /** The catalog's size in bytes, the total until the mirror says otherwise. */
  expectedBytes: number;
}

/** Options of {@link downloadToFile}. */
export interface DownloadOptions {
  /** Aborts the download (cancel); the partial file is kept. Rejects with the signal's AbortError. */
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  fs?: ModelFileSystem;
  /**
   * Broken attempts in a row that add no byte before 'Connection lost' (default 3); an attempt
   * that adds bytes resets the count, so a flaky but moving connection finishes.
   */
  maxStalledAttempts?: number;
  /** Wait before retrying a broken connection, times the attempt number (default 1,000 ms). */
  retryDelayMs?: number;
  /** A connection that sends nothing for this long counts as broken (default 60,000 ms). */
  idleTimeoutMs?: number;
}

/** Validators of a partial file, to resume it only while the mirror serves the same file. */
interface PartialMeta {
  url: string;
  sha256: string;
  etag?: string;
  lastModified?: string;
  totalBytes?: number;
}

/**
 * Downloads `target.url` into `target.file`, resuming what is there when its validators still
 * hold, and resolves with the file's length once it is complete. Does not check the SHA-256 (the
 * installer does, on the whole file).
 * @throws ModelHostUnreachableError when no connection can be made (refused, unknown host)
 * @throws ModelMirrorError for an HTTP error answer (404, 500, ...)
 * @throws ModelConnectionLostError after `maxStalledAttempts` broken attempts in a row without
 *   a byte; the partial file is kept
 * @throws ModelDiskFullError on ENOSPC/EDQUOT while writing; the partial file is deleted
 * @throws ModelTooLargeError when the mirror announces or sends more than `expectedBytes`; the
 *   download stops there and the partial file is deleted
 * @throws the signal's AbortError when `signal` aborts; the partial file is kept
 */
export async function downloadToFile(
  target: DownloadTarget,
  options: DownloadOptions = {},
): Promise<number> {
  const fs = options.fs ?? realModelFileSystem;
  const maxStalled = options.maxStalledAttempts ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const { signal } = options;
  let stalled = 0;
  let have = await usablePartialLength(target);
  let meta = have > 0 ? await readMeta(target.metaFile) : undefined;
  let total = meta?.totalBytes ?? target.expectedBytes;
  const report = () => options.onProgress?.({ receivedBytes: have, totalBytes: total });
  report();

  for (;;) {
    signal?.throwIfAborted();
    if (meta?.totalBytes !== undefined && have === meta.totalBytes) return have;
    const headers: Record<string, string> = {};
    if (have > 0) {
      headers.range = `bytes=${have}-`;
      const validator = meta?.etag && !meta.etag.startsWith('W/') ? meta.etag : meta?.lastModified;
      if (validator) headers['if-range'] = validator;
    }
    const idle = new AbortController();
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(
        () => idle.abort(new Error(`no data for ${idleTimeoutMs} ms`)),
        idleTimeoutMs,
      );
    };
    const requestSignal = signal ? AbortSignal.any([signal, idle.signal]) : idle.signal;
    armIdle();
    let res: HttpAnswer;
    try {
      res = await httpGet(target.url, headers, requestSignal);
    } catch (err) {
      clearTimeout(idleTimer);
      signal?.throwIfAborted();
      throw new ModelHostUnreachableError(target.url, networkReason(err, idle.signal));
    }

    let flags: 'a' | 'w' = 'a';
    if (res.status === 416 && have > 0) {
      // Nothing past what we have: complete when the mirror's length is ours, else start over.
      res.body.resume();
      clearTimeout(idleTimer);
      const length = contentRangeTotal(res.header('content-range'));
      if (length === have) {
        meta = { ...(meta ?? { url: target.url, sha256: target.sha256 }), totalBytes: have };
        await writeMeta(target.metaFile, meta);
        total = have;
        report();
        return have;
      }
      have = 0;
      meta = undefined;
      await rm(target.file, { force: true });
      continue;
    }
    if (res.status < 200 || res.status >= 300) {
      res.body.resume();
      clearTimeout(idleTimer);
      throw new ModelMirrorError(target.url, res.status, res.statusText);
    }
    const length = contentLength(res.header('content-length'));
    if (res.status === 206) {
      const range = parseContentRange(res.header('content-range'));
      if (!range || range.start !== have) {
        // A range we did not ask for: discard and start over without one.
        res.body.destroy();
        clearTimeout(idleTimer);
        have = 0;
        meta = undefined;
        await rm(target.file, { force: true });
        continue;
      }
      total = range.total ?? (length !== undefined ? have + length : total);
    } else {
      // 200: the whole file (first request, or If-Range said the file changed).
      flags = 'w';
      have = 0;
      total = length ?? target.expectedBytes;
    }
    if (total > target.expectedBytes) {
      res.body.destroy();
      clearTimeout(idleTimer);
      await discard(target);
      throw new ModelTooLargeError(target.url, target.expectedBytes);
    }
    const etag = res.header('etag');
    const lastModified = res.header('last-modified');
    meta = {
      url: target.url,
      sha256: target.sha256,
      ...(etag ? { etag } : {}),
      ...(lastModified ? { lastModified } : {}),
      ...(length !== undefined ? { totalBytes: total } : {}),
    };
    report();

    const before = have;
    const out = fs.createWriteStream(target.file, flags);
    try {
      // The answer is read from here on and the sidecar written meanwhile: Node 22 drops the bytes
      // of an answer not yet read when its connection closes early (Node 20 kept them).
      const copied = copyBody(res.body, out, target.expectedBytes - have, (n) => {
        armIdle();
        have += n;
        report();
      });
      const [copy, sidecar] = await Promise.allSettled([copied, writeMeta(target.metaFile, meta)]);
      if (sidecar.status === 'rejected') throw sidecar.reason;
      if (copy.status === 'rejected') throw copy.reason;
      await endStream(out);
      clearTimeout(idleTimer);
      if (meta.totalBytes === undefined || have >= meta.totalBytes) {
        if (meta.totalBytes === undefined) {
          await writeMeta(target.metaFile, { ...meta, totalBytes: have });
        }
        total = have;
        report();
        return have;
      }
      // The answer ended early without an error: a cut connection all the same.
      throw new Error('the answer ended early');
    } catch (err) {
      clearTimeout(idleTimer);
      res.body.destroy();
      if (isDiskFullError(err) || err instanceof ModelTooLargeError) {
        await closed(out);
        await discard(target);
        if (err instanceof ModelTooLargeError)
          throw new ModelTooLargeError(target.url, target.expectedBytes);
        throw new ModelDiskFullError();
      }
      // Ended, not destroyed: every byte counted in `have` reaches the disk, so the resume asks
      // for none of them again.
      await endStream(out).catch(() => closed(out));
      have = await fileLength(target.file);
      signal?.throwIfAborted();
      if (isLocalFileError(err)) throw err;
      stalled = have > before ? 0 : stalled + 1;
      if (stalled >= maxStalled) {
        throw new ModelConnectionLostError(
          target.url,
          have,
          total,
          networkReason(err, idle.signal),
        );
      }
      report();
      await sleep(retryDelayMs * Math.max(1, stalled), undefined, { signal });
    }
  }
}

/** Bytes queued for the disk before the download waits for it (16 MiB). */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * Pipes `body` into `out` in flowing mode, pausing while `out` holds too much. Resolves at the body's
 * end; rejects with the body's error (a break: premature close), the file's (ENOSPC), or a
 * ModelTooLargeError (its URL and size are the caller's to fill) before writing a chunk that
 * would take the answer past `maxBytes`.
 */
function copyBody(
  body: IncomingMessage,
  out: Writable,
  maxBytes: number,
  onBytes: (n: number) => void,
): Promise<void> {
  let received = 0;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    // Already closed (on Node 22, by a connection that broke before the answer was read): no
    // event will come.
    if (body.destroyed) fail(new Error('the connection closed before the end of the answer'));
    out.on('error', fail);
    body.on('error', fail);
    body.on('aborted', () => fail(new Error('the connection closed before the end of the answer')));
    body.on('close', () => {
      if (!body.complete) fail(new Error('the connection closed before the end of the answer'));
    });
    body.on('data', (chunk: Buffer) => {
      if (settled) return;
      received += chunk.length;
      if (received > maxBytes) {
        fail(new ModelTooLargeError('', maxBytes));
        return;
      }
      onBytes(chunk.length);
      out.write(chunk);
      // Paused only far past the file stream's own mark: a paused response keeps what arrives in
      // its buffer, and a break discards that buffer (re-asked for by the resume).
      if (out.writableLength > MAX_BUFFERED_BYTES && !body.isPaused()) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    });
    body.on('end', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
  });
}

// Flushes and closes; rejects with a write error (ENOSPC at the last flush, too), also one the
// stream met before (it has destroyed itself then).
async function endStream(out: Writable): Promise<void> {
  if (out.errored) throw out.errored;
  if (out.destroyed) throw new Error('the file stream closed early');
  out.end();
  await finished(out);
}

/**
 * Bytes of the partial file that may be resumed: 0 (and the file removed) when its sidecar is
 * missing or was written for another URL or checksum.
 */
async function usablePartialLength(target: DownloadTarget): Promise<number> {
  const length = await fileLength(target.file);
  if (length === 0) return 0;
  const meta = await readMeta(target.metaFile);
  if (meta?.url === target.url && meta.sha256 === target.sha256) return length;
  await rm(target.file, { force: true });
  await rm(target.metaFile, { force: true });
  return 0;
}

/** Deletes the partial file and its sidecar. */
async function discard(target: DownloadTarget): Promise<void> {
  await rm(target.file, { force: true });
  await rm(target.metaFile, { force: true });
}

/** Length of a file in bytes, 0 when it does not exist. */
export async function fileLength(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

async function readMeta(file: string): Promise<PartialMeta | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as PartialMeta;
  } catch {
    return undefined;
  }
}

async function writeMeta(file: string, meta: PartialMeta): Promise<void> {
  await writeFile(file, JSON.stringify(meta));
}

async function closed(stream: Writable): Promise<void> {
  if (stream.closed) return;
  const done = once(stream, 'close').catch(() => undefined);
  if (!stream.destroyed) stream.destroy();
  await done;
}
