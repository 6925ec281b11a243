/**
 * A loopback model mirror for tests (the model manager against a loopback file server): serves the
 * files of a folder at `/<relative path>` on 127.0.0.1, as GitHub's release downloads and static
 * mirrors do: `Content-Length`, a strong `ETag`, `Last-Modified`, `Accept-Ranges: bytes`, single
 * `Range: bytes=a-`/`a-b` answers (206, or 416 with `Content-Range: bytes * /n`) honouring
 * `If-Range`. Faults on demand: cut the connection after N bytes (once), answer slowly, answer 404
 * or 500. Every request is recorded, so a test can assert what was asked (e.g. that a resume sent
 * `Range`).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startLoopbackServer, type LoopbackServer } from '../loopback-http.ts';

/** One request the mirror received. `range`/`ifRange` as sent; `sentBytes` of body written. */
export interface ModelServerRequest {
  path: string;
  range: string | undefined;
  ifRange: string | undefined;
  status: number;
  sentBytes: number;
}

/** Faults of the mirror; change them between requests with `setFaults`. */
export interface ModelServerFaults {
  /**
   * Closes the connection after this many body bytes of the next file answer, short of its
   * Content-Length, once (the fault clears itself after firing).
   */
  cutAfterBytes?: number;
  /** Sends the body in chunks of `chunkBytes` (default 16 KiB) with this pause between them (ms). */
  delayMsPerChunk?: number;
  chunkBytes?: number;
  /**
   * Shortens `delayMsPerChunk` so that no answer's body takes longer than this (seconds): small
   * files keep the pace, a large one is still seen downloading without a long wait.
   */
  maxSecondsPerAnswer?: number;
  /** Answers every file request with this status (404, 500, ...) and a short text body. */
  status?: number;
  /** Ignores `Range` and always answers 200 with the whole file (a mirror without ranges). */
  ignoreRange?: boolean;
}

/** A running mirror. */
export interface ModelServer extends LoopbackServer {
  /** Every request so far, oldest first. */
  readonly requests: ModelServerRequest[];
  /**
   * Replaces the faults (merging is the caller's business) for the next requests; an answer under
   * way keeps its pace until faults without `delayMsPerChunk` come, then sends its rest at once.
   */
  setFaults(faults: ModelServerFaults): void;
}

/**
 * Serves `dir` on a free loopback port. Paths outside `dir` answer 404.
 * @param faults initial faults (none by default)
 */
export async function startModelServer(
  dir: string,
  faults: ModelServerFaults = {},
): Promise<ModelServer> {
  let current = { ...faults };
  const requests: ModelServerRequest[] = [];
  const root = path.resolve(dir);

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const record: ModelServerRequest = {
      path: urlPath,
      range: header(req, 'range'),
      ifRange: header(req, 'if-range'),
      status: 0,
      sentBytes: 0,
    };
    requests.push(record);
    const plain = (status: number, text: string) => {
      record.status = status;
      res.writeHead(status, {
        'content-type': 'text/plain',
        'content-length': Buffer.byteLength(text),
      });
      res.end(req.method === 'HEAD' ? undefined : text);
    };
    if (current.status) return plain(current.status, `fault: HTTP ${current.status}\n`);
    const file = path.resolve(root, `.${urlPath}`);
    const info = file.startsWith(root + path.sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) return plain(404, 'Not Found\n');

    const size = info.size;
    const etag = `"${createHash('sha1').update(`${file}:${size}:${info.mtimeMs}`).digest('hex')}"`;
    const lastModified = info.mtime.toUTCString();
    const headers: Record<string, string | number> = {
      'accept-ranges': 'bytes',
      etag,
      'last-modified': lastModified,
      'content-type': 'application/octet-stream',
    };
    let start = 0;
    let end = size - 1;
    let status = 200;
    const range = current.ignoreRange ? undefined : record.range;
    const validatorHolds =
      !record.ifRange || record.ifRange === etag || record.ifRange === lastModified;
    if (range && validatorHolds) {
      const m = /^bytes=(\d+)-(\d*)$/.exec(range.trim());
      if (!m || Number(m[1]) >= size) {
        record.status = 416;
        res.writeHead(416, { ...headers, 'content-range': `bytes */${size}`, 'content-length': 0 });
        return res.end();
      }
      start = Number(m[1]);
      end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${size}`;
    }
    headers['content-length'] = end - start + 1;
    record.status = status;
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return res.end();

    const cutAfter = current.cutAfterBytes;
    if (cutAfter !== undefined) current = { ...current, cutAfterBytes: undefined };
    const chunkBytes = current.chunkBytes ?? 16 * 1024;
    // Read the range once; test files are small, and exact byte counts matter more than memory.
    const body = size === 0 ? Buffer.alloc(0) : await readRange(file, start, end);
    const chunks = Math.ceil(body.length / chunkBytes);
    const delay = Math.min(
      current.delayMsPerChunk ?? 0,
      current.maxSecondsPerAnswer === undefined || chunks === 0
        ? Infinity
        : (current.maxSecondsPerAnswer * 1000) / chunks,
    );
    for (let at = 0; at < body.length; at += chunkBytes) {
      let chunk = body.subarray(at, at + chunkBytes);
      if (cutAfter !== undefined && record.sentBytes + chunk.length >= cutAfter) {
        chunk = chunk.subarray(0, cutAfter - record.sentBytes);
        if (chunk.length > 0) await write(res, chunk);
        record.sentBytes += chunk.length;
        // End the connection (FIN after the bytes written) short of Content-Length: the client
        // gets exactly `cutAfter` bytes, then a premature close, as from a proxy that gave up.
        res.socket?.end();
        return;
      }
      if (res.destroyed) return;
      await write(res, chunk);
      record.sentBytes += chunk.length;
      // Faults set since without a pace let an answer under way send its rest at once.
      if (delay > 0 && current.delayMsPerChunk) await sleep(delay);
    }
    res.end();
  };

  const server = await startLoopbackServer(handler);
  return {
    ...server,
    requests,
    setFaults(faults) {
      current = { ...faults };
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

async function readRange(file: string, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of createReadStream(file, { start, end })) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

// Waits for the socket to take the chunk, so a slow answer is slow on the wire too.
function write(res: ServerResponse, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (res.write(chunk)) return resolve();
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
