/**
 * Streaming multipart/form-data (RFC 7578) with busboy on the raw Node request. Hono's
 * `parseBody()` holds the whole upload in memory (486 MB peak for 100 MB); here each byte of the
 * file goes straight on to its consumer (storage) with back-pressure.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { AppError, ValidationError } from '../errors/app-errors.ts';

/** A request body as a Node stream with its headers. */
export interface RawRequest {
  headers: IncomingHttpHeaders;
  body: Readable;
}

/**
 * The raw request behind a Hono context: the Node `IncomingMessage` that @hono/node-server
 * passes as `c.env.incoming` (not yet read), else the Web request's body as a Node stream.
 */
export function rawRequest(c: Context): RawRequest {
  const incoming = (c.env as { incoming?: Readable & { headers: IncomingHttpHeaders } } | undefined)
    ?.incoming;
  if (incoming && typeof incoming.pipe === 'function') {
    return { headers: incoming.headers, body: incoming };
  }
  const headers: IncomingHttpHeaders = {};
  c.req.raw.headers.forEach((value, name) => (headers[name] = value));
  const body = c.req.raw.body
    ? Readable.fromWeb(c.req.raw.body as WebReadableStream)
    : Readable.from([]);
  return { headers, body };
}

/** A file part as it arrives. */
export interface IncomingFilePart {
  /** The file's bytes; consume it (or fail) for parsing to continue. */
  stream: Readable;
  /** File name from Content-Disposition (`filename`), '' when absent. */
  fileName: string;
  /** Declared MIME type of the part (`Content-Type`), as the browser sent it. */
  mimeType: string;
}

/** Limits of the non-file parts (a title and little else). */
const LIMITS = { fields: 20, fieldSize: 8 * 1024, parts: 30, headerPairs: 100 } as const;

/** Bytes a multipart envelope may add to the file: boundaries, part headers and small fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Parses a multipart/form-data body, handing the first file part named `fileField` to
 * `onFile` as soon as it starts, and collecting text fields. Other file parts are skipped.
 * Resolves when the whole body has been read and `onFile` has resolved.
 *
 * @throws ValidationError (400) when the body is not multipart, is malformed, or has no
 *   `fileField` part; whatever `onFile` throws; AppError 400 'Upload failed' when the client
 *   disconnects. On failure reading stops at once (the server drains or closes the rest).
 */
export function receiveMultipart<T>(
  request: RawRequest,
  fileField: string,
  onFile: (part: IncomingFilePart) => Promise<T>,
): Promise<{ file: T; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: LIMITS, defParamCharset: 'utf8' });
    } catch {
      reject(new ValidationError('Expected a multipart/form-data body'));
      return;
    }
    const fields: Record<string, string> = {};
    let filePromise: Promise<T> | undefined;
    let fileStream: Readable | undefined;
    let settled = false;

    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      request.body.unpipe(parser);
      request.body.off('close', onClientClose);
      // Stop the file's consumer too (a storage write in progress removes its staged bytes).
      fileStream?.destroy(err instanceof Error ? err : new Error(String(err)));
      reject(err);
    };
    // An IncomingMessage says `complete` once the whole message arrived; other streams have ended.
    const onClientClose = () => {
      const body = request.body as Readable & { complete?: boolean };
      if (!(body.complete ?? body.readableEnded)) {
        fail(new AppError(400, 'Upload failed', 'The connection closed before the file arrived'));
      }
    };

    parser.on('file', (name, stream, info) => {
      if (name !== fileField || filePromise) {
        stream.resume();
        return;
      }
      fileStream = stream;
      // Its failure is reported by `onFile` (or by `fail`), not as an unhandled stream error.
      stream.on('error', () => undefined);
      filePromise = onFile({ stream, fileName: info.filename ?? '', mimeType: info.mimeType });
      filePromise.catch(fail);
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('partsLimit', () => fail(new ValidationError('Too many parts in the form')));
    parser.on('fieldsLimit', () => fail(new ValidationError('Too many fields in the form')));
    parser.on('error', (err: Error) => {
      // busboy's own errors describe a malformed body; a failed file consumer is reported as is.
      fail(new ValidationError(`Malformed multipart body: ${err.message}`));
    });
    parser.on('close', () => {
      if (settled) return;
      if (!filePromise) {
        fail(new ValidationError(`Missing multipart field "${fileField}"`));
        return;
      }
      filePromise.then((file) => {
        if (settled) return;
        settled = true;
        request.body.off('close', onClientClose);
        resolve({ file, fields });
      }, fail);
    });
    request.body.on('close', onClientClose);
    request.body.pipe(parser);
  });
}
