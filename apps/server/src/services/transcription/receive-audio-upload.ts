import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ValidationError } from '../../errors/app-errors.ts';
import { audioExtension } from '../../storage/types.ts';
import { FileTooLargeError } from './errors.ts';

/** An uploaded audio file, streamed to a private temporary folder under `tmpDir`. */
export interface ReceivedAudio {
  /** Absolute path of the temporary file. */
  path: string;
  /** Declared MIME type of the part (application/octet-stream when absent). */
  mimeType: string;
  /** Size in bytes. */
  size: number;
  /** Text fields of the form (e.g. `language`). */
  fields: Record<string, string>;
  /** Deletes the temporary file. */
  dispose(): Promise<void>;
}

/**
 * Streams the multipart field `field` of a raw Node request to a temporary file (in a new folder
 * under `options.tmpDir`, this process's scratch folder under DATA_DIR) with busboy; the body is
 * never held in memory (Hono's `parseBody()` would buffer it). A file over `maxBytes` is cut off
 * and the rest of the body drained, so the client still reads the 413 answer instead of a reset
 * connection.
 * @throws FileTooLargeError (413) past `maxBytes`
 * @throws ValidationError (400) when the body is not multipart, has no such file field, or it is empty
 */
export async function receiveAudioUpload(
  request: IncomingMessage,
  options: { field: string; maxBytes: number; tmpDir: string },
): Promise<ReceivedAudio> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: request.headers,
      limits: { fileSize: options.maxBytes, files: 2, fields: 20, fieldSize: 1024 },
    });
  } catch {
    throw new ValidationError(
      `Send multipart/form-data with the audio in field '${options.field}'`,
    );
  }
  await mkdir(options.tmpDir, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(options.tmpDir, 'upload-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let file: { path: string; mimeType: string; size: number } | undefined;
  let tooLarge = false;
  const writes: Promise<void>[] = [];

  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('file', (name, stream, info) => {
        if (name !== options.field || file) {
          stream.resume(); // other parts are read and dropped
          return;
        }
        const target = path.join(dir, `audio.${audioExtension(info.mimeType)}`);
        const received = { path: target, mimeType: info.mimeType, size: 0 };
        file = received;
        stream.on('data', (chunk: Buffer) => {
          received.size += chunk.length;
        });
        stream.on('limit', () => {
          tooLarge = true;
        });
        writes.push(pipeline(stream, createWriteStream(target)));
      });
      parser.on('close', resolve);
      parser.on('error', reject);
      request.on('error', reject);
      request.on('aborted', () => reject(new ValidationError('The upload was interrupted')));
      request.pipe(parser);
    });
    await Promise.all(writes);
  } catch (err) {
    await dispose();
    if (err instanceof ValidationError) throw err;
    throw new ValidationError(
      `The multipart body could not be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (tooLarge) {
    await dispose();
    throw new FileTooLargeError();
  }
  if (!file || file.size === 0) {
    await dispose();
    throw new ValidationError(
      `The multipart field '${options.field}' with the audio is missing or empty`,
    );
  }
  return { ...(file as { path: string; mimeType: string; size: number }), fields, dispose };
}
