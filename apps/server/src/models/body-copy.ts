/**
 * The stream plumbing of a model download: the answer's body copied into the partial file with
 * back-pressure and a size cap, and the file stream flushed or closed after a break.
 */
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ModelTooLargeError } from './errors.ts';

/** Bytes queued for the disk before the download waits for it (16 MiB). */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * Pipes `body` into `out` in flowing mode, pausing while `out` holds too much. Resolves at the body's
 * end; rejects with the body's error (a break: premature close), the file's (ENOSPC), or a
 * ModelTooLargeError (its URL and size are the caller's to fill) before writing a chunk that
 * would take the answer past `maxBytes`.
 */
export function copyBody(
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

/**
 * Flushes and closes `out`; rejects with a write error (ENOSPC at the last flush, too), also one
 * the stream met before (it has destroyed itself then), or 'the file stream closed early'.
 */
export async function endStream(out: Writable): Promise<void> {
  if (out.errored) throw out.errored;
  if (out.destroyed) throw new Error('the file stream closed early');
  out.end();
  await finished(out);
}

/** Destroys `stream` unless it is closed already, and resolves once it has closed. */
export async function closed(stream: Writable): Promise<void> {
  if (stream.closed) return;
  const done = once(stream, 'close').catch(() => undefined);
  if (!stream.destroyed) stream.destroy();
  await done;
}
