/**
 * A pass-through stream that enforces the upload rules while the bytes flow to storage, so an
 * upload is never held in memory (Hono's parseBody buffered 486 MB for a 100 MB file): it holds
 * back only the first `SNIFF_BYTES` until their magic bytes are checked, and fails as soon as more
 * than the limit has passed. Storage writes are atomic, so a failed guard leaves no object behind.
 */
import { Transform, type TransformCallback } from 'node:stream';
import {
  assertAudioContent,
  FileTooLargeError,
  MAX_UPLOAD_BYTES,
  SNIFF_BYTES,
  type AudioFamily,
} from './audio-type.ts';

/** Options of `AudioGuard`. */
export interface AudioGuardOptions {
  /** Declared MIME type the content must match. */
  mimeType: string;
  /** Largest accepted size in bytes (default 100 MB). */
  maxBytes?: number;
  /** The error when `maxBytes` is passed (default 413 'File too large' for 100 MB). */
  tooLarge?: () => Error;
}

/**
 * Transform stream: fails with `InvalidFileTypeError` (400) when the content is not the declared
 * container, with `FileTooLargeError` (413) past `maxBytes`; otherwise passes every byte on.
 */
export class AudioGuard extends Transform {
  /** Bytes seen so far, up to the chunk that failed the guard. */
  bytes = 0;
  /** Set once the guard has failed: the chunks Node still hands over after it are dropped. */
  private failed = false;
  /** The sniffed container, once checked. */
  family: AudioFamily | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;
  private readonly maxBytes: number;

  constructor(private readonly options: AudioGuardOptions) {
    super();
    this.maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    // Node 22 still passes a chunk or two that were queued when the guard failed (Node 20 did
    // not); they are neither counted nor passed on.
    if (this.failed) {
      callback();
      return;
    }
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.fail(callback, this.options.tooLarge?.() ?? new FileTooLargeError());
      return;
    }
    if (this.family) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) {
      callback();
      return;
    }
    this.releaseHead().then(
      () => callback(),
      (err: Error) => this.fail(callback, err),
    );
  }

  override _flush(callback: TransformCallback) {
    if (this.family) {
      callback();
      return;
    }
    this.releaseHead().then(
      () => callback(),
      (err: Error) => this.fail(callback, err),
    );
  }

  private fail(callback: TransformCallback, error: Error) {
    this.failed = true;
    callback(error);
  }

  private async releaseHead() {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.family = await assertAudioContent(this.options.mimeType, head.subarray(0, SNIFF_BYTES));
    this.push(head);
  }
}
