/**
 * A resumable HTTP download into a partial file (progress, resume after a broken connection,
 * cancel, clear errors). A partial file is continued with `Range: bytes=<have>-`, guarded by
 * `If-Range` (the strong ETag, else Last-Modified, that the mirror gave when the file was started),
 * so a file that changed on the mirror restarts from 0 instead of splicing two versions. Validators
 * live in a sidecar JSON next to the partial file. A connection that breaks mid-body is retried
 * from where it broke; an unreachable host or an HTTP error answer is not (retrying cannot help),
 * and is reported at once.
 */
import { createWriteStream } from 'node:fs';
import { rm, statfs } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { closed, copyBody, endStream } from './body-copy.ts';
import {
  discardPartialFile,
  fileLength,
  readMeta,
  usablePartialLength,
  writeMeta,
  type PartialMeta,
} from './partial-file.ts';
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
  const d = await startDownload(target, options);
  for (;;) {
    d.signal?.throwIfAborted();
    if (d.meta?.totalBytes !== undefined && d.have === d.meta.totalBytes) return d.have;
    const idle = idleWatch(d.idleTimeoutMs);
    const res = await requestRest(d, idle);
    const head = await readAnswerHead(d, res, idle);
    if (typeof head === 'number') return head;
    if (head === 'restart') continue;
    const done = await copyAnswer(d, res, idle, head);
    if (done !== undefined) return done;
  }
}

/** One download in progress: what is on disk, what the mirror said, and the retry count. */
interface Download {
  target: DownloadTarget;
  fs: ModelFileSystem;
  signal: AbortSignal | undefined;
  maxStalled: number;
  retryDelayMs: number;
  idleTimeoutMs: number;
  /** Bytes in the partial file, counted as they arrive. */
  have: number;
  /** The length progress reports. */
  total: number;
  meta: PartialMeta | undefined;
  /** Broken attempts in a row that added no byte. */
  stalled: number;
  report: () => void;
}

// Takes up the partial file where its validators still hold and reports the first progress.
async function startDownload(target: DownloadTarget, options: DownloadOptions): Promise<Download> {
  const have = await usablePartialLength(target);
  const meta = have > 0 ? await readMeta(target.metaFile) : undefined;
  const d: Download = {
    target,
    fs: options.fs ?? realModelFileSystem,
    signal: options.signal,
    maxStalled: options.maxStalledAttempts ?? 3,
    retryDelayMs: options.retryDelayMs ?? 1000,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
    have,
    total: meta?.totalBytes ?? target.expectedBytes,
    meta,
    stalled: 0,
    report: () => options.onProgress?.({ receivedBytes: d.have, totalBytes: d.total }),
  };
  d.report();
  return d;
}

/** Aborts its signal when armed and not re-armed within `ms`: a connection that went quiet. */
interface IdleWatch {
  signal: AbortSignal;
  arm(): void;
  clear(): void;
}

function idleWatch(ms: number): IdleWatch {
  const idle = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  return {
    signal: idle.signal,
    arm() {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(new Error(`no data for ${ms} ms`)), ms);
    },
    clear: () => clearTimeout(timer),
  };
}

// GET from where the partial file ends, If-Range the validator it was started with.
async function requestRest(d: Download, idle: IdleWatch): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (d.have > 0) {
    headers.range = `bytes=${d.have}-`;
    const meta = d.meta;
    const validator = meta?.etag && !meta.etag.startsWith('W/') ? meta.etag : meta?.lastModified;
    if (validator) headers['if-range'] = validator;
  }
  const requestSignal = d.signal ? AbortSignal.any([d.signal, idle.signal]) : idle.signal;
  idle.arm();
  try {
    return await httpGet(d.target.url, headers, requestSignal);
  } catch (err) {
    idle.clear();
    d.signal?.throwIfAborted();
    throw new ModelHostUnreachableError(d.target.url, networkReason(err, idle.signal));
  }
}

/**
 * Reads the answer's status and headers: the file's length when a 416 says it is complete,
 * 'restart' when the partial file was dropped (another range, a 416 for another length), else
 * how to open the file ('a' to continue, 'w' for a whole file) with the new validators in `d.meta`.
 */
async function readAnswerHead(
  d: Download,
  res: HttpAnswer,
  idle: IdleWatch,
): Promise<number | 'restart' | 'a' | 'w'> {
  if (res.status === 416 && d.have > 0) return rangeNotSatisfiable(d, res, idle);
  if (res.status < 200 || res.status >= 300) {
    res.body.resume();
    idle.clear();
    throw new ModelMirrorError(d.target.url, res.status, res.statusText);
  }
  let flags: 'a' | 'w' = 'a';
  const length = contentLength(res.header('content-length'));
  if (res.status === 206) {
    const range = parseContentRange(res.header('content-range'));
    if (!range || range.start !== d.have) {
      // A range we did not ask for: discard and start over without one.
      res.body.destroy();
      idle.clear();
      await startOver(d);
      return 'restart';
    }
    d.total = range.total ?? (length !== undefined ? d.have + length : d.total);
  } else {
    // 200: the whole file (first request, or If-Range said the file changed).
    flags = 'w';
    d.have = 0;
    d.total = length ?? d.target.expectedBytes;
  }
  if (d.total > d.target.expectedBytes) {
    res.body.destroy();
    idle.clear();
    await discardPartialFile(d.target);
    throw new ModelTooLargeError(d.target.url, d.target.expectedBytes);
  }
  d.meta = answerMeta(d, res, length);
  d.report();
  return flags;
}

// Nothing past what we have: complete when the mirror's length is ours, else start over.
async function rangeNotSatisfiable(
  d: Download,
  res: HttpAnswer,
  idle: IdleWatch,
): Promise<number | 'restart'> {
  res.body.resume();
  idle.clear();
  const length = contentRangeTotal(res.header('content-range'));
  if (length === d.have) {
    d.meta = { ...(d.meta ?? { url: d.target.url, sha256: d.target.sha256 }), totalBytes: d.have };
    await writeMeta(d.target.metaFile, d.meta);
    d.total = d.have;
    d.report();
    return d.have;
  }
  await startOver(d);
  return 'restart';
}

async function startOver(d: Download): Promise<void> {
  d.have = 0;
  d.meta = undefined;
  await rm(d.target.file, { force: true });
}

// The sidecar for this answer: its validators, and the total once the mirror gave a length.
function answerMeta(d: Download, res: HttpAnswer, length: number | undefined): PartialMeta {
  const etag = res.header('etag');
  const lastModified = res.header('last-modified');
  return {
    url: d.target.url,
    sha256: d.target.sha256,
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
    ...(length !== undefined ? { totalBytes: d.total } : {}),
  };
}

/**
 * Copies the answer's body into the partial file: the file's length when it is complete, else
 * undefined after the wait before the next attempt (a break that added bytes, or one of the
 * `maxStalled` in a row that did not).
 */
async function copyAnswer(
  d: Download,
  res: HttpAnswer,
  idle: IdleWatch,
  flags: 'a' | 'w',
): Promise<number | undefined> {
  const before = d.have;
  const out = d.fs.createWriteStream(d.target.file, flags);
  try {
    return await copyToEnd(d, res, idle, out);
  } catch (err) {
    await afterBreak(d, res, idle, out, err, before);
    return undefined;
  }
}

async function copyToEnd(
  d: Download,
  res: HttpAnswer,
  idle: IdleWatch,
  out: Writable,
): Promise<number> {
  const meta = d.meta!;
  // The answer is read from here on and the sidecar written meanwhile: Node 22 drops the bytes
  // of an answer not yet read when its connection closes early (Node 20 kept them).
  const copied = copyBody(res.body, out, d.target.expectedBytes - d.have, (n) => {
    idle.arm();
    d.have += n;
    d.report();
  });
  const [copy, sidecar] = await Promise.allSettled([copied, writeMeta(d.target.metaFile, meta)]);
  if (sidecar.status === 'rejected') throw sidecar.reason;
  if (copy.status === 'rejected') throw copy.reason;
  await endStream(out);
  idle.clear();
  if (meta.totalBytes === undefined || d.have >= meta.totalBytes) {
    if (meta.totalBytes === undefined) {
      await writeMeta(d.target.metaFile, { ...meta, totalBytes: d.have });
    }
    d.total = d.have;
    d.report();
    return d.have;
  }
  // The answer ended early without an error: a cut connection all the same.
  throw new Error('the answer ended early');
}

// A full disk or too large an answer drops the partial file; a break keeps it and waits to retry.
async function afterBreak(
  d: Download,
  res: HttpAnswer,
  idle: IdleWatch,
  out: Writable,
  err: unknown,
  before: number,
): Promise<void> {
  idle.clear();
  res.body.destroy();
  if (isDiskFullError(err) || err instanceof ModelTooLargeError) {
    await closed(out);
    await discardPartialFile(d.target);
    if (err instanceof ModelTooLargeError)
      throw new ModelTooLargeError(d.target.url, d.target.expectedBytes);
    throw new ModelDiskFullError();
  }
  // Ended, not destroyed: every byte counted in `have` reaches the disk, so the resume asks
  // for none of them again.
  await endStream(out).catch(() => closed(out));
  d.have = await fileLength(d.target.file);
  d.signal?.throwIfAborted();
  if (isLocalFileError(err)) throw err;
  d.stalled = d.have > before ? 0 : d.stalled + 1;
  if (d.stalled >= d.maxStalled) {
    throw new ModelConnectionLostError(
      d.target.url,
      d.have,
      d.total,
      networkReason(err, idle.signal),
    );
  }
  d.report();
  await sleep(d.retryDelayMs * Math.max(1, d.stalled), undefined, { signal: d.signal });
}
